import Dispatch
import Glibc
import Synchronization
import TxFeedModel
import TxFeedPluginHost

/// The plugin host children of a txfeed process, kept per plugin and reused: a folder of ten
/// thousand statements is run by as many children as run at once, not ten thousand, started
/// while the run is set up (``prestart(_:)``). One more child plans (descriptors, `identify`,
/// `explain`). A child that crashed, was killed or answered garbled is never reused.
///
/// As a ``PluginLoading``, it is where a run's plugins are loaded: no plugin code, not even a
/// library constructor, runs in txfeed's own process.
public final class PluginChildPool: PluginLoading {
    /// The txfeed executable (`/proc/self/exe`), which is also the plugin host.
    public let executable: String
    /// Idle children by plugin file; a sink's (writing to txfeed's own stdout and stderr) apart.
    private let idle = Mutex<[Key: [PluginChild]]>([:])

    private struct Key: Hashable {
        var path: String
        var directOutput: Bool
        var standardOutput: Int32

        /// The children that run `path`'s sources (a sink's may write to txfeed's own streams).
        static func sources(of path: String) -> Key {
            Key(path: path, directOutput: false, standardOutput: 1)
        }
    }
    /// The child that plans: it loads every plugin a run may need to read its descriptor and
    /// answer `identify` and `explain`, one after another — one process started for planning,
    /// not one per plugin on the path. Sources and sinks run in children of their own plugin.
    private let probe = Mutex<PluginChild?>(nil)
    /// Children alive per plugin (idle or busy), at most ``childrenPerPlugin``: each is a
    /// process of its own (about 20 MiB), and more than the cores can run only wait their turn
    /// while holding memory — a folder of ten thousand statements needs a few, not sixty-four.
    private let live = Mutex<[Key: Int]>([:])
    /// Signalled whenever a child is parked or ends, for a caller of
    /// ``acquire(_:directOutput:standardOutput:)`` waiting for one (sources wait in ``queue``).
    private let freed = DispatchSemaphore(value: 0)
    /// Twice the cores, at least 4.
    let childrenPerPlugin = max(4, 2 * sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    /// Sources waiting for a child, taken several at a time (``SourceQueue``).
    let queue = SourceQueue()
    /// Children being started ahead of their sources (``prestart(_:)``), by plugin: a source
    /// waits for one of them rather than starting another.
    private let starting = Mutex<[Key: Int]>([:])
    /// Counts ``shutdown()``s: a child started ahead for a run that has ended is not kept.
    private let generation = Atomic<Int>(0)
    /// Until a run says otherwise, straight to stderr (`plugins list`, planning).
    private let shown = Mutex<@Sendable (String) -> Void>({ line in
        _ = FrameWriter.writeAll(2, Array((line + "\n").utf8))
    })

    /// Whether a child that crashes prints Swift's crash report first (`plugins check`).
    let crashReports: Bool

    /// - Parameters:
    ///   - crashReports: a child that crashes prints Swift's crash report (the plugin's
    ///     function and offset) on stderr before it ends: for a plugin's author, not for a run.
    public init(executable: String, crashReports: Bool = false) {
        self.executable = executable
        self.crashReports = crashReports
    }

    /// Where plugins' own output lines go from now on (txfeed's stderr, above the live display).
    public func showOutput(_ show: @escaping @Sendable (String) -> Void) {
        shown.withLock { $0 = show }
    }

    /// An idle child with the plugin loaded, or a new one (waiting while the plugin has
    /// ``childrenPerPlugin`` busy).
    /// - Parameters:
    ///   - directOutput: for a sink: the child writes to txfeed's own stdout and stderr.
    ///   - standardOutput: with `directOutput`, the descriptor that is the child's stdout
    ///     (txfeed's stdout, or 2 for its stderr).
    func acquire(_ pluginPath: String, directOutput: Bool = false, standardOutput: Int32 = 1) throws(IsolationError)
        -> PluginChild
    {
        let key = Key(path: pluginPath, directOutput: directOutput, standardOutput: directOutput ? standardOutput : 1)
        while true {
            switch take(key) {
            case .idle(let child): return child
            case .start: return try start(key)
            case .busy: _ = freed.wait(timeout: .now() + .milliseconds(50))
            }
        }
    }

    /// Puts `job` in line for a child of its plugin and returns. When a child is free for it,
    /// or may be started, a thread of the child's own runs the line
    /// (``serve(_:with:placed:)``); else a busy child's thread comes to it when done with its
    /// share.
    func submit(_ job: SourceJob) {
        queue.enqueue(job)
        let key = Key.sources(of: job.pluginPath)
        // Under the line's lock, so that a child given back meanwhile finds the source waiting.
        serveOnItsOwnThread(key, queue.whileWaiting(job, { take(key) }) ?? .busy, failing: job)
    }

    /// A thread of its own runs the line for `key`'s plugin with what `found` offers: a free
    /// child, or room to start one. When the child cannot be started, one source fails (`job`
    /// if it still waits, else the head of the line), as when its own thread started it, and
    /// the rest of the line is tried again.
    private func serveOnItsOwnThread(_ key: Key, _ found: Found, failing job: SourceJob? = nil) {
        if case .busy = found { return }
        Threads.start(named: "txfeed-sources") { [self] in
            switch found {
            case .busy: break
            case .idle(let child): serve(key.path, with: child)
            case .start:
                do throws(IsolationError) {
                    serve(key.path, with: try start(key))
                } catch {
                    failOne(key.path, job, error)
                    serve(key.path, with: nil)
                }
            }
        }
    }

    /// One source of the line fails for a child that could not be started: `job` if it still
    /// waits, else the head of the line.
    private func failOne(_ path: String, _ job: SourceJob?, _ error: IsolationError) {
        let failing = job.flatMap { queue.take($0) } ?? queue.headShare(path, children: .max, orElse: {}).first
        failing?.finish(.failed(error.description))
    }

    /// Runs the sources waiting for the plugin at `path` on the calling thread, a share at a
    /// time, from `first` (nil: a child free for them, or started), until none waits; the
    /// child is then parked. A child lost on the way is replaced while the plugin has room.
    /// Returns early when every child is busy: their threads come to the line when done.
    /// - Parameters:
    ///   - placed: called once the first child is parked or has its first share: until then,
    ///     a child being started counts as one a source waits for.
    func serve(_ path: String, with first: PluginChild?, placed: () -> Void = {}) {
        let key = Key.sources(of: path)
        var child = first
        var isPlaced = false
        func place() {
            if !isPlaced { placed() }
            isPlaced = true
        }
        defer { place() }
        while true {
            guard let current = child else {
                guard queue.hasWaiting(path) else { return }
                switch take(key) {
                case .busy: return
                case .idle(let idle): child = idle
                case .start:
                    do throws(IsolationError) {
                        child = try start(key)
                    } catch {
                        failOne(path, nil, error)
                    }
                }
                continue
            }
            let share = queue.headShare(path, children: childrenPerPlugin) {
                idle.withLock { $0[key, default: []].append(current) }
            }
            place()
            if share.isEmpty {
                freed.signal()
                return
            }
            if !SentShare.run(share, on: current, pool: self) { child = nil }
        }
    }

    /// Sources put back in line while this thread follows another: a thread of their own runs
    /// them when a child is free for them or may be started.
    func serveElsewhere(_ path: String) {
        let key = Key.sources(of: path)
        serveOnItsOwnThread(key, queue.ifWaiting(path) { take(key) } ?? .busy)
    }

    private enum Found {
        case idle(PluginChild)
        /// Room for another child: its place is counted already.
        case start
        case busy
    }

    private func take(_ key: Key) -> Found {
        if let child = idle.withLock({ $0[key]?.popLast() }) { return .idle(child) }
        if starting.withLock({ $0[key, default: 0] }) > 0 { return .busy }
        let mayStart = live.withLock { live in
            guard live[key, default: 0] < childrenPerPlugin else { return false }
            live[key, default: 0] += 1
            return true
        }
        return mayStart ? .start : .busy
    }

    private func start(_ key: Key) throws(IsolationError) -> PluginChild {
        // A child that fails to start gives its place back through onEnd, as one that ends does.
        try PluginChild(
            executable: executable, pluginPath: key.path, directOutput: key.directOutput,
            standardOutput: key.standardOutput, crashReports: crashReports,
            show: { [self] line in shown.withLock { $0 }(line) }, onEnd: ended(key))
    }

    /// What a child of `key` does as it ends: gives its place back.
    private func ended(_ key: Key) -> @Sendable () -> Void {
        { [self] in
            live.withLock { $0[key, default: 1] -= 1 }
            freed.signal()
        }
    }

    /// Readies the children a run's sources need while the run is still being set up. The idle
    /// children of other plugins end. The planning child, which has loaded every one of these
    /// plugins already, becomes the first child of the plugin with the most sources: the first
    /// of them do not wait for a child to start, and a run of one file starts none. The others
    /// start at once (``prestart(_:)``).
    /// - Parameters:
    ///   - sources: how many sources each plugin file will run.
    ///   - handingOverPlanner: false when a source's child may use only so much address space
    ///     (`--plugin-memory`): the planning child maps every plugin it asked about.
    public func ready(for sources: [String: Int], handingOverPlanner: Bool) {
        // The most sources; between equals, the path first in order, so that a run is the same each time.
        if handingOverPlanner, let busiest = sources.max(by: { ($0.value, $1.key) < ($1.value, $0.key) })?.key {
            handOverPlanner(to: busiest)
        }
        shutdown(keeping: Set(sources.keys))
        prestart(sources)
    }

    /// The planning child, if there is one, parked as an idle child of `path`.
    private func handOverPlanner(to path: String) {
        guard let planner = probe.withLock({ $0.take() }) else { return }
        let key = Key.sources(of: path)
        do throws(IsolationError) {
            try planner.adopt(path, onEnd: ended(key))
        } catch {
            planner.finish(grace: 0)
            return
        }
        live.withLock { $0[key, default: 0] += 1 }
        idle.withLock { $0[key, default: []].append(planner) }
    }

    /// Starts children of the plugins a run is about to use, as many as each has sources (at
    /// most ``childrenPerPlugin``, counting those alive), each on a thread of its own: starting
    /// a child and loading its plugin takes about 20 ms, spent while the run is still being
    /// planned and not, one child after another, once its sources are waiting.
    /// - Parameters:
    ///   - sources: how many sources each plugin file will run.
    private func prestart(_ sources: [String: Int]) {
        let started = generation.load(ordering: .relaxed)
        for (path, count) in sources {
            let key = Key.sources(of: path)
            let room = live.withLock { live -> Int in
                let room = max(0, min(count, childrenPerPlugin) - live[key, default: 0])
                live[key, default: 0] += room
                return room
            }
            guard room > 0 else { continue }
            starting.withLock { $0[key, default: 0] += room }
            for _ in 0..<room {
                Threads.start(named: "txfeed-child-start") { [self] in
                    // Counted down once the child is parked or has its first share, so that no
                    // source starts another meanwhile.
                    let placed = { [self] in
                        starting.withLock { $0[key, default: 1] -= 1 }
                        freed.signal()
                    }
                    let child = try? start(key)
                    if let child, generation.load(ordering: .relaxed) == started {
                        serve(path, with: child, placed: placed)
                    } else {
                        child?.finish()
                        placed()
                        // Sources that waited for it.
                        serve(path, with: nil)
                    }
                }
            }
        }
    }

    /// Gives a healthy child back: to the sources waiting for its plugin, if any, on a thread
    /// of their own (the caller has its own work), else to the idle ones for the next request.
    func release(_ child: PluginChild) {
        let key = Key(path: child.pluginPath, directOutput: child.directOutput, standardOutput: child.standardOutput)
        let park = { [self] in
            idle.withLock { $0[key, default: []].append(child) }
        }
        // A sink's child is parked too: left out, it was never ended nor counted free, and a
        // `watch` with a sink plugin hung at its fifth refresh, waiting for a place.
        if child.directOutput {
            park()
            freed.signal()
        } else if queue.ifNoneWaiting(child.pluginPath, park) {
            freed.signal()
        } else {
            Threads.start(named: "txfeed-sources") { [self] in serve(key.path, with: child) }
        }
    }

    /// Ends every idle child (at the end of a run, and of each `watch` refresh); the pool starts
    /// new ones when asked again.
    ///
    /// A child still out is waited for, a few seconds at most: its follower parks it a moment
    /// after its last source ended, and the run may get here first. Ended then, it shows what
    /// its plugin printed before txfeed goes on (or exits), and outlives no run.
    public func shutdown() {
        generation.add(1, ordering: .relaxed)
        let deadline = DispatchTime.now() + .seconds(Self.outWait)
        repeat {
            shutdown(keeping: [])
        } while live.withLock({ $0.values.contains { $0 > 0 } })
            && freed.wait(timeout: deadline) == .success
    }

    /// Seconds ``shutdown()`` waits for children still out: past an abandoned source's kill.
    static let outWait = 10

    /// Ends the idle children of every plugin but `paths`, and the planning child: once a run is
    /// planned, the children that only answered `identify` for plugins that read nothing are not
    /// kept waiting.
    private func shutdown(keeping paths: Set<String>) {
        var children = idle.withLock { idle in
            let ending = idle.filter { !paths.contains($0.key.path) }
            for key in ending.keys { idle[key] = nil }
            return ending.values.flatMap { $0 }
        }
        if let planner = probe.withLock({ $0.take() }) { children.append(planner) }
        for child in children { child.askToEnd() }
        for child in children { child.finish() }
    }

    /// `body` with the planning child, `path` loaded and current in it (started, or started
    /// again after a plugin took it down). Planning is one request at a time.
    private func probing<T>(_ path: String, _ body: (PluginChild, PluginDescription) -> T) throws(IsolationError) -> T {
        try probe.withLock { (current: inout PluginChild?) throws(IsolationError) -> T in
            let child: PluginChild
            if let current {
                child = current
            } else {
                child = try PluginChild(
                    executable: executable, pluginPath: path, crashReports: crashReports,
                    show: { [self] line in shown.withLock { $0 }(line) })
                current = child
            }
            child.serving(PluginChild.fileName(path))
            do throws(IsolationError) {
                let description = try child.load(path)
                return body(child, description)
            } catch {
                if !error.pluginRefused || child.exitStatus != nil { current = nil }
                throw error
            }
        }
    }

    // MARK: PluginLoading

    public func load(path: String) throws(PluginLoadError) -> LoadedPlugin {
        let description: PluginDescription
        do {
            description = try probing(path) { _, description in description }
        } catch {
            throw .inPluginHost(path: path, message: error.description)
        }
        let calls = PluginHostCalls(
            explain: { [self] configuration in explain(path, configuration) },
            sinkSession: { [self] standardOutput in
                IsolatedSinkSession(
                    pool: self, pluginPath: path, name: description.name, standardOutput: standardOutput)
            })
        return LoadedPlugin(path: path, description: description, calls: calls)
    }

    /// One request and its one answer, on a child of the plugin's; nil when the child failed
    /// (it is ended, and the call answers as a plugin that did not recognise anything would).
    private func ask(_ pluginPath: String, _ call: Call, _ arguments: (inout WireEncoder) -> Void) -> [UInt8]? {
        var answer: [UInt8]?
        do {
            answer = try probing(pluginPath) { child, _ in child.call(call, arguments) }
        } catch {
            answer = nil
        }
        guard let answer else {
            // The plugin took the planning child down: the next request starts another.
            if let broken = probe.withLock({ $0.take() }) { broken.finish(grace: 0) }
            return nil
        }
        return answer
    }

    /// The planning child's answer to `request`; nil when the child failed.
    private func identify(_ request: IdentifyRequest) -> [FileClaims]? {
        guard let first = request.pluginPaths.first else { return nil }
        let answer = ask(first, .identify) { request.encode(into: &$0) }
        return answer.flatMap { answer in
            WireDecoder.read(answer) { r throws(WireDecoder.Malformed) in
                try FileClaims.decode(files: request.paths.count, plugins: request.pluginPaths.count, from: &r)
            }
        }
    }

    public func identify(_ plugins: [LoadedPlugin], paths: [String]) -> [FileClaims] {
        let columns = plugins.indices.filter { plugins[$0].canIdentify }
        // No plugin to ask: whether each file can be read is all there is to learn.
        guard !columns.isEmpty else { return FileClaims.ask(plugins, paths: paths) }
        var unreadable = [String?](repeating: nil, count: paths.count)
        var confidences = [[Int]](repeating: [Int](repeating: 0, count: plugins.count), count: paths.count)
        func take(_ claims: [FileClaims], for columns: [Int]) {
            for (file, claim) in claims.enumerated() {
                switch claim {
                case .unreadable(let reason): unreadable[file] = reason
                case .confidences(let said):
                    for (k, column) in columns.enumerated() { confidences[file][column] = said[k] }
                }
            }
        }
        if let claims = identify(IdentifyRequest(pluginPaths: columns.map { plugins[$0].path }, paths: paths)) {
            take(claims, for: columns)
        } else {
            // One plugin's identify that takes the child down costs only its own answers.
            for column in columns {
                if let claims = identify(IdentifyRequest(pluginPaths: [plugins[column].path], paths: paths)) {
                    take(claims, for: [column])
                }
            }
        }
        return paths.indices.map { unreadable[$0].map(FileClaims.unreadable) ?? .confidences(confidences[$0]) }
    }

    private func explain(_ pluginPath: String, _ configuration: String) -> LoadedPlugin.Explanation? {
        let answer = ask(pluginPath, .explain) { $0.string(configuration) }
        return answer.flatMap { answer in
            WireDecoder.read(answer) { r throws(WireDecoder.Malformed) -> LoadedPlugin.Explanation? in
                guard try r.bool() else { return nil }
                return LoadedPlugin.Explanation(report: try r.string(), problem: try r.optionalString())
            } ?? nil
        }
    }
}
