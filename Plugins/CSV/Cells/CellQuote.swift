/// A cell kept for a message: its text and its line, so evidence and errors can point at the file.
struct CellQuote: Sendable, Equatable, CustomStringConvertible {
    var text: String
    var line: Int

    init(_ cell: UnsafeBufferPointer<UInt8>, line: Int) {
        self.text = CellText.text(cell)
        self.line = line
    }

    /// `"1.234,56" on line 7`
    var description: String { "\"\(text)\" on line \(line)" }
}
