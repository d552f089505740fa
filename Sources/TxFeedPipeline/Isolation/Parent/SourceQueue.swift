import Synchronization
import TxFeedPluginHost

/// Sources waiting for a child of their plugin. A child, new or given back, is sent a share of
/// the waiting ones at once and runs them back to back, while one thread follows them all: a
/// folder of ten thousand small statements is neither ten thousand round trips between two
/// processes on two busy cores nor ten thousand threads, each asleep until its turn.
final class SourceQueue: Sendable {
    private let waiting = Mutex<[String: Line]>([:])
    /// At most this many sources in one child's share. A folder of ten thousand small files in
    /// shares of 16 woke the processes twice as often, and took 5–10% longer, than in shares
    /// of 64; a slow source still has those behind it given back (``SentShare``), and shares
    /// shrink as the line does (``shareSize(waiting:children:)``).
    static let largestShare = 64

    func enqueue(_ job: SourceJob) {
        waiting.withLock { $0[job.pluginPath, default: Line()].append(job) }
    }

    /// Puts jobs a lost child never began back at the front of the line.
    func requeue(_ jobs: [SourceJob]) {
        guard let first = jobs.first else { return }
        waiting.withLock { waiting in
            for job in jobs { job.requeued() }
            waiting[first.pluginPath, default: Line()].prepend(jobs)
        }
    }

    /// `body`'s answer under the line's lock, or nil when `job` is no longer waiting.
    func whileWaiting<T>(_ job: SourceJob, _ body: () -> T) -> T? {
        waiting.withLock { _ in job.isWaiting ? body() : nil }
    }

    /// Whether any source waits for the plugin.
    func hasWaiting(_ pluginPath: String) -> Bool {
        waiting.withLock { !($0[pluginPath]?.isEmpty ?? true) }
    }

    /// `body`'s answer under the line's lock when a source waits for the plugin, else nil.
    func ifWaiting<T>(_ pluginPath: String, _ body: () -> T) -> T? {
        waiting.withLock { ($0[pluginPath]?.isEmpty ?? true) ? nil : body() }
    }

    /// Runs `body` under the line's lock when no source waits for the plugin (a child parked
    /// there is found by the next to arrive); returns whether it ran.
    func ifNoneWaiting(_ pluginPath: String, _ body: () -> Void) -> Bool {
        waiting.withLock { waiting in
            guard waiting[pluginPath]?.isEmpty ?? true else { return false }
            body()
            return true
        }
    }

    /// A share of the sources waiting for the plugin, from the head of the line; when none
    /// waits, `orElse` runs under the line's lock (the child is parked where a source arriving
    /// next will look for it).
    func headShare(_ pluginPath: String, children: Int, orElse: () -> Void) -> [SourceJob] {
        waiting.withLock { waiting in
            guard let count = waiting[pluginPath]?.count, count > 0 else {
                orElse()
                return []
            }
            // Taken where the line lies in the dictionary: a copy of it was a copy of every
            // source waiting, for each share (quadratic in a folder's files).
            return waiting[pluginPath]!.takeFirst(Self.shareSize(waiting: count, children: children))
        }
    }

    /// With more waiting than the plugin has children, each child gets its part; with fewer,
    /// one each, as sources that may take long (an HTTP fetch) should not queue behind each
    /// other while a child is free.
    static func shareSize(waiting: Int, children: Int) -> Int {
        min(largestShare, max(1, waiting / max(1, children)))
    }

    /// `job`, taken off the line if it is still waiting.
    func take(_ job: SourceJob) -> SourceJob? {
        waiting.withLock { waiting in
            guard waiting[job.pluginPath]?.remove(job) ?? false else { return nil }
            job.taken()
            return job
        }
    }

    /// One plugin's sources in line, taken from the head without moving the rest: a share
    /// costs its own sources, not the line's (a folder of 100,000 statements moved its whole
    /// line for each of 6,000 shares).
    private struct Line {
        /// Slots before `head` are empty (taken, or room for sources put back at the front).
        private var slots: [SourceJob?] = []
        private var head = 0

        var count: Int { slots.count - head }
        var isEmpty: Bool { count == 0 }

        mutating func append(_ job: SourceJob) {
            slots.append(job)
        }

        /// Puts `jobs` in front, in their order: into the room taken sources left when it fits.
        mutating func prepend(_ jobs: [SourceJob]) {
            if head >= jobs.count {
                head -= jobs.count
                for (k, job) in jobs.enumerated() { slots[head + k] = job }
            } else {
                slots = jobs + slots[head...]
                head = 0
            }
        }

        /// The first `count` sources, taken off the line and marked taken.
        mutating func takeFirst(_ count: Int) -> [SourceJob] {
            let end = head + min(count, self.count)
            var share: [SourceJob] = []
            share.reserveCapacity(end - head)
            for k in head..<end {
                share.append(slots[k]!)
                slots[k] = nil
            }
            head = end
            compact()
            for job in share { job.taken() }
            return share
        }

        /// Takes `job` off the line wherever it waits; false when it is not in it.
        mutating func remove(_ job: SourceJob) -> Bool {
            guard let at = slots[head...].firstIndex(where: { $0 === job }) else { return false }
            slots.remove(at: at)
            return true
        }

        /// Lets go of the room before the head once it is most of the line (amortised: each
        /// source is moved at most once for each time the line halves).
        private mutating func compact() {
            if head == slots.count {
                slots.removeAll(keepingCapacity: true)
                head = 0
            } else if head > 64 && head > slots.count / 2 {
                slots.removeFirst(head)
                head = 0
            }
        }
    }
}

/// One source's request, from the moment it is put in line to its ending, which is handed to
/// `finished` on whichever thread follows it.
final class SourceJob: Sendable {
    let source: IsolatedPluginSource
    let request: RunRequest
    let events: SourceCollector?
    var pluginPath: String { source.plugin.path }
    private let waiting = Atomic<Bool>(true)
    private let ended = Atomic<Bool>(false)
    private let began: @Sendable () -> Void
    private let finished: @Sendable (IsolatedPluginSource.Ending) -> Void

    /// - Parameters:
    ///   - began: called as its child begins it (``begin()``), not for one that never began.
    ///   - finished: called once, with how the source ended.
    init(
        source: IsolatedPluginSource, request: RunRequest, events: SourceCollector?,
        began: @escaping @Sendable () -> Void = {}, finished: @escaping @Sendable (IsolatedPluginSource.Ending) -> Void
    ) {
        self.source = source
        self.request = request
        self.events = events
        self.began = began
        self.finished = finished
    }

    /// In line for a child (not yet sent to one).
    var isWaiting: Bool { waiting.load(ordering: .relaxed) }

    fileprivate func taken() { waiting.store(false, ordering: .relaxed) }

    fileprivate func requeued() { waiting.store(true, ordering: .relaxed) }

    /// Its child begins it: the sources sent before it in its share are done.
    func begin() { began() }

    func finish(_ ending: IsolatedPluginSource.Ending) {
        guard !ended.exchange(true, ordering: .acquiringAndReleasing) else { return }
        finished(ending)
    }
}
