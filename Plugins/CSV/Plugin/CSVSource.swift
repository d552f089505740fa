// The `csv` source: bank CSV exports read as they come. This file is the plugin's edge (the
// descriptor, options, the file mapped, entries handed to the host); how a file is read lives
// in CSVReading, which knows nothing of the ABI.
import CJansson
import CSVReading
import Glibc
import TxFeedPluginABI

// MARK: - Descriptor

// Written once by the lazy initialisers, read-only afterwards.
nonisolated(unsafe) private let options: UnsafeMutablePointer<txfeed_option> = {
    let declared = CSVSettings.declared
    let list = UnsafeMutablePointer<txfeed_option>.allocate(capacity: declared.count)
    for (n, option) in declared.enumerated() {
        list[n] = txfeed_option(name: cString(option.name), help: cString(option.help), is_main: n == 0 ? 1 : 0)
    }
    return list
}()

nonisolated(unsafe) private let descriptor: UnsafeMutablePointer<txfeed_plugin> = {
    let d = UnsafeMutablePointer<txfeed_plugin>.allocate(capacity: 1)
    d.initialize(to: txfeed_plugin())
    d.pointee.abi_version = TXFEED_ABI_VERSION
    d.pointee.struct_size = UInt32(MemoryLayout<txfeed_plugin>.size)
    d.pointee.kind = UInt32(TXFEED_KIND_SOURCE.rawValue)
    d.pointee.name = cString("csv")
    d.pointee.description = cString("Reads bank CSV exports as they come: dialect, columns, dates and amounts inferred")
    d.pointee.version = cString("1.0.0")
    d.pointee.options = UnsafePointer(options)
    d.pointee.option_count = CSVSettings.declared.count
    d.pointee.sample_config = cString(#"{"path": "samples/bank/uk-current.csv"}"#)
    d.pointee.free_error = { free($0) }
    d.pointee.open = { config, state, errorOut in
        do {
            let source = try CSVSourceState(configuration: config)
            state?.pointee = Unmanaged.passRetained(source).toOpaque()
            return Int32(TXFEED_OK)
        } catch {
            errorOut?.pointee = strdup("csv: \(error)")
            return Int32(TXFEED_FAILED)
        }
    }
    d.pointee.run = { state, host, errorOut in
        guard let state, let host else { return Int32(TXFEED_FAILED) }
        let source = Unmanaged<CSVSourceState>.fromOpaque(state).takeUnretainedValue()
        do {
            return try source.run(host) ? Int32(TXFEED_OK) : Int32(TXFEED_STOP)
        } catch {
            errorOut?.pointee = strdup("\(error)")
            return Int32(TXFEED_FAILED)
        }
    }
    d.pointee.close = { state in
        if let state { Unmanaged<CSVSourceState>.fromOpaque(state).release() }
    }
    d.pointee.identify = { path, head, length in
        let bytes = UnsafeBufferPointer(start: head, count: head == nil ? 0 : length)
        return Int32(CSVDocument.confidence(path: path.map { String(cString: $0) } ?? "", head: bytes))
    }
    d.pointee.explain = { config, report, errorOut in
        do {
            let source = try CSVSourceState(configuration: config)
            let (text, problems) = try source.explain()
            report?.pointee = strdup(text)
            guard problems.isEmpty else {
                errorOut?.pointee = strdup(problems.joined(separator: "; "))
                return Int32(TXFEED_FAILED)
            }
            return Int32(TXFEED_OK)
        } catch {
            errorOut?.pointee = strdup("csv: \(error)")
            return Int32(TXFEED_FAILED)
        }
    }
    return d
}()

@_cdecl("txfeed_plugin_entry")
public func txfeedPluginEntry() -> UnsafePointer<txfeed_plugin> {
    UnsafePointer(descriptor)
}

private func cString(_ text: String) -> UnsafePointer<CChar> {
    UnsafePointer(strdup(text)!)
}

// MARK: - One source

/// A failure with the message the host shows.
struct CSVSourceError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// One configured source: the file and the settings, checked at `open`.
final class CSVSourceState {
    let path: String
    let settings: CSVSettings

    /// How many entries go to the host in one call: enough to amortise the call, small enough
    /// that the batch's texts stay in cache.
    static let batchSize = 4096

    init(configuration: UnsafePointer<CChar>?) throws {
        var options = try Self.options(fromJSON: configuration, what: "configuration")
        guard let path = options["path"], !path.isEmpty else {
            throw CSVSourceError("the 'path' option is required (the CSV file)")
        }
        if let rules = options["rules"] {
            // A rules file is the same options written once per bank; the command line wins.
            options = try Self.rules(at: rules).merging(options) { _, given in given }
        }
        self.path = path
        do { settings = try CSVSettings(options: options) } catch { throw CSVSourceError("\(error)") }
    }

    /// Reads the file and hands its accounts to the host. Returns false when told to stop.
    func run(_ host: UnsafePointer<txfeed_source_host>) throws -> Bool {
        guard host.pointee.struct_size > MemoryLayout<txfeed_source_host>.offset(of: \.reject)! else {
            throw CSVSourceError("this txfeed is too old for the csv plugin (it has no emit_entries)")
        }
        let file = try MappedFile(path: path)
        let document = CSVDocument(bytes: file.bytes, origin: path, stem: stem, settings: settings)
        guard document.problems.isEmpty else { throw CSVSourceError(document.problems.joined(separator: "; ")) }
        for note in document.notes {
            host.pointee.log(host, Int32(TXFEED_LOG_INFO), "\(path): \(note)")
        }
        for (index, account) in document.accounts.enumerated() {
            let envelope = Self.envelope(of: account)
            guard host.pointee.begin_account(host, envelope, envelope.utf8.count, path) != Int32(TXFEED_STOP) else {
                return false
            }
            var stopped = false
            document.forEachBatch(account: index, batchSize: Self.batchSize) { batch in
                stopped = !Self.emit(batch, to: host) || host.pointee.is_cancelled(host) != 0
                return !stopped
            }
            if stopped || host.pointee.end_account(host) == Int32(TXFEED_STOP) { return false }
        }
        return true
    }

    /// The report `sniff` prints, and what stops the file being read as it is.
    func explain() throws -> (report: String, problems: [String]) {
        let file = try MappedFile(path: path)
        let document = CSVDocument(bytes: file.bytes, origin: path, stem: stem, settings: settings)
        return (document.report, document.problems)
    }

    /// The account's default name: the file's name without folder and extension.
    var stem: String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    // MARK: Handing over

    /// One batch as `txfeed_entry`s pointing into the batch's bytes. Returns false on STOP.
    private static func emit(_ batch: CSVBatch, to host: UnsafePointer<txfeed_source_host>) -> Bool {
        batch.bytes.withUnsafeBufferPointer { bytes in
            let base = UnsafeRawPointer(bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!)
                .assumingMemoryBound(to: CChar.self)
            func text(_ range: Range<Int>?) -> txfeed_text {
                guard let range else { return txfeed_text(data: nil, length: 0) }
                return txfeed_text(data: base + range.lowerBound, length: range.count)
            }
            var locations: [UInt8] = []
            var spans: [Range<Int>] = []
            locations.reserveCapacity(batch.entries.count * 12)
            spans.reserveCapacity(batch.entries.count)
            for entry in batch.entries {
                let start = locations.count
                appendLocation(line: entry.line, to: &locations)
                spans.append(start..<locations.count)
            }
            return locations.withUnsafeBufferPointer { locationBytes in
                let whereBase = UnsafeRawPointer(locationBytes.baseAddress ?? UnsafePointer(bitPattern: 1)!)
                    .assumingMemoryBound(to: CChar.self)
                let entries = batch.entries.enumerated().map { n, entry in
                    txfeed_entry(
                        date: text(entry.date), vendor: text(entry.vendor), amount: text(entry.amount),
                        id: text(entry.id), memo: text(entry.memo),
                        where: txfeed_text(data: whereBase + spans[n].lowerBound, length: spans[n].count),
                        raw: text(entry.raw), status: entry.pending ? Int32(TXFEED_PENDING) : Int32(TXFEED_BOOKED))
                }
                if !entries.isEmpty {
                    let status = host.pointee.emit_entries(
                        host, entries, entries.count, MemoryLayout<txfeed_entry>.stride)
                    if status == Int32(TXFEED_STOP) { return false }
                }
                for reject in batch.rejects {
                    let raw = Array(bytes[reject.raw])
                    let status = raw.withUnsafeBufferPointer { raw in
                        raw.withMemoryRebound(to: CChar.self) {
                            host.pointee.reject(host, "line \(reject.line)", reject.reason, $0.baseAddress, $0.count)
                        }
                    }
                    if status == Int32(TXFEED_STOP) { return false }
                }
                return true
            }
        }
    }

    /// `line 17`, without a String per row (a million rows make a million of them).
    private static func appendLocation(line: Int, to out: inout [UInt8]) {
        out.append(contentsOf: [UInt8(ascii: "l"), UInt8(ascii: "i"), UInt8(ascii: "n"), UInt8(ascii: "e"), 0x20])
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var value = max(line, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
                count += 1
            } while value > 0 && count < buffer.count
            for n in stride(from: count - 1, through: 0, by: -1) { out.append(buffer[n]) }
        }
    }

    /// The envelope `begin_account` gets: the account's header, its transactions to follow.
    private static func envelope(of account: CSVAccount) -> String {
        let body = json_object()!
        json_object_set_new(body, "name", json_string(account.name))
        if let currency = account.currency { json_object_set_new(body, "currency", json_string(currency)) }
        if let id = account.id { json_object_set_new(body, "id", json_string(id)) }
        json_object_set_new(body, "transactions", json_array())
        let root = json_object()!
        json_object_set_new(root, "body", body)
        let text = json_dumps(root, Int(JSON_COMPACT))!
        defer {
            free(text)
            json_decref(root)
        }
        return String(cString: text)
    }

    // MARK: Options

    /// A JSON object's members as option strings: numbers and booleans as their JSON text.
    private static func options(fromJSON text: UnsafePointer<CChar>?, what: String) throws -> [String: String] {
        var error = json_error_t()
        guard let text, let root = json_loads(text, 0, &error) else {
            throw CSVSourceError("the \(what) is not valid JSON")
        }
        defer { json_decref(root) }
        guard root.pointee.type == JSON_OBJECT else { throw CSVSourceError("the \(what) must be a JSON object") }
        var options: [String: String] = [:]
        var iterator = json_object_iter(root)
        while let it = iterator {
            let key = String(cString: json_object_iter_key(it))
            let value = json_object_iter_value(it)!
            switch value.pointee.type {
            case JSON_STRING: options[key] = String(cString: json_string_value(value))
            case JSON_INTEGER, JSON_REAL, JSON_TRUE, JSON_FALSE:
                let dumped = json_dumps(value, Int(JSON_ENCODE_ANY))!
                options[key] = String(cString: dumped)
                free(dumped)
            default:
                throw CSVSourceError("\(what): '\(key)' must be a string, a number or a boolean")
            }
            iterator = json_object_iter_next(root, it)
        }
        return options
    }

    /// A rules file: a JSON object of the same options.
    private static func rules(at path: String) throws -> [String: String] {
        let file = try MappedFile(path: path)
        var text = Array(file.bytes)
        text.append(0)
        return try text.withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) {
                try options(fromJSON: $0.baseAddress, what: "rules file \(path)")
            }
        }
    }
}

// MARK: - The file

/// A file mapped read-only for as long as the value lives: inference and the batches read the
/// pages in place, so a large export is never copied unless it must be transcoded.
final class MappedFile {
    let bytes: UnsafeRawBufferPointer
    private let length: Int

    init(path: String) throws {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw CSVSourceError("\(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw CSVSourceError("\(path): \(String(cString: strerror(errno)))") }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw CSVSourceError("\(path): not a regular file") }
        length = Int(info.st_size)
        guard length > 0 else {
            bytes = UnsafeRawBufferPointer(start: nil, count: 0)
            return
        }
        guard let map = mmap(nil, length, PROT_READ, MAP_PRIVATE, fd, 0), map != MAP_FAILED else {
            throw CSVSourceError("\(path): cannot map: \(String(cString: strerror(errno)))")
        }
        madvise(map, length, MADV_SEQUENTIAL)
        bytes = UnsafeRawBufferPointer(start: map, count: length)
    }

    deinit {
        if let start = bytes.baseAddress { munmap(UnsafeMutableRawPointer(mutating: start), length) }
    }
}
