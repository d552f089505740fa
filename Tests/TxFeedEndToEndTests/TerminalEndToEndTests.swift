import Foundation
import TxFeedTestSupport
import XCTest

/// The terminal experience, driven for real: a pseudo-terminal from `script(1)` for the
/// skeleton rows, signals and timers for `watch`.
final class TerminalEndToEndTests: XCTestCase {
    var folder: TemporaryFolder!
    var slowPlugin: String!

    override func setUpWithError() throws {
        folder = try temporaryFolder()
        slowPlugin = try CPlugin.build(CPlugin.fixture("test_source.c"), name: "test-source", into: folder.path)
    }

    /// What the terminal showed while `txfeed ARGS` ran on it.
    func inTerminal(_ arguments: [String]) throws -> String {
        try txfeedOnTerminal(arguments, environment: ["TERM": "xterm-256color", "COLUMNS": "100"]).output
    }

    /// The slow source loads until its timeout: 3 s of frames (one each 80 ms), seconds more than
    /// the fast source's ✓ and a shimmer need on a loaded machine.
    func testSkeletonRowsShimmerWhileLoadingThenGiveWayToTheTable() throws {
        let screen = try inTerminal([
            "run", "samples/accounts/checking.json", "-s", slowPlugin + ":mode=sleep", "--timeout", "3",
        ])
        guard let table = screen.range(of: "Everyday Checking") else { return XCTFail("no table:\n\(screen)") }
        let before = screen[..<table.lowerBound]
        XCTAssertTrue(before.contains("▇"), "no skeleton bars before the table")
        XCTAssertTrue(before.contains("loading…"), "no loading status line")
        XCTAssertTrue(before.contains("\u{1B}[38;5;250m"), "no shimmer highlight")
        XCTAssertTrue(before.contains("✓"), "the fast source's status line should show ✓")
        XCTAssertTrue(before.contains("\u{1B}[J"), "the skeleton is erased before the table")
        XCTAssertTrue(before.contains("\u{1B}[?25h"), "the cursor is shown again")
        XCTAssertFalse(screen[table.lowerBound...].contains("▇"), "skeleton drawn after the table")
        XCTAssertTrue(
            screen[table.lowerBound...].contains("test-source (test-source): FAILED"),
            "the summary follows the table on a shared terminal")
    }

    /// A plugin that crashes mid-run is its own process's end: the terminal is put back (the
    /// skeleton erased, the cursor shown) and the other source's table drawn, exit 3.
    func testACrashingPluginLeavesTheTerminalAsItFoundIt() throws {
        let result = try txfeedOnTerminal(
            ["run", "samples/accounts/checking.json", "-s", slowPlugin + ":mode=crash-after-three"],
            environment: ["TERM": "xterm-256color", "COLUMNS": "100"])
        let screen = result.output
        guard let table = screen.range(of: "Everyday Checking") else { return XCTFail("no table:\n\(screen)") }
        let before = screen[..<table.lowerBound]
        XCTAssertTrue(before.contains("▇"), "no skeleton bars before the table")
        XCTAssertTrue(before.contains("\u{1B}[J"), "the skeleton is erased before the table")
        XCTAssertTrue(before.contains("\u{1B}[?25h"), "the cursor is shown again")
        XCTAssertTrue(screen.contains("the plugin crashed: Segmentation fault (signal 11) after 3 documents"), screen)
        XCTAssertEqual(result.status, 3, screen)
    }

    /// A folder of more statements than the screen has lines: the skeleton shows those still
    /// loading and one line counting the rest, never a drawing taller than the screen (which
    /// could not be redrawn in place: each frame would scroll the last one away).
    func testAFolderLargerThanTheScreenKeepsTheSkeletonOnIt() throws {
        let plugins = folder.path + "/claims", statements = folder.path + "/statements"
        for path in [plugins, statements] {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        // Claims *.claim files; one whose name holds "nap" takes 250 ms, so frames are drawn.
        try CPlugin.build(
            CPlugin.fixture("test_source.c"), name: "claims", into: plugins,
            defines: ["TEST_IDENTIFY=95", #"TEST_NAME=\"claims\""#, "TEST_SAY"])
        for i in 0..<200 {
            let name = i % 5 == 0 ? "s\(i)-nap.claim" : "s\(i).claim"
            XCTAssertTrue(FileManager.default.createFile(atPath: statements + "/" + name, contents: Data()))
        }
        let result = try txfeedOnTerminal(
            ["run", statements, "--plugin-path", plugins],
            environment: ["TERM": "xterm-256color", "COLUMNS": "100", "LINES": "20"])
        let raw = result.output
        XCTAssertEqual(result.status, 0, raw)
        XCTAssertTrue(raw.contains("of 200 sources done"), "no line counting the sources:\n\(raw.suffix(3000))")
        // Each frame is drawn after moving back over the one before: never more than the screen.
        let moves = raw.matches(of: #/\x1B\[(\d+)F/#).map { Int($0.1)! }
        XCTAssertFalse(moves.isEmpty, "no frame redrawn:\n\(raw.suffix(3000))")
        XCTAssertLessThanOrEqual(moves.max() ?? 0, 20, "a frame taller than the screen")
        XCTAssertTrue(raw.contains("Alpha"), "the table follows")
    }

    func testNoProgressMeansNoSkeleton() throws {
        let screen = try inTerminal(["run", "samples/accounts/checking.json", "--no-progress"])
        XCTAssertTrue(screen.contains("Everyday Checking"), screen)
        XCTAssertFalse(screen.contains("▇"))
    }

    func testNoEscapeCodesReachPipes() throws {
        let result = try txfeed(
            "run", "samples/accounts/checking.json", "-s", slowPlugin + ":mode=sleep", "--timeout", "1")
        XCTAssertFalse(result.output.contains("\u{1B}"), "escape codes in stdout")
        XCTAssertFalse(result.stderr.contains("\u{1B}"), "escape codes in stderr")
        XCTAssertTrue(result.stderr.contains("test-source (test-source): FAILED: timed out after 1s"), result.stderr)
    }

    // MARK: watch

    func testWatchRefreshesOnTimerAndSIGHUPAndStopsCleanlyOnSIGTERM() throws {
        let watch = try startTxfeed(["watch", "samples/accounts/checking.json", "--sink", "ndjson", "--every", "400ms"])
        // Lines, not a pause: how long a refresh takes is the machine's business.
        try watch.awaitOutput(2 * 8, of: "\n")
        kill(watch.process.processIdentifier, SIGHUP)
        try watch.awaitOutput(3 * 8, of: "\n")
        kill(watch.process.processIdentifier, SIGTERM)
        let result = try watch.finish()
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.output.split(separator: "\n")
        XCTAssertEqual(lines.count % 8, 0, "each refresh writes its mark and the whole feed")
        XCTAssertGreaterThanOrEqual(lines.count / 8, 3, "start + timer ticks + SIGHUP")
    }

    func testWatchStopsOnSIGINTWithExitZero() throws {
        let watch = try startTxfeed(["watch", "samples/accounts/checking.json", "--sink", "ndjson", "--every", "1h"])
        try watch.awaitOutput(8, of: "\n")
        kill(watch.process.processIdentifier, SIGINT)
        let result = try watch.finish()
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.output.split(separator: "\n").count, 8, "the mark and the feed")
    }

    /// `watch … | head`: once the reader has gone no refresh can reach anyone, so watch ends
    /// quietly (exit 0) at the next refresh instead of running on forever.
    func testWatchStopsWhenItsReaderGoes() throws {
        let watch = try startTxfeed(["watch", "samples/accounts/checking.json", "--sink", "ndjson", "--every", "200ms"])
        defer { kill(watch.process.processIdentifier, SIGKILL) }
        XCTAssertFalse(watch.output.fileHandleForReading.availableData.isEmpty, "no first view")
        try watch.output.fileHandleForReading.close()
        let deadline = Date() + 10
        while watch.process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        XCTAssertFalse(watch.process.isRunning, "watch ran on after its reader went")
        XCTAssertEqual(watch.process.terminationReason, .exit)
        XCTAssertEqual(watch.process.terminationStatus, 0)
    }

    /// A stop signal sent while txfeed is still starting is not lost: it is blocked from the
    /// first line of the command and waits for the listener, even when the parent ignored it.
    func testAStopSignalDuringStartUpIsNotLost() throws {
        for signal in [SIGINT, SIGTERM] {
            let watch = try startTxfeed([
                "watch", "samples/accounts/checking.json", "--sink", "ndjson", "--every", "1h",
            ])
            Thread.sleep(forTimeInterval: 0.05)
            kill(watch.process.processIdentifier, signal)
            let result = try watch.finish(within: 20)
            // Either it died of the signal before txfeed's first line ran, or it stopped cleanly.
            XCTAssertTrue(
                watch.process.terminationReason == .uncaughtSignal || result.status == 0,
                "signal \(signal): status \(result.status)\n\(result.stderr)")
        }
    }

    /// `nohup txfeed run … &`: a stop signal ignored when txfeed started stays ignored, so the
    /// run survives the terminal closing and writes its feed.
    func testASignalIgnoredAtStartStaysIgnored() throws {
        let run = shellQuoted([
            BuiltProducts.txfeed, "run", "samples/accounts/checking.json", "-s", slowPlugin + ":mode=sleep",
            "--timeout", "1.5", "--sink", "ndjson",
        ])
        let shell = "trap '' HUP; \(run) & pid=$!; sleep 0.5; kill -HUP $pid; wait $pid; echo \"status=$?\" >&2"
        let result = try runCommand("/usr/bin/env", ["--default-signal", "/bin/sh", "-c", shell])
        XCTAssertTrue(result.stderr.contains("status=3"), "killed by the ignored SIGHUP?\n\(result.stderr)")
        XCTAssertEqual(result.output.split(separator: "\n").count, 7)
    }

    /// Ctrl-C during `run` writing to a file: no temporary file is left, the old file stays,
    /// and the process ends the way an interrupted program does (killed by SIGINT).
    /// SIGQUIT is a stop like the others: the run dies of it, commits nothing and leaves no
    /// temporary file (it used to reach Swift's crash reporter, and the run went on to exit 0),
    /// whether it comes at once (while the arguments are parsed, before the run listens: there
    /// it still reached the reporter) or while a source runs.
    func testSIGQUITStopsWithoutCommitting() throws {
        let output = try folder.write("feed.csv", "old\n")
        for (command, atOnce) in [("run", true), ("run", false), ("watch", false)] {
            let run = try startTxfeed([
                command, "samples/accounts/checking.json", "-s", slowPlugin + ":mode=sleep", "--timeout", "30", "-o",
                output,
            ])
            // At once (no wait: start-up, where SIGQUIT once reached Swift's crash reporter),
            // else once a child started: past start-up, whatever the machine's load.
            if !atOnce {
                try awaitCondition("txfeed's plugin host child") {
                    TxfeedProcesses.hasChildren(run.process.processIdentifier)
                }
            }
            kill(run.process.processIdentifier, SIGQUIT)
            let result = try run.finish(within: 20)
            XCTAssertEqual(run.process.terminationReason, .uncaughtSignal, "\(command): \(result.stderr)")
            XCTAssertEqual(result.status, SIGQUIT, command)
            XCTAssertFalse(result.stderr.contains("Backtrac"), result.stderr)
            XCTAssertEqual(try String(contentsOfFile: output, encoding: .utf8), "old\n", command)
            XCTAssertEqual(folder.contents().filter { $0.contains(".txfeed-") }, [], "temporary files left behind")
        }
    }

    /// A SIGQUIT while the libraries start, before main (a Ctrl-\\ at once, on a loaded machine):
    /// Swift's crash reporter took it and let the run go on. A preloaded library raises it from
    /// its constructor, which runs after the Swift runtime's: held until main, it ends the run.
    func testSIGQUITBeforeMainStopsWithoutCommitting() throws {
        // Read to its end: a file of /proc says its size is 0.
        let maps = String(
            decoding: try XCTUnwrap(FileHandle(forReadingAtPath: "/proc/self/maps")).readDataToEndOfFile(),
            as: UTF8.self)
        let runtime = try XCTUnwrap(
            maps.split(separator: "\n").lazy.compactMap { $0.split(separator: " ").last }
                .first { $0.hasSuffix("/libswiftCore.so") })
        let library = folder.path + "/libquit-at-load.so"
        let built = try runCommand(
            "/bin/sh",
            [
                "-c", "cc -shared -fPIC -o \"$1\" \"$2\" -L\"$3\" -Wl,--no-as-needed -lswiftCore", "sh", library,
                CPlugin.fixture("quit_at_load.c"), String(runtime.dropLast("/libswiftCore.so".count)),
            ])
        XCTAssertEqual(built.status, 0, built.stderr)
        let output = try folder.write("feed.csv", "old\n")
        // The shell tells a death by SIGQUIT (131) from exit status 3; env gives txfeed alone the
        // library, and SIGQUIT's default action should this process have been started ignoring it.
        let result = try runCommand(
            "/bin/sh",
            [
                "-c",
                "env --default-signal=QUIT LD_PRELOAD=\"$1\" \"$2\" run samples/accounts/checking.json -s \"$3\" --timeout 30 -o \"$4\"; echo $?",
                "sh", library, BuiltProducts.txfeed, slowPlugin + ":mode=sleep", output,
            ], deadline: 20)
        XCTAssertEqual(String(decoding: result.stdout, as: UTF8.self), "\(128 + SIGQUIT)\n", result.stderr)
        XCTAssertFalse(result.stderr.contains("Backtrac"), result.stderr)
        XCTAssertEqual(try String(contentsOfFile: output, encoding: .utf8), "old\n")
        XCTAssertEqual(folder.contents().filter { $0.contains(".txfeed-") }, [], "temporary files left behind")
    }

    func testInterruptedRunLeavesTheOldFileAndNoTemporaryFile() throws {
        let output = try folder.write("feed.csv", "old\n")
        let run = try startTxfeed([
            "run", "samples/accounts/checking.json", "-s", slowPlugin + ":mode=sleep", "--timeout", "30", "-o", output,
        ])
        try awaitCondition("txfeed's plugin host child") { TxfeedProcesses.hasChildren(run.process.processIdentifier) }
        kill(run.process.processIdentifier, SIGINT)
        let result = try run.finish(within: 20)
        XCTAssertEqual(run.process.terminationReason, .uncaughtSignal, result.stderr)
        XCTAssertEqual(result.status, SIGINT)
        XCTAssertEqual(try String(contentsOfFile: output, encoding: .utf8), "old\n")
        XCTAssertEqual(folder.contents().filter { $0.contains(".txfeed-") }, [], "temporary files left behind")
    }

    func testFailedRefreshKeepsTheLastGoodFile() throws {
        let input = try folder.write(
            "in.json",
            try String(contentsOfFile: BuiltProducts.repository + "/samples/accounts/checking.json", encoding: .utf8))
        let output = folder.path + "/feed.csv"
        let watch = try startTxfeed(["watch", input, "-o", output, "--every", "300ms"])
        defer { kill(watch.process.processIdentifier, SIGKILL) }
        // Events, not pauses: the first refresh's file (put in place whole), then a refresh
        // that failed for want of its input.
        try awaitCondition("the first refresh's \(output)") { FileManager.default.fileExists(atPath: output) }
        let good = try Data(contentsOf: URL(fileURLWithPath: output))
        try FileManager.default.removeItem(atPath: input)
        try watch.awaitOutput(1, of: "refresh failed", on: .stderr)
        kill(watch.process.processIdentifier, SIGTERM)
        let result = try watch.finish()
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            try Data(contentsOf: URL(fileURLWithPath: output)), good, "a failed refresh replaced the last good file")
        XCTAssertTrue(result.stderr.contains("refresh failed"), result.stderr)
        XCTAssertEqual(folder.contents().filter { $0.contains(".txfeed-") }, [], "temporary files left behind")
    }

    /// `txfeed watch ARGS` on a terminal, stopped by SIGTERM from timeout(1) after `seconds`.
    ///
    /// - Parameters:
    ///   - foreground: keep it in the terminal's foreground process group, as when typed at a
    ///     prompt; otherwise timeout's own group puts it in the background, as `&` would.
    ///   - typing: typed at the terminal meanwhile.
    func watchOnTerminal(
        _ arguments: [String], for seconds: Double, foreground: Bool = true,
        typing: Typing = Typing()
    ) throws -> CommandResult {
        let watch = shellQuoted([BuiltProducts.txfeed, "watch"] + arguments)
        // `; :` makes the shell fork rather than exec, so that timeout is not the session
        // leader and its own process group (the background) is really made. In the foreground
        // the shell execs, so that Ctrl-C typed at the terminal reaches timeout and watch, not
        // a shell that would die of it and hide their status.
        let command =
            foreground
            ? "exec timeout --foreground --preserve-status -s TERM \(seconds) \(watch)"
            : "timeout --preserve-status -s TERM \(seconds) \(watch); :"
        return try runOnTerminal(command, typing: typing, environment: ["TERM": "xterm-256color"])
    }

    func testWatchRedrawsInATerminalWithTheSkeletonAgain() throws {
        // SIGTERM after 4 s (seconds more than a view and a redraw take on a loaded machine):
        // watch must leave with 0 and the cursor shown.
        let result = try watchOnTerminal(["samples/accounts/checking.json", "--every", "300ms"], for: 4)
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertGreaterThanOrEqual(
            result.output.components(separatedBy: "Everyday Checking").count - 1, 2, "the view was redrawn")
        XCTAssertTrue(result.output.contains("Enter or SIGHUP refreshes"), result.output)
        XCTAssertTrue(result.output.contains("\u{1B}[?25h"), "the cursor is shown again")
    }

    /// Started in the background of a terminal: Enter belongs to the shell, so watch must not
    /// read the terminal (and be stopped by SIGTTIN) but keep drawing and stop cleanly.
    func testWatchInTheBackgroundOfATerminalIsNotStoppedByTheTerminal() throws {
        let result = try watchOnTerminal(
            ["samples/accounts/checking.json", "--every", "300ms"], for: 4, foreground: false,
            typing: Typing([(0.5, "\n")]))
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertGreaterThanOrEqual(
            result.output.components(separatedBy: "Everyday Checking").count - 1, 2,
            "the timer still redraws:\n\(result.output)")
        XCTAssertTrue(result.output.contains("\u{1B}[?25h"), "the cursor is shown again")
    }

    func testEnterOnTheTerminalRefreshesAtOnce() throws {
        // Only Enter can redraw within the hour: press it once, a second in, and give the
        // redraw seconds before the stop.
        let result = try watchOnTerminal(
            ["samples/accounts/checking.json", "--every", "1h"], for: 4,
            typing: Typing([(1, "\n")]))
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertEqual(
            result.output.components(separatedBy: "Everyday Checking").count - 1, 2,
            "one view at start, one after Enter:\n\(result.output)")
    }

    /// Ctrl-D (end of input) on the terminal stops watch like Ctrl-C; so does the terminal
    /// closing, which reads the same way.
    func testEndOfInputOnTheTerminalStopsWatch() throws {
        let start = Date()
        let result = try watchOnTerminal(
            ["samples/accounts/checking.json", "--every", "1h"], for: 20,
            typing: Typing([(1, "\u{04}")]))
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertLessThan(Date().timeIntervalSince(start), 15, "watch did not stop on Ctrl-D")
        XCTAssertTrue(result.output.contains("\u{1B}[?25h"), "the cursor is shown again")
    }

    /// Ctrl-C while a refresh is still loading takes the skeleton down as `run` does: the rows
    /// erased, the cursor shown; watch then ends with exit 0 without drawing the refresh.
    func testCtrlCWhileWatchIsLoadingErasesTheSkeleton() throws {
        let start = Date()
        let result = try watchOnTerminal(
            ["samples/accounts/checking.json", "-s", slowPlugin + ":mode=sleep", "--timeout", "30", "--every", "1h"],
            for: 60, typing: Typing([(3, "\u{03}")]))
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertLessThan(Date().timeIntervalSince(start), 20, "watch did not stop on Ctrl-C")
        let raw = result.output
        guard let lastBar = raw.range(of: "▇", options: .backwards) else {
            return XCTFail("no skeleton while loading:\n\(raw)")
        }
        XCTAssertTrue(raw[lastBar.upperBound...].contains("\u{1B}[?25h"), "the cursor is shown again")
        let screen = TerminalScreen(replaying: raw).text
        XCTAssertFalse(screen.contains("▇"), "skeleton rows left on the screen:\n\(screen)")
        XCTAssertFalse(screen.contains("loading…"), "a status line left on the screen:\n\(screen)")
        XCTAssertFalse(raw.contains("Everyday Checking"), "the interrupted refresh was drawn:\n\(screen)")
    }

    /// With `-o` the feed goes to a file, so there is no table for skeleton rows to stand in
    /// for: one status line, redrawn in place with the running record count, then the summary.
    /// The slow source loads for 3 s (redraws each 80 ms), and the stop comes 4 s after that.
    func testWatchWritingAFileShowsOneStatusLineNotTheSkeleton() throws {
        let output = folder.path + "/feed.csv"
        let result = try watchOnTerminal(
            [
                "samples/accounts/checking.json", "-s", slowPlugin + ":mode=sleep", "--timeout", "3", "-o", output,
                "--every", "1h",
            ], for: 7)
        XCTAssertEqual(result.status, 0, result.output)
        try assertOneStatusLine(result.output, counting: "refresh 1: 7 records from 2 sources…")
        XCTAssertTrue(try String(contentsOfFile: output, encoding: .utf8).hasPrefix("date,day,account,vendor,"))
    }

    /// The same for `run`: with its feed in a file, progress is the status line too.
    func testRunWritingAFileShowsOneStatusLineNotTheSkeleton() throws {
        let output = folder.path + "/feed.csv"
        let result = try txfeedOnTerminal(
            [
                "run", "samples/accounts/checking.json", "-s", slowPlugin + ":mode=sleep", "--timeout", "3", "-o",
                output,
            ],
            environment: ["TERM": "xterm-256color", "COLUMNS": "100"])
        XCTAssertEqual(result.status, 3, result.output)
        try assertOneStatusLine(result.output, counting: "7 records from 2 sources…")
        XCTAssertFalse(result.output.contains("refresh"), result.output)
    }

    /// No skeleton; `line` shown, every redraw of the status line over the last on one line
    /// (no line break until the summary), and nothing of it left on the screen at the end.
    private func assertOneStatusLine(
        _ raw: String, counting line: String, file: StaticString = #filePath, lineNumber: UInt = #line
    ) throws {
        XCTAssertFalse(
            raw.contains("▇"), "skeleton rows for a table that goes to a file:\n\(raw)", file: file, line: lineNumber)
        XCTAssertTrue(raw.contains(line), raw, file: file, line: lineNumber)
        guard let first = raw.range(of: " records from "), let summary = raw.range(of: "checking (fixture): ok") else {
            return XCTFail("no status line or no summary:\n\(raw)", file: file, line: lineNumber)
        }
        let progress = raw[first.lowerBound..<summary.lowerBound]
        XCTAssertGreaterThan(
            progress.components(separatedBy: " records from ").count, 3, "redrawn as it runs", file: file,
            line: lineNumber)
        XCTAssertFalse(
            progress.contains("\n"), "the status line is redrawn in place:\n\(progress)", file: file, line: lineNumber)
        XCTAssertTrue(progress.contains("\u{1B}[?25h"), "the cursor is shown again", file: file, line: lineNumber)
        let screen = TerminalScreen(replaying: raw).text
        XCTAssertFalse(
            screen.contains("records from"), "the status line is left on the screen:\n\(screen)", file: file,
            line: lineNumber)
        XCTAssertTrue(
            screen.contains("test-source (test-source): FAILED: timed out after 3s"), screen, file: file,
            line: lineNumber)
    }

    func testAFailedRefreshOnTheTerminalPutsTheLastGoodViewBackWithANote() throws {
        let input = try folder.write(
            "in.json",
            try String(contentsOfFile: BuiltProducts.repository + "/samples/accounts/checking.json", encoding: .utf8))
        // The file disappears after the first view: later refreshes fail. (After 2.5 s, not
        // sooner: on a busy machine the first view took longer than 0.7 s, and with no good
        // view yet there is none to put back; and seconds for a failed refresh after it.)
        DispatchQueue.global().asyncAfter(deadline: .now() + 2.5) { unlink(input) }
        let result = try watchOnTerminal([input, "--every", "400ms"], for: 5.5)
        XCTAssertEqual(result.status, 0, result.output)
        guard let failed = result.output.range(of: "refresh failed") else {
            return XCTFail("no note:\n\(result.output)")
        }
        let beforeNote = result.output[..<failed.lowerBound]
        guard let lastClear = beforeNote.range(of: "\u{1B}[2J", options: .backwards) else {
            return XCTFail("no redraw")
        }
        XCTAssertTrue(
            beforeNote[lastClear.upperBound...].contains("Everyday Checking"),
            "the last good view is shown again above the note")
        XCTAssertTrue(result.output.contains("showing the last good feed"), result.output)
    }
}
