import TxFeedModel

extension RuleSet {
    /// The category each transfer half an earlier batch wrote got from the rules (these rules,
    /// as that batch's were, and not yet a transfer then): a journal writes this run's half
    /// against it, taking back what that batch posted there.
    public func categorise(earlierHalvesOf feed: inout Feed, localSeconds: (Transaction) -> Int64 = { $0.unixSeconds })
    {
        guard var transfers = feed.transfers else { return }
        for n in transfers.pairs.indices {
            // A remembered half keeps the category its own batch's rules gave it.
            guard let half = transfers.pairs[n].earlier, let seen = half.seen else { continue }
            let account = feed.accounts[Int(half.account)]
            let details = feed.details(of: seen)
            let record = RuleRecord(
                vendor: feed.vendors.name(of: seen.vendor), memo: details?.memo,
                id: details?.id ?? half.fingerprint?.text,
                amountMinor: half.signedMinor, scale: account.scale,
                account: account.name, source: feed.sources[account.source].name, currency: account.currency,
                isPending: seen.isPending,
                date: TransactionDate.days(ofUnixSeconds: localSeconds(seen)), isTransfer: false)
            transfers.pairs[n].earlier?.category = apply(to: record).category
        }
        feed.transfers = transfers
    }
}
