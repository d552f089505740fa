extension Money {
    /// Reads a plain signed decimal (`-1234.56`, `+3.5`, `75`, `0.50`) exactly, as plugins hand
    /// amounts over in `txfeed_entry`: digit by digit, so no binary floating point ever sees it.
    ///
    /// As with JSON numbers, the value counts, not the spelling: `4.500` is `4.50` at scale 2,
    /// while `1.005` has more decimals than the currency allows.
    /// - Returns: the magnitude, and whether a `-` made it money out (never for a zero).
    public static func parse(decimalText text: Span<UInt8>, scale: Int) throws(AmountError) -> (
        money: Money, negative: Bool
    ) {
        precondition((0...maximumScale).contains(scale), "Money scale \(scale) is not 0...5")
        var i = 0
        var negative = false
        if i < text.count, text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") {
            negative = text[i] == UInt8(ascii: "-")
            i += 1
        }
        var whole: Int64 = 0
        var digits = 0
        while i < text.count, text[i] &- UInt8(ascii: "0") < 10 {
            // Leading zeros never overflow; past the limit the amount is too large anyway.
            if whole >= majorLimit { throw .tooLarge }
            whole = whole * 10 + Int64(text[i] &- UInt8(ascii: "0"))
            digits += 1
            i += 1
        }
        var fraction: Int64 = 0
        var fractionDigits = 0
        if i < text.count, text[i] == UInt8(ascii: ".") {
            i += 1
            while i < text.count, text[i] &- UInt8(ascii: "0") < 10 {
                let digit = Int64(text[i] &- UInt8(ascii: "0"))
                if fractionDigits < scale {
                    fraction = fraction * 10 + digit
                } else if digit != 0 {
                    throw .tooManyDecimals(scale: scale)
                }
                fractionDigits += 1
                digits += 1
                i += 1
            }
        }
        guard digits > 0, i == text.count else {
            throw .notPlainDecimal(String(decodingUTF8: text.extracting(first: 40)))
        }
        if whole >= majorLimit { throw .tooLarge }
        for _ in min(fractionDigits, scale)..<scale { fraction *= 10 }
        let minor = whole * powersOfTen[scale] + fraction
        return (Money(minorUnits: minor, scale: scale), negative && minor != 0)
    }

    /// ``parse(decimalText:scale:)`` as a signed amount: a balance, which may be overdrawn.
    public static func parse(signedDecimalText text: Span<UInt8>, scale: Int) throws(AmountError)
        -> Money
    {
        let (money, negative) = try parse(decimalText: text, scale: scale)
        return Money(minorUnits: negative ? -money.minorUnits : money.minorUnits, scale: scale)
    }
}

extension Money {
    /// `minor` minor units at `scale` decimals as plain decimal text (`-4.50`, `0.05`, `12`),
    /// for an integer of any width: a total in 128 bits, a rule's amount.
    public static func plainDecimal<T: BinaryInteger>(_ minor: T, scale: Int) -> String {
        let digits = String(minor.magnitude)
        let sign = minor < 0 ? "-" : ""
        guard scale > 0 else { return sign + digits }
        let padded = String(repeating: "0", count: max(0, scale + 1 - digits.count)) + digits
        return sign + padded.dropLast(scale) + "." + padded.suffix(scale)
    }
}
