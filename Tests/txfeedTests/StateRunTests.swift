import Foundation
import TxFeedTestSupport
import XCTest

/// `--state FILE` across real runs of the built CLI: what is new, partly new and already seen;
/// overlapping statements with and without bank ids; pending records; a run that fails after
/// its sources; two runs at once; `state show` and `state undo`; files that are not a state.
final class StateRunTests: XCTestCase {
    var folder: TemporaryFolder!
    var state: String { folder.path + "/state.db" }

    override func setUpWithError() throws {
        folder = try temporaryFolder()
    }

    /// One envelope of the account "Checking": rows of vendor, amount (debits negative), date,
    /// and optionally status and id.
    func envelope(
        _ name: String, _ rows: [(vendor: String, amount: String, date: String, status: String?, id: String?)]
    ) throws -> String {
        let transactions = rows.map { row in
            let debit = row.amount.hasPrefix("-")
            var fields =
                #""type": \#(debit ? 1 : 0), "vendor": "\#(row.vendor)", "amount": \#(debit ? String(row.amount.dropFirst()) : row.amount), "date": "\#(row.date)""#
            if let status = row.status { fields += #", "status": "\#(status)""# }
            if let id = row.id { fields += #", "id": "\#(id)""# }
            return "{" + fields + "}"
        }.joined(separator: ",\n")
        return try folder.write(
            name, #"{"body": {"name": "Checking", "currency": "EUR", "transactions": [\#(transactions)]}}"#)
    }

    func run(_ arguments: String...) throws -> CommandResult {
        try txfeed(arguments: ["run"] + arguments + ["--state", state, "--sink", "ndjson", "--no-progress"])
    }

    func sqlite(_ query: String, _ file: String? = nil) throws -> String {
        let script = "import sqlite3, sys\nc = sqlite3.connect(sys.argv[1])\nfor r in c.execute(sys.argv[2]): print(*r)"
        let result = try runCommand(try TestPython.system(), ["-c", script, file ?? state, query])
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.output
    }

    // MARK: - New, partly new, nothing new

    func testThreeRunsWriteWhatIsNewThenThePartThatIsNewThenNothing() throws {
        let january = try envelope(
            "january.json",
            [
                ("Rent", "-900.00", "2024-01-02", nil, nil), ("Coffee", "-3.50", "2024-01-15", nil, nil),
                ("Coffee", "-3.50", "2024-01-15", nil, nil),
            ])
        let first = try run(january)
        XCTAssertEqual(first.status, 0, first.stderr)
        let firstRows = try feedRows(first.output)
        XCTAssertEqual(firstRows.count, 3)
        XCTAssertEqual(Set(firstRows.map { $0["batch"] as? Int }), [1], "every record marks its batch")
        XCTAssertTrue(first.stderr.contains("read 3 = written 3 + rejected 0 + duplicates 0 + seen 0"), first.stderr)
        XCTAssertTrue(first.stderr.contains("batch 1 remembers 3 new transactions"), first.stderr)

        // January again, now with a third coffee that day and the 20th: only those two are new.
        let later = try envelope(
            "january-later.json",
            [
                ("Rent", "-900.00", "2024-01-02", nil, nil), ("Coffee", "-3.50", "2024-01-15", nil, nil),
                ("Coffee", "-3.50", "2024-01-15", nil, nil), ("Coffee", "-3.50", "2024-01-15", nil, nil),
                ("Bakery", "-2.20", "2024-01-20", nil, nil),
            ])
        let second = try run(later)
        XCTAssertEqual(second.status, 0, second.stderr)
        let secondRows = try feedRows(second.output)
        XCTAssertEqual(secondRows.map { $0["vendor"] as? String }, ["Bakery", "Coffee"])
        XCTAssertEqual(secondRows.last?["id"] as? String, firstRows[1]["id"].map { "\($0)".dropLast() + "3" })
        XCTAssertEqual(Set(secondRows.map { $0["batch"] as? Int }), [2])
        XCTAssertTrue(second.stderr.contains("read 5 = written 2 + rejected 0 + duplicates 0 + seen 3"), second.stderr)

        let third = try run(later, january)
        XCTAssertEqual(third.status, 0, "seen records are not errors: \(third.stderr)")
        XCTAssertEqual(third.output, "")
        XCTAssertTrue(
            third.stderr.contains(
                "january-later (fixture): ok, read 5 = written 0 + rejected 0 + duplicates 0 + seen 5"), third.stderr)
        XCTAssertTrue(
            third.stderr.contains("january (fixture): ok, read 3 = written 0 + rejected 0 + duplicates 0 + seen 3"),
            third.stderr)

        let show = try txfeed("state", "show", state)
        XCTAssertEqual(show.status, 0, show.stderr)
        XCTAssertTrue(show.output.contains("Checking EUR: 5 transactions, 2024-01-02 … 2024-01-20"), show.output)
        XCTAssertTrue(show.output.contains("  1  "), show.output)
        XCTAssertTrue(
            show.output.contains("read 5 = written 2 + rejected 0 + duplicates 0 + seen 3; remembered 2"), show.output)
        XCTAssertTrue(
            show.output.contains("read 8 = written 0 + rejected 0 + duplicates 0 + seen 8; remembered 0"), show.output)
        let digest = try runCommand("/usr/bin/env", ["sha256sum", later]).output.prefix(64)
        XCTAssertTrue(show.output.contains("\(later) sha256:\(digest) "), show.output)
    }

    func testTheSameFileTwiceInOneRunAndAgainInTheNext() throws {
        let checking = BuiltProducts.repository + "/samples/accounts/checking.json"
        let first = try run(checking, checking)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(try feedRows(first.output).count, 7, "--state implies --dedupe within the run")
        XCTAssertTrue(
            first.stderr.contains("checking#2 (fixture): ok, read 7 = written 0 + rejected 0 + duplicates 7 + seen 0"),
            first.stderr)
        let second = try run(checking)
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertEqual(second.output, "")
        XCTAssertTrue(second.stderr.contains("read 7 = written 0 + rejected 0 + duplicates 0 + seen 7"), second.stderr)
    }

    // MARK: - Overlapping statements

    /// Exports without ids, each holding the same two genuine coffees of the 15th: across runs
    /// the union keeps exactly two, and `--duplicates` says which batch had them.
    func testOverlappingCSVExportsWithoutIDsKeepBothCoffeesOnceAcrossRuns() throws {
        let first = try folder.write(
            "jan-1-20.csv",
            "Date,Description,Amount\n2024-01-02,Rent,-900.00\n2024-01-15,Coffee Corner,-3.50\n"
                + "2024-01-15,Coffee Corner,-3.50\n2024-01-18,Bakery,-2.20\n")
        let second = try folder.write(
            "jan-10-31.csv",
            "Date,Description,Amount\n2024-01-15,Coffee Corner,-3.50\n"
                + "2024-01-15,Coffee Corner,-3.50\n2024-01-18,Bakery,-2.20\n2024-01-25,Salary,2500.00\n")
        let one = try run("-s", "csv:\(first),account=Checking")
        XCTAssertEqual(one.status, 0, one.stderr)
        XCTAssertEqual(try feedRows(one.output).filter { $0["vendor"] as? String == "Coffee Corner" }.count, 2)
        let duplicates = folder.path + "/duplicates.ndjson"
        let two = try run("-s", "csv:\(second),account=Checking", "--duplicates", duplicates)
        XCTAssertEqual(two.status, 0, two.stderr)
        XCTAssertEqual(try feedRows(two.output).map { $0["vendor"] as? String }, ["Salary"])
        let dropped = try feedRows(String(decoding: try folder.read("duplicates.ndjson"), as: UTF8.self))
        XCTAssertEqual(dropped.count, 3)
        for line in dropped {
            let kept = try XCTUnwrap(line["kept"] as? [String: Any])
            XCTAssertEqual(kept["batch"] as? Int, 1)
            XCTAssertEqual(kept["id"] as? String, (line["record"] as? [String: Any])?["id"] as? String)
            XCTAssertEqual(kept["files"] as? [String], [first], "the files batch 1 read")
            XCTAssertEqual(line["by"] as? String, "fingerprint")
        }
        XCTAssertEqual(try sqlite("SELECT sum(transactions) FROM seen"), "5\n", "rent, two coffees, bakery, salary")
    }

    func testOverlappingOFXStatementsAcrossRunsByFITID() throws {
        func statement(_ name: String, _ rows: [(fitid: String, date: String, amount: String, name: String)]) throws
            -> String
        { try folder.write(name, ofxStatementText(rows)) }
        let first = try statement(
            "first.ofx",
            [
                ("A1", "20240102", "-900.00", "Rent"), ("C1", "20240115", "-3.50", "Coffee"),
                ("C2", "20240115", "-3.50", "Coffee"),
            ])
        // The bank renamed a payee between downloads: the FITID still says it is the same one.
        let second = try statement(
            "second.ofx",
            [
                ("C1", "20240115", "-3.50", "Coffee"), ("C2", "20240115", "-3.50", "COFFEE CORNER"),
                ("D1", "20240125", "-12.00", "Lunch"),
            ])
        XCTAssertEqual(try run(first).status, 0)
        let result = try run(second)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try feedRows(result.output).compactMap { $0["id"] as? String }, ["D1"])
        XCTAssertTrue(
            result.stderr.contains("second (ofx): ok, read 3 = written 1 + rejected 0 + duplicates 0 + seen 2"),
            result.stderr)
        XCTAssertEqual(try sqlite("SELECT DISTINCT bank_id FROM accounts"), "DE89370400440532013000\n")
    }

    // MARK: - Pending

    func testPendingIsShownEveryTimeNeverRememberedAndNewOnceBooked() throws {
        let pending = try envelope(
            "pending.json",
            [("Rent", "-900.00", "2024-01-02", nil, nil), ("Hotel", "-120.00", "2024-01-30", "pending", nil)])
        for _ in 0..<2 {
            let result = try run(pending)
            XCTAssertEqual(result.status, 0, result.stderr)
            let hotel = try feedRows(result.output).filter { $0["vendor"] as? String == "Hotel" }
            XCTAssertEqual(hotel.map { $0["status"] as? String }, ["pending"], "shown every time until booked")
        }
        XCTAssertEqual(try sqlite("SELECT sum(transactions) FROM seen"), "1\n", "only the rent is remembered")
        let booked = try envelope(
            "booked.json",
            [("Rent", "-900.00", "2024-01-02", nil, nil), ("Hotel", "-120.00", "2024-01-30", "booked", nil)])
        let result = try run(booked)
        XCTAssertEqual(try feedRows(result.output).map { $0["vendor"] as? String }, ["Hotel"])
        XCTAssertEqual(try feedRows(result.output).first?["status"] as? String, "booked")
    }

    // MARK: - Failing runs change nothing

    func testARunWhoseSinkCannotWriteLeavesTheStateAsItWas() throws {
        let checking = BuiltProducts.repository + "/samples/accounts/checking.json"
        let january = try envelope("january.json", [("Rent", "-900.00", "2024-01-02", nil, nil)])
        XCTAssertEqual(try run(january).status, 0)
        let before =
            try sqlite("SELECT account, batch, transactions, hex(keys), hex(kinds) FROM seen ORDER BY id")
            + (try sqlite("SELECT id, read FROM batches"))
        let failed = try txfeed(
            "run", checking, "--state", state, "--sink", "csv:path=/dev/full", "--no-progress")
        XCTAssertEqual(failed.status, 1, failed.stderr)
        XCTAssertTrue(failed.stderr.contains("nothing remembered"), failed.stderr)
        let after =
            try sqlite("SELECT account, batch, transactions, hex(keys), hex(kinds) FROM seen ORDER BY id")
            + (try sqlite("SELECT id, read FROM batches"))
        XCTAssertEqual(after, before)
        // So the next run that can write writes them all.
        XCTAssertEqual(try feedRows(try run(checking).output).count, 7)
    }

    func testStrictWithARejectRemembersNothing() throws {
        let bad = try folder.write(
            "bad.json",
            #"{"body": {"name": "Checking", "transactions": [{"type": 1, "vendor": "Rent", "amount": 900, "date": "2024-01-02"}, {"type": 1, "vendor": "X", "amount": "lots", "date": "2024-01-03"}]}}"#
        )
        let strict = try run(bad, "--strict")
        XCTAssertEqual(strict.status, 1, strict.stderr)
        XCTAssertEqual(try sqlite("SELECT count(*) FROM sqlite_schema"), "0\n", "not even the tables: all rolled back")
        let partial = try run(bad)
        XCTAssertEqual(partial.status, 3, "a reject is exit 3, and what was written is remembered")
        XCTAssertEqual(try sqlite("SELECT sum(transactions) FROM seen"), "1\n")
    }

    // MARK: - Undo

    func testUndoForgetsABatchSoACorrectedReimportIsNew() throws {
        let january = try envelope(
            "january.json", [("Rent", "-900.00", "2024-01-02", nil, nil), ("Coffee", "-3.50", "2024-01-15", nil, nil)])
        XCTAssertEqual(try run(january).status, 0)
        let february = try envelope("february.json", [("Rent", "-900.00", "2024-02-02", nil, nil)])
        XCTAssertEqual(try run(february).status, 0)
        XCTAssertEqual(try run(january).output, "")

        let undo = try txfeed("state", "undo", state, "1")
        XCTAssertEqual(undo.status, 0, undo.stderr)
        XCTAssertTrue(undo.stderr.contains("batch 1 undone: 2 transactions forgotten"), undo.stderr)
        let again = try run(january, february)
        XCTAssertEqual(try feedRows(again.output).map { $0["vendor"] as? String }, ["Coffee", "Rent"])
        XCTAssertEqual(try feedRows(again.output).map { $0["date"] as? String }.last, "2024-01-02")
        XCTAssertTrue(
            again.stderr.contains("february (fixture): ok, read 1 = written 0 + rejected 0 + duplicates 0 + seen 1"),
            again.stderr)
        let show = try txfeed("state", "show", state)
        XCTAssertTrue(show.output.contains("remembered 2 — UNDONE at "), show.output)
        // Batch 3 dropped January's two as seen; undone, its drops are forgotten, none promised.
        XCTAssertEqual(try txfeed("state", "undo", state, "3").status, 0)
        let shown = try txfeed("state", "show", state).output
        XCTAssertFalse(shown.contains("more dropped"), shown)

        let twice = try txfeed("state", "undo", state, "1")
        XCTAssertEqual(twice.status, 2)
        XCTAssertTrue(twice.stderr.contains("batch 1 was already undone"), twice.stderr)
        let missing = try txfeed("state", "undo", state, "99")
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("has no batch 99"), missing.stderr)
    }

    // MARK: - Two runs at once

    /// The first run holds the lock while its source (stdin) is still being written; the
    /// second waits for it and then finds everything seen. With a short `--state-wait` it
    /// gives up with exit 2 instead.
    func testASecondRunWaitsForTheFirstOrGivesUpClearly() throws {
        let checking = BuiltProducts.repository + "/samples/accounts/checking.json"
        let statement = try Data(contentsOf: URL(fileURLWithPath: checking))
        let holder = try startTxfeed(
            ["run", "-s", "fixture:-,name=stdin", "--state", state, "--sink", "ndjson", "--no-progress"],
            openInput: true)
        // The first run holds the lock once its source has read from stdin (the lock comes
        // before any source reads), and until stdin ends: the start of the statement, read.
        let stdin = holder.input!.fileHandleForWriting
        stdin.write(statement.prefix(64))
        try holder.awaitInputRead()

        let impatient = try txfeed(
            "run", checking, "--state", state, "--state-wait", "0.3", "--sink", "ndjson", "--no-progress")
        XCTAssertEqual(impatient.status, 2, impatient.stderr)
        XCTAssertTrue(impatient.stderr.contains("in use by another txfeed run (waited 0.3 s)"), impatient.stderr)
        XCTAssertEqual(impatient.output, "")

        let waiter = try startTxfeed(["run", checking, "--state", state, "--sink", "ndjson", "--no-progress"])
        // At the file (its log open), then some time in which one that did not wait would end.
        let log = URL(fileURLWithPath: state + "-wal").resolvingSymlinksInPath().path
        try awaitCondition("the second run opening \(log)") {
            let fds = "/proc/\(waiter.process.processIdentifier)/fd"
            let open = (try? FileManager.default.contentsOfDirectory(atPath: fds)) ?? []
            return open.contains { (try? FileManager.default.destinationOfSymbolicLink(atPath: fds + "/" + $0)) == log }
        }
        usleep(500_000)
        XCTAssertTrue(waiter.process.isRunning, "the second run waits for the lock")
        stdin.write(statement.dropFirst(64))
        try stdin.close()
        let first = try holder.finish()
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(try feedRows(first.output).count, 7)
        let second = try waiter.finish()
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertEqual(second.output, "", "the first run's records are seen: each written once")
        XCTAssertEqual(try sqlite("SELECT id, remembered FROM batches"), "1 7\n2 0\n")
    }

    func testAStateFileInAFolderReachedThroughALink() throws {
        let checking = BuiltProducts.repository + "/samples/accounts/checking.json"
        try FileManager.default.createDirectory(atPath: folder.path + "/real", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(
            atPath: folder.path + "/link", withDestinationPath: folder.path + "/real")
        let linked = folder.path + "/link/state.db"
        let first = try txfeed("run", checking, "--state", linked, "--no-progress")
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(folder.exists("real/state.db"))
        XCTAssertTrue(try txfeed("state", "show", linked).output.contains("7 transactions"))
    }

    // MARK: - Files that are not a state

    func testATruncatedStateFileIsRefusedAndLeftAsItIs() throws {
        let checking = BuiltProducts.repository + "/samples/accounts/checking.json"
        // Enough rows for several pages, so that half the file is missing some.
        let many = try envelope(
            "many.json",
            (0..<400).map {
                ("Vendor \($0)", "-1.\($0 % 10)0", "2024-01-\(String(format: "%02d", $0 % 28 + 1))", nil, nil)
            })
        XCTAssertEqual(try run(many).status, 0)
        let whole = try folder.read("state.db")
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: state))
        let cut = try folder.read("state.db")
        let result = try run(checking)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("state file \(state): damaged"), result.stderr)
        XCTAssertEqual(result.output, "", "nothing runs")
        XCTAssertEqual(try folder.read("state.db"), cut, "never silently reset")
        XCTAssertEqual(try txfeed("state", "show", state).status, 2)
    }

    func testAFileThatIsNotAStateIsRefused() throws {
        let checking = BuiltProducts.repository + "/samples/accounts/checking.json"
        let text = try folder.write("notes.db", "my notes\n")
        let result = try txfeed("run", checking, "--state", text, "--no-progress")
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("not a txfeed state file (not a SQLite database)"), result.stderr)
        XCTAssertEqual(String(decoding: try folder.read("notes.db"), as: UTF8.self), "my notes\n")

        let other = folder.path + "/other.db"
        _ = try sqlite("CREATE TABLE people (name TEXT)", other)
        let foreign = try txfeed("run", checking, "--state", other, "--no-progress")
        XCTAssertEqual(foreign.status, 2)
        XCTAssertTrue(
            foreign.stderr.contains("not a txfeed state file (a SQLite database of something else)"), foreign.stderr)

        XCTAssertEqual(try run(checking).status, 0)
        _ = try sqlite("PRAGMA user_version = 7")
        let newer = try run(checking)
        XCTAssertEqual(newer.status, 2)
        XCTAssertTrue(newer.stderr.contains("written by a newer txfeed (layout 7; this one reads 3)"), newer.stderr)

        let absent = try txfeed("state", "show", folder.path + "/absent.db")
        XCTAssertEqual(absent.status, 2)
        XCTAssertFalse(folder.exists("absent.db"), "show never creates a file")
    }

    // MARK: - The layout, read by another tool

    func testTheLayoutIsReadableWithPythonsSQLite() throws {
        let checking = BuiltProducts.repository + "/samples/accounts/checking.json"
        let result = try run(checking)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try sqlite("PRAGMA application_id"), "\(0x7478_6664)\n")
        XCTAssertEqual(try sqlite("PRAGMA user_version"), "3\n")
        XCTAssertEqual(try sqlite("PRAGMA journal_mode"), "wal\n")
        XCTAssertEqual(
            try sqlite("SELECT name, key, currency FROM accounts"), "Everyday Checking nEveryday Checking USD\n")
        XCTAssertEqual(
            try sqlite("SELECT transactions, first_day, last_day, length(keys), length(kinds) FROM seen"),
            "7 18864 18871 112 14\n", "each record's fingerprint and money")
        XCTAssertEqual(
            try sqlite("SELECT name, plugin, status, bytes, length(sha256) FROM batch_sources"),
            "checking fixture success 961 64\n")
        XCTAssertFalse(folder.exists("state.db-wal"), "a finished run leaves no WAL beside the file")

        // The keys, unpacked as docs/STATE.md says, are the written ids' keys computed there.
        let script = """
            import sqlite3, struct, sys
            keys, kinds = sqlite3.connect(sys.argv[1]).execute("SELECT keys, kinds FROM seen").fetchone()
            stored = sorted(struct.unpack("<%dq" % len(kinds), keys))
            def fnv(data, h):
                for b in data: h = ((h ^ b) * 0x100000001b3) % (1 << 64)
                return h
            computed, occurrences = [], {}
            for row in sys.argv[2:]:
                text, day, minor = row.split(" ")
                hash, occurrence = text[3:].split("-")
                key = fnv(struct.pack("<I", int(occurrence)), int(hash, 16))
                # The money key: the day and amount, numbered among the account's records of both.
                money = (int(day), int(minor))
                occurrences[money] = occurrences.get(money, 0) + 1
                m = fnv(b"m" + struct.pack("<qqI", int(day), int(minor), occurrences[money]), 0xcbf29ce484222325)
                computed += [k - (1 << 64) if k >= 1 << 63 else k for k in (key, m)]
            print(stored == sorted(computed), sorted(set(kinds)) == [0, 3])
            """
        let rows = try feedRows(result.output).compactMap { row -> String? in
            guard let id = row["id"] as? String, let date = row["date"] as? String,
                let minor = row["amount_minor"] as? Int, let instant = ISO8601DateFormatter().date(from: date)
            else { return nil }
            return "\(id) \(Int(instant.timeIntervalSince1970) / 86_400) \(minor)"
        }
        XCTAssertEqual(rows.count, 7)
        let check = try runCommand(try TestPython.system(), ["-c", script, state] + rows)
        XCTAssertEqual(check.output, "True True\n", check.stderr)
    }

    // MARK: - watch

    /// Each refresh writes only what is new since the last one, marked with its batch.
    func testWatchWritesEachRecordOnce() throws {
        let file = try envelope("live.json", [("Rent", "-900.00", "2024-01-02", nil, nil)])
        let watcher = try startTxfeed([
            "watch", file, "--state", state, "--every", "300ms", "--sink", "ndjson", "--no-progress",
        ])
        // The change only after the first refresh wrote Rent, and an empty refresh after Coffee:
        // waited for on stdout, not guessed at.
        try watcher.awaitOutput(1, of: #""vendor":"Rent""#)
        _ = try envelope(
            "live.json", [("Rent", "-900.00", "2024-01-02", nil, nil), ("Coffee", "-3.50", "2024-01-15", nil, nil)])
        try watcher.awaitOutput(1, of: #""vendor":"Coffee""#)
        try watcher.awaitOutput(3, of: #"{"refresh":"#)
        watcher.process.interrupt()
        let result = try watcher.finish()
        // Each refresh starts with its mark ({"refresh":N,…}), written even when nothing is new.
        let lines = try feedRows(result.output)
        let rows = lines.filter { $0["refresh"] == nil }
        XCTAssertGreaterThan(lines.count - rows.count, 2, result.output)
        XCTAssertEqual(rows.map { $0["vendor"] as? String }, ["Rent", "Coffee"], result.stderr)
        XCTAssertEqual(rows.map { $0["batch"] as? Int }, [1, 2])
        XCTAssertEqual(try sqlite("SELECT id, remembered FROM batches"), "1 1\n2 1\n", "empty refreshes are no batch")
    }
}
