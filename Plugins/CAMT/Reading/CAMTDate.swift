/// A camt date as the host reads it: `Dt` (an `xs:date`) is a civil date, `DtTm` (an
/// `xs:dateTime`) an instant whose offset is kept, UTC when it has none.
public enum CAMTDate {
    /// `2024-03-01` from `2024-03-01` (a zone on a day, `2024-03-01+01:00`, names the same day).
    public static func day(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 10, isDay(bytes) else { return nil }
        let rest = bytes[10...]
        guard rest.isEmpty || isZone(Array(rest)) else { return nil }
        return String(decoding: bytes[..<10], as: UTF8.self)
    }

    /// `2024-03-01T09:30:00+01:00` kept as it is; `2024-03-01T09:30:00` becomes `…Z`.
    public static func instant(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 19, isDay(bytes), bytes[10] == UInt8(ascii: "T"),
            digits(bytes, [11, 12, 14, 15, 17, 18]), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":")
        else { return nil }
        var end = 19
        if end < bytes.count, bytes[end] == UInt8(ascii: ".") {
            end += 1
            let start = end
            while end < bytes.count, isDigit(bytes[end]) { end += 1 }
            guard end > start else { return nil }
        }
        let zone = Array(bytes[end...])
        if zone.isEmpty { return text + "Z" }
        return isZone(zone) ? text : nil
    }

    // MARK: Shapes

    private static func isDay(_ b: [UInt8]) -> Bool {
        digits(b, [0, 1, 2, 3, 5, 6, 8, 9]) && b[4] == UInt8(ascii: "-") && b[7] == UInt8(ascii: "-")
    }

    private static func isZone(_ b: [UInt8]) -> Bool {
        if b == [UInt8(ascii: "Z")] { return true }
        return b.count == 6 && (b[0] == UInt8(ascii: "+") || b[0] == UInt8(ascii: "-")) && digits(b, [1, 2, 4, 5])
            && b[3] == UInt8(ascii: ":")
    }

    private static func digits(_ b: [UInt8], _ positions: [Int]) -> Bool {
        positions.allSatisfy { isDigit(b[$0]) }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
