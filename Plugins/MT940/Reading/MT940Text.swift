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

    /// The `:25:` account, as its IBAN where the bank wraps one (PKO BP's `/PL10…`, Rabobank's
    /// and bunq's `NL34RABO0142623393 EUR`): camt gives the IBAN alone, and with the wrapping the
    /// same account was two in a journal and in `--state` by the format it came in.
    static func accountID(_ field: ArraySlice<UInt8>) -> String {
        func isIBAN(_ bytes: ArraySlice<UInt8>) -> Bool {
            Array(bytes).withUnsafeBufferPointer { MT940Details.isIBAN($0.span) }
        }
        var id = trimmed(firstLine(field))
        if id.first == UInt8(ascii: "/"), isIBAN(id.dropFirst()) { id = id.dropFirst() }
        let words = id.split(separator: 0x20, omittingEmptySubsequences: true)
        if words.count == 2, words[1].count == 3, words[1].allSatisfy({ (0x41...0x5A).contains($0) }), isIBAN(words[0])
        {
            id = words[0]
        }
        return string(id)
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
