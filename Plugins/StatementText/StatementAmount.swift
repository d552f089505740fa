/// A statement's amount held exactly: a count of 10^-5 units (ISO 20022's most fraction digits,
/// more than any currency has), so balances and entries add up with no rounding, ever. camt and
/// mt940 reconcile their statements with it.
public struct StatementAmount: Hashable, Sendable {
    /// The schema allows five fraction digits (`ActiveOrHistoricCurrencyAndAmount`).
    public static let scale = 5
    public static let unit: Int128 = 100_000

    /// The signed value in 10^-5 units. Int128: a 100,000-entry sum of 13-digit amounts fits.
    public var units: Int128
    /// Fraction digits as written, trailing zeros not counted (`4.500` has 1).
    public var significantDecimals: Int

    public init(units: Int128, significantDecimals: Int = 0) {
        self.units = units
        self.significantDecimals = significantDecimals
    }

    public static let zero = StatementAmount(units: 0)

    // MARK: Reading

    /// Reads a non-negative `xs:decimal` (`1234.56`, `12`, `0.5`, and `+10.00`: the schema's
    /// lexical form allows the plus), at most 5 fraction digits and 18 digits in all; nil for
    /// anything else (`12,5`, `1e3`, `-4`).
    public init?(text: String) {
        guard let amount = StatementAmount(utf8: text.utf8.span) else { return nil }
        self = amount
    }

    /// The same, from UTF-8 bytes.
    public init?(utf8 text: Span<UInt8>) {
        let text = !text.isEmpty && text[0] == UInt8(ascii: "+") ? text.extracting(droppingFirst: 1) : text
        var whole: Int128 = 0, fraction: Int128 = 0
        var wholeDigits = 0, fractionDigits = 0, significant = 0, seenPoint = false
        for i in text.indices {
            let byte = text[i]
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let digit = Int128(byte - UInt8(ascii: "0"))
                if seenPoint {
                    fractionDigits += 1
                    guard fractionDigits <= Self.scale else { return nil }
                    fraction = fraction * 10 + digit
                    if digit != 0 { significant = fractionDigits }
                } else {
                    wholeDigits += 1
                    whole = whole * 10 + digit
                }
                guard wholeDigits + fractionDigits <= 18 else { return nil }
            case UInt8(ascii: "."):
                guard !seenPoint else { return nil }
                seenPoint = true
            default:
                return nil
            }
        }
        guard wholeDigits + fractionDigits > 0 else { return nil }
        for _ in fractionDigits..<Self.scale { fraction *= 10 }
        self.init(units: whole * Self.unit + fraction, significantDecimals: significant)
    }

    // MARK: Arithmetic

    public var negated: StatementAmount { StatementAmount(units: -units, significantDecimals: significantDecimals) }

    public static func + (lhs: StatementAmount, rhs: StatementAmount) -> StatementAmount {
        StatementAmount(
            units: lhs.units + rhs.units, significantDecimals: max(lhs.significantDecimals, rhs.significantDecimals))
    }

    // MARK: Writing

    /// A plain signed decimal with at least `decimals` fraction digits, more only when the value
    /// has them: `-1074.44`, `925.56`, `12` with 0.
    public func plain(decimals: Int) -> String {
        let magnitude = units < 0 ? -units : units
        let whole = magnitude / Self.unit
        var fraction = magnitude % Self.unit
        var shown = Self.scale
        while shown > decimals, fraction % 10 == 0 {
            fraction /= 10
            shown -= 1
        }
        var text = (units < 0 ? "-" : "") + String(whole)
        if shown > 0 {
            let digits = String(fraction)
            text += "." + String(repeating: "0", count: shown - digits.count) + digits
        }
        return text
    }
}
