/// The merged feed the sinks receive: every source's accounts and transactions, newest first.
///
/// Merging knows nothing of colours or formats: those are the output stage's.
public struct Feed: Sendable {
    public var accounts: [Account] = []
    /// Newest first; ties keep source order, then input order.
    public var transactions: [Transaction] = []
    public var vendors = VendorTable()
    /// Bank ids and memos of the transactions that have them (``Transaction/details``).
    public var details: [TransactionDetails] = []
    public var sources: [SourceReport] = []
    /// Rejected records with the index of their source.
    public var rejects: [(source: Int, reject: Reject)] = []
    /// Every transaction's fingerprint, parallel to ``transactions`` (`fingerprints[i]` is
    /// `transactions[i]`'s), computed once in the merge. Empty for a feed built by hand.
    public var fingerprints: [Fingerprint] = []
    /// Whether `--dedupe` ran: the summary and the JSON sources then count ``duplicates``.
    public var deduplicated = false
    /// What `--dedupe` dropped, in source order, then what `--state` had seen before.
    public var duplicates: [Duplicate] = []
    /// The state file's batch this run is recorded as (`--state`), which JSON and NDJSON write
    /// on every record; nil without a state file.
    public var batch: Int64?
    /// The records when they went over the memory budget (``Spill``): then ``transactions``,
    /// ``fingerprints`` and ``details`` are empty and ``rows()`` merges the runs.
    public var spilled: SpilledFeed?

    public init() {}

    /// The bank id and memo of `transaction`, when it has either.
    @inline(__always)
    public func details(of transaction: Transaction) -> TransactionDetails? {
        transaction.details == Transaction.noDetails ? nil : details[Int(transaction.details)]
    }

    /// The fingerprint of `transactions[index]`, which every sink writes as its `id` when the
    /// source gave no bank id; nil only in a feed built by hand, without a merge.
    @inlinable
    public func fingerprint(at index: Int) -> Fingerprint? {
        index < fingerprints.count ? fingerprints[index] : nil
    }

    /// Merges what the barrier let through, in source order, and gives every transaction its
    /// fingerprint (each source's own occurrences); with `dedupe`, drops the later copies of
    /// each identity (``removeDuplicates(history:)``). One source's arrays are taken over, not
    /// copied.
    ///
    /// - Parameters:
    ///   - history: with `--state`, what earlier runs imported, keyed by the index of each
    ///     account among the outcomes' accounts in order (which is their index in the feed);
    ///     it implies `dedupe`.
    public init(merging outcomes: [SourceOutcome], dedupe: Bool = false, history: ImportHistory? = nil) {
        sources = outcomes.map(\.report)
        var merged = SourceData()
        for (source, outcome) in outcomes.enumerated() {
            var data = outcome.data
            rejects += data.rejects.map { (source, $0) }
            data.rejects = []  // kept once, above, with their source
            data.continuesLastAccount = false  // a source's accounts are its own, never another's
            // Hashed before the append, while the source's vendor table is small and its own.
            if fingerprints.isEmpty { fingerprints = data.fingerprints() } else { fingerprints += data.fingerprints() }
            merged.append(data)
        }
        accounts = merged.accounts
        transactions = merged.transactions
        vendors = merged.vendors
        details = merged.details
        if dedupe || history != nil { removeDuplicates(history: history) }
        sortNewestFirst()
    }

    /// A stable sort by time, newest first; skipped when the input is already in order
    /// (the usual case for one statement).
    mutating func sortNewestFirst() {
        var sorted = true
        for i in transactions.indices.dropFirst() where transactions[i - 1].unixSeconds < transactions[i].unixSeconds {
            sorted = false
            break
        }
        guard !sorted else { return }
        // Sort small (time, position) keys, not the records, then gather once.
        var keys = transactions.enumerated().map { SortKey(time: $0.element.unixSeconds, position: UInt32($0.offset)) }
        keys.sort { $0.time != $1.time ? $0.time > $1.time : $0.position < $1.position }
        let unsorted = transactions
        transactions = keys.map { unsorted[Int($0.position)] }
        if fingerprints.count == unsorted.count {
            let unsortedFingerprints = fingerprints
            fingerprints = keys.map { unsortedFingerprints[Int($0.position)] }
        }
    }
}

private struct SortKey {
    var time: Int64
    var position: UInt32
}
