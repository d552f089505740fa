/// One line of the text, without its line break: its number (from 1) and its bytes.
struct QIFLine: Sendable {
    var number: Int
    var bytes: Range<Int>

    /// The line's code letter (`D`, `T`, `^`, `!`): its first byte.
    func code(in text: [UInt8]) -> UInt8 { text[bytes.lowerBound] }

    /// What follows the code letter.
    var value: Range<Int> { bytes.lowerBound + 1..<bytes.upperBound }

    /// Every line of `text`, ended by LF, CRLF or a lone CR, blanks at the right dropped.
    static func split(_ text: [UInt8]) -> [QIFLine] {
        var lines: [QIFLine] = []
        var start = 0
        var index = 0
        var number = 1
        func close(at end: Int) {
            var last = end
            while last > start && (text[last - 1] == 0x20 || text[last - 1] == 0x09) { last -= 1 }
            lines.append(QIFLine(number: number, bytes: start..<last))
            number += 1
        }
        while index < text.count {
            let byte = text[index]
            if byte == 0x0A || byte == 0x0D {
                close(at: index)
                if byte == 0x0D && index + 1 < text.count && text[index + 1] == 0x0A { index += 1 }
                start = index + 1
            }
            index += 1
        }
        if start < text.count { close(at: text.count) }
        return lines
    }
}
