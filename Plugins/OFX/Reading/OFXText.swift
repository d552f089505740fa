import Glibc

/// Leaf text as libxml2 hands it over (UTF-8 bytes), read without a String per node.
enum OFXText {
    /// `bytes` without the blanks and line breaks around it, as ``Swift/String/trimmingOFXBlanks()``
    /// trims (Unicode white space): ASCII is checked byte by byte, and only a non-ASCII scalar at
    /// either end is decoded.
    static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        guard let base = bytes.baseAddress else { return bytes }
        var low = 0
        var high = bytes.count
        while low < high {
            let byte = base[low]
            if byte < 0x80 {
                guard isASCIIWhitespace(byte) else { break }
                low += 1
            } else {
                var end = low + 1
                while end < high && base[end] & 0xC0 == 0x80 { end += 1 }
                guard isWhitespace(UnsafeBufferPointer(start: base + low, count: end - low)) else { break }
                low = end
            }
        }
        while high > low {
            let byte = base[high - 1]
            if byte < 0x80 {
                guard isASCIIWhitespace(byte) else { break }
                high -= 1
            } else {
                var start = high - 1
                while start > low && base[start] & 0xC0 == 0x80 { start -= 1 }
                guard isWhitespace(UnsafeBufferPointer(start: base + start, count: high - start)) else { break }
                high = start
            }
        }
        return UnsafeBufferPointer(start: base + low, count: high - low)
    }

    /// Appends `bytes` with `&`, `<` and `>` escaped, as XML text.
    static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        var start = 0
        for index in 0..<bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") else { continue }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
            switch byte {
            case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
            default: out.append(contentsOf: "&gt;".utf8)
            }
            start = index + 1
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
    }

    /// Whether `needle` (which starts with `<`) occurs in `bytes`: `memchr` to each `<`, then a
    /// compare, so a file of 100 MB is searched in milliseconds.
    static func contains(_ needle: [UInt8], in bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let all = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        return firstOffset(of: needle, in: all, from: 0) != nil
    }

    /// Where `needle` first occurs in `bytes` at or after `start`; nil when it does not.
    static func firstOffset(of needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = bytes.baseAddress, let first = needle.first else { return nil }
        var offset = start
        while offset + needle.count <= bytes.count {
            guard let found = memchr(base + offset, Int32(first), bytes.count - offset) else { return nil }
            offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            guard offset + needle.count <= bytes.count else { return nil }
            if memcmp(found, needle, needle.count) == 0 { return offset }
            offset += 1
        }
        return nil
    }

    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// U+0009–U+000D and U+0020: the ASCII scalars with Unicode's White_Space property.
    @inline(__always)
    static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    /// Whether one UTF-8 encoded scalar is white space (U+0085, U+00A0, U+2000…); false for
    /// bytes that are no scalar.
    private static func isWhitespace(_ scalar: UnsafeBufferPointer<UInt8>) -> Bool {
        var iterator = scalar.makeIterator()
        var decoder = UTF8()
        guard case let .scalarValue(value) = decoder.decode(&iterator), iterator.next() == nil else { return false }
        return value.properties.isWhitespace
    }
}
