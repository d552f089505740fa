import Dispatch
import Synchronization
import TxFeedModel
import TxFeedPluginHost

/// A source written in Swift for the pipeline's own tests: it runs `body` on the source's
/// thread, with the same `SourceEvents` a C plugin's callbacks reach. No dlopen, no subprocess.
final class SwiftSource: SourceSession {
    let pluginName = "swift-test"
    private let refusal: String?
    private let body: @Sendable (any SourceEvents) -> SourceRunResult
    private let calls = Mutex(Calls())
    /// The events of the last run, held weakly: nil once the pipeline let go of its collector.
    private let lastEvents = Mutex(WeakEvents())

    struct Calls {
        var opens = 0
        var closes = 0
        var runs = 0
    }

    private struct WeakEvents {
        weak var events: (any SourceEvents)?
    }

    init(refusing refusal: String? = nil, _ body: @escaping @Sendable (any SourceEvents) -> SourceRunResult) {
        self.refusal = refusal
        self.body = body
    }

    var counts: Calls { calls.withLock { $0 } }
    var eventsOfLastRun: (any SourceEvents)? { lastEvents.withLock { $0.events } }

    func open() -> String? {
        calls.withLock { $0.opens += 1 }
        return refusal
    }

    func run(_ events: any SourceEvents) -> SourceRunResult {
        calls.withLock { $0.runs += 1 }
        lastEvents.withLock { $0.events = events }
        return body(events)
    }

    func close() {
        calls.withLock { $0.closes += 1 }
    }
}

/// A source that runs elsewhere, as an isolated one does: `start` returns at once, and the test
/// begins it and finishes it later from a thread of its own (``begin()``, ``finish(with:)``).
final class ElsewhereSource: SourceSession {
    let pluginName = "elsewhere-test"
    var runsElsewhere: Bool { true }
    private let started = Mutex<Started?>(nil)
    private let begun = Atomic<Bool>(false)
    private let closed = Atomic<Int>(0)

    private struct Started {
        var events: any SourceEvents
        var began: @Sendable () -> Void
        var finished: @Sendable (SourceRunResult) -> Void
    }

    var hasStarted: Bool { started.withLock { $0 != nil } }
    var closes: Int { closed.load(ordering: .relaxed) }

    func open() -> String? { nil }

    func run(_ events: any SourceEvents) -> SourceRunResult {
        .failed("an elsewhere source is only started")
    }

    func start(
        _ events: any SourceEvents, began: @escaping @Sendable () -> Void,
        finished: @escaping @Sendable (SourceRunResult) -> Void
    ) {
        started.withLock { $0 = Started(events: events, began: began, finished: finished) }
    }

    /// Its turn comes, as in a plugin's process, on the calling thread (once).
    func begin() {
        guard let started = started.withLock({ $0 }), !begun.exchange(true, ordering: .relaxed) else { return }
        started.began()
    }

    /// Delivers `text` and ends the run, on the calling thread; begins it first if it has not.
    func finish(with text: String) {
        guard let started = started.withLock({ $0 }) else { return }
        begin()
        started.events.emit(text)
        started.finished(.completed)
    }

    func close() {
        closed.add(1, ordering: .relaxed)
    }
}

extension SourceEvents {
    /// Emits `text` as a document; the answer of the callback.
    @discardableResult
    func emit(_ text: String, origin: String? = nil) -> CallbackAnswer {
        Array(text.utf8).withUnsafeBufferPointer { document(text: $0, origin: origin) }
    }

    /// `begin_account` with the origin as a `String`.
    func beginAccount(text: UnsafeBufferPointer<UInt8>, origin: String?) -> CallbackAnswer {
        guard var origin else { return beginAccount(text: text, originBytes: nil) }
        return origin.withUTF8 { beginAccount(text: text, originBytes: $0) }
    }

    /// `end_account`: the account ends with the balance its envelope gave, if any.
    func endAccount() -> CallbackAnswer { endAccount(balance: nil) }
}

/// One envelope with `count` transactions of vendor `vendor`.
func envelope(_ name: String, vendor: String = "Shop", count: Int = 1) -> String {
    let rows = (0..<count).map { n in
        #"{"type":1,"vendor":"\#(vendor)","amount":\#(n + 1),"date":"2024-03-01 10:00:00"}"#
    }
    return #"{"status":200,"message":"ok","body":{"name":"\#(name)","transactions":[\#(rows.joined(separator: ","))]}}"#
}

/// A one-shot signal between a test and a source's thread.
final class Gate: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    func open() { semaphore.signal() }
    /// False when `seconds` passed first (a broken test, not a slow machine: the limits are generous).
    @discardableResult
    func wait(seconds: Double = 30) -> Bool { semaphore.wait(timeout: .now() + seconds) == .success }
}
