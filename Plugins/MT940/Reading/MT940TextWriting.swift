import CSVCells
import StatementText

/// How an entry's texts are written into the arena: straight from the field's bytes, each made
/// on the stack and appended with one copy, so that no field makes a String or an array.
extension MT940EntryTexts {
    /// Appends `text` as ``MT940Text/string(_:)`` reads it: UTF-8 as it is, else windows-1252.
    mutating func appendText(_ text: Span<UInt8>) -> Range<Int> {
        let start = bytes.count
        appendDecoded(text)
        return start..<bytes.count
    }

    /// Appends `text` collapsed: blanks and line breaks inside made single spaces, none at either
    /// end; then UTF-8 as it is, else windows-1252 (as ``appendText(_:)``).
    mutating func appendCollapsed(_ text: Span<UInt8>) -> Range<Int> {
        let start = bytes.count
        guard !text.isEmpty else { return start..<start }
        MT940TextScan.withCollapsed(text) { appendDecoded($0) }
        return start..<bytes.count
    }

    /// Appends `text` as `String(decoding:as:)` reads it: invalid UTF-8 repaired, not decoded.
    mutating func appendRepaired(_ text: Span<UInt8>) -> Range<Int> {
        let start = bytes.count
        if MT940TextScan.isASCII(text) {
            SpanBytes.append(text, to: &bytes)
        } else {
            MT940TextScan.appendRepaired(text, to: &bytes)
        }
        return start..<bytes.count
    }

    /// `2024-03-01`.
    mutating func appendDay(_ date: MT940Day) -> Range<Int> {
        var out = InlineArray<10, UInt8>(repeating: 0)
        var year = date.year
        for i in (0..<4).reversed() {
            out[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: year % 10)
            year /= 10
        }
        out[4] = UInt8(ascii: "-")
        out[5] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: date.month / 10)
        out[6] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: date.month % 10)
        out[7] = UInt8(ascii: "-")
        out[8] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: date.day / 10)
        out[9] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: date.day % 10)
        let start = bytes.count
        SpanBytes.append(out.span, to: &bytes)
        return start..<bytes.count
    }

    /// `line 17`.
    mutating func appendLine(_ number: Int) -> Range<Int> {
        var digits = 1
        var rest = max(number, 0)
        while rest >= 10 {
            digits += 1
            rest /= 10
        }
        // `line ` and at most 19 digits (`Int.max`).
        var out = InlineArray<24, UInt8>(repeating: 0)
        out[0] = UInt8(ascii: "l")
        out[1] = UInt8(ascii: "i")
        out[2] = UInt8(ascii: "n")
        out[3] = UInt8(ascii: "e")
        out[4] = 0x20
        var value = max(number, 0)
        for i in (5..<(5 + digits)).reversed() {
            out[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
            value /= 10
        }
        let start = bytes.count
        SpanBytes.append(out.span.extracting(..<(5 + digits)), to: &bytes)
        return start..<bytes.count
    }

    /// The plain signed decimal the host reads (`-1234.56`), as ``MT940Amount/plain(_:negative:)``.
    mutating func appendAmount(_ amount: DecimalAmount, negative: Bool) -> Range<Int> {
        let start = bytes.count
        amount.write(negated: negative, into: &bytes)
        return start..<bytes.count
    }

    /// Appends `text`, which is ASCII.
    mutating func appendASCII(_ text: StaticString) -> Range<Int> {
        let start = bytes.count
        MT940TextScan.append(text, to: &bytes)
        return start..<bytes.count
    }

    /// Drops what was written from `start` on (a text that came out empty).
    mutating func truncate(to start: Int) {
        bytes.removeSubrange(start...)
    }

    /// UTF-8 (ASCII above all) copied as it is; anything else read as windows-1252.
    private mutating func appendDecoded(_ text: Span<UInt8>) {
        if MT940TextScan.isASCII(text) || UTF8Check.firstInvalid(text) == nil {
            SpanBytes.append(text, to: &bytes)
        } else {
            Windows1252.decode(text, into: &bytes)
        }
    }
}
