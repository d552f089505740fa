import Dispatch
import Synchronization
import TxFeedModel
import TxFeedPluginHost
import XCTest

@testable import TxFeedPipeline

/// The barrier, timeout, cancel and abandon, in process with sources written in Swift: each
/// outcome is forced by the sources themselves (gates), never by guessing how long anything takes.
final class PipelineTests: XCTestCase {
    func testTheBarrierWaitsForEverySourceAndKeepsSourceOrder() {
        let firstDone = Gate()
        let first = SwiftSource { events in
            events.emit(envelope("First", count: 2))
            return .completed
        }
        // The second delivers only once the first has finished: the barrier must wait for it.
        let second = SwiftSource { events in
            firstDone.wait()
            events.emit(envelope("Second", count: 3))
            return .completed
        }
        let observer = Observer { index in if index == 0 { firstDone.open() } }
        var pipeline = Pipeline(sources: [
            PipelineSource(name: "one", session: first), PipelineSource(name: "two", session: second),
        ])
        pipeline.observer = observer
        let result = pipeline.run()

        XCTAssertEqual(result.endings, [.finished, .finished])
        XCTAssertEqual(result.outcomes.map(\.report.name), ["one", "two"])
        XCTAssertEqual(result.outcomes.map(\.data.transactions.count), [2, 3])
        XCTAssertEqual(result.outcomes.map(\.report.status), [.success, .success])
        XCTAssertEqual(observer.finished, [0, 1], "the second finished after the first")
        for source in [first, second] {
            XCTAssertEqual(source.counts.runs, 1)
            XCTAssertEqual(source.counts.closes, 1, "closed once after its run")
        }
    }

    /// A small source's fingerprints are counted on its own thread as it ends, and are the
    /// ones the merge would count; an outcome whose data no longer matches them drops them.
    func testASmallSourceArrivesWithItsFingerprintsCounted() {
        let source = SwiftSource { events in
            events.emit(envelope("Small", count: 5))
            return .completed
        }
        let result = Pipeline(sources: [PipelineSource(name: "small", session: source)]).run()
        let outcome = result.outcomes[0]
        XCTAssertEqual(outcome.fingerprints?.count, 5)
        XCTAssertEqual(outcome.fingerprints, outcome.data.fingerprints())
        var shorter = outcome.data
        shorter.transactions.removeLast()
        XCTAssertNil(
            SourceOutcome(data: shorter, report: outcome.report, fingerprints: outcome.fingerprints).fingerprints)
    }

    /// More sources than threads: each thread takes the next source when its own is done, and
    /// every source runs once, in whatever order, with the outcomes in source order.
    func testMoreSourcesThanThreadsAllRunOnce() {
        let running = Mutex((now: 0, most: 0))
        let sources = (0..<40).map { n in
            SwiftSource { events in
                running.withLock {
                    $0.now += 1
                    $0.most = max($0.most, $0.now)
                }
                usleep(2000)
                events.emit(envelope("Account \(n)", count: n % 3))
                running.withLock { $0.now -= 1 }
                return .completed
            }
        }
        var pipeline = Pipeline(sources: sources.enumerated().map { PipelineSource(name: "s\($0)", session: $1) })
        pipeline.maxConcurrentSources = 4
        let result = pipeline.run()
        XCTAssertEqual(result.outcomes.map(\.data.accounts.first?.name), (0..<40).map { "Account \($0)" })
        XCTAssertEqual(result.outcomes.map(\.data.transactions.count), (0..<40).map { $0 % 3 })
        XCTAssertEqual(sources.map(\.counts.runs), Array(repeating: 1, count: 40))
        XCTAssertLessThanOrEqual(running.withLock { $0.most }, 4, "never more than four at once")
    }

    /// Sources that run elsewhere (in plugin host children) take no source thread: they are all
    /// started while the only one is held by a blocked in-process source, and each is reported
    /// when it finishes, on whatever thread says so.
    func testSourcesThatRunElsewhereTakeNoSourceThread() {
        let release = Gate()
        let blocker = SwiftSource { _ in
            release.wait()
            return .completed
        }
        let elsewhere = (0..<50).map { _ in ElsewhereSource() }
        let allStarted = Gate()
        DispatchQueue.global().async {
            let deadline = ContinuousClock.now + .seconds(30)
            while elsewhere.contains(where: { !$0.hasStarted }) && ContinuousClock.now < deadline { usleep(1000) }
            if elsewhere.allSatisfy(\.hasStarted) { allStarted.open() }
            for (n, source) in elsewhere.enumerated() { source.finish(with: envelope("Elsewhere \(n)")) }
            release.open()
        }
        var pipeline = Pipeline(
            sources: [PipelineSource(name: "blocker", session: blocker)]
                + elsewhere.enumerated().map { PipelineSource(name: "e\($0)", session: $1) })
        pipeline.maxConcurrentSources = 1
        let result = pipeline.run()
        XCTAssertTrue(allStarted.wait(seconds: 0), "every one started while the only source thread was held")
        XCTAssertEqual(result.endings, Array(repeating: .finished, count: 51))
        XCTAssertEqual(
            result.outcomes.dropFirst().map(\.data.accounts.first?.name), (0..<50).map { "Elsewhere \($0)" })
        XCTAssertEqual(elsewhere.map(\.closes), Array(repeating: 1, count: 50))
    }

    /// A source still waiting for a thread when the timeout strikes is not started, and says so.
    func testASourceWaitingForAThreadWhenTheTimeoutStrikesIsNotStarted() {
        let blocker = SwiftSource { events in
            while !events.isCancelled { usleep(1000) }
            // The waiting source's time runs out a turn of the pipeline's loop after this one's
            // (its clock starts as this one begins): it must be cancelled before this returns.
            usleep(2_000_000)
            return .completed
        }
        let waiting = SwiftSource { _ in .completed }
        var pipeline = Pipeline(sources: [
            PipelineSource(name: "blocker", session: blocker), PipelineSource(name: "waiting", session: waiting),
        ])
        pipeline.maxConcurrentSources = 1
        pipeline.timeout = 0.05
        pipeline.grace = 30
        let result = pipeline.run()
        XCTAssertEqual(waiting.counts.runs, 0, "never started")
        XCTAssertEqual(waiting.counts.closes, 1, "but closed, as every opened source is")
        XCTAssertEqual(result.outcomes[1].report.status, .failure)
        XCTAssertEqual(result.outcomes[1].report.error, "timed out after 0.05s")
    }

    /// Sources that take turns on one thread, together far longer than the timeout, each well
    /// within it: waiting in a line that moves is not their time.
    func testSourcesWaitingInALineThatMovesDoNotTimeOut() {
        // Turns of 0.2 s, each well over a second within the timeout on a loaded machine.
        let sources = (0..<16).map { _ in
            SwiftSource { events in
                usleep(200_000)
                events.emit(envelope("Turn"))
                return .completed
            }
        }
        var pipeline = Pipeline(sources: sources.enumerated().map { PipelineSource(name: "s\($0)", session: $1) })
        pipeline.maxConcurrentSources = 1
        pipeline.timeout = 1.5
        let started = ContinuousClock.now
        let result = pipeline.run()
        XCTAssertGreaterThan((ContinuousClock.now - started).seconds, 2 * pipeline.timeout, "the line took its time")
        XCTAssertEqual(result.endings, Array(repeating: .finished, count: 16))
        XCTAssertEqual(result.outcomes.map(\.report.status), Array(repeating: .success, count: 16))
    }

    /// Sources that run elsewhere wait in their plugin's line without using their time while
    /// others begin and end; those in a line that stands still as long as the timeout time out,
    /// and the run ends, though none of them ever began.
    func testSourcesInLineElsewhereCountOnlyTheTimeTheLineStandsStill() {
        let moving = (0..<6).map { _ in ElsewhereSource() }
        let stuck = ElsewhereSource()
        DispatchQueue.global().async {
            // Once the pipeline has put them all in line: a turn begun before is no turn.
            let deadline = ContinuousClock.now + .seconds(30)
            while !(moving + [stuck]).allSatisfy(\.hasStarted) && ContinuousClock.now < deadline { usleep(1000) }
            // Turns of 0.1 s, each well over a second within the timeout on a loaded machine.
            for (n, source) in moving.enumerated() {
                source.begin()
                usleep(100_000)
                source.finish(with: envelope("Moving \(n)"))
            }
        }
        var pipeline = Pipeline(
            sources: moving.enumerated().map { PipelineSource(name: "m\($0)", session: $1) }
                + [PipelineSource(name: "stuck", session: stuck)])
        pipeline.timeout = 1.5
        pipeline.grace = 0.1
        let started = ContinuousClock.now
        let result = pipeline.run()
        let elapsed = (ContinuousClock.now - started).seconds
        XCTAssertEqual(result.endings.prefix(6), ArraySlice(repeating: .finished, count: 6), "\(result.endings)")
        XCTAssertEqual(
            result.outcomes.prefix(6).map(\.data.accounts.first?.name), (0..<6).map { "Moving \($0)" })
        XCTAssertEqual(result.endings[6], .abandoned, "never began, its line stood still")
        XCTAssertEqual(result.outcomes[6].report.error, "timed out after 1.5s and did not stop; abandoned")
        // Six turns of 0.1 s, then the timeout and the grace from the last turn's end.
        XCTAssertGreaterThan(elapsed, 0.6 + 1.5, "timed out before the line stood still for the timeout")
        XCTAssertLessThan(elapsed, 30, "the run ends though its last source never began")
    }

    /// A source whose own work is instant but whose document takes txfeed a while to decode is
    /// not timed out: decoding is txfeed's time, not the plugin's. The decoding is made to take
    /// longer than the timeout and the grace together, whatever the machine's speed: the decoder
    /// tells its progress (after 65,536 transactions, on one thread) from within, and is held
    /// there; the source's own instant work has seconds to spare on a loaded machine.
    func testDecodingTimeNeverCountsAgainstTheTimeout() {
        let document = envelope("Big", count: 1 << 16)
        let source = SwiftSource { events in
            events.emit(document)
            return .completed
        }
        let timeout = 2.0, grace = 0.5
        let held = Atomic<Bool>(false)
        var pipeline = Pipeline(sources: [PipelineSource(name: "big", session: source)])
        pipeline.observer = Observer(onDecoded: { _ in
            if !held.exchange(true, ordering: .relaxed) { usleep(UInt32((timeout + grace + 1) * 1e6)) }
        })
        pipeline.decodeThreads = 1
        pipeline.timeout = timeout
        pipeline.grace = grace
        let started = ContinuousClock.now
        let result = pipeline.run()
        let elapsed = (ContinuousClock.now - started).seconds
        XCTAssertTrue(held.load(ordering: .relaxed), "the decoding was held")
        XCTAssertGreaterThan(elapsed, timeout + grace, "decoding took longer than timeout and grace together")
        XCTAssertEqual(result.endings, [.finished])
        XCTAssertEqual(result.outcomes[0].report.status, .success)
        XCTAssertEqual(result.outcomes[0].data.transactions.count, 1 << 16)
    }

    func testATimedOutSourceIsCancelledAndStopsWithinTheGrace() {
        let answerAfterCancel = Mutex<CallbackAnswer?>(nil)
        let source = SwiftSource { events in
            events.emit(envelope("Before"))
            while !events.isCancelled { usleep(1000) }
            answerAfterCancel.withLock { $0 = events.emit(envelope("After")) }
            return .failed("stopped")
        }
        var pipeline = Pipeline(sources: [PipelineSource(name: "slow", session: source)])
        // Seconds for its first delivery on a loaded machine: it must come before the cancel.
        pipeline.timeout = 2
        pipeline.grace = 30
        let result = pipeline.run()

        guard case .stoppedWhenCancelled = result.endings[0] else { return XCTFail("\(result.endings)") }
        XCTAssertEqual(answerAfterCancel.withLock { $0 }, .stop, "a call after the cancel is told to stop")
        let outcome = result.outcomes[0]
        XCTAssertEqual(outcome.data.accounts.map(\.name), ["Before"], "what came after the cancel is not kept")
        XCTAssertEqual(outcome.report.status, .failure)
        XCTAssertEqual(outcome.report.error, "timed out after 2s; delivered 1 document before failing")
    }

    func testASourceThatIgnoresTheCancelIsAbandonedAndItsLateCallsAreRefused() {
        let release = Gate(), returned = Gate()
        let lateAnswer = Mutex<CallbackAnswer?>(nil)
        let source = SwiftSource { events in
            events.emit(envelope("Kept"))
            release.wait()  // ignores is_cancelled
            lateAnswer.withLock { $0 = events.emit(envelope("Late")) }
            returned.open()
            return .completed
        }
        var pipeline = Pipeline(sources: [PipelineSource(name: "stuck", session: source)])
        // Seconds for its first delivery on a loaded machine: it must come before the cancel.
        pipeline.timeout = 2
        pipeline.grace = 0.01
        let result = pipeline.run()

        XCTAssertEqual(result.endings, [.abandoned])
        XCTAssertEqual(result.outcomes[0].data.accounts.map(\.name), ["Kept"])
        XCTAssertEqual(
            result.outcomes[0].report.error,
            "timed out after 2s and did not stop; abandoned; delivered 1 document before failing")
        release.open()
        XCTAssertTrue(returned.wait())
        XCTAssertEqual(lateAnswer.withLock { $0 }, .stop, "an abandoned run's later calls are refused")
    }

    func testAFinishedRunLetsGoOfItsCollector() {
        let source = SwiftSource { events in
            events.emit(envelope("Big", count: 500))
            return .completed
        }
        let result = Pipeline(sources: [PipelineSource(name: "s", session: source)]).run()
        XCTAssertEqual(result.outcomes[0].data.transactions.count, 500, "the data was handed over")
        // The source's thread drops its last reference as it exits, just after the barrier opened.
        XCTAssertTrue(eventually { source.eventsOfLastRun == nil }, "the collector of a finished run is deallocated")
    }

    func testAnAbandonedRunKeepsItsCollectorWhileItMayStillCall() {
        let release = Gate(), returned = Gate()
        let source = SwiftSource { events in
            release.wait()
            returned.open()
            return .completed
        }
        var pipeline = Pipeline(sources: [PipelineSource(name: "stuck", session: source)])
        // Seconds for its run to begin on a loaded machine: it must be under way when abandoned.
        pipeline.timeout = 2
        pipeline.grace = 0.01
        _ = pipeline.run()
        XCTAssertNotNil(source.eventsOfLastRun, "still running: its calls must find their collector")
        release.open()
        returned.wait()
        XCTAssertTrue(eventually { source.eventsOfLastRun == nil }, "released once it returned")
    }

    func testPrepareOpensEverySourceAndClosesThemAgainWhenOneRefuses() {
        let good = SwiftSource { _ in .completed }
        let bad = SwiftSource(refusing: "users must be 1 or more") { _ in .completed }
        let pipeline = Pipeline(sources: [
            PipelineSource(name: "good", session: good), PipelineSource(name: "bad", session: bad),
        ])
        XCTAssertThrowsError(try pipeline.prepare()) { error in
            XCTAssertEqual("\(error)", "source 'bad' (swift-test): users must be 1 or more")
        }
        XCTAssertEqual(good.counts.opens, 1)
        XCTAssertEqual(good.counts.closes, 1, "an opened source is closed when another refuses")
        XCTAssertEqual(bad.counts.runs + good.counts.runs, 0, "nothing ran")
    }

    func testARunThatFailsKeepsWhatItDelivered() {
        let source = SwiftSource { events in
            events.emit(envelope("Partial", count: 4))
            return .failed("connection reset")
        }
        let outcome = Pipeline(sources: [PipelineSource(name: "s", session: source)]).run().outcomes[0]
        XCTAssertEqual(outcome.data.transactions.count, 4)
        XCTAssertEqual(outcome.report.status, .failure)
        XCTAssertEqual(outcome.report.error, "connection reset; delivered 1 document before failing")
    }

    func testStreamedAccountsAndTheirMisuse() {
        let source = SwiftSource { events in
            let header = Array(#"{"status":200,"body":{"name":"Streamed","transactions":[]}}"#.utf8)
            let batch = Array(#"[{"type":0,"vendor":"Pay","amount":10,"date":"2024-01-01 00:00:00"}]"#.utf8)
            _ = header.withUnsafeBufferPointer { events.beginAccount(text: $0, origin: "stream") }
            _ = batch.withUnsafeBufferPointer { events.transactions(text: $0) }
            _ = batch.withUnsafeBufferPointer { events.transactions(text: $0) }
            _ = events.endAccount()
            _ = events.endAccount()  // without begin_account
            _ = header.withUnsafeBufferPointer { events.beginAccount(text: $0, origin: "left-open") }
            return .completed
        }
        let outcome = Pipeline(sources: [PipelineSource(name: "s", session: source)]).run().outcomes[0]
        XCTAssertEqual(outcome.data.accounts.map(\.name), ["Streamed"])
        XCTAssertEqual(outcome.data.transactions.count, 2)
        XCTAssertEqual(
            outcome.data.failures,
            ["s: end_account without begin_account", "left-open: account ended without end_account"])
    }

    /// Small streamed accounts are decoded on other threads and committed as they ended:
    /// with four threads the source's data is what one thread makes, in the same order, with
    /// documents, rejects and failed accounts between them.
    func testManySmallAccountsOnSeveralThreadsKeepTheirOrder() {
        let source = SwiftSource { events in
            for n in 0..<3000 {
                let header = Array(#"{"status":200,"body":{"name":"User \#(n)","transactions":[]}}"#.utf8)
                _ = header.withUnsafeBufferPointer { events.beginAccount(text: $0, origin: "user \(n)") }
                for k in 0..<(n % 4) {
                    let amount = n % 97 == 0 && k == 1 ? #""lots""# : "\(n).\(k)"
                    let batch = Array(
                        #"[{"type":0,"vendor":"Shop \#(n % 50)","amount":\#(amount),"date":"2024-01-01 00:00:00"}]"#
                            .utf8)
                    _ = batch.withUnsafeBufferPointer { events.transactions(text: $0) }
                }
                if n % 11 == 0 { _ = events.reject(location: "row \(n)", reason: "unreadable", raw: Array("x;y".utf8)) }
                if n % 301 == 0 { _ = events.failAccount(reason: "does not balance") }
                _ = events.endAccount()
                if n % 500 == 0 { events.emit(envelope("Document \(n)", count: 2)) }
            }
            return .completed
        }
        func run(threads: Int) -> SourceData {
            var pipeline = Pipeline(sources: [PipelineSource(name: "s", session: source)])
            pipeline.decodeThreads = threads
            return pipeline.run().outcomes[0].data
        }
        let one = run(threads: 1), four = run(threads: 4)
        XCTAssertEqual(one.accounts.count, 3000 - 10 + 6)
        XCTAssertEqual(four.accounts.map(\.name), one.accounts.map(\.name))
        XCTAssertEqual(four.transactions.count, one.transactions.count)
        XCTAssertTrue(
            zip(four.transactions, one.transactions).allSatisfy {
                $0.amountMinor == $1.amountMinor && $0.account == $1.account
                    && four.vendors.name(of: $0.vendor) == one.vendors.name(of: $1.vendor)
            })
        XCTAssertEqual(four.rejects.map(\.path), one.rejects.map(\.path))
        XCTAssertEqual(four.failures, one.failures)
        XCTAssertEqual(one.failures.count, 10)
    }

    func testPluginLogLinesCarryTheSourceName() {
        let lines = Mutex<[String]>([])
        let source = SwiftSource { events in
            events.log(.warning, "slow bank")
            return .completed
        }
        let pipeline = Pipeline(sources: [PipelineSource(name: "bank", session: source)]) { name, level, message in
            lines.withLock { $0.append("\(name) \(level) \(message)") }
        }
        _ = pipeline.run()
        XCTAssertEqual(lines.withLock { $0 }, ["bank warning slow bank"])
    }
}

/// Which sources finished, in order; `onFinished` hears each as it happens.
private final class Observer: PipelineObserver {
    private let order = Mutex<[Int]>([])
    private let onFinished: @Sendable (Int) -> Void
    private let onDecoded: @Sendable (Int) -> Void
    init(
        onFinished: @escaping @Sendable (Int) -> Void = { _ in },
        onDecoded: @escaping @Sendable (Int) -> Void = { _ in }
    ) {
        self.onFinished = onFinished
        self.onDecoded = onDecoded
    }
    var finished: [Int] { order.withLock { $0 } }
    func decoded(_ index: Int, count: Int) { onDecoded(count) }
    func sourceFinished(_ index: Int, report: SourceReport) {
        order.withLock { $0.append(index) }
        onFinished(index)
    }
}

/// Polls `condition` for up to 10 s: for what another thread does just after the barrier opened.
func eventually(_ condition: () -> Bool) -> Bool {
    for _ in 0..<10_000 {
        if condition() { return true }
        usleep(1000)
    }
    return condition()
}
