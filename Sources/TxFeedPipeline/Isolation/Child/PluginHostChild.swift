import CProcess
import Dispatch
import Glibc
import Synchronization
import TxFeedModel
import TxFeedPluginHost

/// The plugin host child: `txfeed __plugin-host`, started by txfeed for its plugins. It loads
/// one plugin and runs its sources one after another, each with a collector of its own that
/// decodes in this process; what they deliver goes up the data pipe in chunks.
///
/// Descriptors: 0 is txfeed's stdin (for a source reading `-`), 1 and 2 the plugin's output (txfeed shows it on stderr),
/// 3 the data pipe up, 4 the control pipe down.
public enum PluginHostChild {
    public static let command = "__plugin-host"
    static let dataFD: Int32 = 3
    static let controlFD: Int32 = 4

    /// The executable that hosts plugins in place of this one: set by a test that runs
    /// commands in its own process (a test runner, which cannot host them), to the built txfeed.
    public static let namedExecutable = Mutex<String?>(nil)

    /// This executable, which hosts plugins when started with ``command`` (or
    /// ``namedExecutable``); nil when `/proc/self/exe` cannot be read.
    public static func executable() -> String? {
        namedExecutable.withLock { $0 } ?? Paths.executable()
    }

    /// Never returns.
    public static func main(arguments: [String]) -> Never {
        // Whatever else txfeed had open is not the plugin's.
        txfeed_close_from(controlFD + 1)
        // What the plugin starts ends with its source (``ChildHost/endPluginProcesses()``):
        // orphans below this process come to it, and none keeps its pipes open once it ends.
        _ = txfeed_become_subreaper()
        for fd in [dataFD, controlFD] { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        let host = ChildHost()
        _ = txfeed_keep_from_forks(dataFD, controlFD, host.outputFD)
        host.serve()
    }
}

/// The child's state: the loaded plugin, the source under way, and the requests the control
/// thread hands to the main thread (which runs the plugin, as txfeed's source threads do).
final class ChildHost: Sendable {
    let writer = FrameWriter(fd: PluginHostChild.dataFD)
    private let requests = Mutex<[(FrameKind, [UInt8])]>([])
    private let arrived = DispatchSemaphore(value: 0)
    /// The source under way, and the sources txfeed cancelled before their turn came (txfeed
    /// sends a child several requests at once: a folder's statements follow each other without
    /// a round trip between them).
    private let current = Mutex(Current())
    /// The plugin output pipe, kept apart from 1 and 2 (which the plugin may close or reuse):
    /// a line on it says whose output follows.
    let outputFD = fcntl(1, F_DUPFD_CLOEXEC, 10)

    private struct Current: Sendable {
        var running: Running?
        var cancelled: Set<Int> = []
        /// Sources begun (or done) here, and those given back before their turn.
        var begun: Set<Int> = []
        var withdrawn: Set<Int> = []
    }

    private struct Running: Sendable {
        var index: Int
        var collector: SourceCollector
        var events: ChildEvents
    }

    func serve() -> Never {
        Threads.start(named: "control") { [self] in readControl() }
        // What the source under way delivered and its host time, a few times a second: a long
        // decode must not count against its timeout in txfeed. One thread for the child's
        // life, not one a source: a folder runs thousands.
        Threads.start(named: "ticker") { [self] in
            while true {
                usleep(50_000)
                current.withLock { current in
                    guard let running = current.running else { return }
                    running.events.flush(withTime: true)
                }
                // After the flush: what it sent does not wait for the next tick behind a hold.
                writer.release(heldLongerThan: Self.longestHold)
            }
        }
        // The plugin requests are about; a planning child (txfeed's probe) loads several, and
        // `load` of one already loaded only makes it current again.
        var plugin: LoadedPlugin?
        var loaded: [String: LoadedPlugin] = [:]
        while true {
            // Nothing is held while nothing is to do.
            if requests.withLock({ $0.isEmpty }) { writer.release() }
            arrived.wait()
            guard let (kind, payload) = requests.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { continue }
            guard kind == .call, let call = payload.first.flatMap(Call.init(rawValue:)) else { _exit(70) }
            answer(call, payload.dropFirst(), plugin: &plugin, loaded: &loaded)
            // A sink's processes end at its close, a source's at its end.
            if ![.run, .sinkOpen, .sinkWrite, .sinkFinish].contains(call) { Self.endPluginProcesses() }
        }
    }

    /// Answers one call (``Call``); a call that does not read is the end of the child.
    private func answer(
        _ call: Call, _ arguments: ArraySlice<UInt8>, plugin: inout LoadedPlugin?, loaded: inout [String: LoadedPlugin]
    ) {
        switch call {
        case .run:
            guard let plugin else { _exit(70) }
            let request = WireDecoder.read(arguments) { r throws(WireDecoder.Malformed) in try RunRequest(from: &r) }
            guard let request else { _exit(70) }
            let withdrawn = current.withLock { current in
                if current.withdrawn.remove(request.index) != nil { return true }
                current.begun.insert(request.index)
                return false
            }
            // Given back (and answered so): another child runs it.
            if !withdrawn { run(request, plugin) }
        case .load:
            guard let path = WireDecoder.read(arguments, { r throws(WireDecoder.Malformed) in try r.string() }) else {
                _exit(70)
            }
            do {
                let current = try loaded[path] ?? PluginLoader.load(path: path)
                loaded[path] = current
                plugin = current
                writer.send(.answer) {
                    $0.string(nil as String?)
                    current.pluginDescription.encode(into: &$0)
                }
            } catch {
                writer.send(.answer) { $0.string("\(error)") }
            }
        case .check:
            guard let plugin else { _exit(70) }
            let configurations = WireDecoder.read(arguments) { r throws(WireDecoder.Malformed) in
                try r.list { r throws(WireDecoder.Malformed) in try r.string() }
            }
            guard let configurations else { _exit(70) }
            let refusals = configurations.map { configuration -> String? in
                let session = PluginSource(plugin: plugin, configuration: configuration)
                if let refused = session.open() { return refused }
                session.close()
                return nil
            }
            writer.send(.answer) { w in
                for refusal in refusals { w.string(refusal) }
            }
        case .identify:
            // Every plugin named about every file (each loaded already by this planning
            // child, unless an earlier one took it down).
            let request = WireDecoder.read(arguments) { r throws(WireDecoder.Malformed) in
                try IdentifyRequest.decode(from: &r)
            }
            guard let request else { _exit(70) }
            let plugins = request.pluginPaths.map { path -> LoadedPlugin? in
                if loaded[path] == nil { loaded[path] = try? PluginLoader.load(path: path) }
                return loaded[path]
            }
            // A plugin that would not load claims nothing.
            let claims = FileClaims.claims(of: request.paths) { path, head in
                plugins.map { $0?.identify(path: path, head: head) ?? 0 }
            }
            writer.send(.answer) { FileClaims.encode(claims, into: &$0) }
        case .explain:
            guard let plugin else { _exit(70) }
            let configuration = WireDecoder.read(arguments) { r throws(WireDecoder.Malformed) in try r.string() }
            guard let configuration else { _exit(70) }
            let explanation = plugin.explain(configuration: configuration)
            writer.send(.answer) {
                $0.bool(explanation != nil)
                $0.string(explanation?.report ?? "")
                $0.string(explanation?.problem)
            }
        case .sinkOpen, .sinkWrite, .sinkFinish, .sinkClose:
            guard let plugin else { _exit(70) }
            let error = WireDecoder.read(arguments) { r throws(WireDecoder.Malformed) in try sinkCall(call, &r, plugin)
            }
            guard let error else { _exit(70) }
            writer.send(.answer) { $0.string(error) }
        }
    }

    /// Kills and reaps every process below this one: the plugin's, as this process starts none
    /// of its own, and their orphans, this being their subreaper. One call when there are none.
    static func endPluginProcesses() {
        let deadline = ContinuousClock.now + .seconds(5)
        var status: Int32 = 0
        while ContinuousClock.now < deadline {
            let reaped = waitpid(-1, &status, WNOHANG)
            if reaped > 0 || (reaped < 0 && errno == EINTR) { continue }
            // None left (ECHILD).
            if reaped < 0 { return }
            for process in PluginChild.stopDescendants(of: getpid()) { kill(process, SIGKILL) }
            usleep(1_000)
        }
    }

    /// The sink's session between calls, and the texts shared by every batch of its feed.
    /// `nonisolated(unsafe)`: only `serve`'s loop touches them, answering one call at a time.
    nonisolated(unsafe) private var sink: PluginSinkSession?
    nonisolated(unsafe) private var sinkShared: [UInt8] = []

    /// One sink ABI call; its error, or nil.
    private func sinkCall(_ call: Call, _ r: inout WireDecoder, _ plugin: LoadedPlugin) throws(WireDecoder
        .Malformed)
        -> String?
    {
        do {
            switch call {
            case .sinkOpen:
                let options = try r.string()
                let session = PluginSinkSession(plugin: plugin)
                try session.open(configuration: options)
                sink = session
            case .sinkWrite:
                if try r.bool() { sinkShared = try r.byteArray() }
                let records = try r.records(SinkRecord.self)
                let rows = try r.byteArray()
                try sink?.write(records, shared: sinkShared, rows: rows)
            case .sinkFinish:
                try sink?.finish(sources: try r.string(), summary: try r.string())
            default:
                sink?.close()
                sink = nil
                sinkShared = []
            }
            return nil
        } catch let error as PluginSinkError {
            return error.message
        } catch let error as WireDecoder.Malformed {
            throw error
        } catch {
            return "\(error)"
        }
    }

    /// One source: open (a refusal is the answer), then run and close.
    private func run(_ request: RunRequest, _ plugin: LoadedPlugin) {
        // Only ever lowered: a child runs the sources of one run, all with the same limit.
        if request.memoryLimit > 0 { _ = txfeed_limit_address_space(Int(request.memoryLimit)) }
        // The sources before this one are done: their frames leave before the plugin runs
        // again, so that a crash now costs this source alone, never another's records.
        writer.release()
        // What the plugin printed so far is the last source's; what follows is this one's.
        fflush(nil)
        _ = FrameWriter.writeAll(outputFD, PluginOutputRelay.marker(request.index))
        defer { fflush(nil) }
        if current.withLock({ $0.cancelled.remove(request.index) }) != nil {
            finish(request.index, .failed, "not started: the timeout struck while it waited for its plugin's process")
            return
        }
        let session = PluginSource(plugin: plugin, configuration: request.configuration)
        if let refused = session.open() {
            finish(request.index, .refused, refused)
            return
        }
        let collector = SourceCollector(
            name: request.name, index: request.index, threads: request.threads,
            log: { [writer] _, level, message in
                writer.send(.log) {
                    $0.integer(level.rawValue)
                    $0.string(message)
                }
            },
            onProgress: nil,
            keepsLocations: request.keepsLocations)
        let events = ChildEvents(collector: collector, writer: writer)
        let cancelled = current.withLock { current in
            current.running = Running(index: request.index, collector: collector, events: events)
            return current.cancelled.remove(request.index) != nil
        }
        if cancelled { collector.cancel() }
        let result = session.run(events)
        session.close()
        events.runEnded()
        // Taken from the ticker first (waiting out a tick under way), so that nothing of this
        // source follows its answer.
        current.withLock { $0.running = nil }
        // Its last data, its host time and its end go up in one write: at the next source's
        // start (before the plugin runs again), at most ``longestHold`` past the ticker, or as
        // soon as nothing is queued.
        writer.hold()
        events.flush(withTime: true)
        switch result {
        case .completed: finish(request.index, .completed, "")
        case .failed(let message): finish(request.index, .failed, message)
        }
    }

    /// How long a finished source's frames may wait for the next source to start.
    static let longestHold = Duration.milliseconds(10)

    private func finish(_ index: Int, _ end: RunEnd, _ message: String) {
        Self.endPluginProcesses()
        // What the plugin printed goes before its answer: the ticker may release that frame
        // before `run` returns, and txfeed, its sources done, may end this child (`_exit`,
        // which flushes nothing) while the lines are still in stdio's buffer.
        fflush(nil)
        Self.answerRun(writer, index, end, message)
    }

    /// The `answer` to a source's `Call.run`: how it ended, and its message.
    private static func answerRun(_ writer: FrameWriter, _ index: Int, _ end: RunEnd, _ message: String) {
        writer.send(.answer) {
            $0.integer(UInt32(index))
            $0.integer(end.rawValue)
            $0.string(message)
        }
    }

    /// Requests from txfeed; `stop` acts at once: a cancel on the source it names if that is
    /// under way, or on its turn if it is still to come. When txfeed goes
    /// away, even killed outright, its end of the pipe closes and the child ends with it.
    /// (Not `PR_SET_PDEATHSIG`: that follows the thread that started the child, and a pooled
    /// child outlives the source thread that started it.)
    private func readControl() {
        var reader = FrameReader(fd: PluginHostChild.controlFD)
        while true {
            switch reader.next() {
            case .frame(.stop, let payload):
                let stop = WireDecoder.read(payload) { r throws(WireDecoder.Malformed) -> (Stop, [Int])? in
                    let how = Stop(rawValue: try r.integer(UInt8.self))
                    let indexes = try r.list { r throws(WireDecoder.Malformed) in Int(try r.integer(UInt32.self)) }
                    return how.map { ($0, indexes) }
                }
                guard let (how, indexes) = stop ?? nil else { _exit(70) }
                // Decided (and a withdrawal answered) under the lock the main thread takes a
                // request's turn under: a source is either given back or run here, never both.
                let running = current.withLock { current -> SourceCollector? in
                    var running: SourceCollector?
                    for index in indexes {
                        switch how {
                        case .cancel:
                            if let now = current.running, now.index == index {
                                running = now.collector
                            } else {
                                current.cancelled.insert(index)
                            }
                        case .withdraw where !current.begun.contains(index):
                            current.withdrawn.insert(index)
                            Self.answerRun(writer, index, .withdrawn, "")
                        case .withdraw:
                            continue
                        }
                    }
                    return running
                }
                running?.cancel()
            case .frame(let kind, let payload):
                requests.withLock { $0.append((kind, Array(payload))) }
                arrived.signal()
            case .waiting:
                continue
            case .ended, .malformed:
                Self.endPluginProcesses()
                _exit(0)
            }
        }
    }
}

/// A source's run request, as txfeed sends it.
struct RunRequest {
    var name: String
    var index: Int
    var threads: Int
    var configuration: String
    /// Bytes of address space the child may use from now on (`--plugin-memory`); 0 for no limit.
    var memoryLimit: UInt64
    /// Whether each record keeps its place in its file (`--duplicates`).
    var keepsLocations = false

    func encode(into w: inout WireEncoder) {
        w.string(name)
        w.integer(UInt32(index))
        w.integer(UInt32(threads))
        w.string(configuration)
        w.integer(memoryLimit)
        w.bool(keepsLocations)
    }
}

/// Out of the struct, so that its memberwise initializer stays.
extension RunRequest {
    init(from r: inout WireDecoder) throws(WireDecoder.Malformed) {
        name = try r.string()
        index = Int(try r.integer(UInt32.self))
        threads = Int(try r.integer(UInt32.self))
        configuration = try r.string()
        memoryLimit = try r.integer(UInt64.self)
        keepsLocations = try r.bool()
    }
}
