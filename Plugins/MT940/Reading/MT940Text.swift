import StatementText

/// Field text as bytes: lines, blanks, and the text a message or a transaction shows.
enum MT940Text {
    static func firstLine(_ text: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        text.prefix { $0 != 0x0A }
    }

    /// The lines after the first.
    static func rest(_ text: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let first = firstLine(text)
        return first.endIndex < text.endIndex ? text[(first.endIndex + 1)...] : text[text.endIndex...]
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
        let array = Array(bytes)
        return array.withUnsafeBufferPointer { buffer in
            if UTF8Check.firstInvalid(buffer) == nil { return String(decoding: buffer, as: UTF8.self) }
            var out: [UInt8] = []
            Windows1252.decode(UnsafeRawBufferPointer(buffer), into: &out)
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// Blanks and line breaks inside collapsed to single spaces, none at either end.
    static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
    }

    /// `"C24x301EUR1,00"` for a message, at most 40 characters.
    static func quoted(_ text: ArraySlice<UInt8>) -> String {
        let shown = string(text.prefix(40)).map { $0.isASCII && $0.asciiValue! < 0x20 ? "?" : $0 }
        return "\"" + String(shown) + (text.count > 40 ? "…" : "") + "\""
    }

    /// Where `needle` first starts in `text`.
    static func find(_ text: ArraySlice<UInt8>, _ needle: StaticString) -> Int? {
        let count = needle.utf8CodeUnitCount
        guard count > 0, text.count >= count else { return nil }
        var at = text.startIndex
        while at + count <= text.endIndex {
            if (0..<count).allSatisfy({ text[at + $0] == needle.utf8Start[$0] }) { return at }
            at += 1
        }
        return nil
    }
}
