/// Whether a byte-by-byte scan of JSON text is inside a string, and whether the next byte is
/// escaped: the part both large-file scanners (``ElementCutter``, ``EnvelopeOutline``) follow
/// the same way, so that a quote or bracket in a string never counts.
struct JSONStringState {
    private(set) var inString = false
    private var escaped = false

    /// At the string's opening quote.
    mutating func open() {
        inString = true
        escaped = false
    }

    /// A byte inside the string; true when it is the quote that ends it.
    mutating func closes(with c: UInt8) -> Bool {
        if escaped {
            escaped = false
        } else if c == UInt8(ascii: "\\") {
            escaped = true
        } else if c == UInt8(ascii: "\"") {
            inString = false
            return true
        }
        return false
    }
}
