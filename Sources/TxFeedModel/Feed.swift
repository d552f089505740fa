import Dispatch
import Synchronization

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
    /// The rejected records: counted, the first few for the summary, each for `--rejects`.
    public var rejects = RejectStore()
    /// Every transaction's fingerprint, parallel to ``transactions`` (`fingerprints[i]` is
    /// `transactions[i]`'s), computed once in the merge. Empty for a feed built by hand.
    public var fingerprints: [Fingerprint] = []
    /// With `--dedupe` (or `--state`) and a pending record: each record's position among its
    /// source's transactions, parallel to ``transactions``, for a pending record dropped after
    /// the merge (``dropHoldsBookedInRun(window:tolerancePercent:remembered:)``,
    /// ``settlePending(_:window:tolerancePercent:today:)``) to be named in `--duplicates` as the
    /// merge's drops are.
    public var sourcePositions: [Int] = []
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
    /// What `--rules` gave each record (category, tags, the bank's vendor when rewritten),
    /// parallel to ``transactions``; nil without rules, so that every sink writes what it
    /// always wrote.
    public var labels: FeedLabels?
    /// The transfers between the feed's accounts (`--transfers`); nil when none was looked for
    /// or none had a candidate.
    public var transfers: FeedTransfers?
    /// With `--state`: which pending records are new, and which booked ones replace a pending
    /// one an earlier run remembered (``PendingMatcher``); nil without a state file.
    public var pending: PendingSettlement?
    /// The record ids `txfeed state keep` said are real that this run met and kept.
    public var keptAnyway: [String] = []
    /// With `--dedupe` or `--state`: the bank ids forgotten as shared within a statement
    /// (``forgetSharedBankIDs()``), for the run to say.
    public var sharedBankIDs: [SharedBankIDs] = []
    /// With `--dedupe`: bank ids two records of other money carry (``ReusedBankID``), both kept,
    /// for the run to say.
    public var reusedBankIDs: [ReusedBankID] = []

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

    /// The `id` the sinks write for `transactions[index]`: its bank id, else its fingerprint's
    /// text; nil only without either.
    public func recordID(at index: Int) -> String? {
        details(of: transactions[index])?.id ?? fingerprint(at: index)?.text
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
    ///   - rejects: the run's, which the sources' collectors filled as they went; the rejects
    ///     still in the outcomes join them.
    public init(
        merging outcomes: [SourceOutcome], dedupe: Bool = false, history: ImportHistory? = nil,
        rejects: RejectStore = RejectStore()
    ) {
        sources = outcomes.map(\.report)
        self.rejects = rejects
        rejects.add(outcomes)
        var merged: SourceData
        if outcomes.count < Self.mergedInHalvesFrom {
            merged = Self.merged(outcomes[...])
        } else {
            // Two halves merged on two cores, then the second appended to the first: the
            // same data as one source after another (each half's vendors, accounts and
            // records keep their order). A folder of ten thousand statements appended one by
            // one was ~55 ms on the main thread after the barrier.
            let middle = outcomes.count / 2
            let total = outcomes.reduce(0) { $0 + $1.data.transactions.count }
            let halves = Mutex<(SourceData, SourceData)>((SourceData(), SourceData()))
            DispatchQueue.concurrentPerform(iterations: 2) { half in
                // The first half's records sized for both: the second's are appended in place.
                let data =
                    half == 0
                    ? Self.merged(outcomes[..<middle], reserving: total) : Self.merged(outcomes[middle...])
                halves.withLock { if half == 0 { $0.0 = data } else { $0.1 = data } }
            }
            // Taken out of the lock, so that the first half's arrays are appended to in place.
            let second: SourceData
            (merged, second) = halves.withLock { halves in
                defer { halves = (SourceData(), SourceData()) }
                return halves
            }
            merged.append(second)
        }
        accounts = merged.accounts
        transactions = merged.transactions
        // Held by the feed alone, so that --dedupe moves its records up in place, not in a copy.
        merged.transactions = []
        vendors = merged.vendors
        details = merged.details
        if dedupe || history != nil || transactions.count < Self.overlapsFrom {
            fingerprints = Self.fingerprints(of: outcomes, total: transactions.count)
            if dedupe || history != nil {
                sharedBankIDs = forgetSharedBankIDs()
                removeDuplicates(history: history)
            }
            sortNewestFirst()
            return
        }
        // In order already (one statement, the usual case): nothing to sort, and the
        // fingerprints are hashed on every core.
        if Self.isNewestFirst(transactions) {
            fingerprints = Self.fingerprints(of: outcomes, total: transactions.count)
            return
        }
        // Nothing is dropped: the order is found, and the records put in it, while the
        // fingerprints are counted. A million accounts' records arrive in no order, and the
        // two took a quarter of a second one after the other on the main thread.
        let unsorted = transactions
        let counted = Mutex<[Fingerprint]>([])
        let order = Mutex<(keys: [SortKey], sorted: [Transaction])>(([], []))
        DispatchQueue.concurrentPerform(iterations: 2) { task in
            if task == 0 {
                let all = Self.fingerprints(of: outcomes, total: unsorted.count)
                counted.withLock { $0 = all }
            } else {
                let keys = Self.newestFirst(unsorted)
                let sorted = keys.map { unsorted[Int($0.position)] }
                order.withLock { $0 = (keys, sorted) }
            }
        }
        let unsortedFingerprints = counted.withLock { $0 }
        let (keys, sorted) = order.withLock { $0 }
        transactions = sorted
        fingerprints = keys.map { unsortedFingerprints[Int($0.position)] }
    }

    /// From this many records the merge sorts them while it counts their fingerprints: below,
    /// starting the second task costs more than it saves.
    static let overlapsFrom = 1 << 14

    /// From this many sources their data is merged in two halves at once.
    static let mergedInHalvesFrom = 64

    /// `outcomes`' data appended one after another, without their rejects (the feed keeps
    /// those with their source).
    /// - Parameters:
    ///   - reserving: records to make room for when more follow theirs; nil for theirs.
    private static func merged(_ outcomes: ArraySlice<SourceOutcome>, reserving: Int? = nil) -> SourceData {
        var merged = SourceData()
        // Many sources fill arrays sized once: grown by doubling, ten thousand small
        // statements were copied (and their pages touched) again at every doubling.
        let total =
            reserving ?? (outcomes.count > 1 ? outcomes.reduce(0) { $0 + $1.data.transactions.count } : 0)
        for outcome in outcomes {
            var data = outcome.data
            data.rejects = []
            data.continuesLastAccount = false  // a source's accounts are its own, never another's
            merged.append(data)
            if merged.transactions.capacity < total { merged.transactions.reserveCapacity(total) }
        }
        return merged
    }

    /// Every source's fingerprints, in source order: each hashed with its own data, whose
    /// vendor table is small and its own (the merged one is neither).
    private static func fingerprints(of outcomes: [SourceOutcome], total: Int) -> [Fingerprint] {
        var all: [Fingerprint] = []
        for outcome in outcomes {
            let counted = outcome.fingerprints ?? outcome.data.fingerprints()
            if all.isEmpty {
                all = counted
                all.reserveCapacity(total)
            } else {
                all += counted
            }
        }
        return all
    }

    /// A stable sort by time, newest first; skipped when the input is already in order
    /// (the usual case for one statement).
    mutating func sortNewestFirst() {
        guard !Self.isNewestFirst(transactions) else { return }
        // Sort small keys, not the records, then gather once.
        let keys = Self.newestFirst(transactions)
        let unsorted = transactions
        transactions = keys.map { unsorted[Int($0.position)] }
        if fingerprints.count == unsorted.count {
            let unsortedFingerprints = fingerprints
            fingerprints = keys.map { unsortedFingerprints[Int($0.position)] }
        }
        if sourcePositions.count == unsorted.count {
            let unsortedPositions = sourcePositions
            sourcePositions = keys.map { unsortedPositions[Int($0.position)] }
        }
    }

    /// Whether no record is newer than the one before it.
    static func isNewestFirst(_ transactions: [Transaction]) -> Bool {
        for i in transactions.indices.dropFirst() where transactions[i - 1].unixSeconds < transactions[i].unixSeconds {
            return false
        }
        return true
    }

    /// Each transaction's position, newest first, ties in input order: a radix sort of the age
    /// (the newest time less each time), in as many passes as the span of times needs (three
    /// for years of seconds), as a million accounts' records arrive in no order.
    static func newestFirst(_ transactions: [Transaction]) -> [SortKey] {
        var (newest, oldest) = (Int64.min, Int64.max)
        for t in transactions {
            newest = max(newest, t.unixSeconds)
            oldest = min(oldest, t.unixSeconds)
        }
        var keys = transactions.enumerated().map {
            SortKey(age: UInt64(bitPattern: newest &- $0.element.unixSeconds), position: UInt32($0.offset))
        }
        RadixSort.sort(&keys, bits: 64 - UInt64(bitPattern: newest &- oldest).leadingZeroBitCount) { $0.age }
        return keys
    }
}

/// A transaction's age (how much older than the newest it is) and its position.
struct SortKey {
    var age: UInt64
    var position: UInt32
}
