import Synchronization
import TxFeedDecoding
import TxFeedModel
import TxFeedPluginHost

/// A source as the pipeline runs it: its name in the feed and the session that produces it.
public struct PipelineSource: Sendable {
    /// The `source` column.
    public var name: String
    public var session: any SourceSession

    public init(name: String, session: any SourceSession) {
        self.name = name
        self.session = session
    }
}

/// Hears how the sources are doing while the barrier is closed (for a live display).
public protocol PipelineObserver: AnyObject, Sendable {
    /// Source `index` decoded `count` more transactions (from decoding threads).
    func decoded(_ index: Int, count: Int)
    /// Source `index` has ended (called on its thread).
    func sourceFinished(_ index: Int, report: SourceReport)
}

/// A source refused its configuration when opened: a usage error, found before anything ran.
public struct SourceRefusedConfiguration: Error, CustomStringConvertible {
    public var source: String
    public var plugin: String
    public var reason: String

    public var description: String { "source '\(source)' (\(plugin)): \(reason)" }
}

/// How a source's run ended at the barrier.
public enum SourceEnding: Sendable, Equatable {
    /// It returned before the timeout.
    case finished
    /// The timeout cancelled it and it returned within the grace, this long after the cancel.
    case stoppedWhenCancelled(milliseconds: Int)
    /// It did not return within the grace: reported failed, its later calls refused.
    case abandoned
}

/// Runs every source side by side, on OS threads of their own, and waits for all of them at
/// a barrier: the caller gets nothing until every source has finished, failed, or run out
/// of time. One source failing never loses another's records.
///
/// Up to ``maxConcurrentSources`` sources run at once, each on its own thread, and each thread
/// takes the next source when its own is done: a folder of ten thousand statements is not
/// ten thousand threads (creating and tearing down each cost more than reading its file). A
/// source that ``SourceSession/runsElsewhere`` (in a plugin host child) takes none: the
/// pipeline's thread starts it, and the thread that follows it there reports its end.
public struct Pipeline: Sendable {
    public var sources: [PipelineSource]
    /// Seconds every source gets, not counting the time txfeed spends decoding what it
    /// delivers; then it is asked to stop.
    public var timeout: Double = 30
    /// Seconds a cancelled source gets to stop before it is abandoned.
    public var grace: Double = 1
    /// In-process sources that run at once, each on a thread of its own: enough that a few
    /// plugins blocked in a system call never hold up the others.
    var maxConcurrentSources = 64
    /// Threads for decoding one large document (`--threads`).
    public var decodeThreads = DocumentDecoder.defaultThreads
    public var observer: (any PipelineObserver)?
    /// The memory budget every source's records count against, or nil for no limit.
    public var spill: Spill?
    /// Where the sources' rejects go as they arrive, or nil to leave them in each source's data.
    public var rejects: RejectStore?
    /// Whether each record keeps its place in its file (`--duplicates` names a dropped copy by it).
    public var keepsLocations = false
    /// Diagnostics from sources' `log`: (source name, level, message), from their threads.
    public var log: @Sendable (String, PluginLogLevel, String) -> Void

    public init(
        sources: [PipelineSource], log: @escaping @Sendable (String, PluginLogLevel, String) -> Void = { _, _, _ in }
    ) {
        self.sources = sources
        self.log = log
    }

    /// What the barrier lets through, in source order.
    public struct Result: Sendable {
        public var outcomes: [SourceOutcome]
        public var endings: [SourceEnding]
    }

    /// Opens every source with its configuration before any runs, so that a value a plugin
    /// refuses is a configuration error, not a failed run. On a refusal, the sources opened
    /// so far are closed again.
    public func prepare() throws(SourceRefusedConfiguration) {
        for (n, source) in sources.enumerated() {
            guard let reason = source.session.open() else { continue }
            for opened in sources[..<n] { opened.session.close() }
            throw SourceRefusedConfiguration(source: source.name, plugin: source.session.pluginName, reason: reason)
        }
    }

    /// Runs the sources and returns once the barrier opens. Each source has its timeout and
    /// grace from when it begins (less txfeed's decoding); one waiting for its turn times out
    /// only when no source began or ended for as long, so the run always ends.
    public func run() -> Result {
        let barrier = Barrier(parties: sources.count)
        let turns = SourceRun.Turns()
        let runs = sources.enumerated().map { index, source in
            SourceRun(index: index, source: source, collector: collector(index, source), turns: turns)
        }
        let arrive: @Sendable (SourceRun) -> Void = { [observer, barrier] run in
            observer?.sourceFinished(run.index, report: run.outcome(peeking: true).report)
            barrier.arrive()
        }
        let here = runs.filter { !$0.source.session.runsElsewhere }
        let next = Atomic<Int>(0)
        for worker in 0..<min(here.count, max(1, maxConcurrentSources)) {
            Threads.start(named: "sources \(worker)") {
                while true {
                    let index = next.add(1, ordering: .relaxed).oldValue
                    guard index < here.count else { return }
                    let run = here[index]
                    run.run { arrive(run) }
                }
            }
        }
        // Sources that run in processes of their own are put in line from this thread, in order:
        // none holds a thread while it waits for its turn.
        for run in runs where run.source.session.runsElsewhere { run.run { arrive(run) } }
        var endings = [SourceEnding](repeating: .finished, count: runs.count)
        // The source's own seconds when it was cancelled: its grace is counted the same way.
        var cancelledAt = [Double?](repeating: nil, count: runs.count)
        // Each source's clock is its own, less the time txfeed spent decoding for it: wake at
        // the first moment a source runs out of time or a cancelled one out of grace.
        while true {
            let now = ContinuousClock.now
            var next = Double.infinity
            for run in runs where endings[run.index] != .abandoned && !run.hasFinished {
                let used = run.pluginSeconds(at: now)
                if let cancelled = cancelledAt[run.index] {
                    let left = grace - (used - cancelled)
                    if left > 0 {
                        next = min(next, left)
                    } else {
                        run.abandon()
                        endings[run.index] = .abandoned
                    }
                } else {
                    let left = timeout - used
                    if left > 0 {
                        next = min(next, left)
                    } else {
                        run.cancel()
                        cancelledAt[run.index] = used
                        next = min(next, grace)
                    }
                }
            }
            if next == .infinity {
                // Everyone finished (their last arrivals are on their way) or was abandoned.
                if !endings.contains(.abandoned) { _ = barrier.wait(seconds: grace) }
                break
            }
            if barrier.wait(seconds: max(next, 0.001)) { break }
        }
        for run in runs where cancelledAt[run.index] != nil && endings[run.index] != .abandoned {
            endings[run.index] = .stoppedWhenCancelled(milliseconds: run.millisecondsFromCancelToEnd ?? 0)
        }
        let outcomes = runs.map { run in
            run.outcome(
                peeking: false, timedOutAfter: endings[run.index] == .finished ? nil : timeout,
                abandoned: endings[run.index] == .abandoned)
        }
        return Result(outcomes: outcomes, endings: endings)
    }

    private func collector(_ index: Int, _ source: PipelineSource) -> SourceCollector {
        var onProgress: (@Sendable (Int) -> Void)?
        if let observer { onProgress = { count in observer.decoded(index, count: count) } }
        return SourceCollector(
            name: source.name, index: index, threads: decodeThreads, log: log, onProgress: onProgress, spill: spill,
            rejects: rejects, keepsLocations: keepsLocations)
    }
}
