import CSVCells

/// The text every stage of the reading reads, as UTF-8, lent as a `Span`.
///
/// Either bytes the caller holds (a UTF-8 file used in place, so a large file costs no second
/// copy; ``DecodedText`` says who frees them) or an array of its own. The only stored pointer
/// of the reading: the tokenizer, the cell and row readers and the layout keep a `CSVBytes`
/// and read it through ``withSpan(_:)``, whose every access is checked.
///
/// The borrowed pointer is valid while the ``CSVDocument`` that made it lives: the document's
/// init takes the caller's bytes on that condition, and every `CSVBytes` made of them is used
/// only by the document and the values it makes for one call.
struct CSVBytes {
    private enum Storage {
        case borrowed(UnsafeBufferPointer<UInt8>)
        case owned([UInt8])
    }

    private let storage: Storage

    /// Bytes someone else holds, for as long as the document reading them lives.
    init(borrowing bytes: UnsafeBufferPointer<UInt8>) { storage = .borrowed(bytes) }

    init(_ bytes: [UInt8]) { storage = .owned(bytes) }

    var count: Int {
        switch storage {
        case .borrowed(let bytes): bytes.count
        case .owned(let bytes): bytes.count
        }
    }

    /// Lends the bytes to `body`, for the call only.
    @inline(__always)
    func withSpan<Result>(_ body: (Span<UInt8>) -> Result) -> Result {
        switch storage {
        case .borrowed(let bytes): body(bytes.span)
        case .owned(let bytes): body(bytes.span)
        }
    }

    /// `range` of the bytes as `String(decoding:as:)` reads it.
    func string(_ range: Range<Int>) -> String { withSpan { CSVText.string($0, range) } }

    func byte(at index: Int) -> UInt8 { withSpan { $0[index] } }
}
