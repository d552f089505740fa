import Glibc
import TxFeedPluginABI

/// Why a sink plugin failed: its own message (freed with its `free_error`), or what it did wrong.
public struct PluginSinkError: Error, CustomStringConvertible {
    public var sink: String
    public var message: String

    public var description: String { "sink '\(sink)': \(message)" }
}

/// A sink plugin as a ``FeedSink``: `sink_open(config)`, the merged feed as `txfeed_record`
/// batches through `sink_write`, then `sink_finish(sources, summary)` and `sink_close`.
///
/// The plugin writes its output itself; `out` is not used. When the sink has a `path`, the
/// runner hands the plugin a temporary file in the same folder instead and renames it over
/// the path only after every sink has succeeded, as for the built-in sinks.
public struct PluginSink: FeedSink, Sendable {
    public let plugin: LoadedPlugin
    /// Options in the order given, checked against the plugin's declaration.
    public let options: [(key: String, value: String)]
    /// Records per `sink_write` call.
    public var batchSize = 1024

    public init(plugin: LoadedPlugin, options: [(key: String, value: String)]) {
        self.plugin = plugin
        self.options = options
    }

    public func write(_ feed: Feed, context: FeedContext, to out: OutputWriter) throws {
        try deliver(feed, context: context)
    }

    /// Runs the whole sink ABI sequence; `sink_close` follows every successful `sink_open`.
    public func deliver(_ feed: Feed, context: FeedContext) throws(PluginSinkError) {
        let d = plugin.descriptor.pointee
        var state: UnsafeMutableRawPointer?
        var error: UnsafeMutablePointer<CChar>?
        let opened = JSONText.object(options).withCString { d.sink_open($0, &state, &error) }
        guard opened == TXFEED_OK else { throw failure(error, "sink_open failed") }
        discard(&error)
        defer { d.sink_close(state) }

        let cells = RecordCells(feed)
        var scratch: [UInt8] = []
        var starts: [Int] = []
        var records: [txfeed_record] = []
        scratch.reserveCapacity(batchSize * 48)
        records.reserveCapacity(min(batchSize, feed.transactions.count))
        try cells.storage.withUnsafeBufferPointer { (arena) throws(PluginSinkError) in
            let base = UnsafeRawPointer(arena.baseAddress!).assumingMemoryBound(to: CChar.self)
            var next = 0
            while next < feed.transactions.count {
                let batch = feed.transactions[next..<min(next + batchSize, feed.transactions.count)]
                next = batch.endIndex
                // Per row: date, day and amount, NUL-terminated, in one scratch buffer.
                scratch.removeAll(keepingCapacity: true)
                starts.removeAll(keepingCapacity: true)
                for t in batch {
                    starts.append(scratch.count)
                    ISODate.appendUTC(unixSeconds: t.unixSeconds, to: &scratch)
                    scratch.append(0)
                    starts.append(scratch.count)
                    context.dayFormat.appendDay(ofUnixSeconds: t.unixSeconds, to: &scratch)
                    scratch.append(0)
                    starts.append(scratch.count)
                    Money(minorUnits: t.amountMinor, scale: feed.accounts[Int(t.account)].scale)
                        .appendPlainDecimal(to: &scratch, negative: t.isDebit)
                    scratch.append(0)
                }
                let status = scratch.withUnsafeBufferPointer { rows -> Int32 in
                    let row = UnsafeRawPointer(rows.baseAddress!).assumingMemoryBound(to: CChar.self)
                    records.removeAll(keepingCapacity: true)
                    for (i, t) in batch.enumerated() {
                        let account = Int(t.account)
                        let vendor = Int(t.vendor)
                        records.append(txfeed_record(
                            struct_size: UInt32(MemoryLayout<txfeed_record>.stride),
                            date: row + starts[3 * i],
                            day: row + starts[3 * i + 1],
                            account: base + cells.accounts[account],
                            vendor: base + cells.vendors[vendor],
                            type: base + (t.isDebit ? cells.debit : cells.credit),
                            amount: row + starts[3 * i + 2],
                            amount_minor: t.signedMinor,
                            currency: base + cells.currencies[account],
                            colour: base + cells.colours[vendor],
                            source: base + cells.sources[feed.accounts[account].source]))
                    }
                    return records.withUnsafeBufferPointer { d.sink_write(state, $0.baseAddress, $0.count, &error) }
                }
                guard status == TXFEED_OK else { throw failure(error, "sink_write failed") }
                discard(&error)
            }
        }

        let finished = FeedJSON.sources(feed).withCString { sources in
            FeedJSON.summary(feed).withCString { summary in d.sink_finish(state, sources, summary, &error) }
        }
        guard finished == TXFEED_OK else { throw failure(error, "sink_finish failed") }
        discard(&error)
    }

    private func failure(_ error: UnsafeMutablePointer<CChar>?, _ fallback: String) -> PluginSinkError {
        PluginSinkError(sink: plugin.name, message: plugin.takeError(error, default: fallback + " (no message)"))
    }

    /// An error string handed out with a success is still the plugin's to free.
    private func discard(_ error: inout UnsafeMutablePointer<CChar>?) {
        if let e = error { _ = plugin.takeError(e, default: "") }
        error = nil
    }
}

/// Every text a record points at that does not change from row to row, rendered once per
/// distinct vendor, colour, account, currency and source: NUL-terminated in one buffer,
/// addressed by offset.
struct RecordCells {
    var storage: [UInt8] = []
    var vendors: [Int] = []
    var colours: [Int] = []
    var accounts: [Int] = []
    var currencies: [Int] = []
    var sources: [Int] = []
    var credit = 0
    var debit = 0

    init(_ feed: Feed) {
        credit = add("credit".utf8)
        debit = add("debit".utf8)
        vendors = (0..<feed.vendors.count).map { add(feed.vendors.bytes(of: UInt32($0))) }
        colours = feed.colours.map { rgb in
            var hex: [UInt8] = []
            rgb.appendHex(to: &hex)
            return add(hex)
        }
        accounts = feed.accounts.map { add($0.name.utf8) }
        currencies = feed.accounts.map { add(($0.currency ?? "").utf8) }
        sources = feed.sources.map { add($0.name.utf8) }
    }

    /// Adds a C string; a NUL inside the text ends it early, as C reads it.
    private mutating func add(_ bytes: some Sequence<UInt8>) -> Int {
        let start = storage.count
        storage.append(contentsOf: bytes)
        storage.append(0)
        return start
    }
}

extension SinkPlan {
    /// A sink plugin's plan: options checked against its declaration (`{placeholders}`
    /// excepted, as for sources). A `path` goes to the plugin as its `path` option, so the
    /// plugin must declare one.
    static func plugin(_ plugin: LoadedPlugin, path: String?, options: [(key: String, value: String)]) throws(UsageError) -> SinkPlan {
        if path != nil && !takesPath(plugin) {
            throw UsageError("sink '\(plugin.name)' declares no 'path' option: it writes where its own options say; valid options: \(plugin.options.map(\.name).joined(separator: ", "))")
        }
        try RunPlan.checkOptions(options, of: plugin)
        var plan = SinkPlan(kind: .plugin, path: path, options: [:])
        plan.plugin = plugin
        plan.pluginOptions = options
        return plan
    }

    /// Loads the sink plugin for `--sink NAME` (or a path containing `/`), through the same
    /// search path as sources; the descriptor's name must match and its kind must be sink.
    static func loadPlugin(_ name: String, searchPath: PluginSearchPath) throws -> LoadedPlugin {
        do {
            return try searchPath.load(name, kind: .sink)
        } catch {
            guard error.isNotFound else { throw error }
            throw UsageError("unknown sink '\(name)': not a built-in sink (text, json, ndjson, csv) and \(error)")
        }
    }

    /// `--sink NAME[:VALUE][,key=value...]` for a plugin: a bare VALUE is its main option,
    /// and `path` is the output path.
    static func pluginEntry(_ spec: SourceSpec, searchPath: PluginSearchPath) throws -> (name: String, path: String?, options: [(key: String, value: String)], plugin: LoadedPlugin?) {
        let plugin = try loadPlugin(spec.plugin, searchPath: searchPath)
        let options = try spec.options(mainOption: plugin.mainOption?.name) { key in
            key == "path" || plugin.options.contains { $0.accepts(key) }
        }
        return (spec.plugin, options.last { $0.key == "path" }?.value, options.filter { $0.key != "path" }, plugin)
    }

    /// Whether `-o PATH` may pair with this sink plugin: it declares a `path` option.
    static func takesPath(_ plugin: LoadedPlugin) -> Bool {
        plugin.options.contains { $0.name == "path" }
    }
}

extension PluginSink {
    /// Runs a planned sink plugin. With a path, the plugin writes a temporary file (its
    /// `path` option) that joins `files`, committed by the runner with the others.
    static func deliver(_ sink: SinkPlan, feed: Feed, context: FeedContext, files: inout [AtomicFile]) throws {
        guard let plugin = sink.plugin else { return }
        var options = sink.pluginOptions
        if let path = sink.path {
            let file = try AtomicFile(path: path)
            files.append(file)
            options.append(("path", file.temporaryPath))
        }
        try PluginSink(plugin: plugin, options: options).deliver(feed, context: context)
    }
}
