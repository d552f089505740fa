import StatementText

extension TextEncoding {
    /// Japanese Shift_JIS, told from windows-1252 by its lead bytes: hiragana, katakana and
    /// most kanji start with 0x81–0x9F, where windows-1252 has only rare punctuation and
    /// gaps, so a text whose high bytes all pair up as Shift_JIS and where most pairs start
    /// there (at least three) is Japanese. Western text with `é` before a letter pairs up too,
    /// but its lead bytes are 0xC0–0xFF. Japanese words are also runs of such pairs (`株式会社`),
    /// where windows-1252's punctuation stands alone between ASCII letters: a UK export's
    /// `Sainsbury’s`, `McDonald’s` and `Macy’s` (0x92 before `s`, three pairs starting at 0x92)
    /// was read as Shift_JIS (`Sainsbury痴`, `£5` as `｣5`). So at least two pairs must each follow
    /// another pair directly. Nil when the text does not say so.
    static func detected(in bytes: Span<UInt8>) -> TextEncoding? {
        var pairs = 0
        var lowLeads = 0
        var adjacent = 0
        var afterPair = false
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte < 0x80 || (0xA1...0xDF).contains(byte) {  // ASCII, or a half-width katakana
                afterPair = false
                i += 1
                continue
            }
            let lead = (0x81...0x9F).contains(byte) || (0xE0...0xFC).contains(byte)
            guard lead, i + 1 < bytes.count else { return nil }
            let trail = bytes[i + 1]
            guard (0x40...0xFC).contains(trail), trail != 0x7F else { return nil }
            pairs += 1
            if byte <= 0x9F { lowLeads += 1 }
            if afterPair { adjacent += 1 }
            afterPair = true
            i += 2
        }
        return lowLeads >= 3 && lowLeads * 2 > pairs && adjacent >= 2 ? .shiftJIS : nil
    }
}
