/// One row as a transaction: `date` in a host date form, `amount` a plain signed decimal.
public struct CSVEntry: Sendable {
    public var line: Int
    public var date: Range<Int>
    public var vendor: Range<Int>
    public var amount: Range<Int>
    public var id: CSVField
    public var memo: CSVField
    /// The row as it was in the file (after decoding), for `--rejects`.
    public var raw: Range<Int>
    public var pending: Bool

    public init(
        line: Int, date: Range<Int>, vendor: Range<Int>, amount: Range<Int>, id: CSVField, memo: CSVField,
        raw: Range<Int>, pending: Bool
    ) {
        self.line = line
        self.date = date
        self.vendor = vendor
        self.amount = amount
        self.id = id
        self.memo = memo
        self.raw = raw
        self.pending = pending
    }
}
