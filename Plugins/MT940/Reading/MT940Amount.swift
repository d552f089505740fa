import CSVCells
import StatementText

/// SWIFT amounts (`15d`): digits with a decimal comma, which may end the amount (`1234,`), read
/// with the csv plugin's exact decimal reading: never a float.
enum MT940Amount {
    /// The amount at `range` of `text` (digits and one comma), unsigned; nil when it is not one.
    static func read(_ text: ArraySlice<UInt8>) -> DecimalAmount? {
        guard text.count <= 15, text.contains(UInt8(ascii: ",")),
            text.allSatisfy({ $0 == UInt8(ascii: ",") || ($0 &- UInt8(ascii: "0")) < 10 }),
            text.first != UInt8(ascii: ",")
        else { return nil }
        let digits = text.last == UInt8(ascii: ",") ? text.dropLast() : text
        return digits.withUnsafeBufferPointer { try? AmountText.parse($0, mark: .comma) }
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
