import CLibXML2
import Glibc

/// Element names as small numbers: libxml2 hands each node's name over as a C string from its
/// dictionary, and the walk compares numbers instead of making a String per node.
///
/// A name pointer seen before is found in a small cache (and checked byte for byte, so a
/// pointer reused for another name cannot mislead it); a new one is looked up by its bytes.
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

    private static let known = [
        "OFX", OFXStatement.bankElement, OFXStatement.cardElement, "STMTTRN", "TRNAMT", "DTPOSTED", "DTUSER", "NAME",
        "PAYEE", "MEMO", "FITID",
    ]

    /// Each name's bytes (without the NUL), its String, and whether it starts with `PENDING`.
    private(set) var bytes: [[UInt8]] = []
    private(set) var strings: [String] = []
    private(set) var isPending: [Bool] = []
    private var cache = [(pointer: UnsafePointer<xmlChar>?, id: ID)](repeating: (nil, 0), count: 64)

    init() {
        for name in Self.known { add(Array(name.utf8)) }
    }

    func string(_ id: ID) -> String { strings[Int(id)] }

    /// The number of the NUL-terminated name at `pointer`.
    func id(_ pointer: UnsafePointer<xmlChar>) -> ID {
        let slot = (Int(bitPattern: pointer) >> 3) & (cache.count - 1)
        let cached = cache[slot]
        if cached.pointer == pointer && Self.equal(pointer, bytes[Int(cached.id)]) { return cached.id }
        let length = strlen(UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self))
        let name = UnsafeBufferPointer(start: pointer, count: length)
        let id = bytes.firstIndex { $0.elementsEqual(name) }.map { ID($0) } ?? add(Array(name))
        cache[slot] = (pointer, id)
        return id
    }

    @discardableResult
    private func add(_ name: [UInt8]) -> ID {
        bytes.append(name)
        let string = String(decoding: name, as: UTF8.self)
        strings.append(string)
        isPending.append(string.hasPrefix("PENDING"))
        return ID(bytes.count - 1)
    }

    private static func equal(_ pointer: UnsafePointer<xmlChar>, _ name: [UInt8]) -> Bool {
        name.withUnsafeBufferPointer { name in
            guard let base = name.baseAddress else { return pointer[0] == 0 }
            return memcmp(pointer, base, name.count) == 0 && pointer[name.count] == 0
        }
    }
}
