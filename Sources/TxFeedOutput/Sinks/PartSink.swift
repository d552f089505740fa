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
/// {"txfeed_part":1,"shard":"0/4","sources":2,"accounts":2}
/// {"s":0,"source":{"name":"jan",…}}
/// {"s":0,"account":{"name":"Checking",…}}
/// {"t":1704153600,"s":0,"r":{"date":"2024-01-02",…}}
/// ```
///
/// The objects are the sinks' own bytes, so a merge copies them and never re-encodes.
public struct PartSink: FeedSink {
    public static let version = 1
    public var shard: (index: Int, count: Int)
    /// Each source's index among all the run's sources, in the feed's source order.
    public var sourceIndexes: [Int]

    public init(shard: (index: Int, count: Int), sourceIndexes: [Int]) {
        self.shard = shard
        self.sourceIndexes = sourceIndexes
    }

    public func write(_ feed: Feed, context: FeedContext, to out: OutputWriter) throws {
        out.write(
            "{\"txfeed_part\":\(Self.version),\"shard\":\"\(shard.index)/\(shard.count)\",\"sources\":\(feed.sources.count),\"accounts\":\(feed.accounts.count)}\n"
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
        while let row = try rows.next() {
            let t = row.transaction
            out.write("{\"t\":\(t.unixSeconds),\"s\":\(accountSources[Int(t.account)]),\"r\":")
            TransactionJSON.append(row, feed: feed, cells: cells, context: context, to: &out.buffer)
            out.write("}\n")
            try out.rowDone()
        }
    }
}
