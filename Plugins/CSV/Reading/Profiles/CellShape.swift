import CSVCells

/// What one column's cells look like, for a profile matched by its rows where the file has no
/// header (Wells Fargo, HSBC UK, ABN AMRO's TAB export): a date in one format, an amount, a
/// fixed text…
///
/// Written as a profile file holds it: `date %m/%d/%Y`, `amount`, `currency`, `digits`,
/// `text`, `empty`, `literal *`; a `?` after the kind lets the cell be empty too (`digits?`).
public struct CellShape: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// Reads whole in this date format (`%Y%m%d`).
        case date(String)
        /// A number with either decimal mark, as ``AmountText`` reads it (`-1,234.56`, `12,50`).
        case amount
        /// Three capital letters: `EUR`.
        case currency
        /// Digits only: an account or check number.
        case digits
        /// Anything that is not blank.
        case text
        /// Exactly this text (Wells Fargo's `*`).
        case literal(String)
        /// Blank.
        case empty
    }

    public var kind: Kind
    /// A blank cell fits too.
    public var orEmpty: Bool

    public init(_ kind: Kind, orEmpty: Bool = false) {
        self.kind = kind
        self.orEmpty = orEmpty
    }

    /// Reads the written form; nil when it is none of the kinds or the date format is not one.
    public init?(text: String) {
        var written = text.trimmingBlanks()
        orEmpty = written.hasSuffix("?")
        if orEmpty { written.removeLast() }
        let (word, rest) = Self.split(written)
        switch word {
        case "date":
            guard !rest.isEmpty, (try? DatePattern(rest)) != nil else { return nil }
            kind = .date(rest)
        case "literal":
            guard !rest.isEmpty else { return nil }
            kind = .literal(rest)
        case "amount" where rest.isEmpty: kind = .amount
        case "currency" where rest.isEmpty: kind = .currency
        case "digits" where rest.isEmpty: kind = .digits
        case "text" where rest.isEmpty: kind = .text
        case "empty" where rest.isEmpty: kind = .empty
        default: return nil
        }
    }

    public var description: String {
        let written =
            switch kind {
            case .date(let format): "date \(format)"
            case .amount: "amount"
            case .currency: "currency"
            case .digits: "digits"
            case .text: "text"
            case .literal(let value): "literal \(value)"
            case .empty: "empty"
            }
        return written + (orEmpty ? "?" : "")
    }

    /// Whether a cell (already trimmed, as ``CSVDocument/headerlessRows`` holds them) has this shape.
    /// - Parameter pattern: the date kind's format, read once by the caller for every row.
    func fits(_ cell: String, pattern: DatePattern?) -> Bool {
        if cell.isEmpty { return orEmpty || kind == .empty }
        let bytes = Array(cell.utf8)
        do {
            let cell = bytes.span
            switch kind {
            case .date: return pattern?.parse(cell) != nil
            case .amount:
                return (try? AmountText.parse(cell, mark: .point)) != nil
                    || (try? AmountText.parse(cell, mark: .comma)) != nil
            case .currency: return bytes.count == 3 && bytes.allSatisfy { (0x41...0x5A).contains($0) }
            case .digits: return bytes.allSatisfy { (0x30...0x39).contains($0) }
            case .text: return true
            case .literal(let value): return Array(value.utf8) == bytes
            case .empty: return false
            }
        }
    }

    /// The date kind's pattern, read once per match.
    var datePattern: DatePattern? {
        guard case .date(let format) = kind else { return nil }
        return try? DatePattern(format)
    }

    /// `date %d.%m.%y` → (`date`, `%d.%m.%y`).
    private static func split(_ text: String) -> (String, String) {
        guard let space = text.firstIndex(of: " ") else { return (text, "") }
        return (String(text[..<space]), String(text[text.index(after: space)...]).trimmingBlanks())
    }
}

extension CellShape {
    /// Each column's shape for a profile `sniff --save` writes: the date column in its decided
    /// format, money columns `amount`, then by what every sampled cell is (blank, a currency
    /// code, digits, else text); `?` where some cells are blank. A column of one repeated value
    /// stays `text`: a few rows cannot tell a fixed mark from a coincidence.
    static func shapes(of rows: [[String]], width: Int, roles: ColumnRoles, date: DatePattern) -> [CellShape] {
        let money: Set<ColumnRole> = [.amount, .debit, .credit, .balance, .fee]
        return (0..<width).map { column in
            let cells = rows.map { column < $0.count ? $0[column] : "" }
            let filled = cells.filter { !$0.isEmpty }
            let orEmpty = filled.count < cells.count
            if filled.isEmpty { return CellShape(.empty) }
            if column == roles[.date] { return CellShape(.date(date.description), orEmpty: orEmpty) }
            if let role = roles.role(of: column), money.contains(role) { return CellShape(.amount, orEmpty: orEmpty) }
            let probe = CellShape(.currency)
            if filled.allSatisfy({ probe.fits($0, pattern: nil) }) { return CellShape(.currency, orEmpty: orEmpty) }
            if filled.allSatisfy({ $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }) {
                return CellShape(.digits, orEmpty: orEmpty)
            }
            return CellShape(.text, orEmpty: orEmpty)
        }
    }
}
