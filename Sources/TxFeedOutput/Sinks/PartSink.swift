import TxFeedModel

/// `txfeed run --shard I/N`: one shard's feed as a part file, which `txfeed merge` combines with
/// the other shards' into exactly what one run over everything writes (docs/SHARDS.md).
///
/// NDJSON, one object a line, in this order: a header; each source's object and each
/// account's object as the JSON sink writes them; then the transactions, newest first, each
/// the NDJSON sink's object with its time and its source's index among *all* the run's
/// sources, the two keys a merge orders by:
///
/// ```
/// {"txfeed_part":2,"shard":"0/4","sources":2,"accounts":2,"run_sources":9,"run_names":"5be0…"}
/// {"s":0,"source":{"name":"jan",…}}
/// {"s":0,"account":{"name":"Checking",…}}
/// {"t":1704153600,"s":0,"r":{"date":"2024-01-02",…}}
/// ```
///
/// The objects are the sinks' own bytes, so a merge copies them and never re-encodes.
public struct PartSink: FeedSink {
    public static let version = 2
    public var shard: (index: Int, count: Int)
    /// Each source's index among all the run's sources, in the feed's source order.
    public var sourceIndexes: [Int]
    public var run: PartRun

    public init(shard: (index: Int, count: Int), sourceIndexes: [Int], run: PartRun) {
        self.shard = shard
        self.sourceIndexes = sourceIndexes
        self.run = run
    }

    public func write(_ feed: Feed, context: FeedContext, to out: OutputWriter) throws {
        out.write(
            "{\"txfeed_part\":\(Self.version),\"shard\":\"\(shard.index)/\(shard.count)\",\"sources\":\(feed.sources.count),\"accounts\":\(feed.accounts.count),\"run_sources\":\(run.sources),\"run_names\":\"\(run.namesHex)\"}\n"
        )
        for (n, object) in FeedJSON.sourceObjects(feed).enumerated() {
            out.write("{\"s\":\(sourceIndexes[n]),\"source\":")
            out.buffer += object
            out.write("}\n")
        }
        for (account, object) in zip(feed.accounts, FeedJSON.accountObjects(feed)) {
            out.write("{\"s\":\(sourceIndexes[account.source]),\"account\":")
            out.buffer += object
            out.write("}\n")
        }
        let cells = JSONCells(feed, colours: context.colours)
        let accountSources = feed.accounts.map { sourceIndexes[$0.source] }
        var rows = feed.rows()
        var dates = ISODate.Writer()
        while let row = try rows.next() {
            let t = row.transaction
            out.write("{\"t\":\(t.unixSeconds),\"s\":\(accountSources[Int(t.account)]),\"r\":")
            TransactionJSON.append(
                row, feed: feed, cells: cells, dayFormat: &context.dayFormat, dates: &dates, to: &out.buffer)
            out.write("}\n")
            try out.rowDone()
        }
    }
}

/// The whole run a part belongs to: how many sources it has and a hash of their names, in
/// order. A source's index and its part follow from them, so parts of runs over other inputs
/// (a file added before one part was run again) would merge into a feed that silently lacks
/// or repeats sources: `txfeed merge` refuses them.
public struct PartRun: Equatable, Sendable {
    public var sources: Int
    /// FNV-1a 64 of each name followed by a zero byte.
    public var names: UInt64

    public init(sources: Int, names: UInt64) {
        self.sources = sources
        self.names = names
    }

    public init(names: [String]) {
        self.init(sources: names.count, names: names.reduce(FNV1a.offsetBasis) { FNV1a.hash($1 + "\0", from: $0) })
    }

    /// `names` as 16 hex digits.
    public var namesHex: String {
        let digits = String(names, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
