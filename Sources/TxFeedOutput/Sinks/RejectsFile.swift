import TxFeedModel

/// `--rejects FILE`: each rejected record as one NDJSON line with its source, origin, path,
/// reason and the record itself.
public enum RejectsFile {
    public static func write(_ feed: Feed, to out: OutputWriter) {
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
