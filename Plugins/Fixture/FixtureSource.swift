// The `fixture` source: account envelopes from files, folders (every *.json, in name order)
// or stdin ("-"); it claims JSON envelope files for `txfeed run FILE` through `identify`. Files are mapped, not read: the host parses the mapped bytes in place.
import CJansson
import Glibc
import TxFeedPluginABI

// MARK: - Descriptor

// Written once by the lazy initialiser, read-only afterwards.
nonisolated(unsafe) private let options: UnsafeMutablePointer<txfeed_option> = {
    let list = UnsafeMutablePointer<txfeed_option>.allocate(capacity: 1)
    list[0] = txfeed_option(
        name: cString("path"),
        help: cString("a JSON/NDJSON file, a folder of *.json files, or - for stdin"),
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
    d.pointee.description = cString("Reads account envelopes from files, folders or stdin")
    d.pointee.version = cString("1.0.0")
    d.pointee.options = UnsafePointer(options)
    d.pointee.option_count = 1
    d.pointee.sample_config = cString(#"{"path": "samples/accounts/checking.json"}"#)
    d.pointee.free_error = { free($0) }
    d.pointee.open = { config, state, error in
        guard let config, let path = readPath(config) else {
            error?.pointee = strdup("fixture: the 'path' option is required (a file, a folder or -)")
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
    let named = [".json", ".ndjson", ".jsonl"].contains { path.lowercased().hasSuffix($0) } ? 10 : 0
    var i = head.count >= 3 && head[0] == 0xEF && head[1] == 0xBB && head[2] == 0xBF ? 3 : 0
    while i < head.count, [0x20, 0x09, 0x0A, 0x0D].contains(head[i]) { i += 1 }
    guard i < head.count, head[i] == UInt8(ascii: "{") || head[i] == UInt8(ascii: "[") else { return named }
    let body = Array(#""body""#.utf8)
    let namesBody =
        head.count - body.count >= i
        && (i...(head.count - body.count)).contains { start in
            head[start..<(start + body.count)].elementsEqual(body)
        }
    return namesBody ? 90 : 20
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

private enum FixtureError: Error {
    case failed(String)
    case stopped

    var message: String {
        switch self {
        case let .failed(message): return message
        case .stopped: return "stopped"
        }
    }
}

private final class FixtureState {
    let path: String

    init(path: String) {
        self.path = path
    }

    func run(_ host: UnsafePointer<txfeed_source_host>) throws {
        if path == "-" { return try emitOpened(fd: 0, origin: "stdin", host) }
        var info = stat()
        guard stat(path, &info) == 0 else { throw FixtureError.failed("\(path): \(String(cString: strerror(errno)))") }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            let files = try jsonFiles(in: path)
            for file in files {
                if host.pointee.is_cancelled(host) != 0 { throw FixtureError.stopped }
                try emitFile(file, host)
            }
        } else {
            try emitFile(path, host)
        }
    }

    /// Every `*.json` directly in `folder`, in byte order of the names.
    func jsonFiles(in folder: String) throws -> [String] {
        guard let dir = opendir(folder) else {
            throw FixtureError.failed("\(folder): \(String(cString: strerror(errno)))")
        }
        defer { closedir(dir) }
        var names: [[UInt8]] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix(while: { $0 != 0 })) }
            if name.count > 5, name.suffix(5).elementsEqual(".json".utf8), name.first != UInt8(ascii: ".") {
                names.append(name)
            }
        }
        names.sort { $0.lexicographicallyPrecedes($1) }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return names.map { prefix + String(decoding: $0, as: UTF8.self) }
    }

    /// Files up to this size are read into memory; larger ones are mapped.
    static let readLimit = 1 << 20

    /// Reads or maps the file and hands the host its bytes.
    func emitFile(_ file: String, _ host: UnsafePointer<txfeed_source_host>) throws {
        let fd = open(file, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FixtureError.failed("\(file): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        try emitOpened(fd: fd, origin: file, host)
    }

    /// A regular file (stdin too, when redirected from one: `txfeed run - < big.json`) is read
    /// or mapped whole; a pipe or terminal is streamed.
    func emitOpened(fd: Int32, origin file: String, _ host: UnsafePointer<txfeed_source_host>) throws {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FixtureError.failed("\(file): \(String(cString: strerror(errno)))") }
        // A redirected stdin somebody already read from is streamed from where it stands.
        guard (info.st_mode & S_IFMT) == S_IFREG, lseek(fd, 0, SEEK_CUR) == 0 else {
            return try readStream(fd: fd, origin: file, host)
        }
        let size = Int(info.st_size)
        var status: Int32
        if size == 0 {
            status = host.pointee.emit_document(host, "", 0, file)
        } else if size <= Self.readLimit {
            // A small file is read: mapping and unmapping it costs more (an unmap interrupts
            // every core to flush its TLB), and a folder of statements is thousands of them.
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
            defer { buffer.deallocate() }
            var filled = 0
            while filled < size {
                let n = read(fd, buffer.baseAddress! + filled, size - filled)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else {
                    throw FixtureError.failed(
                        "\(file): \(n == 0 ? "shorter than its size (cut while read?)" : String(cString: strerror(errno)))"
                    )
                }
                filled += n
            }
            status = host.pointee.emit_document(
                host, buffer.baseAddress!.assumingMemoryBound(to: CChar.self), size, file)
        } else {
            guard let map = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), map != MAP_FAILED else {
                throw FixtureError.failed("\(file): cannot map: \(String(cString: strerror(errno)))")
            }
            defer { munmap(map, size) }
            madvise(map, size, MADV_SEQUENTIAL)
            status = host.pointee.emit_document(host, map.assumingMemoryBound(to: CChar.self), size, file)
        }
        if status == Int32(TXFEED_STOP) { throw FixtureError.stopped }
    }

    /// Reads a pipe or terminal without blocking past a cancellation: poll, then read.
    /// NDJSON lines are handed over as they arrive; anything else at end of input.
    func readStream(fd: Int32, origin: String, _ host: UnsafePointer<txfeed_source_host>) throws {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var lineMode: Bool?
        var emitted = 0
        func emit(_ range: Range<Int>) throws {
            let status = buffer.withUnsafeBufferPointer { b in
                b.baseAddress!.withMemoryRebound(to: CChar.self, capacity: b.count) {
                    host.pointee.emit_document(host, $0 + range.lowerBound, range.count, origin)
                }
            }
            if status == Int32(TXFEED_STOP) { throw FixtureError.stopped }
        }
        while true {
            if host.pointee.is_cancelled(host) != 0 { throw FixtureError.stopped }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 100)
            if ready < 0 && errno != EINTR {
                throw FixtureError.failed("\(origin): \(String(cString: strerror(errno)))")
            }
            if ready <= 0 { continue }
            let n = read(fd, &chunk, chunk.count)
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw FixtureError.failed("\(origin): \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            buffer.append(contentsOf: chunk[0..<n])
            // Decide once the first line is complete whether this is NDJSON.
            if lineMode == nil, let newline = buffer[emitted...].firstIndex(of: 0x0A) {
                let line = buffer[emitted..<newline].drop(while: {
                    $0 == 0x20 || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF
                })
                let trimmed = line.reversed().drop(while: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D })
                if !line.isEmpty { lineMode = line.first == UInt8(ascii: "{") && trimmed.first == UInt8(ascii: "}") }
            }
            if lineMode == true, let last = buffer.lastIndex(of: 0x0A), last >= emitted {
                try emit(emitted..<(last + 1))
                emitted = last + 1
            }
        }
        if emitted < buffer.count || emitted == 0 {
            if lineMode == true
                && buffer[emitted...].allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 })
                && emitted > 0
            {
                return
            }
            buffer.append(0)  // emit_document never needs it, but keeps an empty buffer valid
            try emit(emitted..<(buffer.count - 1))
        }
    }
}
