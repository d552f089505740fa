/// OFX dates (`DTPOSTED`, `DTASOF`) in the host's date forms.
///
/// `YYYYMMDD` is a day and stays a civil date (`2024-01-02`). With a time,
/// `YYYYMMDDHHMMSS[.XXX][offset:TZ]` is an instant: `[-5:EST]` → `-05:00`, no bracket → UTC.
public enum OFXDate {
    /// The host form of `text`, or nil when it is no OFX date.
    public static func converted(_ text: String) -> String? {
        let bytes = Array(text.trimmingOFXBlanks().utf8)
        let digits = bytes.prefix { $0 >= 0x30 && $0 <= 0x39 }
        guard digits.count >= 8 else { return nil }
        let day = "\(slice(bytes, 0, 4))-\(slice(bytes, 4, 2))-\(slice(bytes, 6, 2))"
        guard let month = Int(slice(bytes, 4, 2)), (1...12).contains(month),
            let dayOfMonth = Int(slice(bytes, 6, 2)), (1...31).contains(dayOfMonth)
        else { return nil }
        // A day is a day: a zone after it (`20240102[-5:EST]`) cannot move it.
        if digits.count == 8 && (bytes.count == 8 || bytes[8] == UInt8(ascii: "[")) { return day }
        guard digits.count == 12 || digits.count == 14 else { return nil }
        let seconds = digits.count == 14 ? slice(bytes, 12, 2) : "00"
        var rest = bytes[digits.count...]
        // Milliseconds are dropped: the host keeps whole seconds.
        if rest.first == UInt8(ascii: ".") {
            let fraction = rest.dropFirst().prefix { $0 >= 0x30 && $0 <= 0x39 }
            guard !fraction.isEmpty else { return nil }
            rest = rest.dropFirst(1 + fraction.count)
        }
        let time = "\(day)T\(slice(bytes, 8, 2)):\(slice(bytes, 10, 2)):\(seconds)"
        if rest.isEmpty { return time + "Z" }
        guard rest.first == UInt8(ascii: "["), rest.last == UInt8(ascii: "]"),
            let zone = offset(String(decoding: rest.dropFirst().dropLast(), as: UTF8.self))
        else { return nil }
        return time + zone
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

    private static func slice(_ bytes: [UInt8], _ start: Int, _ length: Int) -> String {
        String(decoding: bytes[start..<(start + length)], as: UTF8.self)
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
