/// The hand-overs of bytes in a `Span` to code that takes a pointer: a String's decoding, an
/// array's append, an unaligned load.
///
/// With ``DecimalAmount/write(negated:into:)`` (the amount's writer), the reading's byte source
/// and the plugin's C edge, the only code of the csv plugin that touches pointers; the cells
/// and the reading work on `Span`s, whose every access is checked. Each pointer here is the
/// span's own, used only inside the call that lends it, and each range is checked against the
/// span first, so a wrong offset traps as a span's subscript would, never reads past the bytes.
public enum CSVText {
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

    /// The eight bytes from `offset` as a little-endian word: a scan's test of eight at once.
    @inlinable
    public static func word(_ bytes: Span<UInt8>, at offset: Int) -> UInt64 {
        precondition(offset >= 0 && offset + 8 <= bytes.count, "range outside the bytes")
        return UInt64(littleEndian: bytes.bytes.unsafeLoadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
}
