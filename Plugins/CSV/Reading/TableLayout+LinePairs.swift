extension TableLayout {
    /// Whether every record of the table is written as two lines, each filling only columns the
    /// other leaves empty: Fintro's and BNP Paribas Fortis' Visa export puts the dates and the
    /// amount on one line and the card's text, rate and fee on the next. Read a line at a time,
    /// every line was rejected (a payment with no payee, then a payee with no date).
    ///
    /// Strict, so that no other table is read this way: lines alternate without exception, at
    /// least two pairs, and no column of a first line is filled on any second line (any table of
    /// one line a record fills its date column on every line, and fails at its second line).
    func findsLinePairs(text: CSVBytes, separator: UInt8) -> Bool {
        var tokenizer = CSVTokenizer(text: text, separator: separator, position: dataStart, line: dataStartLine)
        var fields: [CSVFieldSpan] = []
        // Per column: filled on some first line, on some second line.
        var filled = [[Bool]](repeating: [Bool](repeating: false, count: width), count: 2)
        var lines = 0
        while tokenizer.position < dataEnd, let record = tokenizer.next(into: &fields) {
            guard !record.isBlank else { return false }
            let half = lines % 2
            for (column, field) in fields.prefix(width).enumerated() where !field.isEmpty {
                if filled[1 - half][column] { return false }
                filled[half][column] = true
            }
            lines += 1
        }
        return lines >= 4 && lines % 2 == 0
    }
}
