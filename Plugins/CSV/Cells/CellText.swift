/// Byte-level helpers every cell reader shares: what counts as a blank around a value, and how a cell
/// is quoted in a message.
///
/// Banks pad cells with no-break and thin spaces as often as with plain ones (French and Swiss exports
/// group digits with U+202F), so the blanks are matched as UTF-8 sequences, without decoding the cell.
enum CellText {
    /// The width in bytes of the blank that starts at `index`: 1 for a space or tab, 2 for U+00A0,
    /// 3 for U+2009 and U+202F, 0 when the byte there starts no blank.
    @inline(__always)
    static func blankWidth(_ cell: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> Int {
        let byte = cell[index]
        if byte == 0x20 || byte == 0x09 { return 1 }
        if byte == 0xC2 { return index + 1 < end && cell[index + 1] == 0xA0 ? 2 : 0 }
        if byte == 0xE2 {
            guard index + 2 < end, cell[index + 1] == 0x80 else { return 0 }
            let last = cell[index + 2]
            return last == 0xAF || last == 0x89 ? 3 : 0
        }
        return 0
    }

    /// The width in bytes of the blank that ends just before `end`, never reaching before `start`.
    @inline(__always)
    static func blankWidth(_ cell: UnsafeBufferPointer<UInt8>, endingAt end: Int, start: Int) -> Int {
        let byte = cell[end - 1]
        if byte == 0x20 || byte == 0x09 { return 1 }
        if byte == 0xA0 { return end - 2 >= start && cell[end - 2] == 0xC2 ? 2 : 0 }
        if byte == 0xAF || byte == 0x89 {
            return end - 3 >= start && cell[end - 3] == 0xE2 && cell[end - 2] == 0x80 ? 3 : 0
        }
        return 0
    }

    /// The cell's bounds without the blanks around it; `start == end` for a blank cell.
    @inline(__always)
    static func trimmed(_ cell: UnsafeBufferPointer<UInt8>) -> (start: Int, end: Int) {
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

    /// The longest cell text a message repeats: a runaway cell (a whole line in one field) stays readable.
    static let quotedLimit = 48

    /// The trimmed cell as message text, invalid UTF-8 repaired and a long cell cut with `…`.
    static func text(_ cell: UnsafeBufferPointer<UInt8>) -> String {
        let (start, end) = trimmed(cell)
        let cut = min(end, start + quotedLimit)
        let text = String(decoding: UnsafeBufferPointer(rebasing: cell[start..<cut]), as: UTF8.self)
        return cut < end ? text + "…" : text
    }

    /// `line 3` or `lines 3, 4, 5`: the lines a finding rests on.
    static func lines(_ lines: [Int]) -> String {
        lines.count == 1 ? "line \(lines[0])" : "lines " + lines.map(String.init).joined(separator: ", ")
    }
}
