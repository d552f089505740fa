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
        if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        let array = Array(bytes)
        return array.withUnsafeBufferPointer { buffer in
            if UTF8Check.firstInvalid(buffer) == nil { return String(decoding: buffer, as: UTF8.self) }
            var out: [UInt8] = []
            Windows1252.decode(UnsafeRawBufferPointer(buffer), into: &out)
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// The bytes as text (``string(_:)``), blanks and line breaks inside collapsed to single
    /// spaces, none at either end. Text that has none to collapse is not copied first.
    static func collapsed(_ bytes: ArraySlice<UInt8>) -> String {
        if isPlain(bytes) { return String(decoding: bytes, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var blank = false
        for byte in bytes {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                blank = !out.isEmpty
            } else {
                if blank { out.append(0x20) }
                blank = false
                out.append(byte)
            }
        }
        return string(out)
    }

    /// ASCII with nothing to collapse: no blank at either end, no control character, no two
    /// spaces together. One pass over the bytes, most text's only one.
    static func isPlain(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard bytes.first != 0x20, bytes.last != 0x20 else { return false }
        return bytes.withUnsafeBufferPointer { buffer in
            var previous: UInt8 = 0
            for byte in buffer {
                // Below 0x20 (controls), 0x7F and above (not ASCII): `&- 0x20` leaves them 0x5F or more.
                if byte &- 0x20 >= 0x5F || (byte == 0x20 && previous == 0x20) { return false }
                previous = byte
            }
            return true
        }
    }

    /// Whether `bytes` are `text`.
    static func equals(_ bytes: ArraySlice<UInt8>, _ text: StaticString) -> Bool {
        bytes.count == text.utf8CodeUnitCount && text.withUTF8Buffer { bytes.elementsEqual($0) }
    }

    /// `"C24x301EUR1,00"` for a message, at most 40 characters.
    static func quoted(_ text: ArraySlice<UInt8>) -> String {
        let shown = string(text.prefix(40)).map { $0.isASCII && $0.asciiValue! < 0x20 ? "?" : $0 }
        return "\"" + String(shown) + (text.count > 40 ? "…" : "") + "\""
    }

    /// Where `needle` first starts in `text`: each place its first byte is, compared.
    static func find(_ text: ArraySlice<UInt8>, _ needle: StaticString) -> Int? {
        let count = needle.utf8CodeUnitCount
        guard count > 0, text.count >= count else { return nil }
        let first = needle.withUTF8Buffer { $0[0] }
        var from = text.startIndex
        while let at = text[from...].firstIndex(of: first), at + count <= text.endIndex {
            if equals(text[at..<(at + count)], needle) { return at }
            from = at + 1
        }
        return nil
    }
}
