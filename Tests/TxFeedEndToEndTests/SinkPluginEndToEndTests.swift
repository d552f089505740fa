import Foundation
import TxFeedTestSupport
import XCTest

/// Sink plugins as the CLI runs them: `--sink NAME` through the plugin search path, their
/// options, their output files (atomic), and a failing sink (exit 1, nothing committed).
final class SinkPluginEndToEndTests: XCTestCase {
    var folder: TemporaryFolder!
    let checking = BuiltProducts.repository + "/samples/accounts/checking.json"

    override func setUpWithError() throws {
        folder = try temporaryFolder()
    }

    func build(_ fixture: String, name: String, defines: [String] = []) throws {
        try CPlugin.build(fixture, name: name, into: folder.path, defines: defines)
    }

    func summary() throws {
        try build(BuiltProducts.repository + "/samples/plugins/summary-sink/summary.c", name: "summary")
    }

    /// `--sink summary > out.md`: with no built-in sink on stdout, the plugin's own stdout is
    /// txfeed's, so a redirected file holds the plugin's table and nothing else (no text view,
    /// no diagnostics), in both isolation modes.
    func testASinkPluginWithoutAPathWritesStdoutAlone() throws {
        try summary()
        for isolation in ["process", "in-process"] {
            let out = folder.path + "/out-\(isolation).md"
            let shell = try runCommand(
                "/bin/sh",
                [
                    "-c", #"exec "$0" "$@" > "$OUT""#, BuiltProducts.txfeed, "run", checking, "--sink", "summary",
                    "--plugin-path", folder.path, "--isolation", isolation,
                ], environment: ["OUT": out])
            XCTAssertEqual(shell.status, 0, shell.stderr)
            let table = String(decoding: try Data(contentsOf: URL(fileURLWithPath: out)), as: UTF8.self)
            XCTAssertTrue(
                table.hasPrefix("# Totals by vendor\n\n| currency | vendor | count | in | out | net |\n"), table)
            XCTAssertTrue(table.contains("| USD | Starbucks | 1 | 0.00 | 4.50 | -4.50 |\n"), table)
            XCTAssertTrue(table.contains("- source checking (fixture): success, 7 transactions\n"), table)
            XCTAssertTrue(table.hasSuffix("- read 7 = written 7 + rejected 0\n"), table)
            // Every line is the table's: a heading, a row, a list item or blank — no text view.
            let foreign = table.split(separator: "\n").filter { !["#", "|", "-"].contains($0.prefix(1)) }
            XCTAssertEqual(foreign, [], isolation)
            XCTAssertFalse(shell.stderr.contains("Totals by vendor"), shell.stderr)
            XCTAssertTrue(shell.stderr.contains("checking (fixture): ok, read 7"), shell.stderr)
        }
        // Through a pipe too, and `-o -` is the same stdout, handed over rather than reopened.
        let piped = try txfeed("run", checking, "--sink", "summary", "-o", "-", "--plugin-path", folder.path)
        XCTAssertEqual(piped.status, 0, piped.stderr)
        XCTAssertTrue(piped.output.hasPrefix("# Totals by vendor\n"), piped.output)
    }

    /// Two sinks on stdout (a built-in one and a path-less plugin, or two plugins) are a usage
    /// error naming both, before any source runs; a plugin that declares no `path` writes where
    /// its options say and is not counted, its stdout going to stderr.
    func testTwoSinksOnStdoutAreAUsageErrorNamingBoth() throws {
        try summary()
        try build(CPlugin.fixture("test_sink.c"), name: "test-sink")
        try build(CPlugin.fixture("test_sink.c"), name: "quiet", defines: ["TEST_NO_PATH", #"TEST_NAME=\"quiet\""#])
        let p = ["--plugin-path", folder.path]
        for sinks in [["--sink", "summary", "--sink", "ndjson"], ["--sink", "test-sink", "--sink", "summary"]] {
            let result = try txfeed(arguments: ["run", checking] + sinks + p)
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertTrue(
                result.stderr.contains(
                    "2 sinks would write to stdout (\(sinks[1]), \(sinks[3])): give all but one a file with -o FILE or path=FILE"
                ), result.stderr)
            XCTAssertFalse(result.stderr.contains("read 7"), "no source ran")
        }
        let minus = try txfeed(arguments: ["run", checking, "--sink", "text", "--sink", "summary:-"] + p)
        XCTAssertEqual(minus.status, 2, minus.stderr)
        XCTAssertTrue(minus.stderr.contains("sink 'text' and -o - would both write /dev/stdout"), minus.stderr)

        // `quiet` declares no path and prints to its stdout: that is txfeed's stderr.
        for isolation in ["process", "in-process"] {
            let beside = try txfeed(
                arguments: ["run", checking, "--sink", "ndjson", "--sink", "quiet", "--isolation", isolation] + p)
            XCTAssertEqual(beside.status, 0, beside.stderr)
            XCTAssertEqual(
                beside.output.split(separator: "\n").count, 7, "\(isolation): the NDJSON feed alone: \(beside.output)")
            XCTAssertFalse(beside.output.contains("batch"), beside.output)
            XCTAssertTrue(beside.stderr.contains("batch 7"), beside.stderr)
        }
    }

    func testSummarySinkFileIsWrittenAtomicallyFromAPathOrMinusO() throws {
        try summary()
        let out = folder.path + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
        let byOption = try txfeed(
            "run", checking, BuiltProducts.repository + "/samples/accounts/savings.ndjson",
            "--sink", "summary:\(out)/totals.md,title=August", "--plugin-path", folder.path)
        XCTAssertEqual(byOption.status, 0, byOption.stderr)
        let totals = String(decoding: try folder.read("out/totals.md"), as: UTF8.self)
        XCTAssertTrue(totals.hasPrefix("# August\n"), totals)
        XCTAssertTrue(totals.contains("| JPY | 🍕 Pizza Palace | 1 | 0 | 1800 | -1800 |"), totals)
        XCTAssertTrue(totals.contains("- read 11 = written 11 + rejected 0"), totals)

        let byOutput = try txfeed(
            "run", checking, "--sink", "summary", "-o", out + "/other.md", "--plugin-path", folder.path)
        XCTAssertEqual(byOutput.status, 0, byOutput.stderr)
        XCTAssertTrue(String(decoding: try folder.read("out/other.md"), as: UTF8.self).contains("| USD | Starbucks |"))
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: out).sorted(), ["other.md", "totals.md"],
            "no temporary files")
    }

    func testASinkPluginRunsBesideTheBuiltInSinks() throws {
        try build(CPlugin.fixture("test_sink.c"), name: "test-sink")
        let calls = folder.path + "/calls.txt"
        let result = try txfeed(
            "run", checking, "--sink", "ndjson", "--sink", "test-sink:\(calls)",
            "--sink", "csv,path=\(folder.path)/feed.csv", "--plugin-path", folder.path)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.output.split(separator: "\n").count, 7)
        XCTAssertEqual(String(decoding: try folder.read("feed.csv"), as: UTF8.self).split(separator: "\r\n").count, 8)
        let lines = String(decoding: try folder.read("calls.txt"), as: UTF8.self).split(separator: "\n").map(
            String.init)
        XCTAssertEqual(lines.filter { $0.hasPrefix("batch ") }, ["batch 7"])
        let first = try XCTUnwrap(lines.first { !$0.hasPrefix("open ") && !$0.hasPrefix("batch ") })
        XCTAssertTrue(
            first.hasPrefix(
                // 112 bytes: the 88 of the first record, then id, status and memo.
                "112\t2021-09-01T08:15:00Z\tWed, Sep 01\tEveryday Checking\tStarbucks\tdebit\t-4.50\t-450\tUSD\t#"),
            first)
        XCTAssertTrue(first.hasSuffix("\tchecking\tfp:3021ae37204584aa-1\tbooked\t"), "the fingerprint as id: \(first)")
        XCTAssertEqual(lines.last, "close")
    }

    func testTheFeedArrivesInBatchesOf1024() throws {
        try build(CPlugin.fixture("test_sink.c"), name: "test-sink")
        var transactions: [String] = []
        for i in 0..<2500 {
            transactions.append(
                #"{"type": \#(i % 2), "vendor": "V\#(i % 37)", "amount": \#(i).25, "date": "2023-01-01 00:00:00"}"#)
        }
        let input = try folder.write(
            "big.json",
            #"{"status": 200, "message": "ok", "body": {"name": "Big", "transactions": ["#
                + transactions.joined(separator: ",") + "]}}")
        let result = try txfeed(
            "run", input, "--sink", "test-sink:\(folder.path)/calls.txt", "--plugin-path", folder.path)
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = String(decoding: try folder.read("calls.txt"), as: UTF8.self).split(separator: "\n")
        XCTAssertEqual(lines.filter { $0.hasPrefix("batch ") }, ["batch 1024", "batch 1024", "batch 452"])
        XCTAssertEqual(lines.count, 1 + 3 + 2500 + 1 + 1)
    }

    /// A failing sink plugin fails the run: exit 1, nothing on stdout, and no output file of
    /// any sink committed — an old file stays as it was, no temporary file remains.
    func testAFailingSinkWritesNothingAndCommitsNoFile() throws {
        try build(CPlugin.fixture("test_sink.c"), name: "test-sink")
        let out = folder.path + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
        try folder.write("out/feed.csv", "old feed\n")
        for stage in ["open", "write", "finish"] {
            let result = try txfeed(
                "run", checking, "--sink", "csv,path=\(out)/feed.csv",
                "--sink", "test-sink,path=\(out)/calls.txt,fail=\(stage)",
                "--sink", "ndjson", "--plugin-path", folder.path)
            XCTAssertEqual(result.status, 1, stage)
            XCTAssertEqual(result.output, "", stage)
            XCTAssertTrue(
                result.stderr.contains(
                    "txfeed: sink 'test-sink': test-sink: told to fail in sink_\(stage); nothing written"),
                result.stderr)
            XCTAssertEqual(try folder.read("out/feed.csv"), Data("old feed\n".utf8), stage)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out), ["feed.csv"], stage)
        }
        let silent = try txfeed(
            "run", checking, "-o", out + "/feed.csv", "--sink",
            "test-sink,path=\(folder.path)/calls.txt,fail=write-silently",
            "--sink", "csv", "--plugin-path", folder.path)
        XCTAssertEqual(silent.status, 1)
        XCTAssertTrue(silent.stderr.contains("sink 'test-sink': sink_write failed (no message)"), silent.stderr)
        XCTAssertEqual(try folder.read("out/feed.csv"), Data("old feed\n".utf8))
    }

    func testConfigFileSinkPluginWithPathAndOptions() throws {
        try summary()
        let config = try folder.write(
            "pipeline.json",
            """
            {"sources": [{"plugin": "fixture", "name": "checking", "options": {"path": "\(checking)"}}],
             "sinks": [{"sink": "summary", "path": "\(folder.path)/totals.md", "options": {"title": "From config"}},
                       {"sink": "json", "path": "\(folder.path)/feed.json"}],
             "plugin-path": ["\(folder.path)"]}
            """)
        let result = try txfeed("run", "--config", config)
        XCTAssertEqual(result.status, 0, result.stderr)
        let totals = String(decoding: try folder.read("totals.md"), as: UTF8.self)
        XCTAssertTrue(totals.hasPrefix("# From config\n"), totals)
        XCTAssertTrue(totals.contains("- source checking (fixture): success, 7 transactions"), totals)
        XCTAssertTrue(folder.exists("feed.json"))

        let unknown = try folder.write(
            "bad.json",
            """
            {"sources": [{"plugin": "fixture", "options": {"path": "\(checking)"}}],
             "sinks": [{"sink": "summary", "options": {"colour": "red"}}], "plugin-path": ["\(folder.path)"]}
            """)
        let refused = try txfeed("run", "--config", unknown)
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(
            refused.stderr.contains("sink 'summary': unknown option 'colour'; valid options: path, title"),
            refused.stderr)
    }

    func testMistakesAreUsageErrorsBeforeAnySourceRuns() throws {
        try build(CPlugin.fixture("test_sink.c"), name: "test-sink")
        try build(CPlugin.fixture("test_sink.c"), name: "renamed")
        try build(CPlugin.fixture("test_sink.c"), name: "quiet", defines: ["TEST_NO_PATH", #"TEST_NAME=\"quiet\""#])
        try build(CPlugin.fixture("test_source.c"), name: "test-source")
        let p = ["--plugin-path", folder.path]
        func expect(_ arguments: [String], _ message: String, file: StaticString = #filePath, line: UInt = #line) throws
        {
            let result = try txfeed(arguments: ["run", checking] + arguments + p)
            XCTAssertEqual(result.status, 2, result.stderr, file: file, line: line)
            XCTAssertTrue(result.stderr.contains(message), result.stderr, file: file, line: line)
            XCTAssertFalse(result.stderr.contains("read 7"), "no source ran", file: file, line: line)
        }
        try expect(
            ["--sink", "nope"],
            "unknown sink 'nope': not a built-in sink (text, json, ndjson, csv, sqlite, xlsx, hledger, ledger, beancount) and plugin 'nope' not found: looked for libnope.so in \(folder.path)"
        )
        try expect(
            ["--sink", "test-sink,path=x.txt,colour=red"],
            "sink 'test-sink': unknown option 'colour'; valid options: path, fail")
        try expect(["--sink", "renamed"], "calls itself 'test-sink', not 'renamed'")
        try expect(
            ["--sink", "test-source"], "libtest-source.so: a source plugin, not a sink plugin: use it as a source (-s)")
        try expect(["--sink", "fixture"], "libfixture.so: a source plugin, not a sink plugin")
        try expect(
            ["-s", "test-sink"], "libtest-sink.so: a sink plugin, not a source plugin: use it as a sink (--sink)")
        try expect(["--sink", "quiet,path=x.txt"], "sink 'quiet' declares no 'path' option")

        // A sink without a path option is never paired with -o: that file gets a built-in sink.
        let paired = try txfeed(arguments: ["run", checking, "--sink", "quiet", "-o", folder.path + "/feed.csv"] + p)
        XCTAssertEqual(paired.status, 0, paired.stderr)
        XCTAssertTrue(paired.stderr.contains("batch 7"), paired.stderr)
        XCTAssertTrue(String(decoding: try folder.read("feed.csv"), as: UTF8.self).hasPrefix("date,day,account"))
    }

    /// `watch` with a sink plugin refreshes on and on: each refresh's sink child is ended with
    /// the refresh, so more refreshes than a plugin may have children at once (twice the cores,
    /// at least 4) never wait for a place, and none is left behind.
    func testWatchWithASinkPluginRefreshesPastItsChildrenAndLeavesNoneBehind() throws {
        try summary()
        let watch = try WatchProcess(
            [checking, "--sink", "summary", "--plugin-path", folder.path, "--every", "10ms"],
            log: folder.path + "/stderr.log")
        defer { watch.stop() }
        let pid = watch.pid
        // The fewest of several looks: a refresh under way has its children for a moment.
        func children() -> Int {
            (0..<8).map { _ in
                defer { usleep(20_000) }
                let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
                return tasks.reduce(0) { sum, task in
                    let text =
                        (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? ""
                    return sum + text.split(separator: " ").count
                }
            }.min() ?? 0
        }
        let places = max(4, 2 * ProcessInfo.processInfo.activeProcessorCount)
        try watch.wait(for: 2 * places + 1, of: "checking (fixture): ok, read 7")
        // At most the refresh under way's: the fixture's child and the sink's.
        XCTAssertLessThanOrEqual(children(), 2, "children of earlier refreshes are still there")
    }
}
