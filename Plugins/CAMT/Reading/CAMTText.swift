import Glibc

/// A range of a `Span` compared with a word through `memcmp`. (A span's bytes handed to a
/// String's decoding or an array's append: StatementText's `SpanBytes`.)
///
/// With `SpanBytes`, ``CAMTBuffer`` (the reader's plain memory), ``CAMTMemorySource`` and
/// ``CAMTByteSource/withWhole(_:)`` (the file's bytes), ``XMLStreamReader`` and ``CAMTNameCache``
/// (libxml2's edge), ``CAMTEncoding`` (the file's head and whole, handed to StatementText), and the
/// plugin's edge, the only code that touches pointers; the rest of the reader works on
/// `Span`s, whose every access is checked. Each pointer here is the span's own, used only inside
/// the call that lends it, and each range is checked against the span first, so a wrong offset
/// traps as a span's subscript would, never reads past the bytes.
enum CAMTText {
    /// Whether `range` of `bytes` is `word`.
    static func equals(_ bytes: Span<UInt8>, _ range: Range<Int>, _ word: StaticString) -> Bool {
        guard range.count == word.utf8CodeUnitCount else { return false }
        precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count, "range outside the bytes")
        return bytes.withUnsafeBufferPointer {
            guard let base = $0.baseAddress else { return range.isEmpty }
            return memcmp(base + range.lowerBound, word.utf8Start, range.count) == 0
        }
    }
}
