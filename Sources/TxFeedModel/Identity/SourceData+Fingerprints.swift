extension SourceData {
    /// One ``Fingerprint`` per transaction, in input order, with occurrences counted within this
    /// source: the same account's identical records are `-1`, `-2`… in the order the source gave
    /// them, so reading the same statement again numbers them the same way.
    public func fingerprints() -> [Fingerprint] {
        let accountStates = accounts.map(FingerprintHasher.accountState(of:))
        var counts = FingerprintTable(capacity: transactions.count)
        var result: [Fingerprint] = []
        result.reserveCapacity(transactions.count)
        let offsets = vendors.offsets
        vendors.storage.withUnsafeBufferPointer { names in
            for t in transactions {
                let vendor = Int(t.vendor)
                let name = UnsafeBufferPointer(rebasing: names[offsets[vendor]..<offsets[vendor + 1]])
                let state = accountStates[Int(t.account)]
                let hash: UInt64
                if t.details != Transaction.noDetails, var memo = details[Int(t.details)].memo {
                    hash = memo.withUTF8 { memo in
                        FingerprintHasher.hash(
                            accountState: state, unixSeconds: t.unixSeconds, signedMinor: t.signedMinor,
                            vendor: name, memo: memo)
                    }
                } else {
                    hash = FingerprintHasher.hash(
                        accountState: state, unixSeconds: t.unixSeconds, signedMinor: t.signedMinor, vendor: name,
                        memo: UnsafeBufferPointer(start: nil, count: 0))
                }
                let occurrence = counts.increment(Fingerprint(hash: hash, occurrence: 0))
                result.append(Fingerprint(hash: hash, occurrence: occurrence))
            }
        }
        return result
    }
}
