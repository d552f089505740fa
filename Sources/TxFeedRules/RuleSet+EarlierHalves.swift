import TxFeedModel

extension RuleSet {
    /// The category each transfer half an earlier batch wrote got from the rules (these rules,
    /// as that batch's were, and not yet a transfer then): a journal writes this run's half
    /// against it, taking back what that batch posted there.
    public func categorise(earlierHalvesOf feed: inout Feed, localSeconds: (Transaction) -> Int64 = { $0.unixSeconds })
    {
        guard var transfers = feed.transfers else { return }
        for n in transfers.pairs.indices {
            guard let half = transfers.pairs[n].earlier else { continue }
            let account = feed.accounts[Int(half.account)]
            let details = feed.details(of: half.transaction)
            let record = RuleRecord(
                vendor: feed.vendors.name(of: half.transaction.vendor), memo: details?.memo,
                id: details?.id ?? half.fingerprint?.text,
                amountMinor: half.signedMinor, scale: account.scale,
                account: account.name, source: feed.sources[account.source].name, currency: account.currency,
                isPending: half.transaction.isPending,
                date: TransactionDate.days(ofUnixSeconds: localSeconds(half.transaction)), isTransfer: false)
            transfers.pairs[n].earlier?.category = apply(to: record).category
        }
        feed.transfers = transfers
    }
}
