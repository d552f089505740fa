/// A cell kept for a message: its text and its line, so evidence and errors can point at the file.
///
/// Every message that repeats a cell goes through `CellQuote.text`: the host prints
/// messages as C strings, so a NUL or a line break in a cell must not reach it as it is.
public struct CellQuote: Sendable, Equatable, CustomStringConvertible {
    var text: String
    var line: Int

    init(_ cell: Span<UInt8>, line: Int) {
        self.text = CellText.text(cell)
        self.line = line
    }

    /// `"1.234,56" on line 7`
    public var description: String { "\"\(text)\" on line \(line)" }

    /// The cell as a message repeats it: blanks around it trimmed, invalid UTF-8 as U+FFFD,
    /// `\0`, `\t`, `\n`, `\r` and other controls as `\u00XX` escaped, cut with `…` after
    /// 40 characters.
    public static func text(_ cell: Span<UInt8>) -> String { CellText.text(cell) }

    /// Text already decoded (a header name, a sample), escaped and cut the same way.
    public static func text(_ text: String) -> String { CellText.text(text) }

    /// Text with its controls escaped but not cut: a row excerpt that keeps its own length.
    public static func escaped(_ text: String) -> String { CellText.escaped(text) }
}
