extension Feed {
    /// ``init(merging:dedupe:history:)`` under a memory budget: when the sources' records
    /// went over it (``Spill``), what is still in memory is spilled too, and the feed's rows
    /// become a merge of the sorted runs (``rows()``), in exactly the order and with exactly
    /// the fingerprints the in-memory merge gives. Accounts, vendors, sources and rejects stay
    /// in memory; `--dedupe` and `--state` are refused with a budget, so none is asked for.
    public init(merging outcomes: [SourceOutcome], spill: Spill, rejects: RejectStore = RejectStore())
        throws(SpillError)
    {
        guard spill.hasSpilled else {
            self.init(merging: outcomes, rejects: rejects)
            return
        }
        self.init()
        sources = outcomes.map(\.report)
        self.rejects = rejects
        rejects.add(outcomes)
        var accountBases: [UInt32] = []
        var vendorMaps: [[UInt32]] = []
        for (source, outcome) in outcomes.enumerated() {
            var data = outcome.data
            // What it holds now is what its collector last reported.
            var held = Spill.cost(of: data)
            spill.pool(&data, source: source, held: &held)
            accountBases.append(UInt32(accounts.count))
            accounts += data.accounts
            vendorMaps.append(vendors.absorb(data.vendors))
        }
        try spill.finish()
        spilled = SpilledFeed(
            runs: spill.runs, accountBases: accountBases, vendorMaps: vendorMaps, budget: spill.budget)
    }
}
