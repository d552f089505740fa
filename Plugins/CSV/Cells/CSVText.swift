/// The scan eight bytes at a time, checked once, not per word. (A span's bytes handed to a
/// String's decoding or an array's append: StatementText's `SpanBytes`.)
///
/// With `SpanBytes`, ``DecimalAmount/write(negated:into:)`` (the amount's writer), the reading's byte source
/// and the plugin's C edge, the only code of the csv plugin that touches pointers; the cells
/// and the reading work on `Span`s, whose every access is checked. Each pointer here is the
/// span's own, used only inside the call that lends it, and each range is checked against the
/// span first, so a wrong offset traps as a span's subscript would, never reads past the bytes.
public enum CSVText {
    /// From `start`, eight bytes at a time (each as a little-endian word), the offset of the first
    /// byte `found` marks (its mask's high bit in that byte); the offset past the last whole word
    /// when none is.
    @inlinable
    public static func firstMarked(_ bytes: Span<UInt8>, from start: Int, _ found: (UInt64) -> UInt64) -> Int {
        precondition(start >= 0 && start <= bytes.count, "range outside the bytes")
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return start }
            // Every word read lies in `start..<buffer.count`, inside the bytes: checked above.
            var index = start
            while index + 8 <= buffer.count {
                let mask = found(UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)))
                if mask != 0 { return index + mask.trailingZeroBitCount >> 3 }
                index += 8
            }
            return index
        }
    }
}
