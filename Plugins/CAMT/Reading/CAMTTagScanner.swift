import StatementText

/// A plain scan of an XML file's tags, for what libxml2's streaming reader cannot say once it
/// has failed: where the damage is, and where an earlier statement's bytes are. Comments, CDATA,
/// processing instructions and declarations are stepped over; nothing is checked.
enum CAMTTagScanner {
    /// One start, end or empty-element tag.
    struct Tag {
        /// The local name, without prefix.
        var name: String
        /// The qualified name's bytes (`c:Stmt`).
        var qualified: Range<Int>
        var isClosing: Bool
        var isEmpty: Bool
        /// From its `<` to just past its `>`.
        var bytes: Range<Int>
    }

    /// Calls `body` with each tag from `start` on that starts before `stop`, in order, until it
    /// returns false.
    static func forEachTag(
        in bytes: Span<UInt8>, from start: Int = 0, before stop: Int, _ body: (Tag) -> Bool
    ) {
        var at = start
        while at < min(stop, bytes.count) {
            guard bytes[at] == UInt8(ascii: "<") else {
                at += 1
                continue
            }
            if let skipped = skipMarkup(bytes, at) {
                at = skipped
                continue
            }
            let closing = at + 1 < bytes.count && bytes[at + 1] == UInt8(ascii: "/")
            let nameStart = at + (closing ? 2 : 1)
            var localStart = nameStart, end = nameStart
            while end < bytes.count, !endsName(bytes[end]) {
                if bytes[end] == UInt8(ascii: ":") { localStart = end + 1 }
                end += 1
            }
            var close = end
            while close < bytes.count, bytes[close] != UInt8(ascii: ">") { close += 1 }
            let tag = Tag(
                name: SpanBytes.string(bytes, localStart..<end), qualified: nameStart..<end,
                isClosing: closing,
                isEmpty: close > end && close < bytes.count && bytes[close - 1] == UInt8(ascii: "/"),
                bytes: at..<min(close + 1, bytes.count))
            guard body(tag) else { return }
            at = tag.bytes.upperBound
        }
    }

    /// The byte at 1-based `line` and `column`, or the end.
    static func offset(in bytes: Span<UInt8>, line: Int, column: Int) -> Int {
        var at = 0, current = 1
        while current < line, at < bytes.count {
            if bytes[at] == 0x0A { current += 1 }
            at += 1
        }
        return min(at + max(column - 1, 0), bytes.count)
    }

    static func isStatement(_ name: String) -> Bool { name == "Stmt" || name == "Rpt" || name == "Ntfctn" }

    // MARK: Lexing

    /// Past a comment, CDATA section, processing instruction or declaration starting at `at`.
    private static func skipMarkup(_ bytes: Span<UInt8>, _ at: Int) -> Int? {
        let closer: StaticString
        if starts(bytes, "<!--", at) {
            closer = "-->"
        } else if starts(bytes, "<![CDATA[", at) {
            closer = "]]>"
        } else if starts(bytes, "<?", at) || starts(bytes, "<!", at) {
            closer = ">"
        } else {
            return nil
        }
        var end = at + 2
        while end < bytes.count {
            if starts(bytes, closer, end) { return end + closer.utf8CodeUnitCount }
            end += 1
        }
        return bytes.count
    }

    /// Whether `word` is at `from` in `bytes`.
    private static func starts(_ bytes: Span<UInt8>, _ word: StaticString, _ from: Int) -> Bool {
        from + word.utf8CodeUnitCount <= bytes.count
            && CAMTText.equals(bytes, from..<(from + word.utf8CodeUnitCount), word)
    }

    private static func endsName(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte == 0x20 || byte == 0x0A || byte == 0x09
            || byte == 0x0D
    }
}
