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

    /// What to try for a text in another script's code page, the usual first.
    public static let scriptSuggestions =
        "gb18030 for Alipay's and WeChat Pay's Chinese, cp1251 or koi8-r for Cyrillic, cp1255 for Hebrew, "
        + "big5, cp949, euc-jp, cp1256, cp1253…"

    /// What the note of a file read as windows-1252, the guess for text that is not UTF-8, ends
    /// with: the qif and mt940 readers' way out for a file in another code page.
    public static let otherThanWindows1252 = "encoding=NAME reads it in another (cp1250, cp1251, iso-8859-2, cp850…)"

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

    /// The `encoding` option of `options`, nil when it is not given.
    /// - Throws: why iconv does not know the name (``unknown(_:)``), for the plugin's own error.
    public static func option(in options: [String: String]) throws(Unknown) -> TextEncoding? {
        guard let value = options["encoding"] else { return nil }
        guard let encoding = TextEncoding(option: value) else { throw Unknown(message: unknown(value)) }
        return encoding
    }

    /// An `encoding` option iconv does not know.
    public struct Unknown: Error {
        public let message: String
    }

    /// Why `value` is refused as the `encoding` option, naming what to try.
    public static func unknown(_ value: String) -> String {
        "encoding \"\(value)\": not an encoding iconv knows (utf-8, utf-16, windows-1252, iso-8859-1, \(suggestions); iconv -l lists them)"
    }

    /// Whether this is UTF-16 of either byte order, or of the one a byte order mark names.
    var isUTF16: Bool { ["UTF-16", "UTF-16LE", "UTF-16BE", "UNICODELITTLE", "UNICODEBIG"].contains(iconvName) }

    /// How many bytes at the start of a file given in this encoding (`head`, its first bytes)
    /// are a byte order mark to leave out, or why the mark says the file is in another.
    ///
    /// The option wins over a UTF-8 mark, which is left out (`ï»¿` in cp1250 would begin the
    /// first line), as the csv reader does. A UTF-16 mark is read by `utf-16` (iconv takes the
    /// byte order from it) and left out by the `utf-16le` or `utf-16be` it marks; with any other
    /// encoding the file is refused, its every other byte a NUL. `utf-16` without a mark names no
    /// byte order: refused too, naming the two that do.
    public func textStart(_ head: UnsafeRawBufferPointer) -> Result<Int, TextEncodingMismatch> {
        if let mark = UTF16Text.markName(head) {
            if self == .utf16 { return .success(0) }
            let marked = mark == "UTF-16LE" ? ["UTF-16LE", "UNICODELITTLE"] : ["UTF-16BE", "UNICODEBIG"]
            if marked.contains(iconvName) { return .success(2) }
            return .failure(
                TextEncodingMismatch(
                    "the file is \(mark) (its byte order mark), not \(rawValue): set encoding=utf-16"
                ))
        }
        if self == .utf16 {
            return .failure(
                TextEncodingMismatch(
                    "encoding=utf-16, but no byte order mark says which: set encoding=utf-16le or utf-16be"))
        }
        if !isUTF16, head.count >= 3, head[0] == 0xEF, head[1] == 0xBB, head[2] == 0xBF { return .success(3) }
        return .success(0)
    }

    /// Why the bytes at the place a ``TextTranscoder`` stopped (`rest`: what it did not read) are
    /// not text in this encoding: one it does not map, or a character the file ends inside.
    public func unreadable(_ rest: UnsafeBufferPointer<UInt8>, incomplete: Bool) -> String {
        if incomplete || rest.isEmpty {
            return "the file ends inside a character of \(rawValue) (encoding=\(rawValue))"
        }
        let byte = "0x" + String(rest[0], radix: 16, uppercase: true)
        return "byte \(byte) is not text in \(rawValue) (encoding=\(rawValue)): the file is in another encoding"
    }
}

/// A byte order mark at the start of a file that says it is not in the encoding given.
public struct TextEncodingMismatch: Error, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
