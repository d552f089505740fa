/// One transaction record as the file gives it, each field the value's bytes in the text.
struct QIFRecord: Sendable {
    /// Its place among the file's transaction records, from 1: `record 7 (line 31)`.
    var number: Int
    /// Its lines, as indexes into the document's lines.
    var lines: Range<Int>
    var firstLine: Int
    var account: Int
    var date: Range<Int>?
    var dateLine = 0
    /// `T`, the amount; `U` is the same amount in some exports and stands in when `T` is absent.
    var total: Range<Int>?
    var totalU: Range<Int>?
    var totalLine = 0
    var totalULine = 0
    var payee: Range<Int>?
    var memo: Range<Int>?
    /// `N`: the check number (the entry's id when it is digits) or a code such as `ATM`, `DEP`.
    var reference: Range<Int>?
    var category: Range<Int>?
    /// `C`, the cleared status: not imported, kept only so that a second one is seen.
    var cleared: Range<Int>?
    /// The first line repeating a field the record has once (`D`, `T`, `P`…): two records run
    /// together, a `^` missing between them. The record is rejected, never read as either.
    var repeated: (code: UInt8, line: Int)?
    var splits: [QIFSplit] = []
    /// The `!Type:` it came under (`Bank`, `CCard`): its vendor when nothing else names one.
    var type = ""

    init(number: Int, firstLineIndex: Int, firstLine: Int, account: Int) {
        self.number = number
        self.lines = firstLineIndex..<firstLineIndex
        self.firstLine = firstLine
        self.account = account
    }

    /// The amount to read: `T`, else `U`.
    var amount: Range<Int>? { total ?? totalU }
    var amountLine: Int { total != nil ? totalLine : totalULine }

    /// `record 7 (line 31)`: where a reject points.
    var location: String { "record \(number) (line \(firstLine))" }
}
