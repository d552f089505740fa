import Glibc
import TxFeedModel
import TxFeedPluginABI

/// Why a sink plugin failed: its own message (freed with its `free_error`), or what it did wrong.
public struct PluginSinkError: Error, CustomStringConvertible {
    public var sink: String
    public var message: String
    /// How the sink's process went away, when that is the error (a sink in a plugin host child).
    public var lostProcess: LostProcess?

    public init(sink: String, message: String, lostProcess: LostProcess? = nil) {
        self.sink = sink
        self.message = message
        self.lostProcess = lostProcess
    }

    public var description: String { "sink '\(sink)': \(message)" }
}

/// The sink ABI's calls, wherever the plugin runs: ``PluginSinkSession`` in this process, or a
/// plugin host child's (`TxFeedPipeline/Isolation`).
public protocol SinkSessionCalls: AnyObject {
    /// - Parameters:
    ///   - options: checked against the plugin's declaration; a JSON object of strings to it.
    func open(options: [(key: String, value: String)]) throws(PluginSinkError)
    /// Hands one batch to `sink_write`.
    ///
    /// - Parameters:
    ///   - shared: texts that stay the same from row to row (vendors, accounts, …): the same
    ///     buffer for every batch of a feed.
    ///   - rows: this batch's own texts (dates, days, amounts).
    func write(_ batch: [SinkRecord], shared: [UInt8], rows: [UInt8]) throws(PluginSinkError)
    /// `sink_finish` with the run's `sources` array and `summary` object as JSON text.
    func finish(sources: String, summary: String) throws(PluginSinkError)
    /// `sink_close`, after every successful open.
    func close()
}

/// One pass of the sink ABI over a feed: `sink_open(config)`, `sink_write` per batch of
/// records, `sink_finish(sources, summary)`, and `sink_close` after every successful open
/// (``close()``, also called on deinit).
///
/// Records arrive pointer-free, as ``SinkRecord`` offsets into two byte arenas of
/// NUL-terminated texts (one for the whole feed, one per batch); here they become the
/// `txfeed_record`s the plugin reads.
public final class PluginSinkSession: SinkSessionCalls {
    public let plugin: LoadedPlugin
    private var state: UnsafeMutableRawPointer?
    private var isOpen = false
    private var records: [txfeed_record] = []
    /// The descriptor the plugin's stdout is while the session is open (1: as it is).
    private let standardOutput: Int32
    /// Our own stdout, put back by ``close()`` when it was pointed elsewhere.
    private var savedOutput: Int32 = -1

    /// - Parameter standardOutput: the descriptor that is the plugin's stdout from `sink_open`
    ///   to `sink_close` (2 when another sink writes the feed there); 1 leaves it as it is.
    public init(plugin: LoadedPlugin, standardOutput: Int32 = 1) {
        precondition(plugin.kind == .sink, "\(plugin.path) is not a sink plugin")
        self.plugin = plugin
        self.standardOutput = standardOutput
    }

    /// - Parameters:
    ///   - options: checked against the plugin's declaration; a JSON object of strings to it.
    public func open(options: [(key: String, value: String)]) throws(PluginSinkError) {
        try open(configuration: JSONString.object(options))
    }

    /// `sink_open` with the options already as their JSON object (a plugin host child gets them so).
    public func open(configuration: String) throws(PluginSinkError) {
        redirectOutput()
        var error: UnsafeMutablePointer<CChar>?
        let status = configuration.withCString { plugin.descriptor.pointee.sink_open($0, &state, &error) }
        guard status == TXFEED_OK else {
            restoreOutput()
            throw failure(error, "sink_open failed")
        }
        plugin.discardError(error)
        isOpen = true
    }

    /// Hands one batch to `sink_write`.
    ///
    /// - Parameters:
    ///   - shared: texts that stay the same from row to row (vendors, accounts, …).
    ///   - rows: this batch's own texts (dates, days, amounts).
    public func write(_ batch: [SinkRecord], shared: [UInt8], rows: [UInt8]) throws(PluginSinkError) {
        let status = shared.withUnsafeBufferPointer { sharedBytes in
            rows.withUnsafeBufferPointer { rowBytes in
                let s = UnsafeRawPointer(sharedBytes.baseAddress!).assumingMemoryBound(to: CChar.self)
                let r = UnsafeRawPointer(rowBytes.baseAddress!).assumingMemoryBound(to: CChar.self)
                records.removeAll(keepingCapacity: true)
                for record in batch {
                    records.append(
                        txfeed_record(
                            struct_size: UInt32(MemoryLayout<txfeed_record>.stride),
                            date: r + record.date, day: r + record.day, account: s + record.account,
                            vendor: s + record.vendor, type: s + record.type, amount: r + record.amount,
                            amount_minor: record.amountMinor, currency: s + record.currency,
                            colour: s + record.colour, source: s + record.source, id: r + record.id,
                            status: s + record.status, memo: r + record.memo))
                }
                var error: UnsafeMutablePointer<CChar>?
                let status = records.withUnsafeBufferPointer {
                    plugin.descriptor.pointee.sink_write(state, $0.baseAddress, $0.count, &error)
                }
                return (status, error)
            }
        }
        guard status.0 == TXFEED_OK else { throw failure(status.1, "sink_write failed") }
        plugin.discardError(status.1)
    }

    /// `sink_finish` with the run's `sources` array and `summary` object as JSON text.
    public func finish(sources: String, summary: String) throws(PluginSinkError) {
        var error: UnsafeMutablePointer<CChar>?
        let status = sources.withCString { sources in
            summary.withCString { summary in plugin.descriptor.pointee.sink_finish(state, sources, summary, &error) }
        }
        guard status == TXFEED_OK else { throw failure(error, "sink_finish failed") }
        plugin.discardError(error)
    }

    public func close() {
        guard isOpen else { return }
        isOpen = false
        plugin.descriptor.pointee.sink_close(state)
        restoreOutput()
    }

    /// In this process (`--isolation in-process`), the plugin's stdout is ours: point it at
    /// ``standardOutput`` for the session.
    private func redirectOutput() {
        guard standardOutput != 1, savedOutput < 0 else { return }
        fflush(nil)
        savedOutput = fcntl(1, F_DUPFD_CLOEXEC, 3)
        if savedOutput >= 0 { dup2(standardOutput, 1) }
    }

    private func restoreOutput() {
        guard savedOutput >= 0 else { return }
        fflush(nil)
        dup2(savedOutput, 1)
        Glibc.close(savedOutput)
        savedOutput = -1
    }

    deinit { close() }

    private func failure(_ error: UnsafeMutablePointer<CChar>?, _ fallback: String) -> PluginSinkError {
        PluginSinkError(sink: plugin.name, message: plugin.takeError(error, default: fallback + " (no message)"))
    }
}

/// One `txfeed_record` as byte offsets of NUL-terminated texts: `date`, `day`, `amount`, `id`
/// and `memo` in the batch's texts, the rest in the feed's shared texts.
public struct SinkRecord: Sendable, BitwiseCopyable {
    public var date: Int
    public var day: Int
    public var amount: Int
    public var account: Int
    public var vendor: Int
    public var type: Int
    public var currency: Int
    public var colour: Int
    public var source: Int
    public var id: Int
    public var status: Int
    public var memo: Int
    public var amountMinor: Int64

    public init(
        date: Int, day: Int, amount: Int, account: Int, vendor: Int, type: Int, currency: Int, colour: Int,
        source: Int, id: Int, status: Int, memo: Int, amountMinor: Int64
    ) {
        self.date = date
        self.day = day
        self.amount = amount
        self.account = account
        self.vendor = vendor
        self.type = type
        self.currency = currency
        self.colour = colour
        self.source = source
        self.id = id
        self.status = status
        self.memo = memo
        self.amountMinor = amountMinor
    }
}
