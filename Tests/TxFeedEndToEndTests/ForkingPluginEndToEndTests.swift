import Foundation
import TxFeedTestSupport
import XCTest

/// A plugin that forks without exec (Tests/Fixtures/plugins/test_source.c, the fork modes):
/// every process it starts is ended with its source, in `run` and in `watch`, whether the source
/// ends well, times out or crashes — none is left once txfeed is done.
final class ForkingPluginEndToEndTests: XCTestCase {
    var folder: TemporaryFolder!
    var testPlugin: String!
    /// The processes of this build's txfeed before the test: what it starts is counted apart.
    var before: Set<Int32> = []
    let good = "samples/accounts/checking.json"

    override func setUpWithError() throws {
        folder = try temporaryFolder()
        testPlugin = try CPlugin.build(CPlugin.fixture("test_source.c"), name: "test-source", into: folder.path)
        before = TxfeedProcesses().pids
    }

    override func tearDown() {
        // A failed test's leftovers (processes that wait for ever) do not outlive it.
        for pid in TxfeedProcesses().pids.subtracting(before) { kill(pid, SIGKILL) }
    }

    private func sources(_ modes: String...) -> [String] {
        modes.flatMap { ["-s", testPlugin + ":mode=" + $0] }
    }

    private func assertNothingLeft(
        _ what: String, among: (TxfeedProcesses) -> Set<Int32> = { $0.pids }, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        let left = TxfeedProcesses.left(since: before, among: among)
        XCTAssertEqual(left, [], "\(what): processes left behind", file: file, line: line)
    }

    func testWhatAForkingPluginStartsEndsWithTheRun() throws {
        let result = try txfeed(
            arguments: ["run"] + sources("fork", "fork-lock", "daemon") + [good, "--sink", "ndjson", "--no-progress"])
        XCTAssertEqual(result.status, 0, result.stderr)
        // The good source's 7, and two from each forking source.
        XCTAssertEqual(result.output.split(separator: "\n").count, 13, result.output)
        assertNothingLeft("run")
    }

    /// A crash is reported as one, at once: the forked process does not hold the child's pipes.
    func testWhatAForkingPluginStartsEndsWhenItsSourceTimesOutOrCrashes() throws {
        let result = try txfeed(
            arguments: ["run"] + sources("daemon-hang", "fork-crash")
                + [good, "--sink", "ndjson", "--no-progress", "--timeout", "1"])
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertTrue(result.stderr.contains("did not stop; its process was ended"), result.stderr)
        XCTAssertTrue(
            result.stderr.contains("the plugin crashed: Segmentation fault (signal 11) after 1 document"),
            result.stderr)
        assertNothingLeft("timeout and crash")
    }

    /// Each refresh's plugin processes end with it: none is ever outside watch's own tree, and
    /// none is left once watch stops.
    func testWhatAForkingPluginStartsEndsWithEachWatchRefresh() throws {
        let watch = try WatchProcess(
            sources("fork", "fork-lock", "daemon") + [
                good, "-o", folder.path + "/feed.csv", "--no-progress", "--every", "100ms",
            ], log: folder.path + "/stderr.log")
        defer { if watch.process.isRunning { watch.stop() } }
        try watch.wait(for: 3, of: "test-source#3 (test-source): ok")
        XCTAssertTrue(TxfeedProcesses().pids.contains(watch.pid), "the look finds what this test started")
        assertNothingLeft("three refreshes", among: { $0.outside(watch.pid) })
        watch.stop()
        assertNothingLeft("watch stopped")
    }
}
