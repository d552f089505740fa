import TxFeedModel

/// What a running source tells the host, in Swift: the same calls as `txfeed_source_host`.
///
/// The pipeline implements it (one collector per run); a C plugin reaches it through the
/// callbacks in `PluginSource+Callbacks.swift`, a source written in Swift (tests) calls it
/// directly. Every call comes from the thread running the source, during its `run`.
public protocol SourceEvents: AnyObject, Sendable {
    /// A JSON text: one envelope, an array of them, or NDJSON. `text` is borrowed for the call.
    func document(text: UnsafeBufferPointer<UInt8>, origin: String?) -> CallbackAnswer
    /// A document the plugin built with jansson (`json_t *`), borrowed for the call.
    func document(janssonValue: UnsafeMutableRawPointer, origin: String?) -> CallbackAnswer
    /// An envelope whose transactions follow in batches.
    func beginAccount(text: UnsafeBufferPointer<UInt8>, origin: String?) -> CallbackAnswer
    /// A JSON array of transactions of the account begun last.
    func transactions(text: UnsafeBufferPointer<UInt8>) -> CallbackAnswer
    func endAccount() -> CallbackAnswer
    /// Transactions as plain fields for the account begun last, borrowed for the call.
    func entries(_ entries: UnsafeBufferPointer<EntryFields>) -> CallbackAnswer
    /// A record the source could not read: counted as read, and rejected with `reason`.
    /// - Parameters:
    ///   - location: where it is (`line 17`): the reject's path.
    ///   - raw: its own text, for `--rejects`.
    func reject(location: String, reason: String, raw: [UInt8]) -> CallbackAnswer
    /// The account begun last fails whole with `reason`: none of its records are kept.
    func failAccount(reason: String) -> CallbackAnswer
    /// Whether the host wants the source to stop (timeout, shutdown).
    var isCancelled: Bool { get }
    /// A diagnostic for stderr; a misuse of the ABI arrives here as an error.
    func log(_ level: PluginLogLevel, _ message: String)
}

/// What a callback answers: the ABI's result codes.
public enum CallbackAnswer: Sendable, Equatable {
    /// `TXFEED_OK`: go on.
    case proceed
    /// `TXFEED_STOP`: return from `run` now (cancelled, timed out or abandoned).
    case stop
    /// `TXFEED_FAILED`: the call itself was wrong (a NULL buffer, an unknown host).
    case failed
}

/// `TXFEED_LOG_*`.
public enum PluginLogLevel: Int32, Sendable, Comparable {
    case debug = 0
    case info, warning, error

    /// A level outside the header's four is read as the nearest one.
    public init(clamping raw: Int32) {
        self = PluginLogLevel(rawValue: min(max(raw, 0), 3))!
    }

    public static func < (a: PluginLogLevel, b: PluginLogLevel) -> Bool { a.rawValue < b.rawValue }
}

/// A data source as the pipeline runs it: opened once, run once on a thread of its own, closed.
///
/// ``PluginSource`` is the one backed by a C plugin; tests run sources written in Swift.
public protocol SourceSession: AnyObject, Sendable {
    /// The plugin's name, for the report.
    var pluginName: String { get }
    /// Hands the source its configuration; the reason when it refuses it.
    func open() -> String?
    /// Produces data through `events` until done, failed or told to stop; returns once the
    /// source has returned. Opens first when ``open()`` was not called.
    func run(_ events: any SourceEvents) -> SourceRunResult
    /// Releases what ``open()`` took; also for a source that was opened but never ran.
    func close()
}

/// How a source's `run` ended.
public enum SourceRunResult: Sendable, Equatable {
    case completed
    /// Failed, or stopped on request: the message says which.
    case failed(String)
}
