/// Where a ``CAMTReader`` gets its bytes: in order, a piece at a time, as libxml2 asks for them,
/// so that a file of any size is read in the memory of its largest element; and whole only
/// for what must look back (a reject's own text, where damage lies), which a valid file without
/// rejects never needs.
///
/// With ``CAMTMemorySource`` and the public `CAMTReader.init(bytes:origin:encoding:)` and
/// `CAMTIdentity.confidence(path:head:)` below, which wrap the caller's pointer, the edge where
/// the file's bytes are held by pointer (one of the few types that touch pointers, ``CAMTText``
/// lists them): the reader is lent them as a `Span` (``withWhole(_:)``).
public protocol CAMTByteSource: AnyObject {
    /// Copies the next bytes into `buffer`: how many, 0 at the end, nil when reading failed
    /// (``failure`` says why).
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int?
    /// Every byte; nil when they cannot be had (``failure`` says why).
    func whole() -> UnsafeRawBufferPointer?
    /// Why reading failed, naming the file; nil while it has not.
    var failure: String? { get }
}

extension CAMTReader {
    /// Reads `bytes`, which must outlive the reader; in `encoding` when given (``CAMTEncoding``).
    public convenience init(bytes: UnsafeRawBufferPointer, origin: String, encoding: String? = nil) {
        self.init(source: CAMTMemorySource(bytes), origin: origin, encoding: encoding)
    }
}

extension CAMTIdentity {
    /// ``confidence(path:head:)`` of a head as SourceKit's `identify` hands it over.
    public static func confidence(path: String, head: UnsafeBufferPointer<UInt8>) -> Int {
        confidence(path: path, head: head.span)
    }
}

extension CAMTByteSource {
    /// Every byte (``whole()``), lent to `body`: none when they cannot be had.
    func withWhole<Result>(_ body: (Span<UInt8>) -> Result) -> Result {
        let bytes = whole()?.assumingMemoryBound(to: UInt8.self) ?? UnsafeBufferPointer(start: nil, count: 0)
        return body(bytes.span)
    }
}

/// Bytes in memory as a ``CAMTByteSource``: the caller's, or a copy the source owns.
final class CAMTMemorySource: CAMTByteSource {
    private let bytes: UnsafeRawBufferPointer
    /// The copy, freed with the source; nil for the caller's bytes.
    private let owned: UnsafeMutableRawBufferPointer?
    private var offset = 0

    /// `bytes` must outlive the source.
    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        owned = nil
    }

    /// Reads a copy of `bytes`.
    init(copying bytes: [UInt8]) {
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 1)
        copy.copyBytes(from: bytes)
        owned = copy
        self.bytes = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(copy)[0..<bytes.count])
    }

    deinit { owned?.deallocate() }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        let count = min(buffer.count, bytes.count - offset)
        guard count > 0, let base = bytes.baseAddress else { return 0 }
        buffer.baseAddress!.copyMemory(from: base + offset, byteCount: count)
        offset += count
        return count
    }

    func whole() -> UnsafeRawBufferPointer? { bytes }

    var failure: String? { nil }
}
