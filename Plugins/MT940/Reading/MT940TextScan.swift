import Glibc

/// Byte work over a field's text in place, by offsets into a `Span` of it: the scans that want
/// memchr, memcmp or eight bytes at a time, and the hand-overs to code that takes a pointer
/// that are its own (a repaired append, an array); a String's decoding and a plain append are
/// StatementText's `SpanBytes`. StatementText's checks and the csv plugin's amounts
/// take a `Span` themselves.
///
/// The reading code works on `Span`s, whose every access is checked; the pointers are here, each
/// the span's own and used only inside the call that lends it. Every function checks the range it
/// is given against the span first, so that a wrong offset traps as a span's subscript would,
/// never reads past the text.
enum MT940TextScan {
    /// Where the first `byte` at or after `from` is.
    @inline(__always)
    static func firstIndex(of byte: UInt8, in text: Span<UInt8>, from: Int) -> Int? {
        guard from < text.count else { return nil }
        precondition(from >= 0, "offset before the text")
        return text.withUnsafeBufferPointer { text in
            // `from..<text.count` is inside the text: checked above.
            guard let base = text.baseAddress, let found = memchr(base + from, Int32(byte), text.count - from)
            else { return nil }
            return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
        }
    }

    /// `range` without the spaces and tabs at either end.
    @inline(__always)
    static func trimmed(_ text: Span<UInt8>, _ range: Range<Int>) -> Range<Int> {
        var start = range.lowerBound
        var end = range.upperBound
        while start < end, text[start] == 0x20 || text[start] == 0x09 { start += 1 }
        while end > start, text[end - 1] == 0x20 || text[end - 1] == 0x09 { end -= 1 }
        return start..<end
    }

    /// Where `needle` first starts within `range` of `text`.
    static func find(_ needle: StaticString, in text: Span<UInt8>, _ range: Range<Int>) -> Int? {
        let count = needle.utf8CodeUnitCount
        guard count > 0, range.count >= count else { return nil }
        precondition(range.lowerBound >= 0 && range.upperBound <= text.count, "range outside the text")
        return text.withUnsafeBufferPointer { text in
            guard let base = text.baseAddress else { return nil }
            let first = needle.utf8Start[0]
            var at = range.lowerBound
            // Each place compared is `at..<(at + count)`, inside `range`, so inside the text.
            while at + count <= range.upperBound {
                guard let found = memchr(base + at, Int32(first), range.upperBound - count + 1 - at) else {
                    return nil
                }
                let index = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
                if memcmp(found, needle.utf8Start, count) == 0 { return index }
                at = index + 1
            }
            return nil
        }
    }

    /// Whether `range` of `text` is `word`.
    static func equals(_ text: Span<UInt8>, _ range: Range<Int>, _ word: StaticString) -> Bool {
        guard range.count == word.utf8CodeUnitCount else { return false }
        precondition(range.lowerBound >= 0 && range.upperBound <= text.count, "range outside the text")
        return text.withUnsafeBufferPointer { text in
            guard let base = text.baseAddress else { return false }
            return memcmp(base + range.lowerBound, word.utf8Start, range.count) == 0
        }
    }

    /// Whether `text` begins with `word`.
    static func starts(_ text: Span<UInt8>, with word: StaticString) -> Bool {
        word.utf8CodeUnitCount <= text.count && equals(text, 0..<word.utf8CodeUnitCount, word)
    }

    /// The four bytes at `at` as one number, in memory order: compared with ``word(_:)``'s.
    static func word(_ text: Span<UInt8>, at: Int) -> UInt32 {
        text.bytes.unsafeLoadUnaligned(fromByteOffset: at, as: UInt32.self)
    }

    /// The first four bytes of `word` as ``word(_:at:)`` reads them.
    static func word(_ word: StaticString) -> UInt32 {
        precondition(word.utf8CodeUnitCount >= 4, "a word of four bytes")
        return UnsafeRawPointer(word.utf8Start).loadUnaligned(as: UInt32.self)
    }

    /// No byte at or above 0x80: eight at a time.
    @inline(__always)
    static func isASCII(_ text: Span<UInt8>) -> Bool {
        let raw = text.bytes
        var at = 0
        while at + 8 <= text.count {
            if raw.unsafeLoadUnaligned(fromByteOffset: at, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 {
                return false
            }
            at += 8
        }
        while at < text.count {
            if text[at] >= 0x80 { return false }
            at += 1
        }
        return true
    }

    // MARK: Copies

    /// Appends `word`'s bytes to `bytes`.
    static func append(_ word: StaticString, to bytes: inout [UInt8]) {
        word.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// The bytes as an array.
    static func array(_ text: Span<UInt8>) -> [UInt8] {
        text.withUnsafeBufferPointer { Array($0) }
    }

    /// Appends `text` as `String(decoding:as:)` reads it: invalid UTF-8 repaired.
    static func appendRepaired(_ text: Span<UInt8>, to bytes: inout [UInt8]) {
        text.withUnsafeBufferPointer { bytes.append(contentsOf: String(decoding: $0, as: UTF8.self).utf8) }
    }

    /// `text` collapsed, lent to `body`: blanks and line breaks inside made single spaces, none
    /// at either end. Made on the stack, a byte at a time (every text of every entry): the loop
    /// reads and writes through pointers, unchecked.
    static func withCollapsed<Result>(_ text: Span<UInt8>, _ body: (Span<UInt8>) -> Result) -> Result {
        text.withUnsafeBufferPointer { text in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: text.count) { out in
                // `count` is at most the bytes read so far (a space is written only before a
                // byte that is kept, for blanks before it that were not): every write is below
                // `text.count`, the room allocated.
                var count = 0
                var blank = false
                for byte in text {
                    if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                        blank = count > 0
                    } else {
                        if blank {
                            out[count] = 0x20
                            count += 1
                        }
                        blank = false
                        out[count] = byte
                        count += 1
                    }
                }
                return body(UnsafeBufferPointer(rebasing: out[..<count]).span)
            }
        }
    }
}
