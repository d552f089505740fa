import Glibc

/// A regular file opened for reading with read(2): in order, a piece at a time, or whole. Either
/// way, reading checks that the file still has the size it had when opened: one that shrank or
/// grew meanwhile was being rewritten, and its bytes are no statement.
public final class FileReader {
    public let path: String
    /// The size when opened.
    public let size: Int
    private let fd: Int32
    /// Bytes handed out by `read(into:)`.
    private var offset = 0

    public init(path: String) throws(PluginFailure) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw PluginFailure("\(path): \(String(cString: strerror(errno)))") }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let message = String(cString: strerror(errno))
            close(fd)
            throw PluginFailure("\(path): \(message)")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw PluginFailure("\(path): not a regular file")
        }
        self.path = path
        self.fd = fd
        size = Int(info.st_size)
        // The kernel's own read-ahead covers a small file.
        if size >= 1 << 20 { _ = posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL) }
    }

    deinit { close(fd) }

    /// What a source fails with when the file changed under it.
    public var changed: PluginFailure {
        PluginFailure("\(path): the file changed size while it was read (\(size) bytes when opened)")
    }

    /// The next bytes, at most `buffer.count`; 0 at the file's end, once it is sure the file
    /// ended where it did when opened.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(PluginFailure) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while true {
            let n = pread(fd, base, buffer.count, off_t(offset))
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw PluginFailure("\(path): \(String(cString: strerror(errno)))") }
            offset += n
            if offset > size { throw changed }
            if n == 0 { try checkEnd(at: offset) }
            return n
        }
    }

    /// Fills `buffer` but its last byte (`size` bytes, and one more) from the file's start.
    /// Reads ask for a byte past the size, so a small file is one `pread`: a short one at the
    /// size is the end, where a probe after it and an `fstat` were two more calls for each file
    /// of a folder. A file that grew or shrank meanwhile fails, as with ``read(into:)``.
    public func readWhole(into buffer: UnsafeMutableRawBufferPointer) throws(PluginFailure) {
        precondition(buffer.count == size + 1, "room for the size and one byte more")
        var filled = 0
        while true {
            let asked = buffer.count - filled
            let n = pread(fd, buffer.baseAddress! + filled, asked, off_t(filled))
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw PluginFailure("\(path): \(String(cString: strerror(errno)))") }
            filled += n
            if filled > size { throw changed }
            if n == 0 || (n < asked && filled == size) { break }
        }
        if filled != size { throw changed }
    }

    /// The file must end at `end`, its size when opened: nothing more to read, the same size now.
    private func checkEnd(at end: Int) throws(PluginFailure) {
        var probe: UInt8 = 0
        var after = stat()
        guard end == size, pread(fd, &probe, 1, off_t(end)) == 0, fstat(fd, &after) == 0, Int(after.st_size) == size
        else { throw changed }
    }
}
