import TxFeedModel

/// One JSON document: `{"accounts": [...], "transactions": [...], "sources": [...], "summary": {...}}`.
/// Transactions stream into the output; the rest is small.
public struct JSONSink: FeedSink {
    public init() {}

    public func write(_ feed: Feed, context: FeedContext, to out: OutputWriter) throws {
        let cells = JSONCells(feed, colours: context.colours)
        out.write("{\"accounts\":")
        out.write(FeedJSON.accounts(feed))
        out.write(",\n\"transactions\":[")
        var rows = feed.rows()
        var dates = ISODate.Writer()
        var dayFormat = context.dayFormat
        var first = true
        try out.withBuffer { buffer in
            while let row = try rows.next() {
                cells.text.prefetch(ahead: rows)
                if !first { buffer.append(UInt8(ascii: ",")) }
                buffer.append(UInt8(ascii: "\n"))
                first = false
                TransactionJSON.append(row, feed: feed, cells: cells, dayFormat: &dayFormat, dates: &dates, to: &buffer)
                try out.rowDone(&buffer)
            }
        }
        out.write("],\n\"sources\":")
        out.write(FeedJSON.sources(feed))
        out.write(",\n\"summary\":")
        out.write(FeedJSON.summary(feed))
        out.write("}\n")
    }
}
