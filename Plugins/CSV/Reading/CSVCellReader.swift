import CSVCells
import StatementText

/// Hands fields to the cell parsers as spans: plain fields straight from the text,
/// escaped ones (`""`) unescaped into one reused scratch buffer.
struct CSVCellReader {
    let text: CSVBytes
    private var scratch: [UInt8] = []

    init(text: CSVBytes) {
        self.text = text
    }

    mutating func withCell<Result>(
        _ field: CSVFieldSpan, _ body: (Span<UInt8>) -> Result
    ) -> Result {
        let text = self.text
        guard field.escaped else { return text.withSpan { body($0.extracting(field.start..<field.end)) } }
        scratch.removeAll(keepingCapacity: true)
        text.withSpan { CSVTokenizer.appendUnescaped(field, text: $0, to: &scratch) }
        return body(scratch.span)
    }

    /// The field as a `String`, blanks around it trimmed: for headers, samples and messages only.
    mutating func string(_ field: CSVFieldSpan) -> String {
        withCell(field) { SpanBytes.string($0) }.trimmingBlanks()
    }
}

extension String {
    /// The string without spaces, tabs and no-break spaces around it.
    func trimmingBlanks() -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\u{A0}" || $0 == "\r" }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
