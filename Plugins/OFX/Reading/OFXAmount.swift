import StatementText

/// OFX amounts (`TRNAMT`, `BALAMT`) as the host's plain signed decimals.
public enum OFXAmount {
    /// `-12.50` stays; `+100` → `100`; `.5` → `0.5`; `-12,50` → `-12.50` when there is no `.`
    /// (some banks write a decimal comma); nil for anything else (`abc`, `1.2.3`, `1,234.5`).
    public static func normalized(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { normalized($0.span) }
    }

    /// The same for UTF-8 bytes, without a String on the way.
    static func normalized(_ bytes: Span<UInt8>) -> String? {
        let body = bytes.extracting(OFXText.trimmed(bytes))
        var start = 0
        var negative = false
        if !body.isEmpty, body[0] == UInt8(ascii: "+") || body[0] == UInt8(ascii: "-") {
            negative = body[0] == UInt8(ascii: "-")
            start = 1
        }
        // One mark at most, `.` or `,`; every other byte an ASCII digit.
        var mark: Int?
        for index in start..<body.count {
            let byte = body[index]
            if byte == UInt8(ascii: ".") || byte == UInt8(ascii: ",") {
                guard mark == nil else { return nil }
                mark = index
            } else if byte < 0x30 || byte > 0x39 {
                return nil
            }
        }
        let wholeEnd = mark ?? body.count
        let fractionStart = mark.map { $0 + 1 } ?? body.count
        guard wholeEnd > start || fractionStart < body.count else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(body.count + 2)
        if negative { out.append(UInt8(ascii: "-")) }
        if wholeEnd == start {
            out.append(UInt8(ascii: "0"))
        } else {
            SpanBytes.append(body, start..<wholeEnd, to: &out)
        }
        if fractionStart < body.count {
            out.append(UInt8(ascii: "."))
            SpanBytes.append(body, fractionStart..<body.count, to: &out)
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension OFXAmount {
    /// Whether a plain decimal (``normalized(_:)``'s) is zero: `0.00`, `-0`.
    static func isZero(_ amount: String) -> Bool {
        amount.utf8.allSatisfy { $0 == UInt8(ascii: "0") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") }
    }

    /// `amount` negated: `12.50` → `-12.50`, `-3` → `3`; zero stays as it is.
    static func negated(_ amount: String) -> String {
        guard !isZero(amount) else { return amount }
        return amount.hasPrefix("-") ? String(amount.dropFirst()) : "-" + amount
    }

    /// Why an amount ``isCommaBeforeThreeDigits(_:decimals:)`` is not read, for a transaction's
    /// reject and a balance's failure alike.
    static func commaBeforeThreeDigits(currency: String?, decimals: Int?) -> String {
        "a comma before three digits is a thousands separator as often as a decimal comma, and "
            + "\(currency ?? "")'s amounts have \(decimals ?? 0) decimals"
    }

    /// Whether a plain decimal (``normalized(_:)``'s) has three digits after its point: the
    /// cheap question before ``isCommaBeforeThreeDigits(_:decimals:)``, asked of every amount.
    static func hasThreeDecimals(_ amount: String) -> Bool {
        var amount = amount
        return amount.withUTF8 { $0.count >= 4 && $0[$0.count - 4] == UInt8(ascii: ".") }
    }

    /// Whether `text` is written `-1,000` or `12,500`: one to three digits, a comma and three
    /// more, which is a thousands separator as often as a decimal comma. Read as one where the
    /// currency has fewer decimals, `-1,000` was -1.00 with exit 0 (its zeros are no more decimals).
    static func isCommaBeforeThreeDigits(_ text: Span<UInt8>, decimals: Int?) -> Bool {
        guard let decimals, decimals < 3 else { return false }
        let body = text.extracting(OFXText.trimmed(text))
        var start = 0
        if !body.isEmpty, body[0] == UInt8(ascii: "-") || body[0] == UInt8(ascii: "+") { start = 1 }
        let whole = body.count - start - 4
        guard (1...3).contains(whole), body[body.count - 4] == UInt8(ascii: ",") else { return false }
        for index in start..<body.count where index != body.count - 4 {
            guard body[index] >= 0x30, body[index] <= 0x39 else { return false }
        }
        return true
    }

    /// `currency`'s minor-unit digits; nil for none, or one the host does not know.
    static func decimals(of currency: String?) -> Int? {
        guard let currency, CurrencyMinorUnits.codes.contains(currency) else { return nil }
        return CurrencyMinorUnits.decimals(of: currency)
    }

    /// `decimals` when `amount` (a plain decimal, ``normalized(_:)``'s) has more, trailing zeros
    /// aside (`-1500.0000` USD has 2); nil when it has no more, or there are no decimals to
    /// check against. On the bytes: asked of every amount (as Characters, 7% of a large file).
    static func decimalsExceeded(by amount: String, decimals: Int?) -> Int? {
        guard let decimals else { return nil }
        var (afterPoint, digits, seenPoint) = (0, 0, false)
        for byte in amount.utf8 {
            if seenPoint {
                afterPoint += 1
                if byte != UInt8(ascii: "0") { digits = afterPoint }
            } else if byte == UInt8(ascii: ".") {
                seenPoint = true
            }
        }
        return digits > decimals ? decimals : nil
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

extension String {
    /// Without the blanks and line breaks an SGML leaf keeps up to the next tag.
    func trimmingOFXBlanks() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
