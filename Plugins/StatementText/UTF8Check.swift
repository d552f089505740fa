/// Whether bytes are UTF-8: the first question for every statement file, which names its
/// encoding seldom and wrongly often.
public enum UTF8Check {
    /// The offset of the first byte that breaks RFC 3629 UTF-8, or nil. ASCII runs are checked
    /// eight bytes at a time: most statements are nearly all ASCII.
    public static func firstInvalid(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        var index = 0
        while index < count {
            if index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0 {
                    index += 8
                    continue
                }
            }
            let lead = base[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var lowest: UInt8 = 0x80
            var highest: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                lowest = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                highest = 0x9F
            case 0xF0:
                length = 4
                lowest = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                highest = 0x8F
            default: return index
            }
            guard index + length <= count else { return index }
            let second = base[index + 1]
            guard second >= lowest, second <= highest else { return index }
            for offset in 2..<length where base[index + offset] & 0xC0 != 0x80 {
                return index
            }
            index += length
        }
        return nil
    }

    public static func firstInvalid(_ bytes: UnsafeRawBufferPointer) -> Int? {
        firstInvalid(bytes.assumingMemoryBound(to: UInt8.self))
    }

    public static func firstInvalid(_ bytes: Span<UInt8>) -> Int? {
        bytes.withUnsafeBufferPointer { firstInvalid($0) }
    }

    /// The offset of the first byte at or above 0x80, or nil for ASCII: eight bytes at a time,
    /// as `firstInvalid` skips ASCII.
    public static func firstNonASCII(_ bytes: UnsafeRawBufferPointer) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var index = 0
        while index + 8 <= bytes.count {
            if (base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { break }
            index += 8
        }
        while index < bytes.count {
            if base.load(fromByteOffset: index, as: UInt8.self) >= 0x80 { return index }
            index += 1
        }
        return nil
    }

    /// The line of the first letter beyond ASCII when `bytes` (after a UTF-8 byte order mark)
    /// are valid UTF-8 and have one; nil otherwise. Text in a one-byte Western code page is
    /// practically never this once it has letters beyond ASCII: a file declared windows-1252 or
    /// Latin-1 that is, is UTF-8.
    public static func lineBeyondASCII(ifValid bytes: UnsafeRawBufferPointer) -> Int? {
        let mark = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        guard let first = firstNonASCII(UnsafeRawBufferPointer(rebasing: bytes[mark...])), firstInvalid(bytes) == nil
        else { return nil }
        return 1 + bytes[..<(mark + first)].reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
    }

    public static func lineBeyondASCII(ifValid bytes: Span<UInt8>) -> Int? {
        bytes.withUnsafeBytes { lineBeyondASCII(ifValid: $0) }
    }
}
