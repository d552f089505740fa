import Foundation
import TxFeedTestSupport
import XCTest

/// The terminal experience, driven for real: a pseudo-terminal from `script(1)` for the
/// skeleton rows, signals and timers for `watch`.
final class TerminalEndToEndTests: XCTestCase {
    var folder: TemporaryFolder!
    var slowPlugin: String!

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
        slowPlugin = try CPlugin.build(CPlugin.fixture("test_source.c"), name: "test-source", into: folder.path)
    }

    /// Runs `txfeed ARGS` with stdin, stdout and stderr on one pseudo-terminal.
    func inTerminal(_ arguments: [String]) throws -> String {
        let command = ([BuiltProducts.txfeed] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let result = try runCommand("/usr/bin/script", ["-qfec", command, "/dev/null"], environment: ["TERM": "xterm-256color", "COLUMNS": "100"])
        return result.output
    }

    func testSkeletonRowsShimmerWhileLoadingThenGiveWayToTheTable() throws {
        let screen = try inTerminal(["run", "samples/accounts/checking.json", "-s", slowPlugin + ":mode=sleep", "--timeout", "1"])
        guard let table = screen.range(of: "Everyday Checking") else { return XCTFail("no table:\n\(screen)") }
        let before = screen[..<table.lowerBound]
        XCTAssertTrue(before.contains("▇"), "no skeleton bars before the table")
        XCTAssertTrue(before.contains("loading…"), "no loading status line")
        XCTAssertTrue(before.contains("\u{1B}[38;5;250m"), "no shimmer highlight")
        XCTAssertTrue(before.contains("✓"), "the fast source's status line should show ✓")
        XCTAssertTrue(before.contains("\u{1B}[J"), "the skeleton is erased before the table")
        XCTAssertTrue(before.contains("\u{1B}[?25h"), "the cursor is shown again")
        XCTAssertFalse(screen[table.lowerBound...].contains("▇"), "skeleton drawn after the table")
        XCTAssertTrue(screen[table.lowerBound...].contains("test-source (test-source): FAILED"), "the summary follows the table on a shared terminal")
    }

    func testNoProgressMeansNoSkeleton() throws {
        let screen = try inTerminal(["run", "samples/accounts/checking.json", "--no-progress"])
        XCTAssertTrue(screen.contains("Everyday Checking"), screen)
        XCTAssertFalse(screen.contains("▇"))
    }

    func testNoEscapeCodesReachPipes() throws {
        let result = try txfeed("run", "samples/accounts/checking.json", "-s", slowPlugin + ":mode=sleep", "--timeout", "1")
        XCTAssertFalse(result.output.contains("\u{1B}"), "escape codes in stdout")
        XCTAssertFalse(result.stderr.contains("\u{1B}"), "escape codes in stderr")
        XCTAssertTrue(result.stderr.contains("test-source (test-source): FAILED: timed out after 1s"), result.stderr)
    }

    // MARK: watch

    func startWatch(_ arguments: [String]) throws -> (Process, Pipe, Pipe) {
        let running = try startTxfeed(["watch"] + arguments)
        return (running.process, running.output, running.errors)
    }

    func testWatchRefreshesOnTimerAndSIGHUPAndStopsCleanlyOnSIGTERM() throws {
        let (process, out, err) = try startWatch(["samples/accounts/checking.json", "--sink", "ndjson", "--every", "400ms"])
        Thread.sleep(forTimeInterval: 1.0)
        kill(process.processIdentifier, SIGHUP)
        Thread.sleep(forTimeInterval: 0.5)
        kill(process.processIdentifier, SIGTERM)
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        _ = err.fileHandleForReading.readDataToEndOfFile()
        XCTAssertEqual(process.terminationStatus, 0)
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        XCTAssertEqual(lines.count % 7, 0, "each refresh writes the whole feed")
        XCTAssertGreaterThanOrEqual(lines.count / 7, 3, "start + timer ticks + SIGHUP")
    }

    func testWatchStopsOnSIGINTWithExitZero() throws {
        let (process, out, _) = try startWatch(["samples/accounts/checking.json", "--sink", "ndjson", "--every", "1h"])
        Thread.sleep(forTimeInterval: 0.7)
        kill(process.processIdentifier, SIGINT)
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(String(decoding: data, as: UTF8.self).split(separator: "\n").count, 7)
    }

    func testFailedRefreshKeepsTheLastGoodFile() throws {
        let input = try folder.write("in.json", try String(contentsOfFile: BuiltProducts.repository + "/samples/accounts/checking.json", encoding: .utf8))
        let output = folder.path + "/feed.csv"
        let (process, _, err) = try startWatch([input, "-o", output, "--every", "300ms"])
        Thread.sleep(forTimeInterval: 0.8)
        let good = try Data(contentsOf: URL(fileURLWithPath: output))
        try FileManager.default.removeItem(atPath: input)
        Thread.sleep(forTimeInterval: 0.8)
        kill(process.processIdentifier, SIGTERM)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: output)), good, "a failed refresh replaced the last good file")
        XCTAssertTrue(stderr.contains("refresh failed"), stderr)
        XCTAssertEqual(folder.contents().filter { $0.contains(".txfeed-") }, [], "temporary files left behind")
    }

    func testWatchRedrawsInATerminalWithTheSkeletonAgain() throws {
        let command = [BuiltProducts.txfeed, "watch", "samples/accounts/checking.json", "--every", "300ms"].map { "'\($0)'" }.joined(separator: " ")
        // timeout(1) sends SIGTERM after 1.5 s: watch must leave with 0 and the cursor shown.
        let result = try runCommand("/usr/bin/script", ["-qfec", "timeout --preserve-status -s TERM 1.5 \(command)", "/dev/null"], environment: ["TERM": "xterm-256color"])
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertGreaterThanOrEqual(result.output.components(separatedBy: "Everyday Checking").count - 1, 2, "the view was redrawn")
        XCTAssertTrue(result.output.contains("Enter or SIGHUP refreshes"), result.output)
        XCTAssertTrue(result.output.hasSuffix("\u{1B}[?25h") || result.output.contains("\u{1B}[?25h"))
    }

    func testEnterOnTheTerminalRefreshesAtOnce() throws {
        let command = [BuiltProducts.txfeed, "watch", "samples/accounts/checking.json", "--every", "1h"].map { "'\($0)'" }.joined(separator: " ")
        // Only Enter can redraw within the hour: press it once, a second in.
        let shell = "(sleep 1; printf '\\n'; sleep 1.5) | script -qfec \"timeout --preserve-status -s TERM 2 \(command)\" /dev/null"
        let result = try runCommand("/bin/sh", ["-c", shell], environment: ["TERM": "xterm-256color"])
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertEqual(result.output.components(separatedBy: "Everyday Checking").count - 1, 2, "one view at start, one after Enter:\n\(result.output)")
    }

    func testAFailedRefreshOnTheTerminalPutsTheLastGoodViewBackWithANote() throws {
        let input = try folder.write("in.json", try String(contentsOfFile: BuiltProducts.repository + "/samples/accounts/checking.json", encoding: .utf8))
        let command = [BuiltProducts.txfeed, "watch", input, "--every", "400ms"].map { "'\($0)'" }.joined(separator: " ")
        // The file disappears after the first view: later refreshes fail.
        let shell = "(sleep 0.7; rm -f '\(input)') & script -qfec \"timeout --preserve-status -s TERM 2 \(command)\" /dev/null"
        let result = try runCommand("/bin/sh", ["-c", shell], environment: ["TERM": "xterm-256color"])
        XCTAssertEqual(result.status, 0, result.output)
        guard let failed = result.output.range(of: "refresh failed") else { return XCTFail("no note:\n\(result.output)") }
        let beforeNote = result.output[..<failed.lowerBound]
        guard let lastClear = beforeNote.range(of: "\u{1B}[2J", options: .backwards) else { return XCTFail("no redraw") }
        XCTAssertTrue(beforeNote[lastClear.upperBound...].contains("Everyday Checking"), "the last good view is shown again above the note")
        XCTAssertTrue(result.output.contains("showing the last good feed"), result.output)
    }
}
