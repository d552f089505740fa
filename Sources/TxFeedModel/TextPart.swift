/// Where a piece of a larger JSON text starts, for a source that hands over a large file in
/// bounded pieces (`emit_document_part`, `emit_transactions_part`): messages name lines and
/// columns of the whole file, not of the piece.
public struct TextPart: Sendable, Equatable {
    /// Byte offset of the piece's first byte in its origin; 0 is the text's start.
    public var offset: Int
    /// Line (from 1) and column (in bytes, from 1) of that byte.
    public var line: Int
    public var column: Int
    /// The piece is NDJSON lines of a larger NDJSON text: each non-blank line is a document,
    /// even when the piece holds only one, or its first line is broken.
    public var linesAreDocuments: Bool

    public init(offset: Int, line: Int, column: Int, linesAreDocuments: Bool = false) {
        self.offset = offset
        self.line = max(line, 1)
        self.column = max(column, 1)
        self.linesAreDocuments = linesAreDocuments
    }

    /// A whole text: positions as they are.
    public static let whole = TextPart(offset: 0, line: 1, column: 1)

    /// Whether the piece starts where its text does (its first envelope is the text's first).
    public var isStart: Bool { offset == 0 }

    /// `line` and `column` of the piece, moved to the whole text's.
    public func shifted(line: Int, column: Int) -> (line: Int, column: Int) {
        line == 1 ? (self.line, self.column + column - 1) : (self.line + line - 1, column)
    }
}
