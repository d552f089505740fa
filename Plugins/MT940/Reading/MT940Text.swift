import StatementText

/// Field text as bytes: lines, blanks, and the text a message or a transaction shows.
enum MT940Text {
    static func firstLine(_ text: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        text.prefix { $0 != 0x0A }
    }

    static func trimmed(_ text: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var text = text
        while let first = text.first, first == 0x20 || first == 0x09 { text = text.dropFirst() }
        while let last = text.last, last == 0x20 || last == 0x09 { text = text.dropLast() }
        return text
    }

    /// The bytes as a String: UTF-8 if they are, else windows-1252, which German banks write
    /// their umlauts in (SWIFT's own character set is ASCII).
    static func string(_ bytes: some Collection<UInt8>) -> String {
        if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        let array = Array(bytes)
        if UTF8Check.firstInvalid(array.span) == nil { return String(decoding: array, as: UTF8.self) }
        var out: [UInt8] = []
        Windows1252.decode(array.span, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether `bytes` are `text`.
    static func equals(_ bytes: ArraySlice<UInt8>, _ text: StaticString) -> Bool {
        let bytes = bytes.span
        return MT940TextScan.equals(bytes, 0..<bytes.count, text)
    }

    /// `"C24x301EUR1,00"` for a message, at most 40 characters.
    static func quoted(_ text: ArraySlice<UInt8>) -> String {
        let shown = string(text.prefix(40)).map { $0.isASCII && $0.asciiValue! < 0x20 ? "?" : $0 }
        return "\"" + String(shown) + (text.count > 40 ? "…" : "") + "\""
    }

    /// Where `needle` first starts in `text`.
    static func find(_ text: ArraySlice<UInt8>, _ needle: StaticString) -> Int? {
        MT940TextScan.find(needle, in: text.span, 0..<text.count).map { text.startIndex + $0 }
    }
}
