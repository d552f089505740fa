import Dispatch
import Glibc
import Synchronization
import TxFeedModel
import TxFeedPluginHost

/// A source whose plugin runs in a plugin host child: whatever the plugin does — crash, call
/// `exit`, print, hang, change its process — stays in that process. The child decodes what
/// the plugin delivers and sends it up in chunks; this side only merges it into the source's
/// collector.
public final class IsolatedPluginSource: SourceSession {
    public let plugin: LoadedPlugin
    public let configuration: String
    let pool: PluginChildPool
    /// Bytes of address space the child may use (`--plugin-memory`), or nil.
    let memoryLimit: Int?
    /// Seconds the configuration check (``open()``) may take: the run's timeout.
    let checkTimeout: Double
    public var pluginName: String { plugin.name }
    private let abandoned = Atomic<Bool>(false)
    /// What ``checkConfigurations(_:)`` found: nil when not checked that way, `.some(nil)`
    /// when `open` took the configuration.
    private let checked = Mutex<String??>(nil)
    /// How its process went away while it ran, if it did.
    private let lostTo = Mutex<LostProcess?>(nil)
    /// How the plugin's process went away while this source ran (a crash, an `exit`), if it
    /// did; read once the run is over.
    public var lostProcess: LostProcess? { lostTo.withLock { $0 } }
    /// Seconds between SIGTERM and SIGKILL for an abandoned child.
    static let killGrace = 0.5

    /// - Parameters:
    ///   - options: already checked against the plugin's declaration, as for ``PluginSource``.
    ///   - memoryLimit: bytes of address space its child may use (`--plugin-memory`), or nil.
    ///   - checkTimeout: seconds the configuration check may take (the run's `--timeout`).
    public init(
        plugin: LoadedPlugin, options: [(key: String, value: String)], pool: PluginChildPool, memoryLimit: Int? = nil,
        checkTimeout: Double = 30
    ) {
        self.plugin = plugin
        self.configuration = JSONString.object(options)
        self.pool = pool
        self.memoryLimit = memoryLimit
        self.checkTimeout = checkTimeout
    }

    /// Checks the configuration in a child (`open`, then `close`): the child that runs the
    /// source opens it again.
    public func open() -> String? {
        if let answer = checked.withLock({ $0 }) { return answer }
        // A child that cannot check it leaves the source to fail when it runs, saying why.
        guard case .answers(let answers) = Self.check([self]) else { return nil }
        return answers.first ?? nil
    }

    /// Checks the configurations of many sources at once, one request per plugin, so that
    /// ``open()`` answers at once: ten thousand files are not ten thousand round trips before
    /// the first source runs. A plugin that fails the check leaves its sources to check one by
    /// one; one that does not answer in time, to fail when they run.
    public static func checkConfigurations(_ sources: [IsolatedPluginSource]) {
        for group in Dictionary(grouping: sources, by: \.plugin.path).values where group.count > 1 {
            switch check(group) {
            case .answers(let answers):
                for (source, answer) in zip(group, answers) { source.checked.withLock { $0 = .some(answer) } }
            case .timedOut:
                for source in group { source.checked.withLock { $0 = .some(nil) } }
            case .failed:
                continue
            }
        }
    }

    private enum CheckAnswer {
        /// Each configuration's refusal, or nil when `open` took it.
        case answers([String?])
        /// The child failed (it is ended).
        case failed
        /// The plugin's `open` did not return within the run's timeout: its child was ended.
        case timedOut
    }

    /// The sources are of one plugin.
    private static func check(_ group: [IsolatedPluginSource]) -> CheckAnswer {
        let pool = group[0].pool
        guard let child = try? pool.acquire(group[0].plugin.path) else { return .failed }
        // A plugin whose `open` never returns would hold the run before any source began: past
        // the timeout its child is ended, and the sources run (and time out) as any other.
        // Under the lock, so that a child answered and given back is never ended by mistake.
        // The timer holds the child weakly: held for the whole timeout, each child a watch
        // refreshing every 10 ms used was kept 30 s with its frame buffer (1.6 MB a refresh).
        let state = Mutex<CheckAnswer?>(nil)
        DispatchQueue.global().asyncAfter(deadline: .now() + group[0].checkTimeout) { [weak child] in
            state.withLock { state in
                guard state == nil else { return }
                state = .timedOut
                child?.killAll()
            }
        }
        let payload = child.call(.check) { w in
            w.integer(UInt32(group.count))
            for source in group { w.string(source.configuration) }
        }
        let answers = payload.flatMap { payload in
            WireDecoder.read(payload) { r throws(WireDecoder.Malformed) -> [String?]? in
                let answers = try group.map { _ throws(WireDecoder.Malformed) in try r.optionalString() }
                return r.isAtEnd ? answers : nil
            } ?? nil
        }
        let answer = state.withLock { state -> CheckAnswer in
            if state == nil { state = answers.map { .answers($0) } ?? .failed }
            return state!
        }
        guard case .answers = answer else {
            child.finish(grace: 0)
            return answer
        }
        pool.release(child)
        return answer
    }

    /// ``start(_:began:finished:)``, waited for.
    public func run(_ events: any SourceEvents) -> SourceRunResult {
        let result = Mutex<SourceRunResult?>(nil)
        let done = DispatchSemaphore(value: 0)
        start(
            events, began: {},
            finished: { end in
                result.withLock { $0 = end }
                done.signal()
            })
        done.wait()
        return result.withLock { $0 } ?? .failed("ended without an answer")
    }

    /// Puts the source in line for a child of its plugin and returns at once; `began` and
    /// `finished` are called on the thread that follows the child that runs it.
    public var runsElsewhere: Bool { true }

    public func start(
        _ events: any SourceEvents, began: @escaping @Sendable () -> Void,
        finished: @escaping @Sendable (SourceRunResult) -> Void
    ) {
        guard let events = events as? SourceCollector else { return finished(.failed(Self.needsDecodedData)) }
        pool.submit(
            SourceJob(source: self, request: request(for: events), events: events, began: began) {
                finished(Self.result(of: $0))
            })
    }

    private static let needsDecodedData = "an isolated source needs a collector that takes decoded data"

    private func request(for events: SourceCollector) -> RunRequest {
        RunRequest(
            name: events.name, index: events.index, threads: events.threads,
            configuration: configuration, memoryLimit: UInt64(memoryLimit ?? 0),
            keepsLocations: events.keepsLocations)
    }

    private static func result(of ending: Ending) -> SourceRunResult {
        switch ending {
        case .completed: return .completed
        case .failed(let message), .refused(let message): return .failed(message)
        }
    }

    public func close() {}

    public func abandon() {
        abandoned.store(true, ordering: .relaxed)
    }

    public var abandonment: String { "its process was ended" }

    enum Ending: Sendable {
        case completed
        case failed(String)
        case refused(String)
    }

    /// How long a source may run before the sources sent after it to the same child are
    /// given back, for other children to run.
    static let withdrawAfter = Duration.milliseconds(100)

    /// Reads one source's frames from its child to its answer, handing data, host time
    /// and log lines to its events; asks the child to stop it when it is cancelled, and ends the
    /// child by force when it is abandoned. `kept` is false when the child is gone or ended;
    /// the ending is nil when the child gave the source back unbegun (it is in line again).
    func follow(_ job: SourceJob, in share: SentShare) -> (Ending?, kept: Bool) {
        let request = job.request
        let events = job.events
        let child = share.child
        var withdrawing = false
        var cancelSent = false
        var begun = false
        let followed = ContinuousClock.now
        var chunks = ChunkAssembler(source: request.index)
        while true {
            // A source cancelled while waiting in the child is skipped at once: end the child
            // only for one that has begun, or does not answer.
            if abandoned.load(ordering: .relaxed), begun || (ContinuousClock.now - followed) > .seconds(Self.killGrace)
            {
                child.terminate(grace: Self.killGrace)
                child.finish(grace: 0)
                return (.failed("did not stop; its process was ended"), false)
            }
            if let events, events.isCancelled, !cancelSent {
                cancelSent = true
                child.control.send(.stop) { w in
                    w.integer(Stop.cancel.rawValue)
                    w.integer(UInt32(1))
                    w.integer(UInt32(request.index))
                }
            }
            if !withdrawing, ContinuousClock.now - followed > Self.withdrawAfter {
                withdrawing = true
                share.withdrawWaiting()
            }
            let next = child.data.next(timeout: 0.02)
            if case .frame = next { begun = true }
            switch next {
            case .frame(let kind, let payload) where kind == .data || kind == .transactions:
                let chunk: ChunkAssembler.Chunk?
                do {
                    if kind == .data {
                        chunk = try chunks.head(payload)
                        events?.childHostTime(nanoseconds: chunks.hostTime)
                    } else {
                        chunk = try chunks.transactions(payload)
                    }
                } catch {
                    return (.failed(garbled(child)), false)
                }
                guard let chunk else { continue }
                _ = events?.delivered(chunk.data, as: chunk.delivery)
            case .frame(.log, let payload):
                let line = WireDecoder.read(payload) { r throws(WireDecoder.Malformed) in
                    (try r.integer(Int32.self), try r.string())
                }
                guard let line else { return (.failed(garbled(child)), false) }
                events?.log(PluginLogLevel(rawValue: line.0), line.1)
            case .frame(.answer, let payload):
                let end = WireDecoder.read(payload) { r throws(WireDecoder.Malformed) -> (Int, RunEnd, String)? in
                    let index = Int(try r.integer(UInt32.self))
                    let code = try r.integer(UInt8.self)
                    let message = try r.string()
                    return RunEnd(rawValue: code).map { (index, $0, message) }
                }
                guard let (index, end, message) = end ?? nil else { return (.failed(garbled(child)), false) }
                switch end {
                case .withdrawn:
                    // Given back unbegun: this one, or one behind it in the share.
                    if share.withdrawn(index, pool: pool) === job { return (nil, true) }
                case _ where index != request.index || chunks.isWaiting: return (.failed(garbled(child)), false)
                case .completed: return (.completed, true)
                case .failed: return (.failed(message), true)
                case .refused: return (.refused(message), true)
                }
            case .frame, .malformed:
                return (.failed(garbled(child)), false)
            case .ended:
                return (.failed(lost(child, documents: events?.documentsKept ?? 0)), false)
            case .waiting:
                continue
            }
        }
    }

    /// The child went away in the middle of a request: how, in the words of the source's error.
    private func lost(_ child: PluginChild, documents: Int) -> String {
        let cause = child.lostCause()
        lostTo.withLock { $0 = cause }
        var message = cause.text + " after \(documents.counted("document"))"
        if cause.crashed, let limit = memoryLimit {
            message += " (its process may use at most \(ByteSize.describe(limit)), --plugin-memory)"
        }
        return message
    }

    private func garbled(_ child: PluginChild) -> String {
        child.killAll()
        child.finish(grace: 0)
        return "the plugin host sent a garbled message (a plugin writing to descriptor 3?); its process was ended"
    }
}
