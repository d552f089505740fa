/// One field of a record as byte offsets into the text: the quotes already stripped.
struct CSVFieldSpan: Sendable {
    var start: Int
    var end: Int
    /// The field holds `""` for a quote: it must be unescaped before use.
    var escaped: Bool

    var isEmpty: Bool { start == end }
}
