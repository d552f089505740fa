import CSVCells
import StatementText

/// SWIFT amounts (`15d`): digits with a decimal comma, which may end the amount (`1234,`), read
/// with the csv plugin's exact decimal reading: never a float.
enum MT940Amount {
    /// The amount at `range` of `text` (digits and one comma), unsigned; nil when it is not one.
    static func read(_ text: ArraySlice<UInt8>) -> DecimalAmount? {
        let text = text.dropFirst(excessZeros(text.span))
        guard text.count <= 15, text.contains(UInt8(ascii: ",")),
            text.allSatisfy({ $0 == UInt8(ascii: ",") || ($0 &- UInt8(ascii: "0")) < 10 }),
            text.first != UInt8(ascii: ",")
        else { return nil }
        let digits = text.last == UInt8(ascii: ",") ? text.dropLast() : text
        return try? AmountText.parse(digits.span, mark: .comma)
    }

    /// ``read(_:)`` in place, for the `:61:` line of every entry: the same rules (one comma, which
    /// may end the amount; at most 15 characters), with no scanner for cells in between.
    static func read(_ text: Span<UInt8>) -> DecimalAmount? {
        let text = text.extracting(droppingFirst: excessZeros(text))
        guard text.count <= 15, !text.isEmpty, text[0] != UInt8(ascii: ",") else { return nil }
        // A comma that ends the amount is dropped: `1234,` is 1234.
        let end = text[text.count - 1] == UInt8(ascii: ",") ? text.count - 1 : text.count
        var units: UInt64 = 0
        var decimals = 0
        var comma = end < text.count
        var afterComma = false
        for i in 0..<end {
            let byte = text[i]
            let digit = byte &- UInt8(ascii: "0")
            if digit < 10 {
                units = units &* 10 &+ UInt64(digit)
                if afterComma { decimals += 1 }
            } else if byte == UInt8(ascii: ","), !afterComma, i + 1 < end {
                afterComma = true
                comma = true
            } else {
                return nil
            }
        }
        return comma ? DecimalAmount(negative: false, units: units, decimals: decimals) : nil
    }

    /// How many leading zeros past 15 characters to skip: a bank padding the amount with zeros
    /// (`0000000000000000,00`, 19 characters) writes the same value, and the value is what is
    /// read; a zero before the comma stays.
    static func excessZeros(_ text: Span<UInt8>) -> Int {
        var skip = 0
        while text.count - skip > 15, text[skip] == UInt8(ascii: "0"), text[skip + 1] != UInt8(ascii: ",") {
            skip += 1
        }
        return skip
    }

    /// The amount, signed, as the reconciliation adds it: nil with more than five decimals.
    static func exact(_ amount: DecimalAmount, negative: Bool) -> StatementAmount? {
        guard amount.decimals <= StatementAmount.scale else { return nil }
        var units = Int128(amount.units)
        for _ in amount.decimals..<StatementAmount.scale { units *= 10 }
        return StatementAmount(units: negative ? -units : units, significantDecimals: amount.decimals)
    }

    /// The plain signed decimal the host reads (`-1234.56`).
    static func plain(_ amount: DecimalAmount, negative: Bool) -> String {
        var out: [UInt8] = []
        amount.write(negated: negative, into: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
