/// A span's bytes handed to code that takes a pointer: a String's decoding, an array's append.
/// The readers' own fences (`CSVText`, `OFXText`, `CAMTText`, `MT940TextScan`) keep what is
/// theirs and share these two. The pointer is the span's own, used only inside the call that
/// lends it, and the range is checked against the span first: a wrong offset traps as a span's
/// subscript would, never reads past the bytes.
public enum SpanBytes {
    /// `range` of `bytes` (all of them by default) as `String(decoding:as:)` reads it.
    @inlinable
    public static func string(_ bytes: Span<UInt8>, _ range: Range<Int>? = nil) -> String {
        let range = range ?? 0..<bytes.count
        precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count, "range outside the bytes")
        return bytes.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self)
        }
    }

    /// Appends `range` of `bytes` (all of them by default) to `out`.
    @inlinable
    public static func append(_ bytes: Span<UInt8>, _ range: Range<Int>? = nil, to out: inout [UInt8]) {
        let range = range ?? 0..<bytes.count
        precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count, "range outside the bytes")
        bytes.withUnsafeBufferPointer { out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range])) }
    }
}
