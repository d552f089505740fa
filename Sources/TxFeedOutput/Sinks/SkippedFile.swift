import TxFeedModel

/// `--skipped FILE`: each record a source left out because its file says the money never moved
/// (a declined or reverted card payment), one NDJSON line as `--rejects` writes a reject: its
/// source, origin, path, why (the status as the file writes it) and the record's own text.
public enum SkippedFile {
    public static func write(_ feed: Feed, to out: OutputWriter) throws {
        var line: [UInt8] = []
        for source in feed.sources {
            for record in source.neverMoved {
                line.removeAll(keepingCapacity: true)
                record.appendLine(source: source.name, to: &line)
                out.write(line)
                try out.rowDone()
            }
        }
    }
}
