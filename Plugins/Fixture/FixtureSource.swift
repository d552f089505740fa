// The `fixture` source: account envelopes from a file or stdin ("-"; a folder txfeed reads as
// each of its files); it claims JSON envelope files for `txfeed run FILE` through `identify`.
// Files are read whole into memory (never mapped: see `emitOpened`; past 8 MiB in two halves at
// once), stdin to its end, and each handed to the host as one JSON text; a file over 256 MiB is
// read in bounded pieces instead (FixtureState+Pieces.swift).
import CJansson
import Glibc
import TxFeedPluginABI

// MARK: - Descriptor

// Written once by the lazy initialiser, read-only afterwards.
nonisolated(unsafe) private let options: UnsafeMutablePointer<txfeed_option> = {
    let list = UnsafeMutablePointer<txfeed_option>.allocate(capacity: 1)
    list[0] = txfeed_option(
        name: cString("path"),
        help: cString("a JSON/NDJSON file (a folder: each file in it), or - for stdin"),
        is_main: 1)
    return list
}()

nonisolated(unsafe) private let descriptor: UnsafeMutablePointer<txfeed_plugin> = {
    let d = UnsafeMutablePointer<txfeed_plugin>.allocate(capacity: 1)
    d.initialize(to: txfeed_plugin())
    d.pointee.abi_version = TXFEED_ABI_VERSION
    d.pointee.struct_size = UInt32(MemoryLayout<txfeed_plugin>.size)
    d.pointee.kind = UInt32(TXFEED_KIND_SOURCE.rawValue)
    d.pointee.name = cString("fixture")
    d.pointee.description = cString("Reads txfeed's JSON account envelopes, from files or stdin")
    d.pointee.version = cString("1.0.0")
    d.pointee.options = UnsafePointer(options)
    d.pointee.option_count = 1
    d.pointee.sample_config = cString(#"{"path": "samples/accounts/checking.json"}"#)
    d.pointee.free_error = { free($0) }
    d.pointee.open = { config, state, error in
        guard let config, let path = readPath(config) else {
            error?.pointee = strdup("fixture: the 'path' option is required (a file, or - for stdin)")
            return Int32(TXFEED_FAILED)
        }
        state?.pointee = Unmanaged.passRetained(FixtureState(path: path)).toOpaque()
        return Int32(TXFEED_OK)
    }
    d.pointee.run = { state, host, error in
        guard let state, let host else { return Int32(TXFEED_FAILED) }
        let fixture = Unmanaged<FixtureState>.fromOpaque(state).takeUnretainedValue()
        do {
            try fixture.run(host)
            return Int32(TXFEED_OK)
        } catch let failure as FixtureError {
            if case .stopped = failure { return Int32(TXFEED_STOP) }
            error?.pointee = strdup(failure.message)
            return Int32(TXFEED_FAILED)
        } catch {
            return Int32(TXFEED_FAILED)
        }
    }
    d.pointee.close = { state in
        if let state { Unmanaged<FixtureState>.fromOpaque(state).release() }
    }
    d.pointee.identify = { path, head, length in
        let bytes =
            head.map { UnsafeBufferPointer(start: $0, count: length) } ?? UnsafeBufferPointer(start: nil, count: 0)
        return Int32(envelopeConfidence(path.map { String(cString: $0) } ?? "", bytes))
    }
    return d
}()

/// How sure fixture is that a file starting with `head` is account envelopes: JSON that opens
/// with `{` or `[` (after a BOM and blanks) and names a `body` early on is almost surely one;
/// other JSON perhaps. A file named `.json`, `.ndjson` or `.jsonl` whatever it holds is claimed
/// faintly, so that a broken one gets fixture's error with line and column, not "nothing reads it".
private func envelopeConfidence(_ path: String, _ head: UnsafeBufferPointer<UInt8>) -> Int {
    // Only the name's end, lowercased: a small string, where a copy of the whole path was not
    // (identify is asked of every file of a folder).
    let end = String(decoding: path.utf8.suffix(7), as: UTF8.self).lowercased()
    let named = end.hasSuffix(".json") || end.hasSuffix(".ndjson") || end.hasSuffix(".jsonl") ? 10 : 0
    var i = head.count >= 3 && head[0] == 0xEF && head[1] == 0xBB && head[2] == 0xBF ? 3 : 0
    while i < head.count, [0x20, 0x09, 0x0A, 0x0D].contains(head[i]) { i += 1 }
    guard i < head.count, head[i] == UInt8(ascii: "{") || head[i] == UInt8(ascii: "[") else { return named }
    // Each quote found with memchr, then compared whole: a folder asks this of every file.
    let base = head.baseAddress!
    var at = i
    while at + 6 <= head.count {
        guard let quote = memchr(base + at, Int32(UInt8(ascii: "\"")), head.count - 5 - at) else { break }
        if memcmp(quote, #""body""#, 6) == 0 { return 90 }
        at = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(quote)) + 1
    }
    return 20
}

@_cdecl("txfeed_plugin_entry")
public func txfeedPluginEntry() -> UnsafePointer<txfeed_plugin> {
    UnsafePointer(descriptor)
}

private func cString(_ text: String) -> UnsafePointer<CChar> {
    UnsafePointer(strdup(text)!)
}

private func readPath(_ config: UnsafePointer<CChar>) -> String? {
    var error = json_error_t()
    guard let root = json_loads(config, 0, &error) else { return nil }
    defer { json_decref(root) }
    guard let value = json_object_get(root, "path"), let text = json_string_value(value) else { return nil }
    let path = String(cString: text)
    return path.isEmpty ? nil : path
}

// MARK: - Reading

enum FixtureError: Error {
    case failed(String)
    case stopped

    var message: String {
        switch self {
        case let .failed(message): return message
        case .stopped: return "stopped"
        }
    }

    /// The system call just made failed on `name`: its name and `errno`'s text.
    static func system(_ name: String) -> FixtureError {
        .failed("\(name): \(String(cString: strerror(errno)))")
    }
}

final class FixtureState {
    let path: String

    init(path: String) {
        self.path = path
    }

    func run(_ host: UnsafePointer<txfeed_source_host>) throws {
        if path == "-" { return try emitOpened(fd: 0, origin: "stdin", host) }
        // A folder never comes here: txfeed reads each of its files as a source of its own.
        try emitFile(path, host)
    }

    /// Reads the file and hands the host its bytes.
    func emitFile(_ file: String, _ host: UnsafePointer<txfeed_source_host>) throws {
        let (fd, info) = try Self.open(file)
        defer { close(fd) }
        try emitOpened(fd: fd, origin: file, opened: info, host)
    }

    /// `path` opened for reading, and what it is: opened first and asked, so that a folder of
    /// ten thousand statements, each its own source, looks each path up once, not twice.
    private static func open(_ path: String) throws -> (fd: Int32, info: stat) {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FixtureError.system(path) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let failure = FixtureError.system(path)
            close(fd)
            throw failure
        }
        return (fd, info)
    }

    /// A regular file (stdin too, when redirected from one: `txfeed run - < big.json`) is read
    /// whole; a pipe or terminal is read to its end.
    ///
    /// Files are read, not mapped. A mapped file that another process truncates while it is
    /// decoded kills the whole run with SIGBUS on the first page past the new end, and Swift has
    /// no safe way to catch that (the decoder touches the pages on several threads). Reading
    /// costs one copy (about 50 ms of CPU for 90 MB, see docs/INPUT.md), and a file whose size
    /// changes while it is read fails this source with a message instead.
    ///
    /// - Parameters:
    ///   - opened: the file's `fstat`, when this plugin has just opened it (at offset 0).
    func emitOpened(fd: Int32, origin file: String, opened: stat? = nil, _ host: UnsafePointer<txfeed_source_host>)
        throws
    {
        var info = opened ?? stat()
        if opened == nil, fstat(fd, &info) != 0 {
            throw FixtureError.system(file)
        }
        // A redirected stdin somebody already read from is streamed from where it stands.
        guard (info.st_mode & S_IFMT) == S_IFREG, opened != nil || lseek(fd, 0, SEEK_CUR) == 0 else {
            return try readStream(fd: fd, origin: file, host)
        }
        let size = Int(info.st_size)
        // A large file is read in pieces (FixtureState+Pieces.swift), never held whole.
        let sizes = PieceSizes.current
        if size > sizes.threshold, Self.takesPieces(host),
            try emitInPieces(fd: fd, size: size, origin: file, piece: sizes.piece, host)
        {
            return
        }
        // malloc'd, not huge pages: asking for those made the kernel compact memory on the
        // faults, and cost three times what the 4 KiB faults do.
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size + 1, alignment: 16)
        defer { buffer.deallocate() }
        try readWhole(fd: fd, into: buffer, origin: file)
        let status = host.pointee.emit_document(
            host, buffer.baseAddress!.assumingMemoryBound(to: CChar.self), size, file)
        if status == Int32(TXFEED_STOP) { throw FixtureError.stopped }
    }

    /// Fills `buffer` but its last byte (it is the file's size when opened, and one more) from
    /// `fd`, and checks that the file ends there: one that shrank or grew meanwhile was being
    /// rewritten, and its bytes are no document. Reads ask for a byte past the size, so a small
    /// file is one `read`: a short one at the size is the end, where a probe after it and an
    /// `fstat` were two more calls for each of a folder's files.
    func readWhole(fd: Int32, into buffer: UnsafeMutableRawBufferPointer, origin file: String) throws {
        let size = buffer.count - 1
        let changed = FixtureError.failed(
            "\(file): the file changed size while it was read (\(size) bytes when opened)")
        // The kernel's own read-ahead covers a small file.
        if size >= 1 << 20 { _ = posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL) }
        if size >= Self.partsReadBytes { return try readInParts(fd: fd, into: buffer, changed: changed, origin: file) }
        var filled = 0
        while true {
            let asked = buffer.count - filled
            let n = read(fd, buffer.baseAddress! + filled, asked)
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw FixtureError.system(file) }
            filled += n
            // The byte past the size came: the file grew.
            if filled > size { throw changed }
            // The end: at the size, or short of it (the file shrank).
            if n == 0 || (n < asked && filled == size) { break }
        }
        if filled != size { throw changed }
    }

    /// Reads a pipe or terminal to its end without blocking past a cancellation (poll, then
    /// read), then hands the whole text over at once, to be decoded exactly as a file is: the
    /// same rule tells NDJSON from one envelope, and every message names its real line.
    ///
    /// Lines handed over read by read, as before, numbered their lines from each read's start, and
    /// a bad line that began a read made the whole read one broken document, good lines and all.
    /// So a run stopped or timed out before stdin ends keeps nothing of it. Past the piece
    /// threshold the text goes on into a spool file instead (``spool(_:rest:origin:_:)``).
    ///
    /// The text is read straight into one buffer grown by `realloc` (which moves a large one by
    /// remapping its pages, not copying them), and a pipe is widened to 1 MiB first: 90 MB
    /// through a 64 KiB pipe into a doubling array was ~1,400 wake-ups of each side and every
    /// byte copied and its page faulted in about three times.
    func readStream(fd: Int32, origin: String, _ host: UnsafePointer<txfeed_source_host>) throws {
        // F_SETPIPE_SZ (Linux): a pipe's capacity; refused for anything else, which is fine.
        _ = fcntl(fd, 1031, Int32(Self.streamRead))
        var capacity = 4 * Self.streamRead
        guard var text = malloc(capacity) else { throw FixtureError.failed("\(origin): out of memory") }
        defer { free(text) }
        var length = 0
        let threshold = PieceSizes.current.threshold
        while true {
            if capacity - length < Self.streamRead {
                capacity *= 2
                guard let grown = realloc(text, capacity) else { throw FixtureError.failed("\(origin): out of memory") }
                text = grown
            }
            let n = try nextRead(fd, into: text + length, count: capacity - length - 1, origin: origin, host)
            if n == 0 { break }
            length += n
            if length > threshold && Self.takesPieces(host) {
                return try spool(UnsafeRawBufferPointer(start: text, count: length), rest: fd, origin: origin, host)
            }
        }
        // emit_document never reads it, but it keeps an empty text's pointer valid.
        text.storeBytes(of: 0, toByteOffset: length, as: UInt8.self)
        let status = host.pointee.emit_document(host, text.assumingMemoryBound(to: CChar.self), length, origin)
        if status == Int32(TXFEED_STOP) { throw FixtureError.stopped }
    }

    /// Bytes a read of a pipe asks for at least, and the capacity asked of the pipe.
    static let streamRead = 1 << 20

    /// The next bytes of a pipe into the `count` bytes at `buffer`, 0 at its end; waits in steps
    /// of 100 ms, so that a cancellation is seen while the writer is quiet.
    func nextRead(
        _ fd: Int32, into buffer: UnsafeMutableRawPointer, count: Int, origin: String,
        _ host: UnsafePointer<txfeed_source_host>
    ) throws(FixtureError) -> Int {
        while true {
            if host.pointee.is_cancelled(host) != 0 { throw .stopped }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 100)
            if ready < 0 && errno != EINTR { throw .system(origin) }
            if ready <= 0 { continue }
            let n = read(fd, buffer, count)
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw .system(origin)
            }
            return n
        }
    }
}
