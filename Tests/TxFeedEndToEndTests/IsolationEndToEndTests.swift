import Foundation
import TxFeedTestSupport
import XCTest

/// Plugins in their own processes, with a misbehaving C plugin beside a good source: whatever
/// the plugin does stays in its process, and everything the good source delivered is written.
final class IsolationEndToEndTests: XCTestCase {
    var folder: TemporaryFolder!
    var testPlugin: String!
    /// The good source beside it: 7 transactions.
    let good = "samples/accounts/checking.json"

    override func setUpWithError() throws {
        folder = try temporaryFolder()
        testPlugin = try CPlugin.build(CPlugin.fixture("test_source.c"), name: "test-source", into: folder.path)
    }

    private func run(_ mode: String, _ more: String..., sink: String = "ndjson") throws -> CommandResult {
        try txfeed(arguments: ["run", "-s", testPlugin + ":mode=" + mode, good, "--sink", sink] + more)
    }

    func testACrashOrAnExitFailsOnlyItsSourceWithTheCause() throws {
        let causes = [
            "crash-after-three": "the plugin crashed: Segmentation fault (signal 11) after 3 documents",
            "abort": "the plugin crashed: Aborted (signal 6) after 3 documents",
            "bus": "the plugin crashed: Bus error (signal 7) after 3 documents",
            "_exit": "the plugin ended its process (exit status 3) after 3 documents",
            "exit-after-three": "the plugin ended its process (exit status 0) after 3 documents",
        ]
        for (mode, cause) in causes {
            let result = try run(mode)
            XCTAssertEqual(result.status, 3, "\(mode): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(cause), "\(mode): \(result.stderr)")
            // The good source's 7, and the 3 envelopes of 2 that reached txfeed before the end.
            let lines = result.output.split(separator: "\n")
            XCTAssertEqual(lines.count, 13, "\(mode): \(result.output)")
            XCTAssertEqual(lines.filter { $0.contains(#""account":"Test Account""#) }.count, 6, mode)
        }
    }

    func testACrashIsStillExitThreeUnderStrictAndAnExitIsNeverSuccess() throws {
        let result = try run("exit", "--strict")
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(
            result.stderr.contains("the plugin ended its process (exit status 0) after 0 documents"), result.stderr)
        XCTAssertTrue(result.output.isEmpty, result.output)
    }

    func testInProcessACrashStillTakesTxfeedDownWhichIsWhyItIsNotTheDefault() throws {
        let result = try run("crash", "--isolation", "in-process")
        XCTAssertNotEqual(result.status, 0)
        XCTAssertNotEqual(result.status, 3, result.stderr)
        XCTAssertTrue(result.output.isEmpty)
    }

    func testWhatThePluginPrintsGoesToStderrVisibleAndBounded() throws {
        let result = try run("print")
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.output.split(separator: "\n")
        XCTAssertEqual(lines.count, 9, result.output)
        XCTAssertTrue(lines.allSatisfy { $0.hasPrefix("{") && $0.hasSuffix("}") }, result.output)
        XCTAssertFalse(result.output.contains("hello"))
        XCTAssertTrue(
            result.stderr.contains("txfeed: test-source: plugin output: hello from the plugin's stdout"), result.stderr)
        XCTAssertTrue(result.stderr.contains(#"plugin output: \x1b]52;c;ZXZpbA==\x07 and its stderr"#), result.stderr)
        XCTAssertFalse(result.stderr.contains("\u{1B}"), "a raw escape reached stderr")
        let noise = result.stderr.components(separatedBy: "plugin output: noise").count - 1
        XCTAssertEqual(noise, 198, "two lines came before the noise; 200 in all")
        XCTAssertTrue(result.stderr.contains("plugin output: more lines than 200, not shown"), result.stderr)
    }

    func testWhatThePluginChangesInItsProcessStaysThere() throws {
        let result = try run("tamper")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.output.split(separator: "\n").count, 9, result.output)
        // txfeed's own stderr is intact: the summary is there.
        XCTAssertTrue(result.stderr.contains("read 2 = written 2 + rejected 0"), result.stderr)
    }

    func testAPluginOverItsMemoryFailsWithThatReasonAndTheRunGoesOn() throws {
        let result = try run("hog", "--plugin-memory", "256M")
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertTrue(result.stderr.contains("the plugin crashed: Aborted (signal 6)"), result.stderr)
        XCTAssertTrue(result.stderr.contains("its process may use at most 256 MiB, --plugin-memory"), result.stderr)
        XCTAssertEqual(result.output.split(separator: "\n").count, 7, result.output)
    }

    func testPluginMemoryIsASizeAndNeedsAProcess() throws {
        for (arguments, message) in [
            (["--plugin-memory", "lots"], "--plugin-memory must be a size of at least 64M"),
            (["--plugin-memory", "1M"], "--plugin-memory must be a size of at least 64M"),
            (["--plugin-memory", "1G", "--isolation", "in-process"], "it needs --isolation process"),
        ] {
            let result = try txfeed(arguments: ["run", good] + arguments)
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertTrue(result.stderr.contains(message), result.stderr)
        }
    }

    func testGarbageOnTheWireFailsTheSourceNeverTheRun() throws {
        let result = try run("fd3")
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertTrue(result.stderr.contains("the plugin host sent a garbled message"), result.stderr)
        XCTAssertEqual(result.output.split(separator: "\n").count, 7, result.output)
    }

    func testAnIsolatedRunWritesWhatAnInProcessRunWrites() throws {
        for mode in ["ok", "stream", "dom", "entries", "balance", "log", "slow-stream"] {
            let isolated = try run(mode, sink: "csv")
            let inProcess = try run(mode, "--isolation", "in-process", sink: "csv")
            XCTAssertEqual(isolated.status, inProcess.status, mode)
            XCTAssertEqual(isolated.output, inProcess.output, mode)
            XCTAssertFalse(isolated.output.isEmpty, mode)
            func summary(_ text: String) -> [String] {
                text.split(separator: "\n").map {
                    $0.replacingOccurrences(of: #", \d+ ms"#, with: "", options: .regularExpression)
                }
            }
            XCTAssertEqual(summary(isolated.stderr), summary(inProcess.stderr), mode)
        }
    }

    /// The child sends a streamed account up while it is still open (the plugin pauses between
    /// batches); txfeed keeps it only once it ends well: a failed or unended account leaves
    /// its failure alone.
    func testAStreamedAccountSentUpBeforeItEndsIsKeptOnlyIfItEndsWell() throws {
        let result = try run("slow-stream")
        XCTAssertEqual(result.status, 3, result.stderr)
        let accounts = result.output.split(separator: "\n").compactMap { line -> String? in
            guard let data = line.data(using: .utf8),
                let record = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
            else { return nil }
            return record["account"] as? String
        }
        XCTAssertEqual(
            accounts.filter { $0.hasPrefix("Slow") }.sorted(),
            ["Slow", "Slow", "Slow", "Slow", "Slow last", "Slow last"])
        XCTAssertEqual(accounts.count, 6 + 7, result.output)
        XCTAssertTrue(result.stderr.contains("test:slow: balances do not reconcile"), result.stderr)
        XCTAssertTrue(result.stderr.contains("test:slow: begin_account again before end_account"), result.stderr)
    }

    /// The rows such an account rejects go up with it and are kept on the same terms: in
    /// `--rejects` and the summary only for the accounts that end well, in their order, the
    /// same from a plugin host child as in-process.
    func testTheRejectsOfAStreamedAccountSentUpBeforeItEndsAreKeptOnlyIfItEndsWell() throws {
        let runs = try rejectsInBothIsolations("slow-stream")
        for (isolation, result, records) in runs {
            XCTAssertEqual(
                records.map { $0["path"] as? String },
                ["line 0.0", "line 0.1", "line 0.2", "line 0.3", "line 3.0", "line 3.1"],
                isolation)
            XCTAssertEqual(records.map { $0["record"] as? String }.last, "Slow last;1;x", isolation)
            XCTAssertTrue(result.stderr.contains("+ rejected 6,"), result.stderr)
            XCTAssertTrue(result.stderr.contains("rejected test:slow line 3.1: not an amount"), result.stderr)
        }
    }

    /// Rows rejected past what a small account may hold (1 MiB of calls) still belong to their
    /// account: in order after its earlier ones, with its origin, and gone when it fails.
    func testRejectsThatOutgrowASmallAccountStayInItsPlace() throws {
        let runs = try rejectsInBothIsolations("many-rejects")
        for (isolation, result, records) in runs {
            XCTAssertTrue(result.stderr.contains("+ rejected 12000,"), result.stderr)
            XCTAssertTrue(result.stderr.contains("rejected test:many line 1: not an amount"), result.stderr)
            XCTAssertEqual(records.count, 12000, isolation)
            XCTAssertEqual(records.map { $0["path"] as? String }, (1...12000).map { "line \($0)" }, isolation)
            XCTAssertEqual(Set(records.map { $0["origin"] as? String }), ["test:many"], isolation)
        }
    }

    /// Runs `mode` with `--rejects`, isolated and in-process (each must exit 3, and both must
    /// write the same rejects file): each run's result and its rejected records, the failed
    /// documents left out.
    private func rejectsInBothIsolations(_ mode: String) throws
        -> [(isolation: String, result: CommandResult, records: [[String: Any]])]
    {
        var runs: [(isolation: String, result: CommandResult, records: [[String: Any]])] = []
        var files: [String] = []
        for isolation in ["process", "in-process"] {
            let path = folder.path + "/\(mode)-\(isolation).ndjson"
            let result = try run(mode, "--rejects", path, "--isolation", isolation)
            XCTAssertEqual(result.status, 3, result.stderr)
            let text = try String(contentsOfFile: path, encoding: .utf8)
            files.append(text)
            let records = text.split(separator: "\n").compactMap { line -> [String: Any]? in
                try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            }.filter { $0["path"] as? String != "document" }
            runs.append((isolation, result, records))
        }
        XCTAssertEqual(files[0], files[1], "\(mode): the isolated run's rejects are the in-process run's")
        return runs
    }

    /// A crash while an account is open loses that account, even though its records went up
    /// already; what the plugin delivered before it is kept.
    func testACrashInsideAnAccountSentUpLeavesNothingOfIt() throws {
        let result = try run("crash-in-account")
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertTrue(
            result.stderr.contains(
                "the plugin crashed: Segmentation fault (signal 11) after 1 document; delivered 1 document before failing"
            ),
            result.stderr)
        XCTAssertFalse(result.output.contains("Slow"), result.output)
        XCTAssertEqual(result.output.split(separator: "\n").count, 7 + 2, result.output)
    }

    /// A library constructor runs where the plugin is loaded: in its child, for planning and
    /// listing too, so what it prints never reaches txfeed's stdout, even when the ABI check
    /// then refuses the plugin.
    func testAConstructorRunsInTheChildNeverInTxfeed() throws {
        let constructed = try CPlugin.build(
            CPlugin.fixture("test_source.c"), name: "constructed", into: folder.path,
            defines: ["TEST_CONSTRUCTOR", "TEST_NAME=\\\"constructed\\\""])
        let line = "the test plugin's constructor ran"
        let result = try txfeed("run", "-s", constructed + ":mode=ok", good, "--sink", "csv", "--no-progress")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.output.contains(line), result.output)
        // Prefixed with the file, or with the source when the relay read it after the run began.
        XCTAssertTrue(result.stderr.contains("plugin output: \(line)"), result.stderr)
        // In-process, it is txfeed's own stdout the constructor writes to.
        let inProcess = try txfeed(
            "run", "-s", constructed + ":mode=ok", good, "--sink", "csv", "--no-progress", "--isolation", "in-process")
        XCTAssertTrue(inProcess.output.contains(line), inProcess.output)

        let refused = try CPlugin.build(
            CPlugin.fixture("test_source.c"), name: "refused", into: folder.path,
            defines: ["TEST_CONSTRUCTOR", "TEST_ABI_VERSION=99", "TEST_NAME=\\\"refused\\\""])
        let refusal = try txfeed("run", "-s", refused + ":mode=ok", good, "--no-progress")
        XCTAssertEqual(refusal.status, 2, refusal.stderr)
        XCTAssertTrue(
            refusal.stderr.contains("plugin ABI version 99 does not match this txfeed's ABI version 1"), refusal.stderr)
        XCTAssertTrue(refusal.output.isEmpty, refusal.output)

        let list = try txfeed("plugins", "list", "--plugin-path", folder.path)
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertFalse(list.output.contains(line), list.output)
        XCTAssertTrue(list.output.contains("constructed  source  ABI 1"), list.output)
        XCTAssertTrue(list.output.contains("refused  not loadable"), list.output)
    }

    /// The children a run needs start while it is still being planned, one per source up to
    /// the plugin's cap, the planning child (which loaded the plugin to read its descriptor)
    /// counted as the first: a source takes a child readied for it and never starts another. A
    /// constructor's line counts the processes that loaded the plugin: one for one source, at
    /// most one per source for more (fewer when a quick source's child goes on to the next one
    /// before a later child is up to say so). Under `--plugin-memory` the planning child ends
    /// and each source's child is started for it.
    func testEachSourceRunsInTheChildReadiedForItAndNoOtherStarts() throws {
        let constructed = try CPlugin.build(
            CPlugin.fixture("test_source.c"), name: "constructed", into: folder.path,
            defines: ["TEST_CONSTRUCTOR", "TEST_NAME=\\\"constructed\\\""])
        let line = "the test plugin's constructor ran"
        for sources in [1, 3] {
            var arguments = ["run"]
            for i in 0..<sources { arguments += ["-s", constructed + ":mode=ok,name=s\(i)"] }
            let result = try txfeed(arguments: arguments + ["--sink", "csv", "--no-progress"])
            XCTAssertEqual(result.status, 0, result.stderr)
            let loads = result.stderr.split(separator: "\n").filter { $0.hasSuffix(line) }.count
            if sources == 1 {
                XCTAssertEqual(loads, 1, result.stderr)
            } else {
                XCTAssertTrue((1...sources).contains(loads), result.stderr)
            }
        }
        let limited = try txfeed(
            "run", "-s", constructed + ":mode=ok,name=s0", "--plugin-memory", "1G", "--sink", "csv", "--no-progress")
        XCTAssertEqual(limited.status, 0, limited.stderr)
        XCTAssertEqual(limited.stderr.split(separator: "\n").filter { $0.hasSuffix(line) }.count, 2, limited.stderr)
    }

    /// A plugin whose constructor crashes is a plugin that cannot be loaded, named as such.
    func testAConstructorThatCrashesIsALoadError() throws {
        let source = folder.path + "/crashing.c"
        try """
        #include <stdlib.h>
        __attribute__((constructor)) static void boom(void) { abort(); }
        """.write(toFile: source, atomically: true, encoding: .utf8)
        let plugin = try CPlugin.build(source, name: "crashing", into: folder.path)
        let result = try txfeed("run", "-s", plugin, good, "--no-progress")
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(
            result.stderr.contains("libcrashing.so: the plugin's process ended while loading it (Aborted (signal 6))"),
            result.stderr)
    }

    /// A sink plugin runs in a child too: its crash or exit fails the run's output ("nothing
    /// written", exit 1) with the cause, and no built-in sink's file is committed or left behind.
    func testACrashingSinkFailsTheOutputWithTheCauseAndLeavesNoFile() throws {
        try CPlugin.build(CPlugin.fixture("test_sink.c"), name: "test-sink", into: folder.path)
        let out = folder.path + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
        try folder.write("out/feed.csv", "old feed\n")
        for (stage, cause) in [
            ("crash", "the plugin crashed: Segmentation fault (signal 11)"),
            ("exit", "the plugin ended its process (exit status 0)"),
        ] {
            let result = try txfeed(
                "run", good, "--sink", "csv,path=\(out)/feed.csv", "--sink",
                "test-sink,path=\(out)/calls.txt,fail=\(stage)",
                "--plugin-path", folder.path, "--no-progress")
            XCTAssertEqual(result.status, 1, result.stderr)
            XCTAssertTrue(result.stderr.contains("sink 'test-sink': \(cause); nothing written"), result.stderr)
            XCTAssertEqual(try folder.read("out/feed.csv"), Data("old feed\n".utf8), stage)
            let left = try FileManager.default.contentsOfDirectory(atPath: out)
            XCTAssertEqual(left, ["feed.csv"], stage)
        }
    }

    /// A hung plugin's process is ended at each refresh: txfeed's threads, descriptors and
    /// children stay flat. The timeout (every source's) leaves the good source, a few
    /// milliseconds of its own, seconds to spare on a loaded machine: only the hung one times out.
    func testATimedOutChildIsEndedAndNothingLeaksOverTwentyRefreshes() throws {
        let watch = try WatchProcess(
            [
                "-s", testPlugin + ":mode=ignore-cancel", good, "-o", folder.path + "/feed.csv", "--no-progress",
                // Each refresh waits out the hung source's timeout and its second of grace.
                "--every", "10ms", "--timeout", "0.5",
            ], log: folder.path + "/stderr.log")
        defer { watch.stop() }
        let pid = watch.pid
        let refreshed = "did not stop; its process was ended"
        func count(_ folder: String) -> Int {
            (try? FileManager.default.contentsOfDirectory(atPath: folder).count) ?? -1
        }
        func children() -> Int {
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
            return tasks.reduce(0) { sum, task in
                let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? ""
                return sum + text.split(separator: " ").count
            }
        }
        // The fewest of several looks: a refresh under way has threads and descriptors of its
        // own for a moment, which one look can catch at one end and miss at the other; a leak
        // raises the fewest too.
        func settled() -> (threads: Int, descriptors: Int, children: Int) {
            var fewest = (threads: Int.max, descriptors: Int.max, children: Int.max)
            for _ in 0..<8 {
                fewest.threads = min(fewest.threads, count("/proc/\(pid)/task"))
                fewest.descriptors = min(fewest.descriptors, count("/proc/\(pid)/fd"))
                // A child of the refresh before may be ending (killed, not yet reaped) at one look.
                fewest.children = min(fewest.children, children())
                usleep(25_000)
            }
            return fewest
        }
        try watch.wait(for: 3, of: refreshed)
        let early = settled()
        try watch.wait(for: 20, of: refreshed)
        let late = settled()
        XCTAssertLessThanOrEqual(
            late.threads, early.threads + 2, "threads grew from \(early.threads) to \(late.threads)")
        // The looks may all fall inside one refresh (each waits out the hung source's timeout),
        // which holds three descriptors a child (its data, control and output pipes), for two
        // children; a leak of one a refresh would be twenty.
        XCTAssertLessThanOrEqual(
            late.descriptors, early.descriptors + 3 * 2 + 1,
            "descriptors grew from \(early.descriptors) to \(late.descriptors)")
        // At most the refresh under way's: one child for each of the two sources' plugins.
        XCTAssertLessThanOrEqual(late.children, 2, "children of earlier refreshes are still there")
    }
}
