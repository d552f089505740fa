/// A feed whose records are in sorted runs on disk: what ``FeedRows`` needs to merge them
/// into the feed's ids (each source's vendors and accounts renumbered as the in-memory merge
/// numbers them).
public final class SpilledFeed: Sendable {
    let runs: [SpillRun]
    /// Per source: its first account's index in the feed.
    let accountBases: [UInt32]
    /// Per source: its vendor ids in the feed's table.
    let vendorMaps: [[UInt32]]
    /// Records in all runs.
    public let count: Int
    /// Temporary files the records are in.
    public var runCount: Int { runs.count }
    /// Bytes each run's reader buffers: the runs share a quarter of the budget.
    let readSize: Int

    init(runs: [SpillRun], accountBases: [UInt32], vendorMaps: [[UInt32]], budget: Int) {
        self.runs = runs
        self.accountBases = accountBases
        self.vendorMaps = vendorMaps
        count = runs.reduce(0) { $0 + $1.count }
        readSize = min(1 << 20, max(64 << 10, budget / 4 / max(1, runs.count)))
    }
}
