import CSVCells

/// A headerless table between two balance rows of one account (LCL's export: `01/06/2026;
/// 1489,65;;00451 098285A` first, the same form with the closing balance last): not
/// transactions, but evidence. The opening balance and the rows' amounts must make the closing
/// one, which is what makes reading the last line as a balance safe: a truncated file's last
/// row, or an unrelated one, would not add up.
struct StatementBalances: Sendable {
    /// One balance row: `date;amount;;reference`.
    struct Row: Sendable {
        var line: Int
        /// The balance as written (`1489,65`), read with the file's decimal mark once it is decided.
        var amount: String
        /// The account's reference (`00451 098285A`): the same on both rows.
        var reference: String
    }

    var opening: Row
    var closing: Row
    /// What the note names the two rows by: LCL's account reference, or the rows' own labels.
    var described: String

    /// The table's width in LCL's layout: date, amount, kind, cheque number, payee of money
    /// out, payee of money in, a column of zeros and a category.
    static let tableWidth = 8

    /// The balance rows around `layout`'s table: its only preamble line and its only trailing
    /// line, each four fields shaped `date;amount;;reference` with one reference, around a
    /// headerless table of ``tableWidth``. Nil for every other file.
    static func find(in layout: TableLayout, text: CSVBytes, separator: UInt8)
        -> StatementBalances?
    {
        guard layout.header == nil, layout.width == tableWidth, layout.preamble.count == 1,
            layout.trailing.count == 1,
            let opening = row(layout.preamble[0], text: text, separator: separator),
            let closing = row(layout.trailing[0], text: text, separator: separator),
            opening.reference == closing.reference
        else { return nil }
        return StatementBalances(opening: opening, closing: closing, described: opening.reference)
    }

    /// The two dated balance rows after a headed table (Volksbank's and Raiffeisen banks'
    /// `Anfangssaldo` and `Endsaldo`, ``TableLayout/balanceLabel(_:_:reader:)``), their amounts
    /// signed by the indicator beside them (`S` a debit balance): `layout`'s trailing rows when
    /// they are exactly those two. Nil for every other file.
    static func trailing(
        in layout: TableLayout, columns: TableLayout.RowColumns, amount: Int?, indicator: Int?, sideWords: SideWords,
        text: CSVBytes, separator: UInt8
    ) -> StatementBalances? {
        guard layout.header != nil, layout.trailing.count == 2, let amount else { return nil }
        var reader = CSVCellReader(text: text)
        var rows: [(row: Row, opening: Bool)] = []
        for record in layout.trailing {
            let fields = TableLayout.fields(of: record, text: text, separator: separator)
            guard let label = TableLayout.balanceLabel(fields, columns, reader: &reader), amount < fields.count
            else { return nil }
            var figure = reader.string(fields[amount])
            if let indicator, indicator < fields.count, !figure.hasPrefix("-"),
                sideWords.side(of: reader.string(fields[indicator])) == .debit
            {
                figure = "-" + figure
            }
            let opening = StatementWords.openingLabels.contains(HeaderVocabulary.normalise(label))
            rows.append((Row(line: record.line, amount: figure, reference: label), opening))
        }
        guard rows[0].opening != rows[1].opening else { return nil }
        let (opening, closing) = rows[0].opening ? (rows[0].row, rows[1].row) : (rows[1].row, rows[0].row)
        return StatementBalances(
            opening: opening, closing: closing, described: "\(opening.reference), \(closing.reference)")
    }

    /// The record as a balance row, or nil when it is not one: four fields, a date, an amount,
    /// nothing, and a reference that is neither a date nor an amount.
    private static func row(_ record: CSVRecordSpan, text: CSVBytes, separator: UInt8) -> Row? {
        let fields = TableLayout.fields(of: record, text: text, separator: separator)
        guard fields.count == 4, fields[2].isEmpty, !fields[3].isEmpty else { return nil }
        var reader = CSVCellReader(text: text)
        let shaped =
            reader.withCell(fields[0]) { DatePattern.looksLikeDate($0) }
            && reader.withCell(fields[1]) { AmountText.looksLikeAmount($0) }
            && !reader.withCell(fields[3]) { DatePattern.looksLikeDate($0) || AmountText.looksLikeAmount($0) }
        guard shaped else { return nil }
        let reference = reader.string(fields[3])
        guard !reference.isEmpty else { return nil }
        return Row(line: record.line, amount: reader.string(fields[1]), reference: reference)
    }

    /// A scaled figure as the file writes money: `4059,42`, `-10,00`, `0,0725`.
    static func text(_ scaled: Int64, mark: DecimalMark) -> String {
        let magnitude = scaled.magnitude
        var fraction = String(magnitude % 10_000)
        fraction = String(repeating: "0", count: 4 - fraction.count) + fraction
        while fraction.count > 2, fraction.hasSuffix("0") { fraction.removeLast() }
        let point = mark == .comma ? "," : "."
        return (scaled < 0 ? "-" : "") + String(magnitude / 10_000) + point + fraction
    }
}
