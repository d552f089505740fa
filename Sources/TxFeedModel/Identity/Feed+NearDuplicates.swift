extension Feed {
    /// Pairs of records that `--dedupe` kept both of but that may be one payment: the same
    /// account, day and signed amount, from two sources, with different vendor texts (the same
    /// payment in two exports, each wording it its own way). Reported, never dropped: two
    /// shops can take the same amount on one day. Positions in the feed, each pair once, oldest
    /// first.
    public func nearDuplicates() -> [(Int, Int)] {
        guard spilled == nil, sources.count > 1 else { return [] }
        let accountNumbers = accountNumbers().numbers
        struct Key: Hashable {
            var account: Int
            var day: Int64
            var signedMinor: Int64
        }
        var first: [Key: Int] = [:]
        var pairs: [(Int, Int)] = []
        for position in transactions.indices.reversed() {
            let t = transactions[position]
            let key = Key(
                account: accountNumbers[Int(t.account)], day: TransactionDate.days(ofUnixSeconds: t.unixSeconds),
                signedMinor: t.signedMinor)
            guard let earlier = first[key] else {
                first[key] = position
                continue
            }
            let other = transactions[earlier]
            if accounts[Int(other.account)].source != accounts[Int(t.account)].source && other.vendor != t.vendor {
                pairs.append((earlier, position))
            }
        }
        return pairs
    }
}
