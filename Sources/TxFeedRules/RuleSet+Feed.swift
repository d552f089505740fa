import TxFeedModel

extension RuleSet {
    /// Applies the rules to every record of the merged feed, once `--dedupe` and `--state` have
    /// dropped what they drop and transfers are linked (`transfer = true` reads the link): a
    /// skipped record leaves the feed (counted per source and per reason, and a transfer it
    /// was half of is none), a rewritten vendor or memo takes the bank's place in the record,
    /// and the category, tags and the bank's vendor go to ``Feed/labels``.
    ///
    /// Identities are not touched: fingerprints and bank ids were taken in the merge, from the
    /// bank's data, so a rule changed later never makes a record new to `--state`.
    ///
    /// With `explain`, each record's labels name the rule that set each field (`--explain`).
    /// The rules that matched no record go to ``FeedLabels/neverFired``.
    ///
    /// `localSeconds` gives a record's time on the clock the output shows it by: a civil date's
    /// own midnight, an instant moved into `--tz` (the run passes `DayFormat.localSeconds(of:)`,
    /// what the sinks write the day with), so that `day` and `weekday` judge the day a person
    /// reads beside the record. It is asked only when a rule reads the date. The default is UTC.
    public func apply(
        to feed: inout Feed, explain: Bool = false, localSeconds: (Transaction) -> Int64 = { $0.unixSeconds }
    ) {
        precondition(feed.spilled == nil, "rules need the feed in memory")
        var labels = FeedLabels()
        labels.explains = explain
        var tracking = RuleTracking(fired: Array(repeating: false, count: rules.count), explains: explain)
        // How --explain names each rule: with its file when there are several.
        let names = rules.map { files.count > 1 ? "\($0.label) in \($0.file)" : $0.label }
        labels.rows.reserveCapacity(feed.transactions.count)
        // Each vendor's and account's texts made once, not once a record.
        let vendorNames = (0..<feed.vendors.count).map { feed.vendors.name(of: UInt32($0)) }
        let accountTexts = feed.accounts.map { ($0.name, feed.sources[$0.source].name, $0.currency) }
        var kept = [Bool](repeating: true, count: feed.transactions.count)
        var skipped: [String: Int] = [:]
        var reasons: [String] = []
        let readsDate = rules.contains { $0.match.readsDate }
        let readsID = rules.contains { $0.match.reads(.id) }
        var screen = VendorScreen(rules: rules, vendors: vendorNames.count)
        var outcomes = FeedOutcomes()
        for i in feed.transactions.indices {
            let t = feed.transactions[i]
            let details = feed.details(of: t)
            let (account, source, currency) = accountTexts[Int(t.account)]
            let id = readsID ? details?.id ?? feed.fingerprint(at: i)?.text : nil
            var record = RuleRecord(
                vendor: vendorNames[Int(t.vendor)], memo: details?.memo, id: id, amountMinor: t.signedMinor,
                scale: feed.accounts[Int(t.account)].scale, account: account, source: source, currency: currency,
                isPending: t.isPending,
                date: readsDate ? TransactionDate.days(ofUnixSeconds: localSeconds(t)) : nil,
                isTransfer: feed.isTransfer(at: i))
            let screened = screen.steps(vendor: t.vendor, text: record.vendor, rules: rules)
            record.loweredVendor = screened.lowered
            // Worked out from the record when no record of its vendor with the same steps held came before.
            let held = screened.list.repeats ? screened.list.held(for: record) : nil
            var effect: FeedOutcomes.Effect
            if let held, let known = outcomes[vendor: t.vendor, held: held] {
                effect = known
            } else {
                let outcome = apply(to: record, tracking: &tracking, steps: screened.list.steps)
                effect = Self.effect(
                    of: outcome, on: record, tracking: tracking, names: names, in: &feed, labels: &labels)
                if let held { outcomes[vendor: t.vendor, held: held] = effect }
            }
            if let reason = effect.skipped {
                kept[i] = false
                if skipped[reason] == nil { reasons.append(reason) }
                skipped[reason, default: 0] += 1
                let s = feed.accounts[Int(t.account)].source
                feed.sources[s].count -= 1
                feed.sources[s].skipped += 1
                continue
            }
            if let vendor = effect.vendor { feed.transactions[i].vendor = vendor }
            if let memo = effect.memo, memo != record.memo {
                feed.transactions[i].details = UInt32(feed.details.count)
                feed.details.append(TransactionDetails(id: details?.id, memo: memo))
            }
            labels.rows.append(effect.labels)
        }
        labels.skipped = reasons.map { ($0, skipped[$0]!) }
        labels.neverFired = rules.indices.filter { !tracking.fired[$0] }.map {
            "\(rules[$0].label) in \(rules[$0].place)"
        }
        if !reasons.isEmpty { feed.keepOnly(kept) }
        feed.labels = labels
    }

    /// What `outcome` does to `record` in the feed: its labels interned, a rewritten vendor's
    /// text interned, the memo a rule wrote.
    private static func effect(
        of outcome: RuleOutcome, on record: RuleRecord, tracking: RuleTracking, names: [String], in feed: inout Feed,
        labels: inout FeedLabels
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
            effect.vendor = feed.vendors.intern(vendor)
        }
        effect.labels = labels.intern(row)
        return effect
    }
}
