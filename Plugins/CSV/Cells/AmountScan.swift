/// The byte scanner behind ``AmountText``: one pass over the cell, no allocation, no floating point.
///
/// A cell is a prefix (sign, parenthesis, currency), a number, and a suffix (currency, trailing
/// sign, `CR` or `DR`, closing parenthesis), with blanks allowed only next to a currency or after
/// a leading sign.
///
/// Every index here is at least 0 and every `end` at most the cell's count (the cell's trimmed
/// bounds, or ``AmountText``'s): a byte is read unchecked once it is checked below `end`.
enum AmountScan {
    /// At most 18 significant digits: every such integer fits in `UInt64` (and `Int64`) exactly.
    static let maximumSignificantDigits = 18

    /// U+2212 MINUS SIGN (`E2 88 92`) at `index`.
    static func isMinusSign(_ cell: Span<UInt8>, at index: Int, end: Int) -> Bool {
        assert(index >= 0 && end <= cell.count)
        // 0 <= index < index + 2 < end <= cell.count: in bounds.
        return index + 2 < end && cell[unchecked: index] == 0xE2 && cell[unchecked: index + 1] == 0x88
            && cell[unchecked: index + 2] == 0x92
    }

    static func read(_ cell: Span<UInt8>, mark: DecimalMark) -> Result<AmountReading, AmountFailure> {
        // 0 <= index, and end <= cell.count: each read below checks index < end first.
        var (index, end) = CellText.trimmed(cell)
        if index == end { return .failure(.empty) }
        var negative = false
        var signed = false
        var parenthesis = false
        var currency = false

        // MARK: Prefix
        prefix: while index < end {
            switch cell[unchecked: index] {
            case UInt8(ascii: "("):
                if parenthesis { return .failure(.unbalancedParenthesis) }
                parenthesis = true
                index += 1
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                if signed { return .failure(.twoSigns) }
                signed = true
                negative = cell[unchecked: index] == UInt8(ascii: "-")
                // HSBC's cards write a payment `+ £1,100.00`: a blank may follow the sign.
                index = skipBlanks(cell, from: index + 1, end: end)
            case 0xE2 where isMinusSign(cell, at: index, end: end):
                // U+2212, the typographic minus (Handelsbanken's export: `−1 234,50`).
                if signed { return .failure(.twoSigns) }
                signed = true
                negative = true
                index = skipBlanks(cell, from: index + 3, end: end)
            default:
                let width = currencyWidth(cell, at: index, end: end)
                if width == 0 { break prefix }
                if currency { return .failure(.twoCurrencies) }
                currency = true
                index = skipBlanks(cell, from: index + width, end: end)
            }
        }

        // MARK: Number
        let markByte = mark.rawValue
        let otherMark = mark.other.rawValue
        var units: UInt64 = 0
        var digits = 0
        var significant = 0
        var decimals = 0
        var markSeen = false
        var groups = 0
        var groupKind = SeparatorKind.none
        var run = 0  // digits in the current group, before the mark
        var firstRun = 0  // digits before the first separator
        // Groups of two before the last three (India's lakh and crore: `1,00,000.00`); nil until
        // a group between the first and the last says which.
        var lakh: Bool?
        var leadingZero = false  // the number's first digit is 0: no group may follow it
        number: while index < end {
            let byte = cell[unchecked: index]
            let digit = byte &- UInt8(ascii: "0")
            if digit < 10 {
                if digits == 0 { leadingZero = digit == 0 }
                digits += 1
                if significant > 0 || digit != 0 {
                    significant += 1
                    if significant > maximumSignificantDigits { return .failure(.tooManyDigits) }
                }
                units = units &* 10 &+ UInt64(digit)
                if markSeen { decimals += 1 } else { run += 1 }
                index += 1
                continue
            }
            if byte == markByte {
                if markSeen { return .failure(.twoMarks) }
                if groups > 0 && run != 3 { return .failure(.separatorsOutOfPlace) }
                // A mark must have decimals after it: `5.` and a lone `.` are not amounts.
                guard index + 1 < end, cell[unchecked: index + 1] &- UInt8(ascii: "0") < 10 else {
                    return .failure(.notAnAmount)
                }
                markSeen = true
                index += 1
                continue
            }
            let (kind, width) = separator(cell, at: index, end: end, otherMark: otherMark)
            if kind == .none { break }
            // A separator groups only when a digit follows; otherwise the number ends (`5 €`).
            let next = index + width
            guard next < end, cell[unchecked: next] &- UInt8(ascii: "0") < 10 else { break number }
            if markSeen || digits == 0 || (groupKind != .none && groupKind != kind) {
                return .failure(.separatorsOutOfPlace)
            }
            if groups == 0 {
                if run > 3 || leadingZero { return .failure(.separatorsOutOfPlace) }
                firstRun = run
            } else {
                // Between the first group and the last: three digits, or two in a lakh.
                guard run == 3 || run == 2, lakh != (run == 3) else { return .failure(.separatorsOutOfPlace) }
                lakh = run == 2
            }
            groupKind = kind
            groups += 1
            run = 0
            index = next
        }
        if digits == 0 { return .failure(.notAnAmount) }
        if groups > 0 && !markSeen && run != 3 { return .failure(.separatorsOutOfPlace) }
        // A lakh's first group is one or two digits: `12,34,567`, never `123,45,678`.
        if lakh == true && firstRun > 2 { return .failure(.separatorsOutOfPlace) }

        // MARK: Suffix
        var closed = false
        while index < end {
            let blank = CellText.blankWidth(cell, at: index, end: end)
            if blank > 0 {
                index += blank
                continue
            }
            switch cell[unchecked: index] {
            case UInt8(ascii: ")"):
                if !parenthesis || closed { return .failure(.unbalancedParenthesis) }
                closed = true
                index += 1
            case UInt8(ascii: "-"):
                if signed { return .failure(.twoSigns) }
                signed = true
                negative = true
                index += 1
            case 0xE2 where isMinusSign(cell, at: index, end: end):
                if signed { return .failure(.twoSigns) }
                signed = true
                negative = true
                index += 3
            default:
                // `45.00 DR`, `2,000.00 CR`: a debit or credit written after the number is its sign.
                if let credit = sideSuffix(cell, at: index, end: end) {
                    if signed { return .failure(.twoSigns) }
                    signed = true
                    negative = !credit
                    index += 2
                    continue
                }
                let width = currencyWidth(cell, at: index, end: end)
                if width == 0 { return .failure(.notAnAmount) }
                if currency { return .failure(.twoCurrencies) }
                currency = true
                index += width
            }
        }
        if parenthesis {
            if !closed { return .failure(.unbalancedParenthesis) }
            if signed { return .failure(.twoSigns) }
            negative = true
        }
        let amount = DecimalAmount(negative: negative, units: units, decimals: decimals)
        return .success(AmountReading(amount: amount, grouped: groups > 0, markSeen: markSeen))
    }

    // MARK: - Pieces

    /// Thousands separators of one number must all be alike: `1 234.567` mixes a space and a point.
    enum SeparatorKind { case none, otherMark, space, apostrophe }

    /// The thousands separator at `index`, if any: the other mark, a space (plain, no-break, thin,
    /// narrow no-break), or an apostrophe (`'` or U+2019, Swiss style).
    @inline(__always)
    static func separator(_ cell: Span<UInt8>, at index: Int, end: Int, otherMark: UInt8)
        -> (SeparatorKind, Int)
    {
        assert(index >= 0 && index < end && end <= cell.count)
        let byte = cell[unchecked: index]  // 0 <= index < end <= cell.count (the number's loop)
        if byte == otherMark { return (.otherMark, 1) }
        if byte == UInt8(ascii: "'") { return (.apostrophe, 1) }
        if byte == 0xE2 && index + 2 < end && cell[unchecked: index + 1] == 0x80 && cell[unchecked: index + 2] == 0x99 {
            return (.apostrophe, 3)
        }
        if byte == 0x09 { return (.none, 0) }  // a tab is a blank around a cell, never inside a number
        let blank = CellText.blankWidth(cell, at: index, end: end)
        return blank > 0 ? (.space, blank) : (.none, 0)
    }

    /// The width of the currency at `index`, 0 when none starts there: `$ £ ¥`, a symbol of the
    /// Unicode currency block (`€ ₹ ₽`…), an ISO 4217 code (`EUR`, `CHF`) or a dollar with a
    /// country letter or two (`US$`, `R$`).
    @inline(__always)
    static func currencyWidth(_ cell: Span<UInt8>, at index: Int, end: Int) -> Int {
        assert(index >= 0 && index < end && end <= cell.count)
        // 0 <= index < end <= cell.count (the caller's loop); each further byte is checked below `end`.
        let byte = cell[unchecked: index]
        if byte == UInt8(ascii: "$") { return 1 }
        if byte == 0xC2 && index + 1 < end && (cell[unchecked: index + 1] == 0xA3 || cell[unchecked: index + 1] == 0xA5)
        {
            return 2
        }
        if byte == 0xE2 && index + 2 < end {
            // U+20A0...U+20CF: E2 82 A0...BF and E2 83 80...8F.
            let second = cell[unchecked: index + 1]
            let third = cell[unchecked: index + 2]
            if (second == 0x82 && third >= 0xA0 && third <= 0xBF) || (second == 0x83 && third >= 0x80 && third <= 0x8F)
            {
                return 3
            }
            return 0
        }
        var letters = 0
        while index + letters < end && isUpperLetter(cell[unchecked: index + letters]) && letters < 4 { letters += 1 }
        // Three letters read: index + 3 <= end, so below it when not equal.
        if letters == 3 && (index + 3 == end || !isLetter(cell[unchecked: index + 3])) { return 3 }
        if (letters == 1 || letters == 2) && index + letters < end
            && cell[unchecked: index + letters] == UInt8(ascii: "$")
        {
            return letters + 1
        }
        return 0
    }

    /// `CR` (true) or `DR` (false), any case, as a word of its own at `index`; nil otherwise.
    @inline(__always)
    static func sideSuffix(_ cell: Span<UInt8>, at index: Int, end: Int) -> Bool? {
        assert(index >= 0 && end <= cell.count)
        // 0 <= index < index + 1 < end <= cell.count, and index + 2 is read only when below `end`.
        guard index + 2 <= end, cell[unchecked: index + 1] | 0x20 == UInt8(ascii: "r"),
            index + 2 == end || !isLetter(cell[unchecked: index + 2])
        else { return nil }
        switch cell[unchecked: index] | 0x20 {
        case UInt8(ascii: "c"): return true
        case UInt8(ascii: "d"): return false
        default: return nil
        }
    }

    @inline(__always)
    static func skipBlanks(_ cell: Span<UInt8>, from index: Int, end: Int) -> Int {
        var index = index
        while index < end {
            let width = CellText.blankWidth(cell, at: index, end: end)
            if width == 0 { break }
            index += width
        }
        return index
    }

    @inline(__always)
    static func isUpperLetter(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "A") < 26 }

    @inline(__always)
    static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- UInt8(ascii: "a") < 26 }
}
