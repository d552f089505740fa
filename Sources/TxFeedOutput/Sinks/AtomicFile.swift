import Glibc
import TxFeedModel

/// Hears which temporary files are being written, so that a process stopped by a signal can
/// remove them (the command line keeps that registry; the library keeps no global state).
public protocol UnfinishedFiles: Sendable {
    func started(_ temporaryPath: String)
    func ended(_ temporaryPath: String)
}

/// An output file that appears whole or not at all: written to a temporary file in the same
/// folder, renamed over the destination only by ``commit()``. ``discard()`` (or never
/// committing) leaves an existing file untouched and no temporary file behind.
///
/// The destination is the path's real file (``OutputDestination``): a link is followed and its
/// target replaced in the target's folder, never the link itself. A stream (`-`, `/dev/stdout`,
/// a FIFO, a device) is written directly, never replaced; there ``discard()`` cannot take back
/// what was written.
///
/// A name that is not UTF-8 (``ByteNames``) is checked, opened and renamed onto by its bytes;
/// the temporary file is named after its stand-in, in its folder (through a link named in UTF-8
/// when the folder's name is not UTF-8 either), so that every sink and plugin can open it.
public final class AtomicFile {
    /// The path as given, for messages.
    public let path: String
    /// Where the bytes go until the commit: a temporary file, or the stream itself.
    public let temporaryPath: String
    public let writer: OutputWriter
    /// Written in place: a stream.
    public let isStream: Bool
    /// The real name's bytes: what the rename replaces.
    private let destination: [UInt8]
    private let unfinished: (any UnfinishedFiles)?
    private var open = true
    /// Synced and closed by ``prepare()``: only the rename is left.
    private var prepared = false

    /// `base` as the temporary file's name holds it: whole where `.BASE.txfeed-XXXXXX` fits in
    /// a name's 255 bytes, else cut at a character to 224 bytes and marked `~`, so that any
    /// name the file system allows can be written.
    static func temporaryStem(of base: String) -> String {
        guard base.utf8.count > 255 - ".txfeed-XXXXXX".utf8.count - 1 else { return base }
        let bytes = Array(base.utf8)
        var cut = 224
        while cut > 0 && UTF8.isContinuation(bytes[cut]) { cut -= 1 }
        return String(decoding: bytes[..<cut], as: UTF8.self) + "~"
    }

    /// Removes the temporary files of `base` that a killed run left behind (SIGKILL, a power
    /// cut): each is locked by the process writing it, so one nobody holds, and untouched for a
    /// few seconds, is nobody's.
    static func removeLeftovers(in folder: String, of base: String) {
        guard let dir = opendir(folder) else { return }
        defer { closedir(dir) }
        let prefix = Array(".\(temporaryStem(of: base)).txfeed-".utf8)
        var stale: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            guard name.count == prefix.count + 6, name.starts(with: prefix) else { continue }
            stale.append(folder + "/" + String(decoding: name, as: UTF8.self))
        }
        for path in stale {
            let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
            guard fd >= 0 else { continue }
            defer { close(fd) }
            var info = stat()
            guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
                time(nil) - info.st_mtim.tv_sec >= 3, flock(fd, LOCK_EX | LOCK_NB) == 0
            else { continue }
            unlink(path)
        }
    }

    /// - Parameters:
    ///   - mode: the file's permissions; by default an existing file's, else what a plain
    ///     create would give (0666 less the umask).
    ///   - unfinished: told when the temporary file appears and when it is gone.
    public init(path: String, mode: mode_t? = nil, unfinished: (any UnfinishedFiles)? = nil) throws(OutputError) {
        self.path = path
        self.unfinished = unfinished
        let resolved: OutputDestination
        do {
            resolved = try OutputDestination.resolve(path)
        } catch {
            let text = error.description
            throw .failed(
                path: path, reason: text.hasPrefix(path + ": ") ? String(text.dropFirst(path.count + 2)) : text)
        }
        destination = ByteNames.bytes(of: resolved.path)
        isStream = resolved.isStream
        if case .stream = resolved {
            let fd = ByteNames.withCString(destination) { Glibc.open($0, O_WRONLY | O_CLOEXEC) }
            guard fd >= 0 else { throw .failed(path: path, reason: SystemError.current) }
            // A sink plugin opens the stream again by this path.
            do {
                temporaryPath = try Self.openablePath(destination, for: path)
            } catch {
                close(fd)
                throw error
            }
            writer = OutputWriter(fd: fd, name: path)
            return
        }
        // A file's real path is absolute.
        let slash = destination.lastIndex(of: UInt8(ascii: "/"))!
        let folderName = slash == 0 ? [UInt8(ascii: "/")] : Array(destination[..<slash])
        let folder = try Self.openablePath(folderName, for: path)
        let base = resolved.path.split(separator: "/").last.map(String.init) ?? resolved.path
        Self.removeLeftovers(in: folder, of: base)
        guard
            let (fd, temporary) = Paths.makeTemporaryFile(
                template: "\(folder)/.\(Self.temporaryStem(of: base)).txfeed-XXXXXX")
        else {
            throw .failed(
                path: path,
                reason: "cannot create a temporary file in \(ByteNames.escaped(folderName)): \(SystemError.current)")
        }
        // Locked while this process lives: a later run tells a leftover from one being written.
        _ = flock(fd, LOCK_EX)
        temporaryPath = temporary
        unfinished?.started(temporary)
        // mkstemp makes 0600; give the file the mode asked for, the old file's, or a plain create's.
        var old = stat()
        if let mode {
            fchmod(fd, mode)
        } else if ByteNames.withCString(destination, { stat($0, &old) }) == 0 {
            fchmod(fd, old.st_mode & 0o7777)
        } else {
            let mask = umask(0)
            umask(mask)
            fchmod(fd, 0o666 & ~mask)
        }
        writer = OutputWriter(fd: fd, name: path)
    }

    /// `name` as a path every sink and plugin can open: its text when it is UTF-8, else a link
    /// named in UTF-8 to it.
    private static func openablePath(_ name: [UInt8], for path: String) throws(OutputError) -> String {
        if let text = String(validating: name, as: UTF8.self) { return text }
        switch ByteNames.link(to: name) {
        case .success(let link): return link
        case .failure(let code):
            throw .failed(
                path: path, reason: "cannot link \(ByteNames.escaped(name)) under a UTF-8 name: \(code.description)")
        }
    }

    /// Flushes, syncs and renames over the destination.
    public func commit() throws(OutputError) {
        try prepare()
        try replace()
    }

    /// Everything of a commit that can fail but the rename: flushes, syncs and closes the
    /// temporary file (a stream is flushed and closed, and is then done). After a failure the
    /// temporary file is gone and the destination untouched. Several files commit all or
    /// nothing as far as a file system allows by preparing every one before replacing any.
    public func prepare() throws(OutputError) {
        guard open, !prepared else { return }
        do {
            try writer.flush()
        } catch {
            discard()
            throw error
        }
        if isStream {
            open = false
            close(writer.fd)
            return
        }
        prepared = true
        // Closed whatever fsync says: the descriptor is done with either way.
        var reason = fsync(writer.fd) == 0 ? nil : SystemError.current
        if close(writer.fd) != 0 && reason == nil { reason = SystemError.current }
        if let reason {
            open = false
            unlink(temporaryPath)
            unfinished?.ended(temporaryPath)
            throw .failed(path: path, reason: reason)
        }
    }

    /// Renames the prepared temporary file over the destination (``prepare()`` first if it was
    /// not). On failure the temporary file is removed and the destination left as it was.
    public func replace() throws(OutputError) {
        try prepare()
        guard open else { return }
        open = false
        defer { unfinished?.ended(temporaryPath) }
        if ByteNames.withCString(destination, { rename(temporaryPath, $0) }) != 0 {
            let reason = SystemError.current
            unlink(temporaryPath)
            throw .failed(path: path, reason: "cannot replace the file: \(reason)")
        }
    }

    /// Removes the temporary file; the destination is left as it was.
    public func discard() {
        guard open else { return }
        open = false
        if !prepared { close(writer.fd) }
        if isStream { return }
        unlink(temporaryPath)
        unfinished?.ended(temporaryPath)
    }

    deinit { discard() }
}
