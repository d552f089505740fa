extension Reject {
    /// The record as one NDJSON line of `--rejects`: its source, origin, path, reason and the
    /// record itself.
    /// - Parameters:
    ///   - source: the name of the source it came from: the line must say so on its own, since
    ///     the line is kept (and may wait in a temporary file) apart from its source.
    public func appendLine(source: String, to line: inout [UInt8]) {
        line += #"{"source":"#.utf8
        JSONString.append(source, to: &line)
        line += #","origin":"#.utf8
        JSONString.append(origin, to: &line)
        line += #","path":"#.utf8
        JSONString.append(path, to: &line)
        line += #","reason":"#.utf8
        JSONString.append(reason, to: &line)
        line += #","record":"#.utf8
        if rawIsText {
            JSONString.append(raw, to: &line)
        } else {
            // The raw text parsed as JSON, but may span lines: keep NDJSON one line a record.
            line += raw.lazy.map { $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 }
        }
        line += "}\n".utf8
    }
}
