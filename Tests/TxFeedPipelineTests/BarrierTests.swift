import Dispatch
import XCTest

@testable import TxFeedPipeline

/// The barrier on its own: it opens on the last arrival, not before, and stays open.
final class BarrierTests: XCTestCase {
    func testItOpensOnlyWhenTheLastPartyArrives() {
        let barrier = Barrier(parties: 3)
        barrier.arrive()
        barrier.arrive()
        XCTAssertFalse(barrier.wait(seconds: 0.01), "one party is still owed")
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) { barrier.arrive() }
        XCTAssertTrue(barrier.wait(seconds: 30), "the last arrival opens it")
        XCTAssertTrue(barrier.wait(seconds: 0), "and it stays open")
    }

    func testManyArrivalsFromManyThreadsOpenItOnce() {
        let barrier = Barrier(parties: 10_000)
        DispatchQueue.concurrentPerform(iterations: 10_000) { _ in barrier.arrive() }
        XCTAssertTrue(barrier.wait(seconds: 30))
        XCTAssertTrue(barrier.wait(seconds: 0))
    }

    func testNoPartiesIsOpenAtOnce() {
        XCTAssertTrue(Barrier(parties: 0).wait(seconds: 0))
    }
}
