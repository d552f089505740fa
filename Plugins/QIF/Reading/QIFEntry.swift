/// One record read whole: its fields as ranges of its batch's bytes.
public struct QIFEntry: Sendable {
    /// `2024-01-03`: a civil date.
    public var date: Range<Int>
    public var vendor: Range<Int>
    /// A plain signed decimal (`-1234.56`).
    public var amount: Range<Int>
    public var id: Range<Int>?
    public var memo: Range<Int>?
    /// `record 7 (line 31)`
    public var location: Range<Int>
    /// The record's lines joined with `\n`.
    public var raw: Range<Int>
}
