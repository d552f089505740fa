extension Feed {
    /// With `--state`: the transfers whose other half an earlier batch wrote. Downloads overlap,
    /// and a transfer's two halves post on different days: the money-out half comes in one day's
    /// file (written then, alone), the money-in half the next day, beside the first again, which
    /// this run drops as seen. Such a seen record and a record of this run that the run did not
    /// link are matched as any two records are (``TransferMatcher``: evidence, and one candidate
    /// each way), among every record of this run not linked and every seen one of the same
    /// amounts, so that a seen record whose own other half is also seen (both written, linked by
    /// their batch) makes a new record's match ambiguous rather than wrong.
    ///
    /// - Parameters:
    ///   - linked: the records of this run already linked.
    ///   - real: each feed account's real account (``accountNumbers()``).
    /// - Returns: a pair for each record linked to a seen one, the seen half as its ``FeedTransfers/Pair/earlier``.
    func linksToEarlierHalves(
        linked: Set<Int>, real: [Int], numbers: [[String]], currencies: [String], window: Int64
    ) -> [FeedTransfers.Pair] {
        struct Key: Hashable {
            var currency: String
            var magnitude: Int64
        }
        func key(_ t: Transaction) -> Key? {
            let currency = currencies[Int(t.account)]
            return currency.isEmpty ? nil : Key(currency: currency, magnitude: t.amountMinor)
        }
        guard !duplicates.isEmpty else { return [] }
        // Only amounts a record of this run not linked has: a run of a file seen whole looks no further.
        let newKeys = Set(transactions.indices.filter { !linked.contains($0) }.compactMap { key(transactions[$0]) })
        guard !newKeys.isEmpty else { return [] }
        // One seen record per real account and identity: a file read twice drops each twice.
        var seen: [(transaction: Transaction, fingerprint: Fingerprint, batch: Int64)] = []
        var identities = Set<String>()
        for duplicate in duplicates {
            guard case .batch(let batch) = duplicate.kept, let key = key(duplicate.transaction), newKeys.contains(key)
            else { continue }
            let identity = "\(real[Int(duplicate.transaction.account)])\u{0}\(duplicate.keptIdentity)"
            if identities.insert(identity).inserted {
                seen.append((duplicate.transaction, duplicate.fingerprint, batch))
            }
        }
        guard !seen.isEmpty else { return [] }
        let seenKeys = Set(seen.compactMap { key($0.transaction) })
        var candidates: [TransferMatcher.Candidate] = []
        func candidate(_ t: Transaction, row: Int) -> TransferMatcher.Candidate {
            transferCandidate(t, row: row, real: real, currencies: currencies)
        }
        for (i, t) in transactions.enumerated() where !linked.contains(i) {
            if let key = key(t), seenKeys.contains(key) { candidates.append(candidate(t, row: i)) }
        }
        guard !candidates.isEmpty else { return [] }
        for (n, record) in seen.enumerated() {
            candidates.append(candidate(record.transaction, row: transactions.count + n))
        }
        let result = TransferMatcher.match(candidates, accountNumbers: numbers, window: window)
        var pairs: [FeedTransfers.Pair] = []
        for link in result.links {
            let debitSeen = link.debit >= transactions.count
            guard debitSeen != (link.credit >= transactions.count) else { continue }
            let record = seen[(debitSeen ? link.debit : link.credit) - transactions.count]
            pairs.append(
                FeedTransfers.Pair(
                    debit: debitSeen ? FeedTransfers.earlierPosition : link.debit,
                    credit: debitSeen ? link.credit : FeedTransfers.earlierPosition, evidence: link.evidence,
                    earlier: FeedTransfers.EarlierHalf(
                        transaction: record.transaction, fingerprint: record.fingerprint, batch: record.batch)))
        }
        return pairs.sorted { max($0.debit, $0.credit) < max($1.debit, $1.credit) }
    }
}
