import Foundation
import TxFeedTestSupport
import XCTest

/// A folder's statements go to a plugin's children several at a time (a share each, run back
/// to back): what a plugin prints is still named after the source that printed it, a slow
/// source gives back the statements queued behind it in its child, and one that crashes its
/// child loses none of them.
final class IsolationSharesTests: XCTestCase {
    var folder: TemporaryFolder!
    var plugins: String!
    var statements: String!
    /// More than the plugin has children (4 or more), so that shares form.
    let count = 48

    override func setUpWithError() throws {
        folder = try temporaryFolder()
        plugins = folder.path + "/plugins"
        statements = folder.path + "/statements"
        for path in [plugins!, statements!] {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        // Claims *.claim files, prints "reading PATH" for each (left in stdio's buffer), and
        // waits 3 s on one whose name holds "slow".
        try CPlugin.build(
            CPlugin.fixture("test_source.c"), name: "claims", into: plugins,
            defines: ["TEST_IDENTIFY=95", #"TEST_NAME=\"claims\""#, "TEST_SAY"])
        for i in 0..<count {
            XCTAssertTrue(FileManager.default.createFile(atPath: statements + "/s\(i).claim", contents: Data()))
        }
    }

    func testWhatAPluginPrintsIsNamedAfterItsSourceWhenSourcesShareAChild() throws {
        let result = try txfeed("run", statements, "--plugin-path", plugins, "--sink", "ndjson")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.output.split(separator: "\n").count, 2 * count)
        let said = result.stderr.split(separator: "\n").filter { $0.contains("plugin output:") }
        XCTAssertEqual(said.count, count, result.stderr)
        for i in 0..<count {
            let line = "txfeed: s\(i): plugin output: reading \(statements!)/s\(i).claim"
            XCTAssertTrue(said.contains { $0 == line }, "\(line) missing from:\n\(said.joined(separator: "\n"))")
        }
    }

    func testASlowSourceGivesBackTheStatementsSentWithIt() throws {
        // The second source (after s0): the first takes the child that checked the
        // configurations, alone; this one is sent with a share of the others behind it, and
        // they must not wait out its 3 s.
        XCTAssertTrue(FileManager.default.createFile(atPath: statements + "/s00-slow.claim", contents: Data()))
        let result = try txfeed(
            "run", statements, "--plugin-path", plugins, "--sink", "ndjson", "--timeout", "2")
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertTrue(result.stderr.contains("s00-slow (claims): FAILED: timed out after 2s"), result.stderr)
        let ok = result.stderr.split(separator: "\n").filter { $0.contains("(claims): ok, read 2") }
        XCTAssertEqual(ok.count, count, result.stderr)
        XCTAssertEqual(result.output.split(separator: "\n").count, 2 * count)
    }

    /// Statements that take turns in their plugin's processes, together far longer than the
    /// timeout and each well within it, are all read: waiting in line is not their time.
    func testStatementsWaitingInLineForTheirPluginsProcessesDoNotTimeOut() throws {
        // Twelve naps of 0.25 s for each child the plugin may have: 3 s of turns at least,
        // longer than the 2 s timeout, which leaves each nap seconds on a loaded machine.
        let naps = 12 * max(4, 2 * sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        for i in 0..<naps {
            XCTAssertTrue(FileManager.default.createFile(atPath: statements + "/n\(i)-nap.claim", contents: Data()))
        }
        let started = ContinuousClock.now
        let result = try txfeed("run", statements, "--plugin-path", plugins, "--sink", "ndjson", "--timeout", "2")
        let elapsed = ContinuousClock.now - started
        XCTAssertGreaterThan(elapsed, .seconds(2), "the line took longer than the timeout")
        XCTAssertEqual(result.status, 0, result.stderr)
        let ok = result.stderr.split(separator: "\n").filter { $0.contains("(claims): ok, read 2") }
        XCTAssertEqual(ok.count, count + naps, result.stderr)
        XCTAssertEqual(result.output.split(separator: "\n").count, 2 * (count + naps))
    }

    /// A statement that crashes its child fails alone: the statements sent with it that it never
    /// began go back in line, and a child started in its place (or another) runs them.
    func testAStatementThatCrashesItsChildFailsAloneAndItsShareRunsElsewhere() throws {
        let crashing = ["s05-crash", "s17-crash", "s30-crash"]
        for name in crashing {
            XCTAssertTrue(FileManager.default.createFile(atPath: statements + "/\(name).claim", contents: Data()))
        }
        let result = try txfeed("run", statements, "--plugin-path", plugins, "--sink", "ndjson")
        XCTAssertEqual(result.status, 3, result.stderr)
        for name in crashing {
            XCTAssertTrue(
                result.stderr.contains("\(name) (claims): FAILED: the plugin crashed: Segmentation fault"),
                result.stderr)
        }
        let ok = result.stderr.split(separator: "\n").filter { $0.contains("(claims): ok, read 2") }
        XCTAssertEqual(ok.count, count, result.stderr)
        XCTAssertEqual(result.output.split(separator: "\n").count, 2 * count)
    }
}
