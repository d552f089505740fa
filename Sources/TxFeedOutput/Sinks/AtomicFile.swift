import Foundation

/// An output file that appears whole or not at all: written to a temporary file in the same
/// folder, renamed over the destination only by ``commit()``. ``discard()`` (or never
/// committing) leaves an existing file untouched and no temporary file behind.
public final class AtomicFile {
    /// Temporary files not yet committed or discarded, for ``removeUnfinished()``.
    nonisolated(unsafe) private static var unfinished: Set<String> = []
    private static let unfinishedLock = NSLock()

    public let path: String
    public let temporaryPath: String
    public let writer: OutputWriter
    private var open = true

    /// - Parameters:
    ///   - mode: the file's permissions; by default an existing file's, else what a plain
    ///     create would give (0666 less the umask).
    public init(path: String, mode: mode_t? = nil) throws(OutputError) {
        self.path = path
        let folder = Paths.parentFolder(of: path)
        let base = path.split(separator: "/").last.map(String.init) ?? path
        guard let (fd, temporary) = Paths.makeTemporaryFile(template: "\(folder)/.\(base).txfeed-XXXXXX") else {
            throw .failed(path: path, reason: "cannot create a temporary file in \(folder): \(String(cString: strerror(errno)))")
        }
        temporaryPath = temporary
        Self.track(temporary, open: true)
        // mkstemp makes 0600; give the file the mode asked for, the old file's, or a plain create's.
        var old = stat()
        if let mode {
            fchmod(fd, mode)
        } else if stat(path, &old) == 0 {
            fchmod(fd, old.st_mode & 0o7777)
        } else {
            let mask = umask(0)
            umask(mask)
            fchmod(fd, 0o666 & ~mask)
        }
        writer = OutputWriter(fd: fd, name: path)
    }

    /// Flushes, syncs and renames over the destination.
    public func commit() throws(OutputError) {
        guard open else { return }
        do {
            try writer.flush()
        } catch {
            discard()
            throw error
        }
        open = false
        defer { Self.track(temporaryPath, open: false) }
        if fsync(writer.fd) != 0 || close(writer.fd) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporaryPath)
            throw .failed(path: path, reason: reason)
        }
        if rename(temporaryPath, path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporaryPath)
            throw .failed(path: path, reason: "cannot replace the file: \(reason)")
        }
    }

    /// Removes the temporary file; the destination is left as it was.
    public func discard() {
        guard open else { return }
        open = false
        close(writer.fd)
        unlink(temporaryPath)
        Self.track(temporaryPath, open: false)
    }

    /// Removes every temporary file still being written: a run stopped by a signal leaves
    /// its destinations as they were and nothing beside them.
    public static func removeUnfinished() {
        unfinishedLock.lock()
        defer { unfinishedLock.unlock() }
        for path in unfinished { unlink(path) }
        unfinished.removeAll()
    }

    private static func track(_ path: String, open: Bool) {
        unfinishedLock.lock()
        defer { unfinishedLock.unlock() }
        if open { unfinished.insert(path) } else { unfinished.remove(path) }
    }

    deinit { discard() }
}
