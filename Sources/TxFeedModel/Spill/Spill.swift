import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// `--memory SIZE`: the budget for what the sources' records may hold before the barrier.
/// Past it, records leave their source for a shared pool, and a full pool is sorted and
/// written as one run (``SpillRun``); the feed becomes a merge of the runs
/// (``Feed/init(merging:spill:)``).
///
/// Shared by every source's collector: each reports what it holds after each delivery, and
/// while the total is over the budget the delivering source's records leave, on its own
/// thread: 65,536 or more as a run of their own, fewer into the pool. A pool's run mixes
/// sources, so a folder of ten thousand small statements is a few runs, not ten thousand.
public final class Spill: Sendable {
    /// Bytes the delivered records may hold in memory.
    public let budget: Int
    /// Where the run files go (`--temp-dir`).
    public let directory: String
    let state = Mutex(State())
    /// Held records plus the pool, in bytes. An atomic, not part of ``state``: every delivery
    /// of every source adds to it, and a lock shared by them all was 7% of a folder's CPU
    /// (ten thousand files, threads spinning on it while its holder waited for a core).
    let total = Atomic<Int>(0)
    /// One source pools (and writes a full pool) at a time: the others wait with their records
    /// still counted, so the pool, its sort and the records being hashed exist once, not once
    /// per source thread (64 threads each with a pool of its own passed 2 GiB under 1G).
    private let pooling = Mutex(())

    struct State {
        var pool: [SpillRecord] = []
        var runs: [SpillRun] = []
        var error: SpillError?
    }

    /// What a record held in memory costs by the end of the in-memory merge (the record, its
    /// fingerprint, sort keys, the merged copy): 154 MiB a million measured, rounded up.
    static let bytesPerTransaction = 160
    /// A bank id or memo, on average, with its `String`s.
    static let bytesPerDetails = 96
    /// A record waiting in the pool (``SpillRecord``, its optional strings' references).
    static let bytesPerPooled = 96
    /// A run holds at least this many records, whatever the budget, so that a tiny budget is
    /// still a few dozen runs (each an open descriptor and a read buffer in the merge).
    static let minimumRunRecords = 1 << 16

    /// Records a run takes from the pool: an eighth of the budget.
    var runRecords: Int { max(Self.minimumRunRecords, budget / 8 / Self.bytesPerPooled) }

    public init(budget: Int, directory: String) {
        self.budget = budget
        self.directory = directory
        Self.returnLargeBlocks()
    }

    /// Whether any records left memory: the feed is then a merge of runs.
    public var hasSpilled: Bool { state.withLock { !$0.runs.isEmpty || !$0.pool.isEmpty } }

    /// The first run that could not be written: the run fails, since records would be lost.
    public var error: SpillError? { state.withLock { $0.error } }

    var runs: [SpillRun] { state.withLock { $0.runs } }

    /// After source `source` added to `data` (under its collector's lock): when what all
    /// sources hold is over the budget, `data`'s records go to the pool.
    /// - Parameters:
    ///   - held: what the source was last counted as holding, kept by its collector under its
    ///     own lock (only that source's thread changes it), so a delivery under the budget
    ///     takes no lock shared with the other sources.
    public func collected(_ data: inout SourceData, source: Int, held: inout Int) {
        let now = Self.cost(of: data)
        let sum = total.add(now - held, ordering: .relaxed).newValue
        held = now
        if sum > budget && error == nil { pool(&data, source: source, held: &held) }
    }

    /// Moves `data`'s records to the pool (their hashes computed while the source's strings
    /// are at hand), and writes the pool out as a run once it is full.
    func pool(_ data: inout SourceData, source: Int, held: inout Int) {
        guard !data.transactions.isEmpty else { return }
        guard data.transactions.count < Self.minimumRunRecords else {
            // A run of its own, sorted by index and written straight from the source's arrays:
            // no pool, no copy of the records (pooling them too passed 1.1 GiB under 1G).
            guard let run = writeRun(of: &data, source: source) else { return }
            state.withLock { $0.runs.append(run) }
            total.subtract(held, ordering: .relaxed)
            held = 0
            return
        }
        pooling.withLock { _ in poolNow(&data, source: source, held: &held) }
    }

    /// Writes `data`'s records as a run of their own, which they leave; nil when it could not be
    /// written (``error`` says why).
    func writeRun(of data: inout SourceData, source: Int) -> SpillRun? {
        do {
            let run = try SpillRun(
                records: Self.runOrder(data, source: source), count: data.transactions.count, in: directory)
            data.spilled += data.transactions.count
            data.transactions = []
            data.details = []
            return run
        } catch {
            state.withLock { if $0.error == nil { $0.error = error } }
            return nil
        }
    }

    /// `data`'s records newest first, ties in input order, built one at a time as written.
    static func runOrder(_ data: SourceData, source: Int) -> LazyMapSequence<[Int], SpillRecord> {
        let hashes = data.fingerprintHashes()
        let transactions = data.transactions
        let details = data.details
        let first = data.positionBase + UInt64(data.spilled)
        var order = Array(transactions.indices)
        order.sort { a, b in
            let ta = transactions[a].unixSeconds, tb = transactions[b].unixSeconds
            return ta != tb ? ta > tb : a < b
        }
        return order.lazy.map { i in
            let t = transactions[i]
            return SpillRecord(
                transaction: t, hash: hashes[i], position: first + UInt64(i), source: UInt32(source),
                details: t.details == Transaction.noDetails ? nil : details[Int(t.details)])
        }
    }

    private func poolNow(_ data: inout SourceData, source: Int, held: inout Int) {
        let records = Self.records(data, source: source)
        data.spilled += data.transactions.count
        data.transactions = []
        data.details = []
        total.add(records.count * Self.bytesPerPooled - held, ordering: .relaxed)
        held = 0
        // Taken out of the state whole, so the sort works in place, never on a copy.
        var full: [SpillRecord] = state.withLock { s in
            s.pool += records
            guard s.pool.count >= runRecords else { return [] }
            total.subtract(s.pool.count * Self.bytesPerPooled, ordering: .relaxed)
            return s.pool.take()
        }
        if !full.isEmpty { write(&full) }
    }

    /// Writes what is left in the pool; then ``error`` says whether every run was written.
    func finish() throws(SpillError) {
        pooling.withLock { _ in
            var rest = state.withLock { $0.pool.take() }
            if !rest.isEmpty { write(&rest) }
        }
        if let error { throw error }
    }

    /// Sorts `records` into the merge's order and writes them as one run.
    private func write(_ records: inout [SpillRecord]) {
        records.sort { x, y in
            if x.transaction.unixSeconds != y.transaction.unixSeconds {
                return x.transaction.unixSeconds > y.transaction.unixSeconds
            }
            return x.source != y.source ? x.source < y.source : x.position < y.position
        }
        do {
            let run = try SpillRun(records: records, count: records.count, in: directory)
            state.withLock { $0.runs.append(run) }
        } catch {
            state.withLock { if $0.error == nil { $0.error = error } }
        }
    }

    static func cost(of data: SourceData) -> Int {
        data.transactions.count * bytesPerTransaction + data.details.count * bytesPerDetails
    }

    /// `data`'s records in input order, each with its fingerprint hash, its position among
    /// the source's records and the source.
    static func records(_ data: SourceData, source: Int) -> [SpillRecord] {
        let hashes = data.fingerprintHashes()
        let first = data.positionBase + UInt64(data.spilled)
        return data.transactions.indices.map { i in
            let t = data.transactions[i]
            return SpillRecord(
                transaction: t, hash: hashes[i], position: first + UInt64(i), source: UInt32(source),
                details: t.details == Transaction.noDetails ? nil : data.details[Int(t.details)])
        }
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
}

extension Array {
    /// The array, leaving an empty one behind: the caller holds the only reference.
    fileprivate mutating func take() -> [Element] {
        var taken: [Element] = []
        swap(&self, &taken)
        return taken
    }
}
