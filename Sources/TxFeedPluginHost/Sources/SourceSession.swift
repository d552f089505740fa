import TxFeedModel

/// What a running source tells the host, in Swift: the same calls as `txfeed_source_host`.
///
/// The pipeline implements it (one collector per run); a C plugin reaches it through the
/// callbacks in `PluginSource+Callbacks.swift`, a source written in Swift (tests) calls it
/// directly. Every call comes from the thread running the source, during its `run`.
public protocol SourceEvents: AnyObject, Sendable {
    /// A JSON text: one envelope, an array of them, or NDJSON. `text` is borrowed for the call.
    func document(text: UnsafeBufferPointer<UInt8>, origin: String?) -> CallbackAnswer
    /// A piece of a larger JSON text (`emit_document_part`): messages name the whole text's places.
    func document(text: UnsafeBufferPointer<UInt8>, origin: String?, part: TextPart) -> CallbackAnswer
    /// A batch cut from a larger text (`emit_transactions_part`).
    func transactions(text: UnsafeBufferPointer<UInt8>, part: TextPart) -> CallbackAnswer
    /// A document the plugin built with jansson (`json_t *`), borrowed for the call.
    func document(janssonValue: UnsafeMutableRawPointer, origin: String?) -> CallbackAnswer
    /// An envelope whose transactions follow in batches.
    /// - Parameters:
    ///   - origin: the plugin's name for the account, as its bytes (UTF-8): a million small
    ///     accounts each made a `String` of it only for the bytes to be written again.
    func beginAccount(text: UnsafeBufferPointer<UInt8>, originBytes origin: UnsafeBufferPointer<UInt8>?)
        -> CallbackAnswer
    /// An account given as plain fields (`begin_account_fields`), whose records follow as entries.
    func beginAccount(fields: AccountFields, originBytes origin: UnsafeBufferPointer<UInt8>?) -> CallbackAnswer
    /// A JSON array of transactions of the account begun last.
    func transactions(text: UnsafeBufferPointer<UInt8>) -> CallbackAnswer
    /// - Parameters:
    ///   - balance: the balance as a plain signed decimal, when the source states it at the end.
    func endAccount(balance: UnsafeBufferPointer<UInt8>?) -> CallbackAnswer
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
public struct PluginLogLevel: Sendable, Comparable, Equatable, CustomStringConvertible {
    /// As the plugin gave it: the header's four are 0…3, anything else is kept and shown as is.
    public var rawValue: Int32

    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    public static let debug = PluginLogLevel(rawValue: 0)
    public static let info = PluginLogLevel(rawValue: 1)
    public static let warning = PluginLogLevel(rawValue: 2)
    public static let error = PluginLogLevel(rawValue: 3)

    /// `debug`, `info`, `warning`, `error`, or `level N` for a value the header does not name.
    public var name: String {
        switch rawValue {
        case 0: return "debug"
        case 1: return "info"
        case 2: return "warning"
        case 3: return "error"
        default: return "level \(rawValue)"
        }
    }

    public var description: String { name }

    public static func < (a: PluginLogLevel, b: PluginLogLevel) -> Bool { a.rawValue < b.rawValue }

    /// A message as one line of text: line breaks and other control characters shown as
    /// escapes (`\n`, `\x1b`), and the invisible characters that reorder or hide text (bidi
    /// overrides and isolates, zero-width marks: `\u{202e}`), so that neither a plugin nor the
    /// data can split its line, drive the terminal or disguise what it says; at most `limit`
    /// bytes of it.
    public static func visible(_ message: String, limit: Int = 4096) -> String {
        // The usual line, printable ASCII within the limit, is its own answer: a folder's
        // summary is ten thousand of them.
        let printable = { (byte: UInt8) in byte &- 0x20 < 0x5F }
        if message.utf8.count < limit,
            message.utf8.withContiguousStorageIfAvailable({ $0.allSatisfy(printable) })
                ?? message.utf8.allSatisfy(printable)
        {
            return message
        }
        var out = ""
        for scalar in message.unicodeScalars {
            if out.utf8.count >= limit {
                out += "…"
                break
            }
            switch scalar.value {
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0..<0x20, 0x7F, 0x80..<0xA0:
                out += "\\x" + String(scalar.value, radix: 16).leftPadded(to: 2)
            case 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2069, 0xFEFF:
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
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
    /// As ``run(_:)``; when ``runsElsewhere``, it returns at once and `finished` is called
    /// later, once, on a thread of the session's own.
    /// - Parameters:
    ///   - began: called once as the source begins to run, before `finished` (when its turn
    ///     comes in its plugin's process): its timeout counts from then.
    func start(
        _ events: any SourceEvents, began: @escaping @Sendable () -> Void,
        finished: @escaping @Sendable (SourceRunResult) -> Void)
    /// Whether ``start(_:began:finished:)`` returns at once: the source runs in a process of its
    /// plugin, followed by a thread of that process's, so it needs no thread of its own while it
    /// waits in line (ten thousand statements are not ten thousand threads asleep).
    var runsElsewhere: Bool { get }
    /// Releases what ``open()`` took; also for a source that was opened but never ran.
    func close()
    /// The source did not stop within its grace: end it by force if it can be (a child
    /// process), else leave it running with its calls refused.
    func abandon()
    /// What happened to an abandoned run, for its report: `abandoned` (left running, its
    /// calls refused), or that its process was ended.
    var abandonment: String { get }
}

extension SourceSession {
    /// Runs on the calling thread, beginning at once.
    public func start(
        _ events: any SourceEvents, began: @escaping @Sendable () -> Void,
        finished: @escaping @Sendable (SourceRunResult) -> Void
    ) {
        began()
        finished(run(events))
    }

    public var runsElsewhere: Bool { false }

    public func abandon() {}
    public var abandonment: String { "abandoned" }
}

/// How a source's `run` ended.
public enum SourceRunResult: Sendable, Equatable {
    case completed
    /// Failed, or stopped on request: the message says which.
    case failed(String)
}
