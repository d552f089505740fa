import StatementText

/// One whole statement of a file that failed later, cut out as a document of its own: the
/// root's and the message's start tags (with their namespace declarations) as written, the
/// statement's bytes, and the closing tags. Read again, it finishes a statement the streaming
/// reader had begun but could not hand out before libxml2 stopped at damage further on.
enum CAMTStatementExcerpt {
    /// The document holding the `index`-th statement alone; nil when that statement does not
    /// end in the file.
    static func document(statement index: Int, in bytes: Span<UInt8>) -> [UInt8]? {
        var opening: [CAMTTagScanner.Tag] = []
        var started = 0
        var start: Int?
        var end: Int?
        CAMTTagScanner.forEachTag(in: bytes, before: bytes.count) { tag in
            if opening.count < 2, !tag.isClosing {
                opening.append(tag)
                return true
            }
            guard CAMTTagScanner.isStatement(tag.name) else { return true }
            if !tag.isClosing {
                if started == index { start = tag.bytes.lowerBound }
                if started == index, tag.isEmpty { end = tag.bytes.upperBound }
                started += 1
            } else if start != nil {
                end = tag.bytes.upperBound
            }
            return end == nil
        }
        guard opening.count == 2, let start, let end else { return nil }
        var text: [UInt8] = []
        for tag in opening { SpanBytes.append(bytes, tag.bytes, to: &text) }
        SpanBytes.append(bytes, start..<end, to: &text)
        for tag in opening.reversed() {
            text += "</".utf8
            SpanBytes.append(bytes, tag.qualified, to: &text)
            text += ">".utf8
        }
        return text
    }
}
