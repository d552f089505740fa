/// Decodes the escapes of a JSON string's raw bytes: for the few keys the scanner must recognise
/// (`body`, `transactions`) however they are spelled, and for ``EnvelopeHead``'s strings.
enum JSONStringEscapes {
    /// The UTF-8 bytes `raw` (a string's contents, without its quotes) stands for, or nil when an
    /// escape is malformed or a `\u` surrogate has no partner: such a key names nothing the
    /// scanner looks for, and jansson fails or rejects the text for it anyway.
    static func decode(_ raw: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var written: Int?
        // A string decoded is never longer than its text.
        var out = [UInt8](repeating: 0, count: raw.count)
        out.withUnsafeMutableBufferPointer { written = decode(raw, into: $0) }
        guard let written else { return nil }
        out.removeLast(raw.count - written)
        return out
    }

    /// The same, written to `out` (room for `raw.count` bytes): how many bytes, or nil.
    static func decode(_ raw: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        var i = 0
        var n = 0
        func put(_ byte: UInt8) {
            out[n] = byte
            n += 1
        }
        while i < raw.count {
            let c = raw[i]
            guard c == UInt8(ascii: "\\") else {
                put(c)
                i += 1
                continue
            }
            guard i + 1 < raw.count else { return nil }
            switch raw[i + 1] {
            case UInt8(ascii: "\""): put(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): put(UInt8(ascii: "\\"))
            case UInt8(ascii: "/"): put(UInt8(ascii: "/"))
            case UInt8(ascii: "b"): put(0x08)
            case UInt8(ascii: "f"): put(0x0C)
            case UInt8(ascii: "n"): put(0x0A)
            case UInt8(ascii: "r"): put(0x0D)
            case UInt8(ascii: "t"): put(0x09)
            case UInt8(ascii: "u"):
                guard var scalar = hex4(raw, at: i + 2) else { return nil }
                i += 6
                if (0xD800..<0xDC00).contains(scalar) {
                    guard i + 1 < raw.count, raw[i] == UInt8(ascii: "\\"), raw[i + 1] == UInt8(ascii: "u"),
                        let low = hex4(raw, at: i + 2), (0xDC00..<0xE000).contains(low)
                    else { return nil }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    i += 6
                } else if (0xDC00..<0xE000).contains(scalar) {
                    return nil
                }
                for byte in Unicode.Scalar(scalar)!.utf8 { put(byte) }
                continue
            default:
                return nil
            }
            i += 2
        }
        return n
    }

    /// The four hex digits at `start` as a number, or nil.
    private static func hex4(_ raw: UnsafeBufferPointer<UInt8>, at start: Int) -> UInt32? {
        guard start + 4 <= raw.count else { return nil }
        var value: UInt32 = 0
        for k in start..<(start + 4) {
            let c = raw[k]
            let digit: UInt8
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = c - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
