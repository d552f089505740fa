import Glibc
import StatementText

/// Byte work over text in place, by offsets into a `Span`: leaf text as libxml2 hands it over
/// (UTF-8 bytes, read without a String per node), the file's bytes. Holds the scans that want
/// `memchr` and `memcmp` or no check per byte. (A span's bytes handed to a String's decoding or
/// an array's append: StatementText's `SpanBytes`.)
///
/// With ``OFXInput`` and ``OFXBytes`` (the file's bytes and libxml2's read callback),
/// ``OFXXMLReader`` and ``OFXNames`` (libxml2's nodes and names), and the plugin's edge, the only
/// code that touches pointers; the rest of the reader works on `Span`s, whose every access is
/// checked. Each pointer here is the span's own, used only inside the call that lends it, and
/// every range is checked against the span first, so a wrong offset traps as a span's subscript
/// would, never reads past the text.
enum OFXText {
    /// The range of `bytes` without the blanks and line breaks around it, as
    /// ``Swift/String/trimmingOFXBlanks()`` trims (Unicode white space): ASCII is checked byte by
    /// byte, and only a non-ASCII scalar at either end is decoded.
    static func trimmed(_ bytes: Span<UInt8>) -> Range<Int> {
        var low = 0
        var high = bytes.count
        while low < high {
            let byte = bytes[low]
            if byte < 0x80 {
                guard isASCIIWhitespace(byte) else { break }
                low += 1
            } else {
                var end = low + 1
                while end < high && bytes[end] & 0xC0 == 0x80 { end += 1 }
                guard isWhitespace(bytes.extracting(low..<end)) else { break }
                low = end
            }
        }
        while high > low {
            let byte = bytes[high - 1]
            if byte < 0x80 {
                guard isASCIIWhitespace(byte) else { break }
                high -= 1
            } else {
                var start = high - 1
                while start > low && bytes[start] & 0xC0 == 0x80 { start -= 1 }
                guard isWhitespace(bytes.extracting(start..<high)) else { break }
                high = start
            }
        }
        return low..<high
    }

    /// The first index in `start..<end` (to the end of `bytes` by default) of a byte `stop` is
    /// true for, else `end`: the loop of the SGML normaliser's runs, without a check per byte.
    @inline(__always)
    static func firstIndex(in bytes: Span<UInt8>, from start: Int, to end: Int? = nil, where stop: (UInt8) -> Bool)
        -> Int
    {
        let end = end ?? bytes.count
        precondition(start >= 0 && start <= end && end <= bytes.count, "range outside the text")
        return bytes.withUnsafeBufferPointer { bytes in
            // Every index read is in `start..<end`, inside the bytes: checked above.
            var index = start
            while index < end && !stop(bytes[index]) { index += 1 }
            return index
        }
    }

    /// Appends `range` of `bytes` with `&`, `<` and `>` escaped, as XML text.
    static func appendEscaped(_ bytes: Span<UInt8>, _ range: Range<Int>, to out: inout [UInt8]) {
        var start = range.lowerBound
        for index in range {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") else { continue }
            SpanBytes.append(bytes, start..<index, to: &out)
            switch byte {
            case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
            default: out.append(contentsOf: "&gt;".utf8)
            }
            start = index + 1
        }
        SpanBytes.append(bytes, start..<range.upperBound, to: &out)
    }

    /// Where `needle` first occurs in `bytes` at or after `start`; nil when it does not: `memchr`
    /// to each of its byte at `key` (its first by default; the rarest in the text is fastest),
    /// then a compare, so a file of 100 MB is searched in milliseconds.
    static func firstOffset(of needle: [UInt8], in bytes: Span<UInt8>, from start: Int, key: Int = 0) -> Int? {
        guard needle.indices.contains(key), start + needle.count <= bytes.count else { return nil }
        precondition(start >= 0, "offset before the text")
        return bytes.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return nil }
            var offset = start
            // Each place compared is `offset..<(offset + needle.count)`, inside the bytes.
            while offset + needle.count <= bytes.count {
                let from = base + offset + key
                guard let found = memchr(from, Int32(needle[key]), bytes.count - offset - key) else { return nil }
                offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) - key
                guard offset + needle.count <= bytes.count else { return nil }
                if memcmp(base + offset, needle, needle.count) == 0 { return offset }
                offset += 1
            }
            return nil
        }
    }

    /// `bytes` without the blanks around them (``trimmed(_:)``), as a String.
    static func trimmedString(_ bytes: Span<UInt8>) -> String { SpanBytes.string(bytes, trimmed(bytes)) }

    /// U+0009–U+000D and U+0020: the ASCII scalars with Unicode's White_Space property.
    @inline(__always)
    static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    /// Whether one UTF-8 encoded scalar is white space (U+0085, U+00A0, U+2000…); false for
    /// bytes that are no scalar.
    private static func isWhitespace(_ scalar: Span<UInt8>) -> Bool {
        // Bytes that are no scalar decode as U+FFFD, which is not white space.
        let scalars = SpanBytes.string(scalar).unicodeScalars
        return scalars.count == 1 && scalars.first!.properties.isWhitespace
    }
}
