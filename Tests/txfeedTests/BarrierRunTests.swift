import Foundation
import TxFeedTestSupport
import XCTest

/// The barrier, with real plugins: nothing reaches a sink before every source has ended, and
/// a slow or failing source never costs the others their records.
final class BarrierRunTests: XCTestCase {
    var folder: TemporaryFolder!
    var testPlugin: String!

    override func setUpWithError() throws {
        folder = try temporaryFolder()
        testPlugin = try CPlugin.build(CPlugin.fixture("test_source.c"), name: "test-source", into: folder.path)
    }

    /// A fixture reading a pipe that stays open, next to a fast file: no output until the pipe closes.
    func testNothingReachesTheSinkBeforeTheSlowSourceEnds() throws {
        let running = try startTxfeed(
            ["run", "-", "samples/accounts/checking.json", "--sink", "ndjson", "--timeout", "60"], openInput: true)
        let (process, input, output) = (running.process, running.input!, running.output)
        defer { kill(process.processIdentifier, SIGKILL) }

        let reader = output.fileHandleForReading.fileDescriptor
        var early = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
        XCTAssertEqual(poll(&early, 1, 1500), 0, "output appeared while a source was still running")
        XCTAssertTrue(process.isRunning)

        let envelope =
            #"{"status":200,"body":{"name":"Piped","transactions":[{"type":0,"vendor":"Late","amount":1,"date":"2020-01-01 00:00:00"}]}}"#
        input.fileHandleForWriting.write(Data((envelope + "\n").utf8))
        try input.fileHandleForWriting.close()
        let result = try running.finish()
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.output.split(separator: "\n")
        XCTAssertEqual(lines.count, 8)
        XCTAssertTrue(lines.contains { $0.contains("\"vendor\":\"Late\"") })
    }

    func testTimedOutSourceIsReportedAndTheOthersSurvive() throws {
        let start = Date()
        // stdin kept open: the stdin source never ends by itself.
        let running = try startTxfeed(
            ["run", "-", "samples/accounts/checking.json", "--sink", "ndjson", "--timeout", "1"], openInput: true)
        let result = try running.finish()
        let elapsed = Date().timeIntervalSince(start)
        let stderr = result.stderr
        XCTAssertEqual(result.status, 3, stderr)
        XCTAssertLessThan(elapsed, 6, "the barrier waited past timeout + grace")
        XCTAssertEqual(result.output.split(separator: "\n").count, 7)
        XCTAssertTrue(stderr.contains("timed out after 1s"), stderr)
        try running.input!.fileHandleForWriting.close()
    }

    func testAPluginThatIgnoresCancellationIsAbandonedInTime() throws {
        let result = try txfeed(
            "run", "-s", testPlugin! + ":mode=ignore-cancel", "samples/accounts/checking.json",
            "--sink", "ndjson", "--timeout", "1")
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertLessThan(result.seconds, 6, "abandoning took too long")
        XCTAssertTrue(result.stderr.contains("did not stop; its process was ended"), result.stderr)
        XCTAssertEqual(result.output.split(separator: "\n").count, 7)
    }

    /// A plugin whose `open` does not return: its configuration check is given up on at the
    /// timeout (the run would otherwise wait before any source began), and the source then
    /// times out as any other. The other source's records are written.
    func testAPluginWhoseOpenNeverReturnsFailsInTime() throws {
        let result = try txfeed(
            "run", "-s", testPlugin! + ":mode=open-hangs", "samples/accounts/checking.json",
            "--sink", "ndjson", "--timeout", "1")
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertLessThan(result.seconds, 20, "the run waited for the plugin's open")
        XCTAssertTrue(result.stderr.contains("timed out after 1s"), result.stderr)
        XCTAssertEqual(result.output.split(separator: "\n").count, 7)
    }

    func testAWellBehavedSlowSourceStopsWhenCancelled() throws {
        let result = try txfeed(
            "run", "-s", testPlugin! + ":mode=sleep", "samples/accounts/checking.json",
            "--sink", "ndjson", "--timeout", "1")
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertTrue(result.stderr.contains("timed out after 1s"), result.stderr)
        XCTAssertFalse(result.stderr.contains("abandoned"), result.stderr)
    }

    func testASourceFailingAfterOneDocumentKeepsIt() throws {
        let result = try txfeed(
            "run", "-s", testPlugin! + ":mode=fail-after-one", "samples/accounts/checking.json",
            "--sink", "ndjson")
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertEqual(result.output.split(separator: "\n").count, 9)
        XCTAssertTrue(result.stderr.contains("lost the connection after the first document"), result.stderr)
        XCTAssertTrue(result.stderr.contains("delivered 1 document"), result.stderr)
    }

    func testALoneSourceThatFailsAfterDeliveringKeepsWhatItDelivered() throws {
        let result = try txfeed("run", "-s", testPlugin! + ":mode=fail-after-one", "--sink", "ndjson")
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertEqual(result.output.split(separator: "\n").count, 2)
        XCTAssertFalse(result.stderr.contains("nothing written"), result.stderr)
    }

    func testEverySourceFailingWritesNothingAndExitsOne() throws {
        let output = folder.path + "/out.ndjson"
        let result = try txfeed("run", folder.path + "/missing.json", "-o", output)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("missing.json"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output))
    }

    func testDocumentsBuiltWithJanssonAreDecodedLikeText() throws {
        let rejects = folder.path + "/rejects.ndjson"
        let result = try txfeed("run", "-s", testPlugin! + ":mode=dom", "--sink", "ndjson", "--rejects", rejects)
        XCTAssertEqual(result.status, 3, result.stderr)
        let lines = result.output.split(separator: "\n")
        XCTAssertEqual(lines.count, 1)
        XCTAssertTrue(
            lines[0].contains(#""vendor":"Alpha""#) && lines[0].contains(#""amount":"1.50""#)
                && lines[0].contains(#""currency":"EUR""#), String(lines[0]))
        XCTAssertTrue(result.stderr.contains("test:dom[1]: envelope status 500: backend down"), result.stderr)
        XCTAssertTrue(result.stderr.contains("transactions[1].amount"), result.stderr)
        let reject = try String(contentsOfFile: rejects, encoding: .utf8)
        XCTAssertTrue(reject.contains(#""record":{"type":1,"vendor":"Beta","amount":2.555"#), reject)
    }

    func testStreamedAccountArrivesWithRejectsCounted() throws {
        let result = try txfeed("run", "-s", testPlugin! + ":mode=stream", "--sink", "ndjson")
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertEqual(result.output.split(separator: "\n").count, 2)
        XCTAssertTrue(result.stderr.contains("read 3 = written 2 + rejected 1"), result.stderr)
        XCTAssertTrue(result.stderr.contains("transactions[1].amount"), result.stderr)
    }
}
