import StatementText

/// A camt date as the host reads it: `Dt` (an `xs:date`) is a civil date, `DtTm` (an
/// `xs:dateTime`) an instant whose offset is kept, UTC when it has none. A day that does not
/// exist (`2024-02-30`) or a time out of range (`24:00:00`, `+25:00`) is no date: the entry is
/// rejected here, with its field and its XML, not by the host.
public enum CAMTDate {
    /// `2024-03-01` from `2024-03-01` (a zone on a day, `2024-03-01+01:00`, names the same day).
    public static func day(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { day(utf8: $0.span) }
    }

    /// The same, from UTF-8 bytes.
    static func day(utf8 b: Span<UInt8>) -> String? {
        guard b.count >= 10, isDay(b) else { return nil }
        guard b.count == 10 || isZone(b.extracting(10...)) else { return nil }
        return SpanBytes.string(b, 0..<10)
    }

    /// `2024-03-01T09:30:00+01:00` kept as it is; `2024-03-01T09:30:00` becomes `…Z`.
    public static func instant(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { instant(utf8: $0.span) }
    }

    /// The same, from UTF-8 bytes.
    static func instant(utf8 b: Span<UInt8>) -> String? {
        guard b.count >= 19, isDay(b), b[10] == UInt8(ascii: "T"), isDigit(b[11]), isDigit(b[12]),
            isDigit(b[14]), isDigit(b[15]), isDigit(b[17]), isDigit(b[18]), b[13] == UInt8(ascii: ":"),
            b[16] == UInt8(ascii: ":"), number(b, 11, 2) <= 23, number(b, 14, 2) <= 59, number(b, 17, 2) <= 59
        else { return nil }
        var end = 19
        if end < b.count, b[end] == UInt8(ascii: ".") {
            end += 1
            let start = end
            while end < b.count, isDigit(b[end]) { end += 1 }
            guard end > start else { return nil }
        }
        let text = SpanBytes.string(b)
        if end == b.count { return text + "Z" }
        return isZone(b.extracting(end...)) ? text : nil
    }

    // MARK: Shapes

    /// `YYYY-MM-DD`, a day of the proleptic Gregorian calendar.
    private static func isDay(_ b: Span<UInt8>) -> Bool {
        guard
            isDigit(b[0]) && isDigit(b[1]) && isDigit(b[2]) && isDigit(b[3]) && b[4] == UInt8(ascii: "-")
                && isDigit(b[5]) && isDigit(b[6]) && b[7] == UInt8(ascii: "-") && isDigit(b[8]) && isDigit(b[9])
        else { return false }
        let day = number(b, 8, 2)
        return day >= 1 && day <= CivilCalendar.daysIn(month: number(b, 5, 2), year: number(b, 0, 4))
    }

    /// `Z`, or an offset up to ±23:59.
    private static func isZone(_ b: Span<UInt8>) -> Bool {
        if b.count == 1 && b[0] == UInt8(ascii: "Z") { return true }
        return b.count == 6 && (b[0] == UInt8(ascii: "+") || b[0] == UInt8(ascii: "-")) && isDigit(b[1])
            && isDigit(b[2]) && b[3] == UInt8(ascii: ":") && isDigit(b[4]) && isDigit(b[5]) && number(b, 1, 2) <= 23
            && number(b, 4, 2) <= 59
    }

    /// The decimal number of `count` digits (checked already) at `start`.
    private static func number(_ b: Span<UInt8>, _ start: Int, _ count: Int) -> Int {
        (start..<start + count).reduce(0) { $0 * 10 + Int(b[$1] - UInt8(ascii: "0")) }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
