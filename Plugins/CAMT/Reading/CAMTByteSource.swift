/// Where a ``CAMTReader`` gets its bytes: in order, a piece at a time, as libxml2 asks for them,
/// so that a file of any size is read in the memory of its largest element; and whole only
/// for what must look back (a reject's own text, where damage lies), which a valid file without
/// rejects never needs.
public protocol CAMTByteSource: AnyObject {
    /// Copies the next bytes into `buffer`: how many, 0 at the end, nil when reading failed
    /// (``failure`` says why).
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int?
    /// Every byte; nil when they cannot be had (``failure`` says why).
    func whole() -> UnsafeRawBufferPointer?
    /// Why reading failed, naming the file; nil while it has not.
    var failure: String? { get }
}

/// Bytes in memory as a ``CAMTByteSource``.
final class CAMTMemorySource: CAMTByteSource {
    private let bytes: UnsafeRawBufferPointer
    private var offset = 0

    /// `bytes` must outlive the source.
    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

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
