import Glibc

/// A byte source cut into lines, CRLF or LF, a chunk read at a time into one buffer: a line is
/// handed out in place as ``line``, valid until the next call.
final class MT940LineReader {
    /// A line longer than this is no MT940 (a field line has at most 65 characters, a block
    /// header a few hundred): the file is not read further, so binary garbage is never held whole.
    static let longestLine = 64 << 10
    static let chunk = 256 << 10

    enum Next {
        case line
        case end
        case failure(String)
    }

    let source: MT940ByteSource
    /// The line handed out last, without its line break: its bytes in the buffer.
    var line: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(
            start: storage.baseAddress!.assumingMemoryBound(to: UInt8.self) + lineStart, count: lineEnd - lineStart)
    }
    private var lineStart = 0
    private var lineEnd = 0
    /// The number of the line handed out last, from 1.
    private(set) var number = 0
    private let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk + longestLine, alignment: 16)
    /// The bytes read and not yet handed out.
    private var start = 0
    private var end = 0
    private var atEnd = false

    init(source: MT940ByteSource) {
        self.source = source
    }

    deinit { storage.deallocate() }

    func next() -> Next {
        let base = storage.baseAddress!
        while true {
            if start < end, let newline = memchr(base + start, 0x0A, end - start) {
                let stop = base.distance(to: UnsafeMutableRawPointer(newline))
                take(start..<stop)
                start = stop + 1
                return .line
            }
            if atEnd {
                guard start < end else { return .end }
                take(start..<end)
                start = end
                return .line
            }
            if end - start > Self.longestLine {
                return .failure("line \(number + 1) runs past 64 KiB without a line break: not MT940 text")
            }
            // What is left of a line moves to the front, and the rest of the buffer is filled.
            if start > 0 {
                memmove(base, base + start, end - start)
                end -= start
                start = 0
            }
            guard let read = source.read(into: UnsafeMutableRawBufferPointer(rebasing: storage[end...])) else {
                return .failure(source.failure ?? "the file cannot be read")
            }
            if read == 0 { atEnd = true }
            end += read
        }
    }

    /// Marks the line, without its carriage return, and counts it.
    private func take(_ range: Range<Int>) {
        number += 1
        var upper = range.upperBound
        if upper > range.lowerBound, storage[upper - 1] == 0x0D { upper -= 1 }
        lineStart = range.lowerBound
        lineEnd = upper
    }
}
