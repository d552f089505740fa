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
        let startingDayFormat = context.dayFormat
        try out.writeRows(of: feed, threads: context.threads) { rows, buffer, rowDone in
            var dates = ISODate.Writer()
            var dayFormat = startingDayFormat
            var first = rows.beginsAtTheFirstRow
            while let row = try rows.next() {
                cells.text.prefetch(ahead: rows)
                if !first { buffer.append(UInt8(ascii: ",")) }
                buffer.append(UInt8(ascii: "\n"))
                first = false
                TransactionJSON.append(row, feed: feed, cells: cells, dayFormat: &dayFormat, dates: &dates, to: &buffer)
                try rowDone(&buffer)
            }
        }
        out.write("],\n\"sources\":")
        out.write(FeedJSON.sources(feed))
        out.write(",\n\"summary\":")
        out.write(FeedJSON.summary(feed))
        out.write("}\n")
    }
}
