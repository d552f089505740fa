import TxFeedModel

/// `--rejects FILE`: each rejected record as one NDJSON line with its source, origin, path,
/// reason and the record itself; then each document that failed whole, as a line whose path
/// is `document`, whose reason names where it failed, and whose record is null.
public enum RejectsFile {
    /// - Throws: when a temporary file of the rejects cannot be read back or the file written.
    public static func write(_ feed: Feed, to out: OutputWriter) throws {
        try writeRecords(feed, to: out)
        for source in feed.sources {
            for failure in source.documentFailures {
                // A failure reads `ORIGIN: reason` (the origin with its line and column when
                // the text was read that far).
                let origin = failure.range(of: ": ").map { String(failure[..<$0.lowerBound]) } ?? source.name
                out.write("{\"source\":")
                out.write(JSONString.literal(source.name))
                out.write(",\"origin\":")
                out.write(JSONString.literal(origin))
                out.write(",\"path\":\"document\",\"reason\":")
                out.write(JSONString.literal(failure))
                out.write(",\"record\":null}\n")
                try out.rowDone()
            }
        }
    }

    private static func writeRecords(_ feed: Feed, to out: OutputWriter) throws {
        try feed.rejects.forEachBlock { block in
            out.write(block)
            try out.rowDone()
        }
    }
}
