import StatementText

// The reader's edge where bytes come in as pointers: a source's reads, a file's head.

/// Where an ``MT940Reader`` gets its bytes: in order, a piece at a time, so that a file of any
/// size is read in the memory of a few of its lines.
public protocol MT940ByteSource: AnyObject {
    /// Copies the next bytes into `buffer`: how many, 0 at the end, nil when reading failed
    /// (``failure`` says why).
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int?
    /// Why reading failed; nil while it has not.
    var failure: String? { get }
}

/// Bytes in memory as an ``MT940ByteSource``: for tests and `explain` of small texts.
final class MT940MemorySource: MT940ByteSource {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        let count = min(buffer.count, bytes.count - offset)
        guard count > 0 else { return 0 }
        bytes.withUnsafeBytes {
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<(offset + count)]))
        }
        offset += count
        return count
    }

    var failure: String? { nil }
}

extension MT940Identity {
    /// ``confidence(path:head:contentStart:)`` of a head as SourceKit's `identify` hands it over.
    public static func confidence(path: String, head: UnsafeBufferPointer<UInt8>) -> Int {
        confidence(path: path, head: head.span, contentStart: HeadStart.index(in: head.span))
    }
}
