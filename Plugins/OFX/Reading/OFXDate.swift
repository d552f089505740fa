import StatementText

/// OFX dates (`DTPOSTED`, `DTASOF`) in the host's date forms.
///
/// `YYYYMMDD` is a day and stays a civil date (`2024-01-02`). With a time,
/// `YYYYMMDDHHMMSS[.XXX][offset:TZ]` is an instant: `[-5:EST]` → `-05:00`, no bracket → UTC.
public enum OFXDate {
    /// The host form of `text`, or nil when it is no OFX date.
    public static func converted(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { converted($0.span) }
    }

    /// The same for UTF-8 bytes, without a String on the way.
    static func converted(_ text: Span<UInt8>) -> String? {
        let bytes = text.extracting(OFXText.trimmed(text))
        var digits = 0
        while digits < bytes.count && isDigit(bytes[digits]) { digits += 1 }
        guard digits >= 8 else { return nil }
        let month = number(bytes, 4, 2)
        let dayOfMonth = number(bytes, 6, 2)
        guard (1...12).contains(month), (1...31).contains(dayOfMonth) else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(25)
        SpanBytes.append(bytes, 0..<4, to: &out)
        out.append(UInt8(ascii: "-"))
        SpanBytes.append(bytes, 4..<6, to: &out)
        out.append(UInt8(ascii: "-"))
        SpanBytes.append(bytes, 6..<8, to: &out)
        // A day is a day: a zone after it (`20240102[-5:EST]`) cannot move it.
        if digits == 8 && (bytes.count == 8 || bytes[8] == UInt8(ascii: "[")) {
            return String(decoding: out, as: UTF8.self)
        }
        guard digits == 12 || digits == 14 else { return nil }
        var rest = digits
        // Milliseconds are dropped: the host keeps whole seconds.
        if rest < bytes.count && bytes[rest] == UInt8(ascii: ".") {
            var end = rest + 1
            while end < bytes.count && isDigit(bytes[end]) { end += 1 }
            guard end > rest + 1 else { return nil }
            rest = end
        }
        out.append(UInt8(ascii: "T"))
        SpanBytes.append(bytes, 8..<10, to: &out)
        out.append(UInt8(ascii: ":"))
        SpanBytes.append(bytes, 10..<12, to: &out)
        out.append(UInt8(ascii: ":"))
        if digits == 14 {
            SpanBytes.append(bytes, 12..<14, to: &out)
        } else {
            out.append(contentsOf: "00".utf8)
        }
        if rest == bytes.count {
            out.append(UInt8(ascii: "Z"))
            return String(decoding: out, as: UTF8.self)
        }
        guard bytes[rest] == UInt8(ascii: "["), bytes[bytes.count - 1] == UInt8(ascii: "]"), bytes.count - rest >= 2
        else { return nil }
        let inner = bytes.extracting((rest + 1)..<(bytes.count - 1))
        if !(0..<inner.count).contains(where: { inner[$0] >= 0x80 }) {
            guard appendOffset(inner, to: &out) else { return nil }
            return String(decoding: out, as: UTF8.self)
        }
        guard let zone = offset(SpanBytes.string(inner)) else { return nil }
        return String(decoding: out, as: UTF8.self) + zone
    }

    /// ``offset(_:)`` for ASCII bytes, appended to `out`; false when it is no offset.
    private static func appendOffset(_ text: Span<UInt8>, to out: inout [UInt8]) -> Bool {
        var end = 0
        while end < text.count && text[end] != UInt8(ascii: ":") { end += 1 }
        var index = 0
        var sign = UInt8(ascii: "+")
        if end > 0 && (text[0] == UInt8(ascii: "+") || text[0] == UInt8(ascii: "-")) {
            sign = text[0]
            index = 1
        }
        // The whole hours (saturating: only whether they are under 24 matters).
        let wholeStart = index
        var whole = 0
        while index < end && isDigit(text[index]) {
            whole = min(whole * 10 + Int(text[index] - 0x30), 1000)
            index += 1
        }
        guard index > wholeStart, whole < 24 else { return false }
        var minutes = 0
        if index < end {
            guard text[index] == UInt8(ascii: ".") else { return false }
            let fractionStart = index + 1
            var value = 0
            index = fractionStart
            while index < end && isDigit(text[index]) {
                value = value * 10 + Int(text[index] - 0x30)
                index += 1
            }
            let count = index - fractionStart
            guard index == end, count >= 1, count <= 2 else { return false }
            let scale = count == 1 ? 10 : 100
            if (value * 60) % scale == 0 && (value * 60 / scale) % 15 == 0 {
                minutes = value * 60 / scale
            } else {
                guard count == 2, value < 60 else { return false }
                minutes = value
            }
        }
        out.append(sign)
        out.append(0x30 + UInt8(whole / 10))
        out.append(0x30 + UInt8(whole % 10))
        out.append(UInt8(ascii: ":"))
        out.append(0x30 + UInt8(minutes / 10))
        out.append(0x30 + UInt8(minutes % 10))
        return true
    }

    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// The value of `length` ASCII digits at `start`.
    private static func number(_ bytes: Span<UInt8>, _ start: Int, _ length: Int) -> Int {
        var value = 0
        for index in start..<(start + length) { value = value * 10 + Int(bytes[index] - 0x30) }
        return value
    }

    /// `-5:EST` → `-05:00`, `+5.45` and `5.75` → `+05:45`, `0:GMT` → `+00:00`.
    ///
    /// A fraction is a fraction of an hour when that gives whole quarter hours (`.5`, `.75`),
    /// and minutes otherwise (`.45`, `.30`): real offsets are whole quarter hours, and banks
    /// write both.
    static func offset(_ text: String) -> String? {
        let hours = text.prefix { $0 != ":" }
        var body = Substring(hours)
        var sign = "+"
        if let first = body.first, first == "+" || first == "-" {
            sign = first == "-" ? "-" : "+"
            body = body.dropFirst()
        }
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = Int(parts[0]), parts[0].allSatisfy(\.isASCIIDigit), whole < 24
        else { return nil }
        var minutes = 0
        if parts.count == 2 {
            let fraction = parts[1]
            guard !fraction.isEmpty, fraction.count <= 2, fraction.allSatisfy(\.isASCIIDigit),
                let value = Int(fraction)
            else { return nil }
            let scale = fraction.count == 1 ? 10 : 100
            if (value * 60) % scale == 0 && (value * 60 / scale) % 15 == 0 {
                minutes = value * 60 / scale
            } else {
                guard fraction.count == 2, value < 60 else { return nil }
                minutes = value
            }
        }
        return sign + twoDigits(whole) + ":" + twoDigits(minutes)
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
