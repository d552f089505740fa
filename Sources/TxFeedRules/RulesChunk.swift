import TxFeedModel

/// The rules applied to a contiguous run of a feed's records, on a core of its own: each
/// record's effect, in tables of the chunk's own (labels, rewritten vendors), which
/// ``RuleSet/apply(to:explain:localSeconds:)`` joins into the feed's in record order, so that
/// the feed comes out as one pass over every record makes it.
struct RulesChunk: Sendable {
    /// What every chunk of a pass reads besides the feed, made once.
    struct Context: Sendable {
        /// Each vendor's text, by id.
        var vendorNames: [String]
        /// Each account's name, source and currency, by account; empty where no rule reads them.
        var accountTexts: [(name: String, source: String, currency: String?)]
        /// Each record's day on the output's clock, when a rule reads the date.
        var dates: [Int64]?
        /// Whether a rule reads the memo, so that a record carries it.
        var readsMemo: Bool
        /// Whether a rule reads the id, so that a record's is made (its fingerprint's text, mostly).
        var readsID: Bool
        var explains: Bool
        /// How `--explain` names each rule.
        var names: [String]
    }

    /// The records, by position in the feed.
    let records: Range<Int>
    /// Each distinct effect once; one a record for the records whose outcome reads more of
    /// them than their vendor and the steps that held.
    private(set) var effects: [FeedOutcomes.Effect] = []
    /// Per record of ``records``, in order: its effect's index in ``effects``.
    private(set) var rows: [UInt32] = []
    /// The chunk's labels: ``FeedOutcomes/Effect/labels`` is an index into its ``FeedLabels/distinct``.
    private(set) var labels = FeedLabels()
    /// The vendor texts rules wrote: ``FeedOutcomes/Effect/vendor`` is an id here.
    private(set) var vendors = VendorTable()
    /// Per rule: whether it matched a record of the chunk.
    private(set) var fired: [Bool] = []

    init(_ rules: RuleSet, feed: Feed, records: Range<Int>, context: Context) {
        self.records = records
        var tracking = RuleTracking(
            fired: Array(repeating: false, count: rules.rules.count), explains: context.explains)
        var screen = VendorScreen(rules: rules.rules, vendors: context.vendorNames.count)
        var outcomes = FeedOutcomes()
        // A vendor's or an account's texts are retained and released for each of its records,
        // so texts shared with the other chunks' threads have them fight over the counts (a
        // run with rules over 60 vendors took 0.89–0.95 of the time with copies): the chunk reads
        // copies of its own when they repeat, as a few vendors or accounts do over many records.
        func own(_ text: String) -> String { String(decoding: Array(text.utf8), as: UTF8.self) }
        func repeats(_ count: Int) -> Bool { count * 8 <= records.count }
        let vendorNames = repeats(context.vendorNames.count) ? context.vendorNames.map(own) : context.vendorNames
        let accountTexts =
            repeats(context.accountTexts.count)
            ? context.accountTexts.map { (own($0.name), own($0.source), $0.currency.map(own)) } : context.accountTexts
        rows.reserveCapacity(records.count)
        for i in records {
            let t = feed.transactions[i]
            let details = feed.details(of: t)
            let (account, source, currency) = accountTexts[Int(t.account)]
            let vendor = vendorNames[Int(t.vendor)]
            let screened = screen.steps(vendor: t.vendor, text: vendor, rules: rules.rules)
            // Made whole, not changed after: a record given its lowered vendor afterwards was
            // built aside and copied in (its texts retained and released once more).
            let record = RuleRecord(
                vendor: vendor, memo: context.readsMemo ? details?.memo : nil,
                id: context.readsID ? details?.id ?? feed.fingerprint(at: i)?.text : nil, amountMinor: t.signedMinor,
                scale: feed.accounts[Int(t.account)].scale, account: account, source: source, currency: currency,
                isPending: t.isPending, date: context.dates?[i], isTransfer: feed.isTransfer(at: i),
                loweredVendor: screened.lowered)
            // Worked out from the record when no record of its vendor on which the same steps held came before.
            let held = screened.list.repeats ? screened.list.held(for: record) : nil
            if let held, let known = outcomes[vendor: t.vendor, held: held] {
                rows.append(known)
                continue
            }
            let outcome = rules.apply(to: record, tracking: &tracking, steps: screened.list.steps)
            effects.append(effect(of: outcome, on: record, tracking: tracking, names: context.names))
            let index = UInt32(effects.count - 1)
            if let held { outcomes[vendor: t.vendor, held: held] = index }
            rows.append(index)
        }
        fired = tracking.fired
    }

    /// What `outcome` does to `record`: its labels and a rewritten vendor's text interned in
    /// the chunk's tables, the memo a rule wrote.
    private mutating func effect(
        of outcome: RuleOutcome, on record: RuleRecord, tracking: RuleTracking, names: [String]
    ) -> FeedOutcomes.Effect {
        if let reason = outcome.skipped { return FeedOutcomes.Effect(skipped: reason) }
        var row = RowLabels(category: outcome.category, tags: outcome.tags)
        if tracking.explains {
            row.explain = RowExplain(
                category: tracking.category.map { names[$0] }, vendor: tracking.vendor.map { names[$0] },
                memo: tracking.memo.map { names[$0] }, tags: tracking.tags.map { names[$0] })
        }
        var effect = FeedOutcomes.Effect(memo: outcome.memo)
        if let vendor = outcome.vendor, vendor != record.vendor {
            row.originalVendor = record.vendor
            effect.vendor = vendors.intern(vendor)
        }
        effect.labels = labels.intern(row)
        return effect
    }
}
