import Glibc

/// A sliding window over a regular file read in order with pread(2): bytes are added at its end
/// (``fill()``) and dropped from its front (``consume(_:)``), and it knows the offset, line and
/// column of its first byte, so that a piece cut from it names the file's positions.
///
/// Reaching the end checks that the file still has the size it had when opened; one that
/// shrank or grew meanwhile fails the source with the message a whole read gives.
final class FileWindow {
    let fd: Int32
    let size: Int
    let origin: String
    private(set) var bytes: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int
    /// Valid bytes at ``bytes``.
    private(set) var count = 0
    /// The file offset, line and column (in bytes, both from 1) of `bytes[0]`.
    private(set) var offset = 0
    private(set) var line = 1
    private(set) var column = 1

    init(fd: Int32, size: Int, origin: String, capacity: Int) {
        self.fd = fd
        self.size = size
        self.origin = origin
        self.capacity = max(capacity, 4096)
        bytes = .allocate(capacity: self.capacity)
    }

    deinit { bytes.deallocate() }

    /// JSON's whitespace.
    static func isBlank(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 }

    /// Whether every byte of the file has entered the window.
    var atEnd: Bool { offset + count == size }

    var changed: FixtureError {
        .failed("\(origin): the file changed size while it was read (\(size) bytes when opened)")
    }

    /// Reads more of the file into the window, growing it when it is full. Returns false at the
    /// file's end, once it is sure the file ended where it did when opened.
    func fill() throws(FixtureError) -> Bool {
        if atEnd {
            try checkEnd()
            return false
        }
        if count == capacity {
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
            grown.update(from: bytes, count: count)
            bytes.deallocate()
            bytes = grown
            capacity *= 2
        }
        while true {
            let wanted = min(capacity - count, size - offset - count)
            let n = pread(fd, bytes + count, wanted, off_t(offset + count))
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw .system(origin) }
            if n == 0 { throw changed }
            count += n
            return true
        }
    }

    /// Drops the first `n` bytes, counting their lines.
    func consume(_ n: Int) {
        precondition(n >= 0 && n <= count)
        var at = 0
        while at < n, let found = memchr(bytes + at, 0x0A, n - at) {
            let newline = bytes.distance(to: found.assumingMemoryBound(to: UInt8.self))
            line += 1
            column = 1
            at = newline + 1
        }
        column += n - at
        offset += n
        count -= n
        if count > 0 { memmove(bytes, bytes + n, count) }
    }

    /// The index of the window's last line break.
    func lastNewline() -> Int? {
        var i = count - 1
        while i >= 0 {
            if bytes[i] == 0x0A { return i }
            i -= 1
        }
        return nil
    }

    /// Reads `range` of the file (for the envelope's head and tail), whatever the window holds.
    func read(_ range: Range<Int>) throws(FixtureError) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: range.count)
        var filled = 0
        while filled < range.count {
            let n = out.withUnsafeMutableBytes {
                pread(fd, $0.baseAddress! + filled, range.count - filled, off_t(range.lowerBound + filled))
            }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw .system(origin) }
            if n == 0 { throw changed }
            filled += n
        }
        return out
    }

    /// The file must end at its size when opened: nothing more to read, the same size now.
    private func checkEnd() throws(FixtureError) {
        var probe: UInt8 = 0
        var after = stat()
        guard pread(fd, &probe, 1, off_t(size)) == 0, fstat(fd, &after) == 0, Int(after.st_size) == size else {
            throw changed
        }
    }
}
