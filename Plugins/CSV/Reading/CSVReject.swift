/// A row the reader could not take: a short row, a cell that does not parse.
public struct CSVReject: Sendable {
    public var line: Int
    /// Names the column: `amount "1,23,4": thousands separators out of place`.
    public var reason: String
    public var raw: Range<Int>

    public init(line: Int, reason: String, raw: Range<Int>) {
        self.line = line
        self.reason = reason
        self.raw = raw
    }
}
