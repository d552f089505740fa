import StatementText

/// An MT942's `:90D:` or `:90C:` (`5n3!a15d`): how many debit (credit) entries the report holds
/// and their sum, which the bank states so that a report cut or garbled on its way shows.
public struct MT940Total: Equatable, Sendable {
    /// `90D` or `90C`.
    public var tag: String
    /// The field's line, named when it disagrees.
    public var line: Int
    public var count: Int
    public var currency: String
    /// Unsigned, as written.
    public var amount: StatementAmount

    /// Debits (`:90D:`) or credits.
    public var isDebit: Bool { tag == "90D" }

    /// Reads `3EUR1234,56`; a reason when it is not one.
    static func read(tag: String, _ text: ArraySlice<UInt8>, line: Int) -> Result<MT940Total, MT940Problem> {
        let text = MT940Text.trimmed(MT940Text.firstLine(text))
        let digits = text.prefix { ($0 &- UInt8(ascii: "0")) < 10 }
        let currency = text[digits.endIndex...].prefix(3)
        guard (1...5).contains(digits.count), let count = MT940Date.number(digits.span, 0, digits.count),
            currency.count == 3, currency.allSatisfy({ ($0 &- UInt8(ascii: "A")) < 26 }),
            let decimal = MT940Amount.read(text[currency.endIndex...]),
            let amount = MT940Amount.exact(decimal, negative: false)
        else {
            return .failure(
                MT940Problem(":\(tag): \(MT940Text.quoted(text)) is no count and sum such as 3EUR1234,56"))
        }
        return .success(
            MT940Total(
                tag: tag, line: line, count: count, currency: String(decoding: currency, as: UTF8.self),
                amount: amount))
    }

    /// `line 13: :90D: counts 2 debit entries for 39.98, but the :61: lines are 1 for 19.99`;
    /// nil when `tally` agrees.
    func disagreement(with tally: MT940Tally, decimals: Int) -> String? {
        guard tally.count != count || tally.sum.units != amount.units else { return nil }
        let kind = isDebit ? "debit" : "credit"
        return "line \(line): :\(tag): counts \(count) \(kind) \("entry".plural(count, "entries")) for "
            + "\(amount.plain(decimals: decimals)), but the :61: lines are \(tally.count) for "
            + tally.sum.plain(decimals: decimals)
    }
}

/// The `:61:` lines of one side counted and summed, unsigned, as `:90D:`/`:90C:` state them.
public struct MT940Tally: Equatable, Sendable {
    public var count = 0
    public var sum = StatementAmount.zero

    public init() {}

    mutating func add(_ amount: StatementAmount) {
        count += 1
        sum = sum + (amount.units < 0 ? amount.negated : amount)
    }
}
