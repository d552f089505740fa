import CIconv
import Glibc

/// An encoding the `encoding` option names: any that glibc's iconv reads (`shift_jis`,
/// `cp932`, `euc-jp`, `gb18030`, `iso-8859-2`, `koi8-r`, `cp1250`…), besides the few bank
/// exports are most often written in.
public struct TextEncoding: Sendable, Equatable {
    /// The name as the option spells it, lower-cased: what reports and suggested specs show.
    public let rawValue: String
    /// The name glibc's iconv knows it by.
    let iconvName: String

    public static let utf8 = TextEncoding(rawValue: "utf-8", iconvName: "UTF-8")
    public static let utf16 = TextEncoding(rawValue: "utf-16", iconvName: "UTF-16")
    public static let windows1252 = TextEncoding(rawValue: "windows-1252", iconvName: "WINDOWS-1252")
    /// Shift_JIS as Japanese banks and Windows write it (Microsoft's superset, with its extra
    /// kanji and symbols), what `detected` finds.
    public static let shiftJIS = TextEncoding(rawValue: "cp932", iconvName: "CP932")

    /// What to try when a file is neither UTF-8 nor windows-1252: the message lists them.
    static let suggestions = "shift_jis, euc-jp, gb18030, iso-8859-2, cp1250, koi8-r…"

    private init(rawValue: String, iconvName: String) {
        self.rawValue = rawValue
        self.iconvName = iconvName
    }

    /// Reads the option's value, any case: the spellings above (`utf8`, `latin1`, `cp1252`
    /// too), or any name iconv opens; nil for one it does not know.
    public init?(option: String) {
        let name = option.lowercased()
        let aliases = [
            "utf8": "utf-8", "utf16": "utf-16", "cp1252": "windows-1252", "latin1": "iso-8859-1",
            "latin-1": "iso-8859-1", "latin9": "iso-8859-15", "latin-9": "iso-8859-15",
        ]
        let canonical = aliases[name] ?? name
        guard !canonical.isEmpty, canonical.allSatisfy({ $0.isASCII && !$0.isWhitespace && $0 != "/" }) else {
            return nil
        }
        let iconvName = canonical.uppercased()
        let converter = iconv_open("UTF-8", iconvName)
        guard let converter, converter != iconv_t(bitPattern: -1) else { return nil }
        iconv_close(converter)
        self.init(rawValue: canonical, iconvName: iconvName)
    }

    /// Japanese Shift_JIS, told from windows-1252 by its lead bytes: hiragana, katakana and
    /// most kanji start with 0x81–0x9F, where windows-1252 has only rare punctuation and
    /// gaps, so a text whose high bytes all pair up as Shift_JIS and where most pairs start
    /// there (at least three) is Japanese. Western text with `é` before a letter pairs up too,
    /// but its lead bytes are 0xC0–0xFF. Japanese words are also runs of such pairs (`株式会社`),
    /// where windows-1252's punctuation stands alone between ASCII letters: a UK export's
    /// `Sainsbury’s`, `McDonald’s` and `Macy’s` (0x92 before `s`, three pairs starting at 0x92)
    /// was read as Shift_JIS (`Sainsbury痴`, `£5` as `｣5`). So at least two pairs must each follow
    /// another pair directly. Nil when the text does not say so.
    static func detected(in bytes: UnsafeBufferPointer<UInt8>) -> TextEncoding? {
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
