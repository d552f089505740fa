import Dispatch
import Synchronization
import TxFeedPluginHost

/// Sources waiting for a child of their plugin. A child, new or given back, is sent a share of
/// the waiting ones at once and runs them back to back: a folder of ten thousand small
/// statements is not ten thousand round trips between two processes on two busy cores. Each
/// source's thread sleeps until its turn to follow its source comes, then until it is done.
final class SourceQueue: Sendable {
    private let waiting = Mutex<[String: [SourceJob]]>([:])
    /// At most this many sources in one child's share.
    static let largestShare = 16

    func enqueue(_ job: SourceJob) {
        waiting.withLock { $0[job.pluginPath, default: []].append(job) }
    }

    /// Puts jobs a lost child never began back at the front of the line.
    func requeue(_ jobs: [SourceJob]) {
        guard let first = jobs.first else { return }
        waiting.withLock { $0[first.pluginPath, default: []].insert(contentsOf: jobs, at: 0) }
        for job in jobs { job.requeued() }
    }

    /// `body`'s answer under the line's lock, or nil when `job` is no longer waiting.
    func whileWaiting<T>(_ job: SourceJob, _ body: () -> T) -> T? {
        waiting.withLock { _ in job.isWaiting ? body() : nil }
    }

    /// A share of the sources waiting for the plugin, from the head of the line; when none
    /// waits, `orElse` runs under the line's lock (the child is parked where a source arriving
    /// next will look for it).
    func headShare(_ pluginPath: String, children: Int, orElse: () -> Void) -> [SourceJob] {
        waiting.withLock { waiting in
            guard var line = waiting[pluginPath], !line.isEmpty else {
                orElse()
                return []
            }
            let share = Self.take(Self.shareSize(waiting: line.count, children: children), from: &line)
            waiting[pluginPath] = line
            return share
        }
    }

    /// With more waiting than the plugin has children, each child gets its part; with fewer,
    /// one each, as sources that may take long (an HTTP fetch) should not queue behind each
    /// other while a child is free.
    static func shareSize(waiting: Int, children: Int) -> Int {
        min(largestShare, max(1, waiting / max(1, children)))
    }

    /// `job` (if still waiting) and a fair share of the others of its plugin
    /// (``shareSize(waiting:children:)``), taken off the line.
    func share(for job: SourceJob, children: Int) -> [SourceJob] {
        waiting.withLock { waiting in
            guard var line = waiting[job.pluginPath], let mine = line.firstIndex(where: { $0 === job }) else {
                return []
            }
            let count = Self.shareSize(waiting: line.count, children: children)
            // This job first, then the others in their order.
            line.insert(line.remove(at: mine), at: 0)
            let share = Self.take(count, from: &line)
            waiting[job.pluginPath] = line
            return share
        }
    }

    /// The first `count` jobs of `line`, taken off it and marked taken.
    private static func take(_ count: Int, from line: inout [SourceJob]) -> [SourceJob] {
        let share = Array(line.prefix(count))
        line.removeFirst(share.count)
        for job in share { job.taken() }
        return share
    }
}

/// One source's request, from the moment its thread asks to the answer.
final class SourceJob: Sendable {
    let source: IsolatedPluginSource
    let request: RunRequest
    let events: (any DeliveredDataEvents)?
    var pluginPath: String { source.plugin.path }
    private let state = Mutex(State.waiting)
    private let changed = DispatchSemaphore(value: 0)

    enum State {
        /// In line for a child.
        case waiting
        /// Sent to a child with others; another thread follows them.
        case taken
        /// Its turn in the share sent to a child has come: its thread follows it, then hands
        /// the child on to the next of the share, so that each thread returns as soon as its
        /// own source is done.
        case following(SentShare)
        case done(IsolatedPluginSource.Ending)
    }

    init(source: IsolatedPluginSource, request: RunRequest, events: (any DeliveredDataEvents)?) {
        self.source = source
        self.request = request
        self.events = events
    }

    var current: State { state.withLock { $0 } }

    fileprivate func taken() { state.withLock { $0 = .taken } }

    var isWaiting: Bool {
        if case .waiting = current { return true }
        return false
    }

    fileprivate func requeued() {
        state.withLock { $0 = .waiting }
        changed.signal()
    }

    /// Hands the child over: the share's turn is this job's.
    func follow(_ share: SentShare) {
        state.withLock { $0 = .following(share) }
        changed.signal()
    }

    func finish(_ ending: IsolatedPluginSource.Ending) {
        state.withLock { $0 = .done(ending) }
        changed.signal()
    }

    /// Sleeps until the job is done or back in line (or a moment has passed).
    func waitForChange() {
        _ = changed.wait(timeout: .now() + .milliseconds(50))
    }
}
