/// Amount cells as banks write them: `1.000,50`, `£1,234.56`, `-€5`, `(75.00)`, `75.00-`, `45.00 DR`.
///
/// `CR` and `DR` after the number, in the cell itself, are its sign (HDFC's and Australian
/// banks' `2,000.00 CR`); the words of an indicator column beside it are the caller's: which word
/// means what is the file's (`debit-words`, `credit-words`).
public enum AmountText {
    /// Reads one cell with `mark` as its decimal mark. Thousands separators (the other mark,
    /// a space, a no-break or thin space, `'`) are validated, never misread: `1,23,4` is an error.
    public static func parse(_ cell: Span<UInt8>, mark: DecimalMark) throws(AmountTextError)
        -> DecimalAmount
    {
        switch AmountScan.read(cell, mark: mark) {
        case .success(let reading): return reading.amount
        case .failure(let failure): throw AmountTextError("\"\(CellText.text(cell))\": \(failure.reason)")
        }
    }

    /// Whether the cell holds nothing but blanks (a debit cell on a credit row).
    public static func isBlank(_ cell: Span<UInt8>) -> Bool {
        let (start, end) = CellText.trimmed(cell)
        return start == end
    }

    /// The side word after the number: true for `CR`, false for `DR`, nil for neither.
    public static func sideWord(_ cell: Span<UInt8>) -> Bool? {
        let (start, end) = CellText.trimmed(cell)
        // 0 <= start <= end - 3 < end <= cell.count: in bounds.
        guard end - start >= 3, !AmountScan.isLetter(cell[unchecked: end - 3]) else { return nil }
        return AmountScan.sideSuffix(cell, at: end - 2, end: end)
    }

    /// Whether the cell is written as money out (`-5`, `€-5`, `(5)`, `5-`, `5 DR`), without reading the
    /// number: a sign seen before the first digit, or a `-`, `)` or `DR` at the end. Counting signs
    /// over a column costs a few bytes a cell.
    public static func looksNegative(_ cell: Span<UInt8>) -> Bool {
        // Every byte read lies in the trimmed bounds, 0 <= start..<end <= cell.count: in bounds.
        let (start, end) = CellText.trimmed(cell)
        guard start < end else { return false }
        if cell[unchecked: end - 1] == UInt8(ascii: "-") || cell[unchecked: end - 1] == UInt8(ascii: ")") {
            return true
        }
        if end - start >= 3, AmountScan.isMinusSign(cell, at: end - 3, end: end) { return true }
        if end - start >= 3, !AmountScan.isLetter(cell[unchecked: end - 3]),
            AmountScan.sideSuffix(cell, at: end - 2, end: end) == false
        {
            return true
        }
        for index in start..<end {
            let byte = cell[unchecked: index]
            if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "(") { return true }
            if AmountScan.isMinusSign(cell, at: index, end: end) { return true }
            if byte == UInt8(ascii: "+") || (byte >= 0x30 && byte <= 0x39) { return false }
        }
        return false
    }

    /// Whether the cell reads as an amount with either mark (column scoring).
    ///
    /// A date is never an amount here, though `20240301` is a fine integer: a date column must not
    /// score as the amount column. Only a plain integer is checked against the date formats: every
    /// candidate with a separator (`01.02.2024`, `15-Aug-2024`) already fails both marks, and the check
    /// would cost 27 pattern reads a cell.
    public static func looksLikeAmount(_ cell: Span<UInt8>) -> Bool {
        let reading: AmountReading
        switch AmountScan.read(cell, mark: .point) {
        case .success(let byPoint):
            reading = byPoint
        case .failure:
            guard case .success(let byComma) = AmountScan.read(cell, mark: .comma) else { return false }
            reading = byComma
        }
        return reading.grouped || reading.markSeen || !DatePattern.looksLikeDate(cell)
    }
}
