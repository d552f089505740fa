import Glibc

/// Byte scans over a field's text in place, by offsets into it: what the reading of every entry
/// does, without a slice or a copy.
enum MT940TextScan {
    /// Where the first `byte` at or after `from` is.
    static func firstIndex(of byte: UInt8, in text: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard from < text.count, let base = text.baseAddress,
            let found = memchr(base + from, Int32(byte), text.count - from)
        else { return nil }
        return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
    }

    /// `range` without the spaces and tabs at either end.
    static func trimmed(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
        var start = range.lowerBound
        var end = range.upperBound
        while start < end, text[start] == 0x20 || text[start] == 0x09 { start += 1 }
        while end > start, text[end - 1] == 0x20 || text[end - 1] == 0x09 { end -= 1 }
        return start..<end
    }

    /// Where `needle` first starts within `range` of `text`.
    static func find(_ needle: StaticString, in text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        let count = needle.utf8CodeUnitCount
        guard count > 0, let base = text.baseAddress else { return nil }
        let first = needle.utf8Start[0]
        var at = range.lowerBound
        while at + count <= range.upperBound {
            guard let found = memchr(base + at, Int32(first), range.upperBound - count + 1 - at) else { return nil }
            let index = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
            if memcmp(found, needle.utf8Start, count) == 0 { return index }
            at = index + 1
        }
        return nil
    }

    /// Whether `range` of `text` is `word`.
    static func equals(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ word: StaticString) -> Bool {
        guard range.count == word.utf8CodeUnitCount, let base = text.baseAddress else { return false }
        return memcmp(base + range.lowerBound, word.utf8Start, range.count) == 0
    }

    /// No byte at or above 0x80: eight at a time.
    static func isASCII(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = text.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var at = 0
        while at + 8 <= text.count {
            if raw.loadUnaligned(fromByteOffset: at, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            at += 8
        }
        while at < text.count {
            if text[at] >= 0x80 { return false }
            at += 1
        }
        return true
    }
}
