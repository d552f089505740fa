import Foundation
import TxFeedTestSupport
import XCTest

/// `--memory`: past the budget, records spill to sorted runs in temporary files and the sinks
/// read a merge of them. The output must be the in-memory run's, byte for byte.
final class MemoryBudgetTests: XCTestCase {
    /// 70,000 transactions from three sources, two of them the same file (every record tied
    /// in time with its copy in the other source, and identical records whose fingerprints
    /// count per source), with a 1 MiB budget: two runs (the pool leaves as a run once it holds
    /// 65,536, ``Spill``'s least; the rest at the end), merged; CSV and NDJSON byte for byte,
    /// JSON apart from the sources' times; the temporary folder is empty afterwards. The copies
    /// arrive in envelopes of 110, so each run holds some of each. (100,000 were one run or two
    /// by the order the sources ended in; a million took three minutes of a debug build and
    /// tested nothing more: the merge is the same whatever its runs' count.)
    func testATinyBudgetWritesWhatTheInMemoryRunWrites() throws {
        let folder = try TemporaryFolder()
        let spillFolder = folder.path + "/spill"
        try FileManager.default.createDirectory(atPath: spillFolder, withIntermediateDirectories: false)
        let a = folder.path + "/a.ndjson", b = folder.path + "/b.ndjson", c = folder.path + "/c.json"
        try generate(33_000, a, "--shape", "ndjson:300")
        try FileManager.default.copyItem(atPath: a, toPath: b)
        try generate(4_000, c, "--seed", "7")

        func run(_ name: String, _ extra: [String]) throws -> String {
            let result = try txfeed(
                arguments: ["run", a, b, c, "--no-progress"]
                    + ["csv", "ndjson", "json"].flatMap {
                        ["-o", folder.path + "/\(name).\($0)"]
                    } + extra)
            XCTAssertEqual(result.status, 0, result.stderr)
            return result.stderr
        }
        XCTAssertFalse(try run("memory", []).contains("runs"))
        XCTAssertTrue(
            try run("spilled", ["--memory", "1M", "--temp-dir", spillFolder]).contains(
                "txfeed: 70000 records over --memory 1 MiB were sorted in 2 runs"))

        for format in ["csv", "ndjson"] {
            let memory = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/memory.\(format)"))
            let spilled = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/spilled.\(format)"))
            XCTAssertGreaterThan(memory.count, 7_000_000, format)
            XCTAssertTrue(memory == spilled, "\(format): the spilled run wrote other bytes")
        }
        let times = try NSRegularExpression(pattern: #""elapsed_ms":[0-9]+"#)
        func json(_ name: String) throws -> String {
            let text = try String(contentsOfFile: folder.path + "/\(name).json", encoding: .utf8)
            return times.stringByReplacingMatches(
                in: text, range: NSRange(text.startIndex..., in: text), withTemplate: #""elapsed_ms":0"#)
        }
        let memoryJSON = try json("memory"), spilledJSON = try json("spilled")
        XCTAssertTrue(memoryJSON.contains(#""written":70000"#))
        XCTAssertTrue(memoryJSON == spilledJSON, "json: the spilled run wrote another document")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: spillFolder), [])
    }

    /// The text view (one pass per account over the runs) and the SQLite database of a small
    /// spilled feed with several accounts are the in-memory run's too: 20,000 records, 3 MB
    /// as ``Spill`` counts them, three times the budget, in one run (as 40,000 were).
    func testTextAndSQLiteOfASpilledFeed() throws {
        let folder = try TemporaryFolder()
        let a = folder.path + "/a.ndjson", b = folder.path + "/b.json"
        try generate(10_000, a, "--shape", "accounts:4")
        try generate(10_000, b, "--seed", "3")
        for (name, extra) in [("memory", [String]()), ("spilled", ["--memory", "1M"])] {
            let result = try txfeed(
                arguments: [
                    "run", a, b, "--no-progress", "-o", folder.path + "/\(name).txt", "-o",
                    folder.path + "/\(name).db",
                ] + extra)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(result.stderr.contains("records over --memory 1 MiB"), !extra.isEmpty, result.stderr)
        }
        let memory = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/memory.txt"))
        let spilled = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/spilled.txt"))
        XCTAssertGreaterThan(memory.count, 500_000)
        XCTAssertTrue(memory == spilled, "txt: the spilled run wrote other bytes")
        // The database's sources hold each run's times: its accounts and rows must agree.
        let dump = """
            import sqlite3, sys
            for path in sys.argv[1:]:
                db = sqlite3.connect(path)
                print(db.execute("SELECT count(*) FROM transactions").fetchone()[0])
                print(db.execute("SELECT * FROM accounts").fetchall() == [], end=" ")
                print(hash(tuple(db.execute("SELECT * FROM transactions ORDER BY position"))), end=" ")
                print(hash(tuple(db.execute("SELECT * FROM accounts"))))
            """
        let rows = try runCommand(
            try TestPython.system(), ["-c", dump, folder.path + "/memory.db", folder.path + "/spilled.db"],
            environment: ["PYTHONHASHSEED": "0"])
        let lines = rows.output.split(separator: "\n")
        XCTAssertEqual(lines.count, 4, rows.output + rows.stderr)
        XCTAssertEqual(lines.first, "20000")
        XCTAssertEqual(lines.count == 4 ? lines[1] : "", lines.count == 4 ? lines[3] : "x", "db: other rows")
    }

    /// A folder of 500 small statements over a tiny budget: the runs mix sources, so there are
    /// a few runs of at least 65,536 records (not one file a statement), and the CSV is the
    /// in-memory run's. 70,000 records (140 a file) are two runs, as 100,000 were.
    func testManySmallSourcesShareFewRuns() throws {
        let folder = try TemporaryFolder()
        let statements = folder.path + "/statements"
        try generate(70_000, statements, "--shape", "folder:500")
        var stderr = ""
        for (name, extra) in [("memory", [String]()), ("spilled", ["--memory", "1M"])] {
            let result = try txfeed(
                arguments: ["run", statements, "--no-progress", "-o", folder.path + "/\(name).csv"] + extra)
            XCTAssertEqual(result.status, 0, result.stderr)
            stderr = result.stderr
        }
        XCTAssertTrue(stderr.contains("70000 records over --memory 1 MiB were sorted in 2 runs"), stderr)
        let memory = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/memory.csv"))
        let spilled = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/spilled.csv"))
        XCTAssertGreaterThan(memory.count, 7_000_000)
        XCTAssertTrue(memory == spilled, "the spilled run wrote other bytes")
    }

    func testBudgetsAndFoldersThatCannotWorkAreUsageErrors() throws {
        let folder = try TemporaryFolder()
        let input = folder.path + "/a.json"
        try generate(10, input)
        let cases: [([String], String)] = [
            (["--memory", "1G", "--dedupe"], "--memory cannot be used with --dedupe"),
            (["--memory", "1G", "--state", folder.path + "/s.db"], "--memory cannot be used with --state"),
            (["--memory", "lots"], "--memory: 'lots' is not a size"),
            (["--memory", "64K"], "below the least, 1M"),
            (["--temp-dir", folder.path + "/missing"], "is not a folder this user can write to"),
        ]
        for (extra, message) in cases {
            let result = try txfeed(arguments: ["run", input, "--no-progress", "-o", folder.path + "/o.csv"] + extra)
            XCTAssertEqual(result.status, 2, extra.joined(separator: " "))
            XCTAssertTrue(result.stderr.contains(message), result.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path + "/o.csv"))
        }
    }

    /// A config file sets the budget and the folder as the flags do; the flags win. 10,000
    /// records are 1.5 MiB as ``Spill`` counts them: over the budget.
    func testTheConfigFileSetsTheBudgetAndTheTemporaryFolder() throws {
        let folder = try TemporaryFolder()
        let input = folder.path + "/a.json"
        try generate(10_000, input)
        try FileManager.default.createDirectory(atPath: folder.path + "/runs", withIntermediateDirectories: true)
        let config = try folder.write("txfeed.json", #"{"memory": "1M", "temp-dir": "runs"}"#)
        let spilled = try txfeed(arguments: [
            "run", input, "--config", config, "--no-progress", "-o", folder.path + "/o.csv",
        ])
        XCTAssertEqual(spilled.status, 0, spilled.stderr)
        XCTAssertTrue(
            spilled.stderr.contains(
                "txfeed: 10000 records over --memory 1 MiB were sorted in 1 run in \(folder.path)/runs and merged"),
            "one run, said in the singular: \(spilled.stderr)")
        let inMemory = try txfeed(
            arguments: [
                "run", input, "--config", config, "--memory", "1G", "--no-progress", "-o", folder.path + "/m.csv",
            ])
        XCTAssertEqual(inMemory.status, 0, inMemory.stderr)
        XCTAssertFalse(inMemory.stderr.contains("were sorted in"), inMemory.stderr)
        XCTAssertEqual(
            try Data(contentsOf: URL(fileURLWithPath: folder.path + "/o.csv")),
            try Data(contentsOf: URL(fileURLWithPath: folder.path + "/m.csv")))

        let cases: [(String, String)] = [
            (#"{"memory": "lots"}"#, #"the config file's "memory": 'lots' is not a size"#),
            (#"{"memory": "1G", "dedupe": true}"#, #"the config file's "memory" cannot be used with --dedupe"#),
            (#"{"temp-dir": "missing"}"#, "/missing is not a folder this user can write to"),
        ]
        for (text, message) in cases {
            let bad = try folder.write("bad.json", text)
            let result = try txfeed(arguments: ["run", input, "--config", bad, "--no-progress"])
            XCTAssertEqual(result.status, 2, text)
            XCTAssertTrue(result.stderr.contains(message), result.stderr)
        }
    }

    /// A statement a plugin streams is held until it ends (one that fails leaves nothing), but
    /// under a budget its records leave memory while it is open, as runs of its own, merged
    /// once it ends well and dropped when it fails: a small account, then three of 70,000
    /// records (the second fails), beside a file whose records tie with theirs in time. The
    /// output is the in-memory run's byte for byte. An account must pass 65,536 records (a
    /// run's least) to leave while open: "Big" and "Big last" are two runs each (66,000 while
    /// open, the rest at their end), the file and the small account one, "Big broken"'s none.
    /// (Accounts of 40,000 never left while open: the merge was of two runs of the pool.)
    func testAnOpenStatementSpillsAndIsMergedOnlyIfItEndsWell() throws {
        let folder = try TemporaryFolder()
        let plugin = try CPlugin.build(CPlugin.fixture("test_source.c"), name: "test-source", into: folder.path)
        let other = folder.path + "/other.json"
        try generate(5_000, other, "--seed", "5")
        func run(_ name: String, _ extra: [String]) throws -> String {
            let result = try txfeed(
                arguments: ["run", "-s", plugin + ":mode=big-accounts", other, "--no-progress"]
                    + ["csv", "ndjson"].flatMap { ["-o", folder.path + "/\(name).\($0)"] } + extra)
            XCTAssertEqual(result.status, 3, result.stderr)
            XCTAssertTrue(result.stderr.contains("test:big: balances do not reconcile"), result.stderr)
            XCTAssertTrue(result.stderr.contains("read 140003 = written 140003 + rejected 0"), result.stderr)
            return result.stderr
        }
        XCTAssertFalse(try run("memory", []).contains("runs"))
        // In txfeed's own process the statement goes on in parts as a child sends it.
        for (name, extra) in [("spilled", [String]()), ("in-process", ["--isolation", "in-process"])] {
            // Every record left memory, in more than one run, so the feed was a merge of runs. How
            // many is not fixed (5 here, another count once in a loaded CI run): a child sends what
            // it holds every 20 ms as well as every 65,536 records, and whether a delivery is a run
            // of its own or joins the pool depends on what the other source holds at that moment.
            // The bytes written, compared below, are the same whatever the parts.
            let log = try run(name, ["--memory", "1M"] + extra)
            let runs = log.firstMatch(of: /txfeed: 145003 records over --memory 1 MiB were sorted in (\d+) runs/)
            XCTAssertGreaterThan(runs.flatMap { Int($0.1) } ?? 0, 1, "\(name): \(log)")
        }
        for format in ["csv", "ndjson"] {
            let memory = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/memory.\(format)"))
            XCTAssertGreaterThan(memory.count, 10_000_000, format)
            for name in ["spilled", "in-process"] {
                let spilled = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/\(name).\(format)"))
                XCTAssertTrue(memory == spilled, "\(name).\(format): the spilled run wrote other bytes")
            }
        }
    }

    /// Rejects are under the budget too: past their share of it their lines wait in a
    /// temporary file, and `--rejects` is the in-memory run's byte for byte. A bank CSV whose
    /// every third row has an amount that is not one, read by the real plugin in its child.
    func testRejectsOverTheBudgetWaitInATemporaryFileAndComeBackInOrder() throws {
        let folder = try TemporaryFolder()
        let spillFolder = folder.path + "/spill"
        try FileManager.default.createDirectory(atPath: spillFolder, withIntermediateDirectories: false)
        var csv = "Date,Description,Paid out,Paid in,Balance\n"
        for row in 0..<6000 {
            let amount = row % 3 == 1 ? "£\(row)x" : "£\(row % 97).\(row % 10)0"
            csv += "\(row % 28 + 1) Jan 2024,SHOP \(row) with a long enough description,\(amount),,\n"
        }
        let statement = folder.path + "/statement.csv", b = folder.path + "/b.csv"
        try csv.write(toFile: statement, atomically: false, encoding: .utf8)
        try csv.replacingOccurrences(of: "SHOP", with: "STORE").write(toFile: b, atomically: false, encoding: .utf8)
        func run(_ name: String, _ extra: [String]) throws -> String {
            let result = try txfeed(
                arguments: [
                    "run", "-s", "csv:\(statement),rules=samples/rules/uk-current.json",
                    "-s", "csv:\(b),rules=samples/rules/uk-current.json", "--no-progress",
                    "-o", folder.path + "/\(name).csv", "--rejects", folder.path + "/\(name).ndjson",
                ] + extra)
            XCTAssertEqual(result.status, 3, result.stderr)
            return result.stderr
        }
        let summary = try run("memory", [])
        XCTAssertTrue(summary.contains("read 6000 = written 4000 + rejected 2000"), summary)
        XCTAssertTrue(summary.contains("… and 3990 more rejected records"), summary)
        _ = try run("spilled", ["--memory", "1M", "--temp-dir", spillFolder])
        let memory = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/memory.ndjson"))
        let spilled = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/spilled.ndjson"))
        // 4,000 lines of some 150 bytes: past the rejects' share of 1 MiB (64 KiB) many times.
        XCTAssertGreaterThan(memory.count, 8 * RejectShare.smallest)
        XCTAssertEqual(memory.split(separator: UInt8(ascii: "\n")).count, 4000)
        XCTAssertTrue(memory == spilled, "the rejects that waited in a temporary file came back otherwise")
        XCTAssertEqual(
            String(decoding: memory.prefix(200), as: UTF8.self).split(separator: ",").prefix(3).joined(separator: ","),
            #"{"source":"statement","origin":"\#(statement)","path":"line 3""#)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: spillFolder), [])
    }

    /// The rejects' share of the smallest budget, as `RejectStore.memory(within:)` gives it.
    private enum RejectShare { static let smallest = 64 << 10 }

    private func generate(_ count: Int, _ path: String, _ options: String...) throws {
        let script = BuiltProducts.repository + "/bench/gen_transactions.py"
        let result = try runCommand(try TestPython.system(), [script, String(count), path] + options)
        XCTAssertEqual(result.status, 0, result.stderr)
    }
}
