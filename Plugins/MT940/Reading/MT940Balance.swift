import StatementText

/// A balance field (`:60F:`, `:62M:`, `:64:`…): `1!a6!n3!a15d`, the mark (`C`, or `D` for a
/// negative balance), the day, the currency and the amount.
public struct MT940Balance: Hashable, Sendable {
    /// `60F`, `62M`, `64`.
    public var tag: String
    public var amount: StatementAmount
    public var currency: String
    /// `2024-03-01`.
    public var day: String

    /// Reads `C240301EUR1234,56`; a reason when it is not one.
    static func read(tag: String, _ text: ArraySlice<UInt8>) -> Result<MT940Balance, MT940Problem> {
        let text = MT940Text.trimmed(MT940Text.firstLine(text))
        guard let mark = text.first, mark == UInt8(ascii: "C") || mark == UInt8(ascii: "D") else {
            return .failure(MT940Problem(":\(tag): \(MT940Text.quoted(text)) has no C or D mark"))
        }
        guard let day = MT940Date.read(text.span, at: 1) else {
            // Six digits that are no day (`021131`, a 31 November) are said as such, as on a `:61:`.
            let digits = text.dropFirst().prefix(6)
            let noDay =
                digits.count == 6 && digits.allSatisfy({ ($0 &- UInt8(ascii: "0")) < 10 })
                ? " (\"\(String(decoding: digits, as: UTF8.self))\" is no day)" : ""
            return .failure(MT940Problem(":\(tag): \(MT940Text.quoted(text)) has no date YYMMDD\(noDay)"))
        }
        let currency = text.dropFirst(7).prefix(3)
        guard currency.count == 3, currency.allSatisfy({ ($0 &- UInt8(ascii: "A")) < 26 }) else {
            return .failure(MT940Problem(":\(tag): \(MT940Text.quoted(text)) has no currency code"))
        }
        guard let decimal = MT940Amount.read(text.dropFirst(10)),
            let amount = MT940Amount.exact(decimal, negative: mark == UInt8(ascii: "D"))
        else {
            return .failure(MT940Problem(":\(tag): \(MT940Text.quoted(text)) has no amount such as 1234,56"))
        }
        return .success(
            MT940Balance(
                tag: tag, amount: amount, currency: String(decoding: currency, as: UTF8.self),
                day: MT940Date.text(day)))
    }
}

/// Why a field cannot be read, as a message.
struct MT940Problem: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
