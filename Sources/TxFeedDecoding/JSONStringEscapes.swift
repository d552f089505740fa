/// Decodes the escapes of a JSON string's raw bytes: for the few keys the scanner must recognise
/// (`body`, `transactions`) however they are spelled, and for the strings `txfeed merge` reads.
enum JSONStringEscapes {
    /// The UTF-8 bytes `raw` (a string's contents, without its quotes) stands for, or nil when an
    /// escape is malformed or a `\u` surrogate has no partner: such a key names nothing the
    /// scanner looks for, and jansson fails or rejects the text for it anyway.
    static func decode(_ raw: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        return decode(raw, appendingTo: &out) ? out : nil
    }

    /// The same, appended to `out`; false (with `out` partly written) for a malformed escape.
    static func decode(_ raw: UnsafeBufferPointer<UInt8>, appendingTo out: inout [UInt8]) -> Bool {
        var i = 0
        while i < raw.count {
            let c = raw[i]
            guard c == UInt8(ascii: "\\") else {
                out.append(c)
                i += 1
                continue
            }
            guard i + 1 < raw.count else { return false }
            switch raw[i + 1] {
            case UInt8(ascii: "\""): out.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "/"): out.append(UInt8(ascii: "/"))
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                guard var scalar = hex4(raw, at: i + 2) else { return false }
                i += 6
                if (0xD800..<0xDC00).contains(scalar) {
                    guard i + 1 < raw.count, raw[i] == UInt8(ascii: "\\"), raw[i + 1] == UInt8(ascii: "u"),
                        let low = hex4(raw, at: i + 2), (0xDC00..<0xE000).contains(low)
                    else { return false }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    i += 6
                } else if (0xDC00..<0xE000).contains(scalar) {
                    return false
                }
                out.append(contentsOf: Unicode.Scalar(scalar)!.utf8)
                continue
            default:
                return false
            }
            i += 2
        }
        return true
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
