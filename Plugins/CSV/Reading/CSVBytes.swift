import CSVCells
import StatementText

/// The text every stage of the reading reads, as UTF-8, lent as a `Span`.
///
/// A pointer and a count, copied freely: the tokenizer, the cell and row readers and the layout
/// keep one and read it through ``withSpan(_:)``, whose every access is checked. The only
/// stored pointer of the reading besides ``CSVBuffer``, which owns the bytes it points to when
/// they are the reading's own.
///
/// Valid while its bytes are: the caller's (a UTF-8 file used in place, so a large file costs
/// no second copy) while the ``CSVDocument`` made of them lives, as its init requires; a
/// ``CSVBuffer``'s while the buffer lives (``DecodedText`` holds it for the document). Every
/// `CSVBytes` is used only by the document and the values it makes for one call.
struct CSVBytes {
    private let base: UnsafeBufferPointer<UInt8>

    /// Bytes someone else holds, for as long as the document reading them lives.
    init(borrowing bytes: UnsafeBufferPointer<UInt8>) { base = bytes }

    var count: Int { base.count }

    /// Lends the bytes to `body`, for the call only.
    @inline(__always)
    func withSpan<Result>(_ body: (Span<UInt8>) -> Result) -> Result { body(base.span) }

    /// `range` of the bytes as `String(decoding:as:)` reads it.
    func string(_ range: Range<Int>) -> String { withSpan { SpanBytes.string($0, range) } }

    func byte(at index: Int) -> UInt8 { withSpan { $0[index] } }
}

/// Bytes the reading owns (iconv's output, a copy), freed with the buffer.
final class CSVBuffer {
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    /// The bytes, valid while this buffer lives.
    let bytes: CSVBytes

    /// The first `count` bytes of `buffer`, which is freed with this one.
    init(taking buffer: UnsafeMutableBufferPointer<UInt8>, count: Int) {
        precondition(count >= 0 && count <= buffer.count, "more bytes than the buffer holds")
        self.buffer = buffer
        bytes = CSVBytes(borrowing: UnsafeBufferPointer(rebasing: buffer[..<count]))
    }

    convenience init(copying bytes: [UInt8]) {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        _ = buffer.initialize(fromContentsOf: bytes)
        self.init(taking: buffer, count: bytes.count)
    }

    deinit { buffer.deallocate() }
}
