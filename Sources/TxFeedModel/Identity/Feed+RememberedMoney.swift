extension Feed {
    /// Each record's money key (``IdentityKey/ofMoney(day:signedMinor:occurrence:)``) by
    /// position in ``transactions``, 0 for a pending one: how `--state` knows a record's money
    /// when its identity changed (the bank's text or ids, or txfeed's reading of them).
    ///
    /// The occurrence counts the booked records of one state account, day and signed amount:
    /// first those this run dropped as seen, then the written ones in feed order. A record seen
    /// again so takes its money's place, a record read otherwise gets the key its money was
    /// remembered under, and a genuinely new one the next free key.
    ///
    /// One day at a time, newest first as the feed is sorted, with a table the size of the
    /// busiest day: a million records cost no table of a million.
    ///
    /// - Parameter accountNumbers: ``accountNumbers(of:)``'s numbers: feed accounts of one state
    ///   account count together.
    public func moneyKeys(accountNumbers: [Int]) -> [Int64] {
        var keys = [Int64](repeating: 0, count: transactions.count)
        guard transactions.contains(where: { !$0.isPending }) else { return keys }
        func day(_ t: Transaction) -> Int64 { TransactionDate.days(ofUnixSeconds: t.unixSeconds) }
        // The feed's positions a day after another, newest first (its order, unless a caller
        // reordered it), and the seen records' days the same way.
        let inOrder = zip(transactions, transactions.dropFirst()).allSatisfy { day($0) >= day($1) }
        let order = inOrder ? [] : transactions.indices.sorted { day(transactions[$0]) > day(transactions[$1]) }
        func position(_ n: Int) -> Int { inOrder ? n : order[n] }
        var seen = seenBooked
        seen.sort { day($0) > day($1) }
        func busiestDay(_ count: Int, _ dayAt: (Int) -> Int64) -> Int {
            var busiest = 0, start = 0
            while start < count {
                let d = dayAt(start)
                var end = start + 1
                while end < count && dayAt(end) == d { end += 1 }
                busiest = max(busiest, end - start)
                start = end
            }
            return busiest
        }
        var counts = FingerprintTable(
            capacity: busiestDay(transactions.count) { day(transactions[position($0)]) }
                + busiestDay(seen.count) { day(seen[$0]) })
        func group(_ t: Transaction) -> Fingerprint { Self.moneyGroup(t, accountNumbers) }
        var next = 0, nextSeen = 0
        while next < transactions.count {
            let today = day(transactions[position(next)])
            counts.removeAll()
            while nextSeen < seen.count && day(seen[nextSeen]) > today { nextSeen += 1 }
            while nextSeen < seen.count && day(seen[nextSeen]) == today {
                _ = counts.increment(group(seen[nextSeen]))
                nextSeen += 1
            }
            while next < transactions.count && day(transactions[position(next)]) == today {
                let at = position(next)
                let t = transactions[at]
                next += 1
                guard !t.isPending else { continue }
                let money = group(t)
                keys[at] = IdentityKey.ofMoney(state: money.hash, occurrence: Int(counts.increment(money)))
            }
        }
        return keys
    }

    /// The money this run holds of each state account beside its written records' keys: the
    /// keys of the booked records it dropped as seen, which take the first occurrences of their
    /// day and amount (``moneyKeys(accountNumbers:)``), so a group of `n` holds its first `n`.
    public func seenMoneyKeys(accountNumbers: [Int]) -> [(money: Int64, account: Int)] {
        var counts: [Fingerprint: Int] = [:]
        for t in seenBooked { counts[Self.moneyGroup(t, accountNumbers), default: 0] += 1 }
        return counts.flatMap { group, count in
            (1...count).map { (IdentityKey.ofMoney(state: group.hash, occurrence: $0), Int(group.occurrence)) }
        }
    }

    /// The booked records an earlier batch wrote that this run dropped as seen.
    public var seenBooked: [Transaction] {
        duplicates.compactMap { duplicate in
            guard case .batch = duplicate.kept, !duplicate.transaction.isPending else { return nil }
            return duplicate.transaction
        }
    }

    /// A record's money group: the hash of its day and signed amount before the occurrence, and
    /// its state account in the occurrence's place.
    private static func moneyGroup(_ t: Transaction, _ accountNumbers: [Int]) -> Fingerprint {
        Fingerprint(
            hash: IdentityKey.moneyState(
                day: TransactionDate.days(ofUnixSeconds: t.unixSeconds), signedMinor: t.signedMinor),
            occurrence: UInt32(truncatingIfNeeded: accountNumbers[Int(t.account)]))
    }
}
