import CSVCells
import StatementText

/// How an entry's texts are written into the arena: straight from the field's bytes, each made
/// on the stack and appended with one copy, so that no field makes a String or an array.
extension MT940EntryTexts {
    /// Appends `text` as ``MT940Text/string(_:)`` reads it: UTF-8 as it is, else windows-1252.
    mutating func appendText(_ text: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        let start = bytes.count
        appendDecoded(text)
        return start..<bytes.count
    }

    /// Appends `text` collapsed: blanks and line breaks inside made single spaces, none at either
    /// end; then UTF-8 as it is, else windows-1252 (as ``appendText(_:)``).
    mutating func appendCollapsed(_ text: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        let start = bytes.count
        guard !text.isEmpty else { return start..<start }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: text.count) { out in
            var count = 0
            var blank = false
            for byte in text {
                if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                    blank = count > 0
                } else {
                    if blank {
                        out[count] = 0x20
                        count += 1
                    }
                    blank = false
                    out[count] = byte
                    count += 1
                }
            }
            appendDecoded(UnsafeBufferPointer(rebasing: out[..<count]))
        }
        return start..<bytes.count
    }

    /// Appends `text` as `String(decoding:as:)` reads it: invalid UTF-8 repaired, not decoded.
    mutating func appendRepaired(_ text: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        let start = bytes.count
        if MT940TextScan.isASCII(text) {
            bytes.append(contentsOf: text)
        } else {
            bytes.append(contentsOf: String(decoding: text, as: UTF8.self).utf8)
        }
        return start..<bytes.count
    }

    /// `2024-03-01`.
    mutating func appendDay(_ date: MT940Day) -> Range<Int> {
        appendASCII(10) { out in
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
        }
    }

    /// `line 17`.
    mutating func appendLine(_ number: Int) -> Range<Int> {
        var digits = 1
        var rest = max(number, 0)
        while rest >= 10 {
            digits += 1
            rest /= 10
        }
        return appendASCII(5 + digits) { out in
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
        }
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
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
        return start..<bytes.count
    }

    /// Drops what was written from `start` on (a text that came out empty).
    mutating func truncate(to start: Int) {
        bytes.removeSubrange(start...)
    }

    private mutating func appendASCII(_ count: Int, _ write: (UnsafeMutableBufferPointer<UInt8>) -> Void)
        -> Range<Int>
    {
        let start = bytes.count
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { out in
            write(out)
            bytes.append(contentsOf: UnsafeBufferPointer(out))
        }
        return start..<bytes.count
    }

    /// UTF-8 (ASCII above all) copied as it is; anything else read as windows-1252.
    private mutating func appendDecoded(_ text: UnsafeBufferPointer<UInt8>) {
        if MT940TextScan.isASCII(text) || UTF8Check.firstInvalid(text) == nil {
            bytes.append(contentsOf: text)
        } else {
            Windows1252.decode(UnsafeRawBufferPointer(text), into: &bytes)
        }
    }
}
