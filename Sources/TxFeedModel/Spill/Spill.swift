import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// `--memory SIZE`: the budget for what the sources' records may hold before the barrier.
/// Past it, a source's records leave memory as a sorted run in a temporary file (``SpillRun``),
/// and the feed becomes a merge of the runs (``Feed/init(merging:spill:)``).
///
/// Shared by every source's collector: each reports what it holds after each delivery, and
/// the one that takes the total over the budget writes its own records out, on its own thread.
public final class Spill: Sendable {
    /// Bytes the delivered records may hold in memory.
    public let budget: Int
    /// Where the run files go (`--temp-dir`).
    public let directory: String
    private let state = Mutex(State())

    private struct State {
        var held: [Int: Int] = [:]
        var total = 0
        var runs: [SpillRun] = []
        var error: SpillError?
    }

    /// What a record held in memory costs by the end of the in-memory merge (the record, its
    /// fingerprint, sort keys, the merged copy): 154 MiB a million measured, rounded up.
    static let bytesPerTransaction = 160
    /// A bank id or memo, on average, with its `String`s.
    static let bytesPerDetails = 96

    public init(budget: Int, directory: String) {
        self.budget = budget
        self.directory = directory
        Self.returnLargeBlocks()
    }

    /// glibc raises its mmap threshold each time a large block is freed, so after the first
    /// file buffer (9 MB for 100,000 records) later ones come from the source thread's arena
    /// and stay there when freed: with 64 source threads the peak grew 25% past the budget
    /// (20M records in 200 files: 1,266 MiB under `--memory 1G`; 1,005 MiB with a fixed
    /// threshold, and no slower). A fixed 1 MiB threshold maps every large block and returns
    /// it when freed. Process-wide and idempotent.
    static func returnLargeBlocks() {
        // mallopt is in <malloc.h>, which Glibc's module does not export: found at run time.
        #if canImport(Glibc)
            typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
            let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD
            _ = unsafeBitCast(symbol, to: Mallopt.self)(mmapThreshold, 1 << 20)
        #endif
    }

    /// Whether any records left memory: the feed is then a merge of runs.
    public var hasSpilled: Bool { state.withLock { !$0.runs.isEmpty } }

    /// The first run that could not be written: the run fails, since records would be lost.
    public var error: SpillError? { state.withLock { $0.error } }

    var runs: [SpillRun] { state.withLock { $0.runs } }

    /// After source `source` added to `data` (under its collector's lock): when what all
    /// sources hold is over the budget, `data`'s records become a run.
    public func collected(_ data: inout SourceData, source: Int) {
        let held = Self.cost(of: data)
        let over = state.withLock { s in
            s.total += held - s.held[source, default: 0]
            s.held[source] = held
            return s.error == nil && s.total > budget
        }
        if over { spill(&data, source: source) }
    }

    /// Writes `data`'s records out as one run; on failure keeps them and records the error.
    func spill(_ data: inout SourceData, source: Int) {
        do {
            try spillOrFail(&data, source: source)
        } catch {
            state.withLock { if $0.error == nil { $0.error = error } }
        }
    }

    func spillOrFail(_ data: inout SourceData, source: Int) throws(SpillError) {
        guard !data.transactions.isEmpty else { return }
        let run = try SpillRun(
            source: source, records: Self.runOrder(data), count: data.transactions.count, in: directory)
        data.spilled += data.transactions.count
        data.transactions = []
        data.details = []
        state.withLock { s in
            s.runs.append(run)
            s.total -= s.held[source, default: 0]
            s.held[source] = 0
        }
    }

    static func cost(of data: SourceData) -> Int {
        data.transactions.count * bytesPerTransaction + data.details.count * bytesPerDetails
    }

    /// `data`'s records newest first, ties in input order (the in-memory sort's order), each
    /// with its fingerprint hash and its position among the source's records.
    static func runOrder(_ data: SourceData) -> LazyMapSequence<[Int], SpillRecord> {
        let hashes = data.fingerprintHashes()
        let transactions = data.transactions
        let details = data.details
        let first = data.spilled
        var order = Array(transactions.indices)
        order.sort { a, b in
            let ta = transactions[a].unixSeconds, tb = transactions[b].unixSeconds
            return ta != tb ? ta > tb : a < b
        }
        return order.lazy.map { i in
            let t = transactions[i]
            return SpillRecord(
                transaction: t, hash: hashes[i], position: UInt64(first + i),
                details: t.details == Transaction.noDetails ? nil : details[Int(t.details)])
        }
    }
}
