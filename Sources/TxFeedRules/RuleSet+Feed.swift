import Dispatch
import Foundation
import Synchronization
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
    ///
    /// From ``splitFrom`` records the pass runs in a chunk of records a core (``RulesChunk``),
    /// joined in record order: the feed comes out byte for byte as one pass makes it.
    public func apply(
        to feed: inout Feed, explain: Bool = false, localSeconds: (Transaction) -> Int64 = { $0.unixSeconds }
    ) {
        apply(
            to: &feed, explain: explain, chunks: Self.chunks(records: feed.transactions.count),
            localSeconds: localSeconds)
    }

    /// The records a pass splits into two chunks from, one a core above it (``chunks(records:)``).
    static let splitFrom = 20_000

    /// How many chunks a pass over `records` records runs in: one below ``splitFrom``, else one
    /// a core (at most 16), each of at least half of ``splitFrom``.
    static func chunks(records: Int) -> Int {
        guard records >= splitFrom else { return 1 }
        return max(1, min(ProcessInfo.processInfo.activeProcessorCount, 16, records / (splitFrom / 2)))
    }

    /// The pass in `chunks` contiguous chunks of records (``RulesChunk``), each on a core of its
    /// own, joined in record order: the feed is what one chunk of every record makes it.
    func apply(to feed: inout Feed, explain: Bool, chunks: Int, localSeconds: (Transaction) -> Int64) {
        precondition(feed.spilled == nil, "rules need the feed in memory")
        func reads(_ field: TextField) -> Bool { rules.contains { $0.match.reads(field) } }
        // Asked once, not once an account: a million accounts asked every rule three times each
        // (55 s of a run with 200 rules).
        let readsAccount = reads(.account), readsSource = reads(.source), readsCurrency = reads(.currency)
        let context = RulesChunk.Context(
            // Each vendor's and account's texts made once, not once a record.
            vendorNames: (0..<feed.vendors.count).map { feed.vendors.name(of: UInt32($0)) },
            // A text no rule reads left empty: copied into every record, each was retained and released.
            accountTexts: feed.accounts.map {
                (
                    readsAccount ? $0.name : "", readsSource ? feed.sources[$0.source].name : "",
                    readsCurrency ? $0.currency : nil
                )
            },
            dates: rules.contains { $0.match.readsDate }
                ? feed.transactions.map { TransactionDate.days(ofUnixSeconds: localSeconds($0)) } : nil,
            readsMemo: reads(.memo), readsID: reads(.id), explains: explain,
            // How --explain names each rule: with its file when there are several.
            names: rules.map { files.count > 1 ? "\($0.label) in \($0.file)" : $0.label })
        let parts = self.chunks(of: feed, count: chunks, context: context)
        var labels = FeedLabels()
        labels.explains = explain
        labels.rows.reserveCapacity(feed.transactions.count)
        var fired = Array(repeating: false, count: rules.count)
        var kept = [Bool](repeating: true, count: feed.transactions.count)
        var skipped: [String: Int] = [:]
        var reasons: [String] = []
        for chunk in parts {
            // The chunk's labels and vendors take their place in the feed's tables the first time
            // a record (in order) has them: where one pass over every record would have put them.
            var labelIDs = [UInt32](repeating: .max, count: chunk.labels.distinct.count)
            var vendorIDs = [UInt32](repeating: .max, count: chunk.vendors.count)
            for (n, i) in chunk.records.enumerated() {
                let e = Int(chunk.rows[n])
                if let reason = chunk.effects[e].skipped {
                    kept[i] = false
                    if skipped[reason] == nil { reasons.append(reason) }
                    skipped[reason, default: 0] += 1
                    let s = feed.accounts[Int(feed.transactions[i].account)].source
                    feed.sources[s].count -= 1
                    feed.sources[s].skipped += 1
                    continue
                }
                if let vendor = chunk.effects[e].vendor {
                    if vendorIDs[Int(vendor)] == .max {
                        vendorIDs[Int(vendor)] = feed.vendors.intern(chunk.vendors.name(of: vendor))
                    }
                    feed.transactions[i].vendor = vendorIDs[Int(vendor)]
                }
                if let memo = chunk.effects[e].memo {
                    let details = feed.details(of: feed.transactions[i])
                    if memo != details?.memo {
                        feed.transactions[i].details = UInt32(feed.details.count)
                        feed.details.append(
                            TransactionDetails(id: details?.id, memo: memo, location: details?.location))
                    }
                }
                let local = chunk.effects[e].labels
                if local != FeedLabels.none, labelIDs[Int(local)] == .max {
                    labelIDs[Int(local)] = labels.intern(chunk.labels.distinct[Int(local)])
                }
                labels.rows.append(local == FeedLabels.none ? FeedLabels.none : labelIDs[Int(local)])
            }
            for rule in fired.indices where chunk.fired[rule] { fired[rule] = true }
        }
        labels.skipped = reasons.map { ($0, skipped[$0]!) }
        labels.neverFired = rules.indices.filter { !fired[$0] }.map { "\(rules[$0].label) in \(rules[$0].place)" }
        if !reasons.isEmpty { feed.keepOnly(kept) }
        feed.labels = labels
    }

    /// The feed's records in `count` contiguous chunks, each worked on a core of its own, in order.
    private func chunks(of feed: Feed, count: Int, context: RulesChunk.Context) -> [RulesChunk] {
        let records = feed.transactions.count
        guard count > 1 else { return [RulesChunk(self, feed: feed, records: 0..<records, context: context)] }
        let done = Mutex([RulesChunk?](repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { k in
            let range = records * k / count..<records * (k + 1) / count
            let chunk = RulesChunk(self, feed: feed, records: range, context: context)
            done.withLock { $0[k] = chunk }
        }
        return done.withLock { $0.map { $0! } }
    }
}
