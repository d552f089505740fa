import TxFeedPluginHost
import TxFeedTestSupport
import XCTest

@testable import TxFeedPipeline

/// The line of sources waiting for a plugin's children: shares come from its head in order,
/// sources a lost child never began go back in front, and one taken alone leaves the rest in
/// their order, however many wait and however often the front is taken.
final class SourceQueueTests: XCTestCase {
    private var source: IsolatedPluginSource!

    override func setUpWithError() throws {
        // The built fixture plugin, loaded here only to be named by the jobs: no child runs.
        let plugin = try PluginLoader.load(path: BuiltProducts.plugin("fixture"))
        source = IsolatedPluginSource(plugin: plugin, options: [], pool: PluginChildPool(executable: "/nonexistent"))
    }

    private func jobs(_ count: Int) -> [SourceJob] {
        (0..<count).map { n in
            SourceJob(
                source: source,
                request: RunRequest(
                    name: "s\(n)", index: n, threads: 1, configuration: "{}", memoryLimit: 0),
                events: nil
            ) { _ in }
        }
    }

    private func takeAll(_ queue: SourceQueue, into taken: inout [Int]) {
        while case let share = queue.headShare(source.plugin.path, children: 1, orElse: {}), !share.isEmpty {
            XCTAssertLessThanOrEqual(share.count, SourceQueue.largestShare)
            XCTAssertTrue(share.allSatisfy { !$0.isWaiting }, "a share's sources are taken")
            taken += share.map(\.request.index)
        }
    }

    func testSharesComeFromTheHeadInOrderAndSourcesPutBackGoInFront() {
        let queue = SourceQueue()
        let all = jobs(5_000)
        for job in all { queue.enqueue(job) }
        var taken: [Int] = []
        // Past the point where the line lets go of the room its head left (half of it), and back.
        let share = SourceQueue.largestShare
        for _ in 0..<(3_200 / share) {
            taken += queue.headShare(source.plugin.path, children: 1, orElse: {}).map(\.request.index)
        }
        XCTAssertEqual(taken, Array(0..<3_200))
        // A lost child's share goes back in front, in its order, and is taken again first.
        let lost = Array(all[(3_200 - share)..<3_200])
        taken.removeLast(lost.count)
        queue.requeue(lost)
        XCTAssertTrue(lost.allSatisfy(\.isWaiting))
        // One taken alone (a source whose child could not be started) leaves the rest in order.
        XCTAssertTrue(queue.take(all[4_000]) === all[4_000])
        XCTAssertNil(queue.take(all[4_000]), "taken already")
        XCTAssertNil(queue.take(all[10]), "taken with its share")
        takeAll(queue, into: &taken)
        XCTAssertEqual(taken, Array(0..<4_000) + Array(4_001..<5_000))
        XCTAssertFalse(queue.hasWaiting(source.plugin.path))

        // More put back than the head left room for: in front all the same.
        let more = jobs(40)
        for job in more[20...] { queue.enqueue(job) }
        queue.requeue(Array(more[..<20]))
        taken = []
        takeAll(queue, into: &taken)
        XCTAssertEqual(taken, Array(0..<40))
    }

    func testAShareIsTheLinesPartForEachChild() {
        XCTAssertEqual(SourceQueue.shareSize(waiting: 1_000, children: 4), SourceQueue.largestShare)
        XCTAssertEqual(SourceQueue.shareSize(waiting: 40, children: 4), 10)
        XCTAssertEqual(SourceQueue.shareSize(waiting: 3, children: 4), 1)
    }
}
