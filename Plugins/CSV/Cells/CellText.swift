import StatementText

/// Byte-level helpers every cell reader shares: what counts as a blank around a value, and how a cell
/// is quoted in a message.
///
/// Banks pad cells with no-break and thin spaces as often as with plain ones (French and Swiss exports
/// group digits with U+202F), so the blanks are matched as UTF-8 sequences, without decoding the cell.
public enum CellText {
    /// The width in bytes of the blank that starts at `index`: 1 for a space or tab, 2 for U+00A0,
    /// 3 for U+2009 and U+202F, 0 when the byte there starts no blank. Every caller has checked
    /// `0 <= index < end <= cell.count` (the loops of ``trimmed(_:)`` and ``AmountScan``).
    @inline(__always)
    static func blankWidth(_ cell: Span<UInt8>, at index: Int, end: Int) -> Int {
        assert(index >= 0 && index < end && end <= cell.count)
        // index < end <= cell.count, and each further byte read is checked below `end` first.
        let byte = cell[unchecked: index]
        if byte == 0x20 || byte == 0x09 { return 1 }
        if byte == 0xC2 { return index + 1 < end && cell[unchecked: index + 1] == 0xA0 ? 2 : 0 }
        if byte == 0xE2 {
            guard index + 2 < end, cell[unchecked: index + 1] == 0x80 else { return 0 }
            let last = cell[unchecked: index + 2]
            return last == 0xAF || last == 0x89 ? 3 : 0
        }
        return 0
    }

    /// The width in bytes of the blank that ends just before `end`, never reaching before `start`.
    /// The caller has checked `0 <= start < end <= cell.count` (``trimmed(_:)``'s loop).
    @inline(__always)
    static func blankWidth(_ cell: Span<UInt8>, endingAt end: Int, start: Int) -> Int {
        assert(start >= 0 && start < end && end <= cell.count)
        // start <= end - 1 < cell.count, and each further byte read is checked at `start` or above.
        let byte = cell[unchecked: end - 1]
        if byte == 0x20 || byte == 0x09 { return 1 }
        if byte == 0xA0 { return end - 2 >= start && cell[unchecked: end - 2] == 0xC2 ? 2 : 0 }
        if byte == 0xAF || byte == 0x89 {
            return end - 3 >= start && cell[unchecked: end - 3] == 0xE2 && cell[unchecked: end - 2] == 0x80 ? 3 : 0
        }
        return 0
    }

    /// The cell's bounds without the blanks around it; `start == end` for a blank cell.
    @inline(__always)
    static func trimmed(_ cell: Span<UInt8>) -> (start: Int, end: Int) {
        var start = 0
        var end = cell.count
        while start < end {
            let width = blankWidth(cell, at: start, end: end)
            if width == 0 { break }
            start += width
        }
        while end > start {
            let width = blankWidth(cell, endingAt: end, start: start)
            if width == 0 { break }
            end -= width
        }
        return (start, end)
    }

    /// The most characters of a cell a message repeats: a runaway cell (a whole line in one field)
    /// stays readable.
    static let quotedLimit = 40

    /// The trimmed cell as message text: invalid UTF-8 repaired (U+FFFD), control characters
    /// escaped so a NUL cannot end the message the host prints, a long cell cut with `…`.
    static func text(_ cell: Span<UInt8>) -> String {
        let (start, end) = trimmed(cell)
        // At most four bytes a scalar: this many hold every scalar shown and one more, so a
        // sequence cut at the edge is never shown, only noticed as more to come.
        let cut = min(end, start + (quotedLimit + 1) * 4)
        let decoded = SpanBytes.string(cell, start..<cut)
        return quoted(decoded.unicodeScalars, more: cut < end, limit: quotedLimit)
    }

    /// `text` as message text, its controls escaped and cut as a cell is.
    static func text(_ text: String) -> String { quoted(text.unicodeScalars, more: false, limit: quotedLimit) }

    /// `text` with its controls escaped, whatever its length.
    static func escaped(_ text: String) -> String { quoted(text.unicodeScalars, more: false, limit: .max) }

    private static func quoted(_ scalars: String.UnicodeScalarView, more: Bool, limit: Int) -> String {
        // Most cells have nothing to escape and fit: taken as they are (escaping scalar by
        // scalar was most of what a row the csv plugin rejects cost it).
        var count = 0
        for scalar in scalars {
            if isControl(scalar) || count == limit {
                count = -1
                break
            }
            count += 1
        }
        if count >= 0 { return more ? String(scalars) + "…" : String(scalars) }
        var out = String.UnicodeScalarView()
        var shown = 0
        var cutShort = more
        for scalar in scalars {
            let escaped = escape(scalar)
            if shown + escaped.count > limit {
                cutShort = true
                break
            }
            out.append(contentsOf: escaped)
            shown += escaped.count
        }
        return String(out) + (cutShort ? "…" : "")
    }

    /// `\0`, `\t`, `\n`, `\r`, other controls (C0, DEL, C1) as `\u00XX`; any other scalar as it is.
    private static func escape(_ scalar: Unicode.Scalar) -> String.UnicodeScalarView {
        switch scalar.value {
        case 0x00: return "\\0".unicodeScalars
        case 0x09: return "\\t".unicodeScalars
        case 0x0A: return "\\n".unicodeScalars
        case 0x0D: return "\\r".unicodeScalars
        case _ where isControl(scalar):
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars
        default: return String.UnicodeScalarView([scalar])
        }
    }

    /// C0 controls, DEL and C1 controls: written escaped.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value <= 0x1F || (0x7F...0x9F).contains(scalar.value)
    }

    /// `line 3` or `lines 3, 4, 5`: the lines a finding rests on.
    public static func lines(_ lines: [Int]) -> String {
        lines.count == 1 ? "line \(lines[0])" : "lines " + lines.map(String.init).joined(separator: ", ")
    }
}
