import CLibXML2
import Glibc

/// Element names as small numbers: libxml2 hands each node's name over as a C string from its
/// dictionary, and the walk compares numbers instead of making a String per node.
///
/// A name pointer seen before is found in a small cache (and checked byte for byte, so a
/// pointer reused for another name cannot mislead it); a new one is looked up by its bytes.
/// The cache and the names' bytes are plain memory: a lookup retains nothing.
///
/// Part of the libxml2 edge (with ``OFXXMLReader``): one of the few types that touch pointers,
/// libxml2's names and the cache's own memory, never lent out.
final class OFXNames {
    typealias ID = Int32

    static let ofx: ID = 0
    static let bankStatement: ID = 1
    static let cardStatement: ID = 2
    static let transaction: ID = 3
    static let amount: ID = 4
    static let posted: ID = 5
    static let user: ID = 6
    static let name: ID = 7
    static let payee: ID = 8
    static let memo: ID = 9
    static let fitid: ID = 10
    static let transactionType: ID = 11
    static let checkNumber: ID = 12
    static let status: ID = 13
    static let code: ID = 14
    static let severity: ID = 15
    static let message: ID = 16
    static let bankList: ID = 17
    static let investmentStatement: ID = 18
    static let investmentList: ID = 19
    static let investmentBank: ID = 20
    static let listStart: ID = 21
    static let listEnd: ID = 22
    static let positionList: ID = 23
    static let investment: ID = 24
    static let trade: ID = 25
    static let settle: ID = 26
    static let security: ID = 27
    static let uniqueID: ID = 28
    static let uniqueIDType: ID = 29
    static let units: ID = 30
    static let unitPrice: ID = 31
    static let total: ID = 32
    static let incomeType: ID = 33
    static let securityInfo: ID = 34
    static let securityName: ID = 35
    static let ticker: ID = 36
    static let currency: ID = 37
    static let currencySymbol: ID = 38
    static let pendingTransaction: ID = 39
    static let transactionDate: ID = 40
    static let correctAction: ID = 41
    static let correctFITID: ID = 42
    static let reinvest: ID = 43
    static let subAccountFund: ID = 44
    static let source401k: ID = 45

    /// The names above, in the order of their numbers.
    private static let known = [
        "OFX", OFXStatement.bankElement, OFXStatement.cardElement, "STMTTRN", "TRNAMT", "DTPOSTED", "DTUSER", "NAME",
        "PAYEE", "MEMO", "FITID", "TRNTYPE", "CHECKNUM", "STATUS", "CODE", "SEVERITY", "MESSAGE", "BANKTRANLIST",
        OFXStatement.investmentElement, "INVTRANLIST", "INVBANKTRAN", "DTSTART", "DTEND", "INVPOSLIST", "INVTRAN",
        "DTTRADE", "DTSETTLE", "SECID", "UNIQUEID", "UNIQUEIDTYPE", "UNITS", "UNITPRICE", "TOTAL", "INCOMETYPE",
        "SECINFO", "SECNAME", "TICKER", "CURRENCY", "CURSYM", "STMTTRNP",
        "DTTRAN", "CORRECTACTION", "CORRECTFITID", "REINVEST", "SUBACCTFUND", "INV401KSOURCE",
    ]
    private static let cacheSize = 64

    /// Each name's bytes (without the NUL), its String, and whether it holds pending entries.
    ///
    /// `@exclusivity(unchecked)`, as `CAMTReader`'s state: a table belongs to one
    /// ``OFXXMLReader``, read on the thread that reads the file, and no access to it overlaps
    /// another (none is held across a call out). Checked, each of a node's lookups paid
    /// `swift_beginAccess`: 1,700 instructions a transaction.
    @exclusivity(unchecked) private(set) var bytes: [[UInt8]] = []
    @exclusivity(unchecked) private(set) var strings: [String] = []
    @exclusivity(unchecked) private(set) var isPending: [Bool] = []
    /// Each name as a NUL-terminated copy, by number, for the cache's check.
    @exclusivity(unchecked) private var copies: [UnsafeMutablePointer<CChar>] = []
    private let cachePointers = UnsafeMutablePointer<UnsafePointer<xmlChar>?>.allocate(capacity: cacheSize)
    private let cacheIDs = UnsafeMutablePointer<ID>.allocate(capacity: cacheSize)

    init() {
        cachePointers.initialize(repeating: nil, count: Self.cacheSize)
        cacheIDs.initialize(repeating: 0, count: Self.cacheSize)
        for name in Self.known { add(Array(name.utf8)) }
    }

    deinit {
        cachePointers.deallocate()
        cacheIDs.deallocate()
        for copy in copies { free(copy) }
    }

    func string(_ id: ID) -> String { strings[Int(id)] }

    /// The number of the NUL-terminated name at `pointer`.
    func id(_ pointer: UnsafePointer<xmlChar>) -> ID {
        let slot = (Int(bitPattern: pointer) >> 3) & (Self.cacheSize - 1)
        let name = UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self)
        if cachePointers[slot] == pointer {
            let id = cacheIDs[slot]
            if strcmp(copies[Int(id)], name) == 0 { return id }
        }
        let length = strlen(name)
        let found = bytes.firstIndex { $0.elementsEqual(UnsafeBufferPointer(start: pointer, count: length)) }
        let id = found.map { ID($0) } ?? add(Array(UnsafeBufferPointer(start: pointer, count: length)))
        cachePointers[slot] = pointer
        cacheIDs[slot] = id
        return id
    }

    @discardableResult
    private func add(_ name: [UInt8]) -> ID {
        bytes.append(name)
        let string = String(decoding: name, as: UTF8.self)
        strings.append(string)
        // OFX 2.1's pending list and its entries (BANKTRANLISTP, STMTTRNP), and a bank's own PENDING….
        isPending.append(string.hasPrefix("PENDING") || string == "BANKTRANLISTP" || string == "STMTTRNP")
        copies.append(strdup(string)!)
        return ID(bytes.count - 1)
    }
}
