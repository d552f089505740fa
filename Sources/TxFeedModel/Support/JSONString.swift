/// JSON string literals, written the way jansson's `json_dumps` writes them, so that every
/// string txfeed puts out (feed cells, rejects, a plugin's configuration) reads the same
/// whichever stage wrote it: `"`, `\` and control characters escaped (`\n`, `\t`, … or
/// `\u001B`), everything else — `/` and non-ASCII included — kept as it is.
///
/// Text that is not valid UTF-8 cannot be a JSON string; like jansson, it is written as `""`.
/// (Text that came through the decoder always is valid: jansson checked it there.)
package enum JSONString {
    /// `"…"` for `text`.
    package static func literal(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        append(text, to: &out)
        return out
    }

    package static func literal(_ bytes: some Collection<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        append(bytes, to: &out)
        return out
    }

    /// `"…"` as a `String`: for small JSON texts such as a plugin's configuration.
    package static func quoted(_ text: String) -> String {
        String(decoding: literal(text), as: UTF8.self)
    }

    /// A JSON object of string members, in the order given.
    package static func object(_ members: [(key: String, value: String)]) -> String {
        // One buffer: a folder's ten thousand sources each have one.
        var out: [UInt8] = [UInt8(ascii: "{")]
        for (n, member) in members.enumerated() {
            if n > 0 { out.append(UInt8(ascii: ",")) }
            append(member.key, to: &out)
            out.append(UInt8(ascii: ":"))
            append(member.value, to: &out)
        }
        out.append(UInt8(ascii: "}"))
        return String(decoding: out, as: UTF8.self)
    }

    package static func append(_ text: String, to out: inout [UInt8]) {
        // A String is valid UTF-8 by construction.
        appendValid(text.utf8, to: &out)
    }

    package static func append(_ bytes: some Collection<UInt8>, to out: inout [UInt8]) {
        guard isValidUTF8(bytes) else {
            out.append(contentsOf: [quote, quote])
            return
        }
        appendValid(bytes, to: &out)
    }

    /// ``append(_:to:)-(some Collection<UInt8>,_)`` of a span's bytes: a sink's cells come as spans.
    package static func append(_ bytes: Span<UInt8>, to out: inout [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0, to: &out) }
    }

    private static func appendValid(_ bytes: some Collection<UInt8>, to out: inout [UInt8]) {
        out.append(quote)
        for byte in bytes {
            switch byte {
            case quote: out.append(contentsOf: [backslash, quote])
            case backslash: out.append(contentsOf: [backslash, backslash])
            case 0x08: out.append(contentsOf: [backslash, UInt8(ascii: "b")])
            case 0x0C: out.append(contentsOf: [backslash, UInt8(ascii: "f")])
            case 0x0A: out.append(contentsOf: [backslash, UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [backslash, UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [backslash, UInt8(ascii: "t")])
            case 0..<0x20:
                out.append(contentsOf: [
                    backslash, UInt8(ascii: "u"), zero, zero, hex[Int(byte >> 4)], hex[Int(byte & 0xF)],
                ])
            default: out.append(byte)
            }
        }
        out.append(quote)
    }

    /// RFC 3629 UTF-8: no overlong forms, no surrogates, nothing above U+10FFFF.
    /// The hot path's check (a plugin's vendor for every entry): eight ASCII bytes at a time,
    /// the full decoder only for the characters that are not ASCII, and back to eight at a time
    /// after them (a name with `••` near its start was checked byte by byte to its end).
    package static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        var i = 0
        while true {
            while i + 8 <= count, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                i += 8
            }
            while i < count, bytes[i] < 0x80 { i += 1 }
            guard i < count else { return true }
            guard let next = endOfCharacters(bytes, from: i) else { return false }
            i = next
        }
    }

    /// RFC 3629's well-formed sequences (Unicode's table 3-7) from `start`, byte by byte, up
    /// to the next ASCII byte: where that is, or nil at a byte that is not UTF-8. The standard
    /// library's decoder through an iterator cost a tenth of a run whose names are not all ASCII.
    private static func endOfCharacters(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        func continuation(_ at: Int) -> Bool { bytes[at] & 0xC0 == 0x80 }
        let count = bytes.count
        var i = start
        while i < count {
            let lead = bytes[i]
            switch lead {
            case 0x00..<0x80:
                return i
            case 0xC2..<0xE0:
                guard i + 1 < count, continuation(i + 1) else { return nil }
                i += 2
            case 0xE0..<0xF0:
                // No overlong forms (E0 A0…) and no surrogates (ED …9F).
                let second: ClosedRange<UInt8> = (lead == 0xE0 ? 0xA0 : 0x80)...(lead == 0xED ? 0x9F : 0xBF)
                guard i + 2 < count, second.contains(bytes[i + 1]), continuation(i + 2) else { return nil }
                i += 3
            case 0xF0..<0xF5:
                // No overlong forms (F0 90…) and nothing past U+10FFFF (F4 …8F).
                let second: ClosedRange<UInt8> = (lead == 0xF0 ? 0x90 : 0x80)...(lead == 0xF4 ? 0x8F : 0xBF)
                guard i + 3 < count, second.contains(bytes[i + 1]), continuation(i + 2), continuation(i + 3) else {
                    return nil
                }
                i += 4
            default:
                return nil
            }
        }
        return i
    }

    package static func isValidUTF8(_ bytes: some Collection<UInt8>) -> Bool {
        if bytes.allSatisfy({ $0 < 0x80 }) { return true }
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")
    private static let zero = UInt8(ascii: "0")
    private static let hex: [UInt8] = Array("0123456789ABCDEF".utf8)
}
