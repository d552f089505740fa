import TxFeedModel

/// `--rejects FILE`: each rejected record as one NDJSON line with its source, origin, path,
/// reason and the record itself; then each document that failed whole, as a line whose path
/// is `document`, whose reason names where it failed, and whose record is null.
public enum RejectsFile {
    public static func write(_ feed: Feed, to out: OutputWriter) {
        writeRecords(feed, to: out)
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
            }
        }
    }

    private static func writeRecords(_ feed: Feed, to out: OutputWriter) {
        for (source, reject) in feed.rejects {
            out.write("{\"source\":")
            out.write(JSONString.literal(feed.sources[source].name))
            out.write(",\"origin\":")
            out.write(JSONString.literal(reject.origin))
            out.write(",\"path\":")
            out.write(JSONString.literal(reject.path))
            out.write(",\"reason\":")
            out.write(JSONString.literal(reject.reason))
            out.write(",\"record\":")
            if reject.rawIsText {
                out.write(JSONString.literal(reject.raw))
            } else {
                // The raw text parsed as JSON, but may span lines: keep NDJSON one line a record.
                out.write(reject.raw.map { $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 })
            }
            out.write("}\n")
        }
    }
}
