extension Feed {
    /// Each record's money key (``IdentityKey/ofMoney(day:signedMinor:occurrence:)``), nil for a
    /// pending one, by position in ``transactions``: how `--state` knows a record's money when
    /// its identity changed (the bank's text or ids, or txfeed's reading of them).
    ///
    /// The occurrence counts the booked records of one state account, day and signed amount:
    /// first those this run dropped as seen, then the written ones in feed order. A record seen
    /// again so takes its money's place, a record read otherwise gets the key its money was
    /// remembered under, and a genuinely new one the next free key.
    ///
    /// - Parameter accountNumbers: ``accountNumbers(of:)``'s numbers: feed accounts of one state
    ///   account count together.
    public func moneyKeys(accountNumbers: [Int]) -> [Int64?] {
        struct Group: Hashable {
            var account: Int
            var day: Int64
            var signedMinor: Int64
        }
        func group(of t: Transaction) -> Group {
            Group(
                account: accountNumbers[Int(t.account)], day: TransactionDate.days(ofUnixSeconds: t.unixSeconds),
                signedMinor: t.signedMinor)
        }
        guard transactions.contains(where: { !$0.isPending }) else { return transactions.map { _ in nil } }
        var taken: [Group: Int] = [:]
        for drop in duplicates where !drop.transaction.isPending {
            if case .batch = drop.kept { taken[group(of: drop.transaction), default: 0] += 1 }
        }
        return transactions.map { t in
            guard !t.isPending else { return nil }
            let money = group(of: t)
            let occurrence = taken[money, default: 0] + 1
            taken[money] = occurrence
            return IdentityKey.ofMoney(day: money.day, signedMinor: money.signedMinor, occurrence: occurrence)
        }
    }
}
