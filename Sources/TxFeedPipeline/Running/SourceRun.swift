import Synchronization
import TxFeedModel
import TxFeedPluginHost

/// One source's run on one of the pipeline's source threads: the session's `run`, then `close`,
/// while the collector gathers what it delivers. The barrier side cancels, abandons and reads
/// the outcome.
final class SourceRun: Sendable {
    let index: Int
    let source: PipelineSource
    let collector: SourceCollector
    private let clock = Mutex(Times())
    /// The data's fingerprints, counted on this thread as the run ended (a small source's).
    private let fingerprints = Mutex<[Fingerprint]?>(nil)
    /// Sources up to this many records count their fingerprints as they end, on their own
    /// threads while others still run; a larger one is counted at the merge on every core.
    static let fingerprintsOnEnd = 1 << 16

    /// When a source last began or ended, shared by the pipeline's runs.
    private let turns: Turns

    private struct Times {
        /// Nil while it waits for its turn.
        var started: ContinuousClock.Instant?
        var cancelled: ContinuousClock.Instant?
        var finished: ContinuousClock.Instant?
        var error: String?
    }

    init(index: Int, source: PipelineSource, collector: SourceCollector, turns: Turns) {
        self.index = index
        self.source = source
        self.collector = collector
        self.turns = turns
    }

    /// Starts the source; `done` is called once it has returned and closed: on the calling
    /// thread before this returns, or later on the thread that followed it (an isolated source
    /// waiting in line for its plugin's process). A source whose turn comes after the timeout
    /// struck is not started at all.
    func run(done: @escaping @Sendable () -> Void) {
        if collector.isCancelled {
            end(.failed("not started: the timeout struck while it waited for a free source thread"), done: done)
        } else {
            source.session.start(collector) { [self] in
                clock.withLock { $0.started = .now }
                turns.moved()
            } finished: { [self] result in
                end(result, done: done)
            }
        }
    }

    private func end(_ result: SourceRunResult, done: () -> Void) {
        source.session.close()
        collector.runEnded()
        clock.withLock { times in
            times.finished = .now
            if case .failed(let message) = result { times.error = message }
        }
        turns.moved()
        // A folder's ten thousand small sources are not counted one after another at the merge;
        // the source has finished, so this is txfeed's time, not its own.
        let data = collector.peek()
        if data.transactions.count <= Self.fingerprintsOnEnd {
            let counted = data.fingerprints()
            fingerprints.withLock { $0 = counted }
        }
        done()
    }

    /// Asks the source to stop: it polls `is_cancelled`, and callbacks answer `TXFEED_STOP`.
    func cancel() {
        clock.withLock { times in
            if times.finished == nil { times.cancelled = .now }
        }
        collector.cancel()
    }

    var hasFinished: Bool { clock.withLock { $0.finished != nil } }

    /// The source's own time so far: since it began, less what txfeed spent decoding what it
    /// delivered. One still waiting for its turn (a source thread, its plugin's process) counts
    /// the time since any source last began or ended: a line that moves costs it nothing, one
    /// that stands still (every thread or process held by a plugin that does not return) times
    /// it out as if it ran.
    func pluginSeconds(at now: ContinuousClock.Instant) -> Double {
        let times = clock.withLock { $0 }
        guard let started = times.started else {
            return times.finished == nil ? (now - turns.lastMoved).seconds : 0
        }
        return ((times.finished ?? now) - started).seconds - collector.hostSeconds
    }

    /// When any of the pipeline's sources last began or ended.
    final class Turns: Sendable {
        private let origin = ContinuousClock.now
        /// Nanoseconds after `origin`: an atomic, as sixty-four source threads each beginning
        /// and ending thousands of sources spun on a lock (most of a 100,000-file folder's time).
        private let last = Atomic<Int64>(0)

        func moved() {
            last.max((ContinuousClock.now - origin).nanoseconds, ordering: .relaxed)
        }

        var lastMoved: ContinuousClock.Instant { origin + .nanoseconds(last.load(ordering: .relaxed)) }
    }

    /// How long the source took to return after being cancelled; nil when it was not
    /// cancelled while running, or has not returned.
    var millisecondsFromCancelToEnd: Int? {
        clock.withLock { times in
            guard let cancelled = times.cancelled, let finished = times.finished else { return nil }
            return (finished - cancelled).milliseconds
        }
    }

    /// Gives up on a run that would not stop: it keeps what it had delivered, refuses the rest.
    func abandon() {
        collector.abandon()
        source.session.abandon()
    }

    /// The source's data and report.
    ///
    /// - Parameters:
    ///   - peeking: true for a look while it may still be running (status lines): the data
    ///     stays with the collector; false at the barrier, which takes it over.
    ///   - timedOutAfter: the timeout, when the run was still going when it struck.
    func outcome(peeking: Bool, timedOutAfter timeout: Double? = nil, abandoned: Bool = false) -> SourceOutcome {
        let times = clock.withLock { $0 }
        let data = peeking ? collector.peek() : collector.take()
        var error = times.error
        if let timeout {
            let seconds = timeout == timeout.rounded() ? String(Int(timeout)) : String(timeout)
            error =
                "timed out after \(seconds)s" + (abandoned ? " and did not stop; \(source.session.abandonment)" : "")
        }
        var problems: [String] = []
        if let error { problems.append(error) }
        problems += data.failures.prefix(3)
        if data.failures.count > 3 {
            problems.append(
                "and \(data.failures.count - 3) more failed documents (each in --rejects and the JSON sources)")
        }
        let failed = !problems.isEmpty
        if failed, data.documents > 0 {
            problems.append("delivered \(data.documents.counted("document")) before failing")
        }
        var report = SourceReport(
            name: source.name, plugin: source.session.pluginName, status: failed ? .failure : .success,
            error: failed ? problems.joined(separator: "; ") : nil, count: data.count,
            rejected: data.rejected, documents: data.documents, failedDocuments: data.failures.count,
            elapsedMilliseconds: times.started.map { ((times.finished ?? .now) - $0).milliseconds } ?? 0)
        report.documentFailures = data.failures
        report.neverMoved = data.skipped
        report.skipped = data.skipped.count
        // Counted as the run ended; taken only if the data is still what was counted.
        return SourceOutcome(data: data, report: report, fingerprints: peeking ? nil : fingerprints.withLock { $0 })
    }
}

extension Duration {
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    var milliseconds: Int {
        let (seconds, attoseconds) = components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }

    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
