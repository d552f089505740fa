import TxFeedModel

/// A chunk of what a source delivered, as the child sends it: transactions as their 32-byte
/// records in one copy, every vendor and account string once.
extension SourceData {
    func encode(into w: inout WireEncoder) {
        w.integer(UInt32(accounts.count))
        for account in accounts {
            w.string(account.name)
            w.string(account.id)
            w.bool(account.balance != nil)
            if let balance = account.balance {
                w.integer(balance.minorUnits)
                w.integer(UInt8(balance.scale))
            }
            w.string(account.currency)
            w.bool(account.profile != nil)
            if let profile = account.profile {
                w.string(profile.id)
                w.string(profile.firstName)
                w.string(profile.lastName)
            }
            w.integer(UInt32(account.source))
            w.string(account.origin)
            w.integer(UInt8(account.scale))
        }
        w.integer(UInt32(vendors.count))
        for vendor in 0..<vendors.count { w.bytes(vendors.bytes(of: UInt32(vendor))) }
        w.integer(UInt32(details.count))
        for detail in details {
            w.string(detail.id)
            w.string(detail.memo)
        }
        w.integer(UInt32(rejects.count))
        for reject in rejects {
            w.string(reject.origin)
            w.string(reject.path)
            w.string(reject.reason)
            w.bytes(reject.raw)
            w.bool(reject.rawIsText)
        }
        w.integer(UInt32(failures.count))
        for failure in failures { w.string(failure) }
        w.integer(UInt64(documents))
        w.records(transactions)
    }

    /// Reads a chunk back and checks that every transaction points at a vendor, an account and
    /// details inside the chunk: a garbled message is refused, never merged.
    static func decode(from r: inout WireDecoder, source: Int) throws(WireDecoder.Malformed) -> SourceData {
        var data = SourceData()
        for _ in 0..<(try r.count()) {
            let name = try r.string()
            let id = try r.optionalString()
            var balance: Money?
            if try r.bool() {
                let minor = try r.integer(Int64.self)
                let scale = Int(try r.integer(UInt8.self))
                guard scale <= Money.maximumScale else { throw .init() }
                balance = Money(minorUnits: minor, scale: scale)
            }
            let currency = try r.optionalString()
            var profile: Profile?
            if try r.bool() {
                profile = Profile(
                    id: try r.optionalString(), firstName: try r.optionalString(), lastName: try r.optionalString())
            }
            let accountSource = Int(try r.integer(UInt32.self))
            let origin = try r.string()
            let scale = Int(try r.integer(UInt8.self))
            guard accountSource == source, scale <= Money.maximumScale else { throw .init() }
            data.accounts.append(
                Account(
                    name: name, id: id, balance: balance, currency: currency, profile: profile, source: source,
                    origin: origin, scale: scale))
        }
        for expected in 0..<(try r.count()) {
            let name = try r.byteArray()
            let id = name.withUnsafeBufferPointer { data.vendors.intern($0) }
            guard id == UInt32(expected) else { throw .init() }  // vendors are distinct
        }
        for _ in 0..<(try r.count()) {
            data.details.append(TransactionDetails(id: try r.optionalString(), memo: try r.optionalString()))
        }
        for _ in 0..<(try r.count()) {
            data.rejects.append(
                Reject(
                    origin: try r.string(), path: try r.string(), reason: try r.string(), raw: try r.byteArray(),
                    rawIsText: try r.bool()))
        }
        for _ in 0..<(try r.count()) { data.failures.append(try r.string()) }
        data.documents = Int(try r.integer(UInt64.self) & 0x7FFF_FFFF_FFFF_FFFF)
        data.transactions = try r.records(Transaction.self)
        let vendors = UInt32(data.vendors.count), accounts = UInt32(data.accounts.count)
        let details = UInt32(data.details.count)
        for t in data.transactions
        where t.vendor >= vendors || t.account >= accounts
            || (t.details != Transaction.noDetails && t.details >= details)
        {
            throw .init()
        }
        return data
    }
}
