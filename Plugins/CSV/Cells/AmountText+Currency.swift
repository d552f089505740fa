extension AmountText {
    /// What currency an amount cell is written in, by the sign or code around its number.
    public enum Currency: Equatable, Sendable {
        /// No sign or code: `12.50`.
        case unmarked
        /// One currency, named as the cell writes it: `€` is EUR, `£` GBP, `CHF` CHF.
        case code(String, written: String)
        /// A sign several currencies write (`$`, `¥`, `US$`), or a code not among those known.
        case ambiguous
    }

    /// The currency of `12,50 €`, `-£5`, `EUR 12.00`. A `$` is the dollar of a dozen countries and a
    /// `¥` both the yen and the yuan: they name none.
    public static func currency(_ cell: Span<UInt8>) -> Currency {
        let (start, end) = CellText.trimmed(cell)
        var index = start
        while index < end {
            let width = AmountScan.currencyWidth(cell, at: index, end: end)
            guard width > 0 else {
                index += 1
                continue
            }
            var written: [UInt8] = []
            for at in index..<(index + width) { written.append(cell[at]) }
            let text = String(decoding: written, as: UTF8.self)
            if let code = signs[text] ?? (codes.contains(text) ? text : nil) {
                return .code(code, written: text)
            }
            return .ambiguous
        }
        return .unmarked
    }

    private static let signs: [String: String] = ["€": "EUR", "£": "GBP"]

    /// ISO 4217 codes banks write beside amounts; any other three capitals name none (a code
    /// the host would refuse, or a word).
    private static let codes: Set<String> = [
        "EUR", "GBP", "USD", "CHF", "JPY", "CAD", "AUD", "NZD", "SEK", "NOK", "DKK", "ISK", "PLN", "CZK", "HUF",
        "RON", "BGN", "TRY", "ZAR", "INR", "SGD", "HKD", "CNY", "MXN", "BRL",
    ]
}
