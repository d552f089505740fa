/// One record (a row, possibly over several lines) as offsets into the text.
struct CSVRecordSpan: Sendable {
    /// The first byte of the record and the byte after its last (line break excluded).
    var start: Int
    var end: Int
    /// The 1-based line the record starts on.
    var line: Int
    var fieldCount: Int
    /// A record of nothing but empty fields: a blank line, `""`, `;;;`.
    var isBlank: Bool
}
