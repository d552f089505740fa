/// Where in the statements a parse error is. libxml2's reader lags its parser by a chunk, so the
/// reader's own place may be an entry or two before the damage: the bytes up to the error's
/// line and column are scanned instead, counting statement and entry tags (once, on failure).
enum CAMTDamageLocator {
    /// `Stmt[1].Ntry[57]`, `Stmt[1]`, or empty before any statement.
    static func path(in bytes: UnsafeRawBufferPointer, line: Int, column: Int) -> String {
        let stop = offset(in: bytes, line: line, column: column)
        var statement: (name: String, index: Int, open: Bool)?
        var statements = 0
        var entry: (index: Int, open: Bool)?
        var at = 0
        while at < stop {
            guard bytes[at] == UInt8(ascii: "<") else {
                at += 1
                continue
            }
            if let skipped = skipMarkup(bytes, at) {
                at = skipped
                continue
            }
            let closing = at + 1 < bytes.count && bytes[at + 1] == UInt8(ascii: "/")
            var start = at + (closing ? 2 : 1)
            var end = start
            while end < bytes.count, !endsName(bytes[end]) {
                if bytes[end] == UInt8(ascii: ":") { start = end + 1 }
                end += 1
            }
            let name = String(decoding: bytes[start..<end], as: UTF8.self)
            let selfClosing = tagEnd(bytes, end).selfClosing
            switch (name, closing) {
            case ("Stmt", false), ("Rpt", false), ("Ntfctn", false):
                statement = (name, statements, !selfClosing)
                statements += 1
                entry = nil
            case ("Stmt", true), ("Rpt", true), ("Ntfctn", true):
                statement?.open = false
                entry = nil
            case ("Ntry", false): entry = ((entry?.index ?? -1) + 1, !selfClosing)
            case ("Ntry", true): entry?.open = false
            default: break
            }
            at = end
        }
        guard let statement, statement.open else { return "" }
        guard let entry, entry.open else { return "\(statement.name)[\(statement.index)]" }
        return "\(statement.name)[\(statement.index)].Ntry[\(entry.index)]"
    }

    /// The byte at 1-based `line` and `column`, or the end.
    private static func offset(in bytes: UnsafeRawBufferPointer, line: Int, column: Int) -> Int {
        var at = 0, current = 1
        while current < line, at < bytes.count {
            if bytes[at] == 0x0A { current += 1 }
            at += 1
        }
        return min(at + max(column - 1, 0), bytes.count)
    }

    /// Past a comment, CDATA section, processing instruction or declaration starting at `at`.
    private static func skipMarkup(_ bytes: UnsafeRawBufferPointer, _ at: Int) -> Int? {
        func starts(_ text: String) -> Bool {
            let word = Array(text.utf8)
            return at + word.count <= bytes.count && Array(bytes[at..<(at + word.count)]) == word
        }
        let closer: String
        if starts("<!--") {
            closer = "-->"
        } else if starts("<![CDATA[") {
            closer = "]]>"
        } else if starts("<?") || starts("<!") {
            closer = ">"
        } else {
            return nil
        }
        let word = Array(closer.utf8)
        var end = at + 2
        while end + word.count <= bytes.count {
            if Array(bytes[end..<(end + word.count)]) == word { return end + word.count }
            end += 1
        }
        return bytes.count
    }

    private static func tagEnd(_ bytes: UnsafeRawBufferPointer, _ from: Int) -> (end: Int, selfClosing: Bool) {
        var end = from
        while end < bytes.count, bytes[end] != UInt8(ascii: ">") { end += 1 }
        return (end, end > from && end < bytes.count && bytes[end - 1] == UInt8(ascii: "/"))
    }

    private static func endsName(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte == 0x20 || byte == 0x0A || byte == 0x09
            || byte == 0x0D
    }
}
