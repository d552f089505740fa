import TxFeedModel
import TxFeedPluginHost

/// A chunk of what a source delivered, as the child sends it: a ``FrameKind/data`` frame with
/// everything but the transactions (every vendor and account string once), how many
/// transactions follow and the child's host time, then ``FrameKind/transactions`` frames of
/// their 32-byte records, at most ``recordsPerFrame`` each, so that neither side holds a second
/// copy of a large chunk.
extension SourceData {
    static let recordsPerFrame = 1 << 16

    /// The frames of this chunk, in order.
    func send(to writer: FrameWriter, as delivery: Delivery = .committed, hostTime: UInt64) -> Bool {
        guard writer.send(.data, { encodeHead(into: &$0, as: delivery, hostTime: hostTime) }) else { return false }
        var start = transactions.startIndex
        while start < transactions.endIndex {
            let end = min(start + Self.recordsPerFrame, transactions.endIndex)
            guard writer.send(.transactions, { $0.records(transactions[start..<end]) }) else { return false }
            start = end
        }
        return true
    }

    /// - Parameter hostTime: the child's host time for the source so far, in nanoseconds.
    func encodeHead(into w: inout WireEncoder, as delivery: Delivery = .committed, hostTime: UInt64 = 0) {
        w.bytes(vendors.storage)
        w.records(vendors.offsets)
        w.integer(UInt32(details.count))
        for detail in details {
            w.string(detail.id)
            w.string(detail.memo)
            w.string(detail.location)
        }
        for list in [rejects, skipped] {
            w.integer(UInt32(list.count))
            for reject in list {
                w.string(reject.origin)
                w.string(reject.path)
                w.string(reject.reason)
                w.bytes(reject.raw)
                w.bool(reject.rawIsText)
            }
        }
        w.integer(UInt32(failures.count))
        for failure in failures { w.string(failure) }
        w.integer(UInt64(documents))
        w.bool(continuesLastAccount)
        w.integer(UInt32(vendorBase))
        w.integer(delivery.rawValue)
        w.integer(UInt64(transactions.count))
        w.integer(hostTime)
        // The accounts last, the bulk of a chunk of many small ones, each as it lies in memory
        // (its texts as ``WireEncoder/bytes(_:)`` writes them, then its fields), written where
        // they go: the frame grows once to its size, with nothing appended after that would
        // grow it again.
        w.integer(UInt32(accounts.count))
        let packedSize = MemoryLayout<Account.Packed>.size
        var size = 0
        for account in accounts { size += 4 + account.packedTextsCount + packedSize }
        w.raw(count: size) { room in
            var at = 0
            for account in accounts {
                account.withPacked { packed, texts in
                    room.storeBytes(of: UInt32(texts.count).littleEndian, toByteOffset: at, as: UInt32.self)
                    at += 4
                    UnsafeMutableRawBufferPointer(rebasing: room[at..<(at + texts.count)])
                        .copyMemory(from: UnsafeRawBufferPointer(texts))
                    at += texts.count
                    room.storeBytes(of: packed, toByteOffset: at, as: Account.Packed.self)
                    at += packedSize
                }
            }
        }
    }

    /// Reads a chunk's head back; its transactions (how many follow) arrive in the frames after.
    static func decodeHead(from r: inout WireDecoder, source: Int) throws(WireDecoder.Malformed)
        -> (data: SourceData, delivery: Delivery, transactions: Int, hostTime: Int)
    {
        var data = SourceData()
        // Distinct as the child's table had them: taken as they are, hashed only if this
        // table is ever searched (a small source's never is).
        let names = try r.bytesInPlace()
        guard let vendors = VendorTable(names: names.span, offsets: try r.records(Int.self)) else { throw .init() }
        data.vendors = vendors
        for _ in 0..<(try r.count()) {
            data.details.append(
                TransactionDetails(
                    id: try r.optionalString(), memo: try r.optionalString(), location: try r.optionalString()))
        }
        for list in [\SourceData.rejects, \.skipped] {
            for _ in 0..<(try r.count()) {
                data[keyPath: list].append(
                    Reject(
                        origin: try r.string(), path: try r.string(), reason: try r.string(), raw: try r.byteArray(),
                        rawIsText: try r.bool()))
            }
        }
        for _ in 0..<(try r.count()) { data.failures.append(try r.string()) }
        data.documents = Int(try r.integer(UInt64.self) & 0x7FFF_FFFF_FFFF_FFFF)
        data.continuesLastAccount = try r.bool()
        data.vendorBase = Int(try r.integer(UInt32.self))
        guard let delivery = Delivery(rawValue: try r.integer(UInt8.self)) else { throw .init() }
        // Only a part of an account still open continues vendors an earlier part carried.
        guard data.vendorBase == 0 || delivery == .provisional || delivery == .closing else { throw .init() }
        let count = try r.integer(UInt64.self)
        guard count <= UInt64(Int32.max) else { throw .init() }
        let hostTime = Int(truncatingIfNeeded: try r.integer(UInt64.self))
        let accounts = try r.count()
        // Reserved whole (an array doubling from a guess copied a million accounts several
        // times), but never past what the bytes left could hold: a garbled count is refused.
        let least = 4 + MemoryLayout<Account.Packed>.size
        guard accounts <= r.remaining / least else { throw .init() }
        data.accounts.reserveCapacity(accounts)
        for _ in 0..<accounts {
            // The texts straight from the frame into the account, no String of each (a million
            // accounts of one record each); checked, as a String would have repaired them.
            let texts = try r.bytesInPlace()
            let packed = try r.plain(Account.Packed.self)
            guard let account = Account(packed: packed, texts: texts), account.source == source else {
                throw .init()
            }
            data.accounts.append(account)
        }
        return (data, delivery, Int(count), hostTime)
    }

    /// Checks that every transaction points at a vendor, an account and details inside the
    /// chunk: a garbled message is refused, never merged.
    func validate() throws(WireDecoder.Malformed) {
        let data = self
        let vendors = UInt32(data.vendorBase + data.vendors.count), accounts = UInt32(data.accounts.count)
        let details = UInt32(data.details.count)
        for t in data.transactions
        where t.vendor >= vendors || t.account >= accounts
            || (t.details != Transaction.noDetails && t.details >= details)
        {
            throw .init()
        }
    }
}

/// Puts a chunk back together from its frames.
struct ChunkAssembler {
    /// A chunk whole, and how it stands to the account the plugin has open.
    typealias Chunk = (data: SourceData, delivery: Delivery)

    let source: Int
    /// The child's host time for the source, as its last chunk reported it (nanoseconds).
    private(set) var hostTime = 0
    private var pending: Chunk?
    private var missing = 0

    init(source: Int) {
        self.source = source
    }

    /// A ``FrameKind/data`` frame: the chunk when it has no transactions to wait for (nil too
    /// for an empty one, which brought the host time alone).
    mutating func head(_ payload: ArraySlice<UInt8>) throws(WireDecoder.Malformed) -> Chunk? {
        guard pending == nil else { throw .init() }
        let head = WireDecoder.read(payload) { r throws(WireDecoder.Malformed) in
            let head = try SourceData.decodeHead(from: &r, source: source)
            return r.isAtEnd ? head : nil
        }
        guard let (first, delivery, count, time) = head ?? nil else { throw .init() }
        hostTime = time
        var data = first
        if count == 0 {
            if data.isEmpty && data.read == 0 && delivery == .committed { return nil }
            try data.validate()
            return (data, delivery)
        }
        data.transactions.reserveCapacity(count)
        pending = (data, delivery)
        missing = count
        return nil
    }

    /// A ``FrameKind/transactions`` frame: the chunk once its last transaction arrived.
    mutating func transactions(_ payload: ArraySlice<UInt8>) throws(WireDecoder.Malformed) -> Chunk? {
        guard var chunk = pending else { throw .init() }
        pending = nil  // the array is appended to in place, not copied
        let added = WireDecoder.read(payload) { r throws(WireDecoder.Malformed) in
            let added = try r.appendRecords(to: &chunk.data.transactions)
            return r.isAtEnd ? added : nil
        }
        guard let added = added ?? nil, added <= missing else { throw .init() }
        missing -= added
        guard missing == 0 else {
            pending = chunk
            return nil
        }
        try chunk.data.validate()
        return chunk
    }

    /// Whether a chunk is waiting for more transactions.
    var isWaiting: Bool { pending != nil }
}
