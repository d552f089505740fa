import Foundation

/// Runs every source side by side, each on its own OS thread, and waits for all of them at
/// a barrier: the caller gets nothing until every source has finished, failed, or run out
/// of time. One source failing never loses another's records.
public final class Pipeline {
    public let sources: [SourceConfiguration]
    /// Seconds every source gets; then it is asked to stop.
    public var timeout: Double
    /// Seconds a cancelled source gets to stop before it is abandoned.
    public var grace: Double
    /// Diagnostics from plugins' `log`: (source name, level, message).
    public var log: @Sendable (String, Int32, String) -> Void
    /// Threads for decoding one large document (`--threads`).
    public var decodeThreads = DocumentDecoder.defaultThreads
    /// Called from the source's thread when it ends (for status lines).
    public var onSourceFinished: (@Sendable (Int, SourceReport) -> Void)?
    /// Transactions decoded so far by source `index`, in increments (long runs).
    public var onProgress: (@Sendable (Int, Int) -> Void)?

    public init(sources: [SourceConfiguration], timeout: Double = 30, grace: Double = 1,
                log: @escaping @Sendable (String, Int32, String) -> Void = { _, _, _ in }) {
        self.sources = sources
        self.timeout = timeout
        self.grace = grace
        self.log = log
    }

    /// What the barrier lets through: every source's data and report, in source order.
    public struct Outcome: Sendable {
        public var data: [SourceData]
        public var reports: [SourceReport]
    }

    private var prepared: [SourceRun]?

    /// Opens every source with its configuration before any runs, so that a value the
    /// plugin refuses is a configuration error (exit 2), not a failed run.
    /// - Throws: ``UsageError`` naming the source and the plugin's reason.
    public func prepare() throws(UsageError) {
        let runs = makeRuns()
        for run in runs {
            if let message = run.open() {
                for opened in runs { opened.closeUnused() }
                throw UsageError("source '\(run.configuration.name)' (\(run.configuration.plugin.name)): \(message)")
            }
        }
        prepared = runs
    }

    private func makeRuns() -> [SourceRun] {
        sources.enumerated().map { n, source in
            let run = SourceRun(index: n, configuration: source, threads: decodeThreads, log: log)
            if let progress = onProgress { run.onProgress = { progress(n, $0) } }
            return run
        }
    }

    /// Runs the sources and returns once the barrier opens; never later than timeout + grace.
    public func run() -> Outcome {
        let barrier = Barrier(parties: sources.count)
        let runs = prepared ?? makeRuns()
        prepared = nil
        let finished = onSourceFinished
        for run in runs {
            run.start { [index = run.index] in
                if let finished { finished(index, run.report(timeout: nil, abandonedRun: false).1) }
                barrier.arrive()
            }
        }
        var timedOut = false
        var abandoned: Set<Int> = []
        if !barrier.wait(until: Date(timeIntervalSinceNow: timeout)) {
            timedOut = true
            for run in runs { run.cancel() }
            if !barrier.wait(until: Date(timeIntervalSinceNow: grace)) {
                for run in runs where !run.hasFinished {
                    run.abandon()
                    abandoned.insert(run.index)
                }
            }
        }
        var outcome = Outcome(data: [], reports: [])
        for run in runs {
            let late = timedOut && (abandoned.contains(run.index) || run.finishedAfterCancel)
            let (data, report) = run.report(timeout: late ? timeout : nil, abandonedRun: abandoned.contains(run.index))
            outcome.data.append(data)
            outcome.reports.append(report)
        }
        return outcome
    }
}
