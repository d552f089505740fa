import TxFeedModel

/// An exact test of a record's signed amount: `< 0`, `>= 100`, `= -4.50` (or just `-4.50`),
/// `10..50` (both ends included). Decimals are compared exactly, whatever the currency's
/// scale: `-4.5` equals `-4.50` in minor units of 2 decimals.
struct AmountTest: Sendable, Equatable {
    enum Comparison: String, Sendable {
        case less = "<"
        case lessOrEqual = "<="
        case greater = ">"
        case greaterOrEqual = ">="
        case equal = "="
    }

    var comparison: Comparison
    var value: RuleDecimal
    /// With a range, its upper end (`value` is the lower one).
    var upper: RuleDecimal?

    /// Parses `text`; nil when it is none of the forms above.
    init?(parsing text: String) {
        let text = text.trimmingSpaces
        if let dots = text.range(of: "..") {
            guard let low = RuleDecimal(text[..<dots.lowerBound].trimmingSpaces),
                let high = RuleDecimal(text[dots.upperBound...].trimmingSpaces), low <= high
            else { return nil }
            (comparison, value, upper) = (.greaterOrEqual, low, high)
            return
        }
        for candidate in [Comparison.lessOrEqual, .greaterOrEqual, .less, .greater, .equal]
        where text.hasPrefix(candidate.rawValue) {
            guard let number = RuleDecimal(text.dropFirst(candidate.rawValue.count).trimmingSpaces) else { return nil }
            (comparison, value, upper) = (candidate, number, nil)
            return
        }
        guard let number = RuleDecimal(text) else { return nil }
        (comparison, value, upper) = (.equal, number, nil)
    }

    /// Whether `text` is a range of two amounts, the larger first (`"50..10"`).
    static func runsBackwards(_ text: String) -> Bool {
        guard let dots = text.range(of: ".."),
            let low = RuleDecimal(text[..<dots.lowerBound].trimmingSpaces),
            let high = RuleDecimal(text[dots.upperBound...].trimmingSpaces)
        else { return false }
        return low > high
    }

    func holds(amountMinor: Int64, scale: Int) -> Bool {
        let amount = RuleDecimal(mantissa: amountMinor, decimals: scale)
        if let upper, amount > upper { return false }
        switch comparison {
        case .less: return amount < value
        case .lessOrEqual: return amount <= value
        case .greater: return amount > value
        case .greaterOrEqual: return amount >= value
        case .equal: return amount == value
        }
    }
}

/// An exact decimal: `mantissa / 10^decimals`.
struct RuleDecimal: Sendable, Comparable {
    var mantissa: Int64
    var decimals: Int

    init(mantissa: Int64, decimals: Int) {
        self.mantissa = mantissa
        self.decimals = decimals
    }

    /// `-4.50`, `12`, `+3.1`: digits with at most one point, at most 18 decimals.
    init?<S: StringProtocol>(_ text: S) {
        var rest = Substring(text)
        let negative = rest.first == "-"
        if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
        let parts = rest.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !parts[0].isEmpty || parts.count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }), parts.count == 1 || !parts[1].isEmpty
        else { return nil }
        let digits = parts.joined()
        guard digits.count <= 18, let value = Int64(digits) else { return nil }
        mantissa = negative ? -value : value
        decimals = parts.count == 2 ? parts[1].count : 0
    }

    /// `mantissa` at `decimals` decimals, exact in 128 bits for any amount a feed holds.
    private func scaled(to decimals: Int) -> Int128 {
        var value = Int128(mantissa)
        for _ in 0..<(decimals - self.decimals) { value *= 10 }
        return value
    }

    static func < (a: RuleDecimal, b: RuleDecimal) -> Bool {
        let d = max(a.decimals, b.decimals)
        return a.scaled(to: d) < b.scaled(to: d)
    }

    static func == (a: RuleDecimal, b: RuleDecimal) -> Bool {
        let d = max(a.decimals, b.decimals)
        return a.scaled(to: d) == b.scaled(to: d)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
