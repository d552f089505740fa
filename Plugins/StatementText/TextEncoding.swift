import CIconv
import Glibc

/// An encoding the `encoding` option names: any that glibc's iconv reads (`shift_jis`,
/// `cp932`, `euc-jp`, `gb18030`, `iso-8859-2`, `koi8-r`, `cp1250`…), besides the few bank
/// exports are most often written in. The csv, qif and mt940 readers take the same names.
public struct TextEncoding: Sendable, Equatable {
    /// The name as the option spells it, lower-cased: what reports and suggested specs show.
    public let rawValue: String
    /// The name glibc's iconv knows it by.
    public let iconvName: String

    public static let utf8 = TextEncoding(rawValue: "utf-8", iconvName: "UTF-8")
    public static let utf16 = TextEncoding(rawValue: "utf-16", iconvName: "UTF-16")
    public static let windows1252 = TextEncoding(rawValue: "windows-1252", iconvName: "WINDOWS-1252")
    /// Shift_JIS as Japanese banks and Windows write it (Microsoft's superset, with its extra
    /// kanji and symbols), what the csv reader detects.
    public static let shiftJIS = TextEncoding(rawValue: "cp932", iconvName: "CP932")

    /// What to try when a file is neither UTF-8 nor windows-1252: the messages list them.
    public static let suggestions = "shift_jis, euc-jp, gb18030, iso-8859-2, cp1250, koi8-r…"

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

    /// Why `value` is refused as the `encoding` option, naming what to try.
    public static func unknown(_ value: String) -> String {
        "encoding \"\(value)\": not an encoding iconv knows (utf-8, utf-16, windows-1252, iso-8859-1, \(suggestions); iconv -l lists them)"
    }
}
