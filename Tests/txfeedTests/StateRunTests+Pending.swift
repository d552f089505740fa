import Foundation
import TxFeedTestSupport
import XCTest

/// Issue 43, pending becomes booked: with `--state`, a pending record one run wrote and the
/// booked record a later run reads are one payment, by bank id or by payee, day and amount
/// within `--pending-tolerance`; a pending record never booked is dropped after the window;
/// a journal holds each payment once; `state undo` opens them again.
extension StateRunTests {
    /// Days since 1970 as `YYYY-MM-DD`, `days` before today (UTC).
    private func day(_ daysAgo: Int) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.string(from: Date(timeIntervalSinceNow: Double(-daysAgo) * 86_400))
    }

    private func journal(_ file: String, _ extra: String...) throws -> CommandResult {
        try txfeed(arguments: ["run", file, "--state", state, "-o", folder.path + "/" + extra[0]] + extra.dropFirst())
    }

    func testAPendingRecordIsReplacedByItsBookedOneByIdOrByPayeeWithinTheTolerance() throws {
        let holds = try envelope(
            "holds.json",
            [
                ("Rent", "-900.00", "2024-02-28", nil, nil),
                ("SHELL OIL 57444", "-1.00", "2024-03-01", "pending", "P-9"),
                ("SQ *BLUE BOTTLE", "-10.00", "2024-03-01", "pending", nil),
                ("Lunch Place", "-10.00", "2024-03-01", "pending", nil),
            ])
        let first = try journal(holds, "1.journal", "-v")
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(
            first.stderr.contains("batch 1 remembers 1 new transactions (3 pending, kept apart until booked)"),
            first.stderr)
        let firstJournal = String(decoding: try folder.read("1.journal"), as: UTF8.self)
        XCTAssertFalse(firstJournal.contains("!"), "no pending record in a journal under --state: \(firstJournal)")

        // The fuel hold books at the pump's amount under the same id; the coffee with a tip of
        // 15 % under a new id; lunch with 30 %, outside 20 %: a new record, and its hold dropped.
        let booked = try envelope(
            "booked.json",
            [
                ("SHELL OIL", "-45.10", "2024-03-02", nil, "P-9"),
                ("SQ *BLUE BOTTLE COFFEE SF CA", "-11.50", "2024-03-03", nil, "B-1"),
                ("Lunch Place", "-13.00", "2024-03-03", nil, nil),
            ])
        let duplicates = folder.path + "/duplicates.ndjson"
        let second = try journal(booked, "2.journal", "-v", "--pending-tolerance", "20%", "--duplicates", duplicates)
        XCTAssertEqual(second.status, 0, second.stderr)
        // --duplicates says which replaced which: not drops, the booked records are written.
        let replaced = try String(contentsOfFile: duplicates, encoding: .utf8).split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        XCTAssertEqual(replaced.map { $0["by"] as? String }, ["pending", "pending"])
        let coffee = try XCTUnwrap(replaced.first { ($0["record"] as? [String: Any])?["id"] as? String == "B-1" })
        XCTAssertEqual(coffee["evidence"] as? String, "payee, 2 days later, amount -1.50")
        XCTAssertEqual(coffee["path"] as? String, "transactions[1]", "its place in booked.json")
        let hold = try XCTUnwrap(coffee["replaces"] as? [String: Any])
        XCTAssertEqual(hold["batch"] as? Int, 1)
        XCTAssertEqual(hold["date"] as? String, "2024-03-01")
        XCTAssertEqual(hold["vendor"] as? String, "SQ *BLUE BOTTLE")
        XCTAssertEqual(hold["amount"] as? String, "-10.00")
        XCTAssertTrue(hold["id"] is NSNull)
        let fuel = try XCTUnwrap(replaced.first { ($0["replaces"] as? [String: Any])?["id"] as? String == "P-9" })
        XCTAssertEqual(fuel["evidence"] as? String, "bank id")
        XCTAssertEqual((fuel["record"] as? [String: Any])?["amount"] as? String, "-45.10")
        XCTAssertTrue(
            second.stderr.contains(
                "batch 2 remembers 3 new transactions; 2 pending became booked; 1 pending dropped after 10 days unbooked"
            ),
            second.stderr)
        XCTAssertTrue(
            second.stderr.contains(
                "pending 2024-03-01 SHELL OIL 57444 -1.00 (batch 1) became booked as 2024-03-02 SHELL OIL -45.10 (bank id)"
            ), second.stderr)
        XCTAssertTrue(
            second.stderr.contains(
                "pending 2024-03-01 SQ *BLUE BOTTLE -10.00 (batch 1) became booked as 2024-03-03 SQ *BLUE BOTTLE COFFEE SF CA -11.50 (payee, 2 days later, amount -1.50)"
            ), second.stderr)
        XCTAssertTrue(
            second.stderr.contains(
                "pending 2024-03-01 Lunch Place -10.00 (batch 1) dropped: not booked within 10 days"), second.stderr)
        let secondJournal = String(decoding: try folder.read("2.journal"), as: UTF8.self)
        XCTAssertTrue(secondJournal.contains("    ; replaces: pending 2024-03-01 -10.00 (batch 1)\n"), secondJournal)
        XCTAssertEqual(secondJournal.components(separatedBy: "; replaces:").count - 1, 2, secondJournal)

        // The two journals, included by a third, hold each payment once, and hledger agrees.
        try folder.write("all.journal", "include 1.journal\ninclude 2.journal\n")
        let hledger = "/usr/bin/hledger"
        guard FileManager.default.isExecutableFile(atPath: hledger) else {
            throw TestPython.Missing(description: "\(hledger) is missing: run bin/test, which installs it")
        }
        let balance = try runCommand(
            hledger, ["-f", folder.path + "/all.journal", "balance", "Assets", "-N", "--flat", "-O", "csv"])
        XCTAssertEqual(balance.status, 0, balance.stderr)
        XCTAssertTrue(balance.output.contains("-969.60"), "900 + 45.10 + 11.50 + 13.00, once each: \(balance.output)")

        let show = try txfeed("state", "show", state)
        XCTAssertTrue(show.output.contains("; 2 pending became booked; 1 pending dropped, never booked"), show.output)
        XCTAssertFalse(show.output.contains("pending, not yet booked"), show.output)

        // Undone, batch 2's bookings are open again, and the same file books them again.
        XCTAssertEqual(try txfeed("state", "undo", state, "2").status, 0)
        XCTAssertTrue(try txfeed("state", "show", state).output.contains("pending, not yet booked\n"))
        let again = try run(booked, "--pending-tolerance", "20%")
        XCTAssertTrue(again.stderr.contains("2 pending became booked; 1 pending dropped"), again.stderr)
    }

    /// The folder of exports run every day: the older export, still in it, lists as pending what
    /// the newer one has booked. The booked record is imported and books the remembered pending
    /// one, whichever file comes first. (The older file's pending copy, first in the folder, once
    /// made the booked record a duplicate: the payment was never imported, run after run.)
    func testABookedRecordIsImportedThoughAnOlderExportStillListsItPending() throws {
        let older = try envelope(
            "a-0301.json",
            [("Rent", "-900.00", "2024-02-28", nil, nil), ("Coffee", "-4.00", "2024-03-01", "pending", nil)])
        XCTAssertEqual(try run(older).status, 0)
        let newer = try envelope(
            "b-0302.json", [("Coffee", "-4.00", "2024-03-01", nil, nil), ("Books", "-20.00", "2024-03-02", nil, nil)])
        let result = try run(older, newer)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("1 pending became booked"), result.stderr)
        let records = try feedRows(result.output)
        XCTAssertEqual(
            records.map { "\($0["vendor"] ?? "") \($0["status"] ?? "")" }.sorted(), ["Books booked", "Coffee booked"])
        XCTAssertEqual(try sqlite("SELECT count(*) FROM pending WHERE ended IS NULL"), "0\n")

        // Run again, the older export still there: its pending copy of the booked payment is
        // seen, not a new pending record (it once was, every run after).
        let again = try run(older, newer)
        XCTAssertEqual(again.output, "", again.stderr)
        XCTAssertTrue(
            again.stderr.contains("a-0301 (fixture): ok, read 2 = written 0 + rejected 0 + duplicates 0 + seen 2"),
            again.stderr)
        XCTAssertEqual(try sqlite("SELECT count(*) FROM pending WHERE ended IS NULL"), "0\n")
    }

    /// A stale intraday export (camt.052) read again beside the statement that books its holds:
    /// each hold is that payment, seen, not a pending one beside its booking, in this run and
    /// every later one. (The hold took its remembered record before the booking could: both
    /// were written, run after run, and the summary never said "became booked".)
    func testAHoldListedAgainBesideItsBookingIsSeenNotWrittenTwice() throws {
        let intraday = try envelope(
            "intraday.json",
            [("SHELL 1234", "-60.00", "2024-03-05", "pending", "H-1"), ("Cafe", "-4.00", "2024-03-05", "pending", nil)])
        let first = try run(intraday)
        XCTAssertEqual(try feedRows(first.output).count, 2, first.stderr)
        let statement = try envelope(
            "statement.json",
            [("SHELL 1234", "-60.00", "2024-03-07", nil, "B-1"), ("Cafe", "-4.00", "2024-03-06", nil, nil)])
        let duplicates = folder.path + "/duplicates.ndjson"
        let second = try run(intraday, statement, "--duplicates", duplicates)
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertEqual(
            try feedRows(second.output).map { "\($0["vendor"] ?? "") \($0["amount"] ?? "") \($0["status"] ?? "")" }
                .sorted(),
            ["Cafe -4.00 booked", "SHELL 1234 -60.00 booked"], "each payment once")
        XCTAssertTrue(
            second.stderr.contains("batch 2 remembers 2 new transactions; 2 pending became booked"), second.stderr)
        XCTAssertTrue(
            second.stderr.contains("intraday (fixture): ok, read 2 = written 0 + rejected 0 + duplicates 0 + seen 2"),
            second.stderr)
        let lines = try feedRows(try String(contentsOfFile: duplicates, encoding: .utf8))
        let seen = lines.filter { $0["by"] as? String != "pending" }
        XCTAssertEqual(
            seen.map { "\($0["index"] ?? "") \($0["by"] ?? "") \(($0["kept"] as? [String: Any])?["batch"] ?? "")" }
                .sorted(),
            ["0 bank id 1", "1 fingerprint 1"], "named by their place in intraday.json and the batch that wrote them")
        XCTAssertEqual(lines.filter { $0["by"] as? String == "pending" }.count, 2)
        XCTAssertEqual(try sqlite("SELECT count(*) FROM pending WHERE ended IS NULL"), "0\n")

        // Read again, with or without the statement: seen, never pending again.
        for files in [[intraday, statement], [intraday]] {
            let again = try txfeed(
                arguments: ["run"] + files + ["--state", state, "--sink", "ndjson", "--no-progress"])
            XCTAssertEqual(again.status, 0, again.stderr)
            XCTAssertEqual(again.output, "", again.stderr)
            XCTAssertTrue(
                again.stderr.contains(
                    "intraday (fixture): ok, read 2 = written 0 + rejected 0 + duplicates 0 + seen 2"),
                again.stderr)
        }
        XCTAssertEqual(try sqlite("SELECT count(*) FROM pending"), "2\n", "remembered once each")
        XCTAssertFalse(try txfeed("state", "show", state).output.contains("pending, not yet booked"))
    }

    /// Yesterday's export with a hold and today's with its booking, read in one run: one
    /// payment, under `--dedupe` and under `--state` (it was written twice, and under `--state`
    /// the hold stayed pending run after run). One export's own pending and booked records
    /// are the bank's two, never matched.
    func testAHoldAndItsBookingInTwoExportsOfOneRunAreOnePayment() throws {
        let intraday = try envelope(
            "intraday.json",
            [("SHELL 1234", "-60.00", "2024-03-05", "pending", "H-1"), ("Cafe", "-4.00", "2024-03-05", "pending", nil)])
        let statement = try envelope(
            "statement.json",
            [("SHELL 1234", "-60.00", "2024-03-07", nil, "B-1"), ("Cafe", "-4.00", "2024-03-06", nil, nil)])
        func records(_ result: CommandResult) throws -> [String] {
            try feedRows(result.output).map { "\($0["vendor"] ?? "") \($0["amount"] ?? "") \($0["status"] ?? "")" }
                .sorted()
        }
        let duplicates = folder.path + "/duplicates.ndjson"
        let deduped = try txfeed(
            arguments: [
                "run", intraday, statement, "--dedupe", "--duplicates", duplicates, "--sink", "ndjson", "--no-progress",
            ])
        XCTAssertEqual(deduped.status, 0, deduped.stderr)
        XCTAssertEqual(try records(deduped), ["Cafe -4.00 booked", "SHELL 1234 -60.00 booked"], deduped.stderr)
        XCTAssertTrue(
            deduped.stderr.contains("intraday (fixture): ok, read 2 = written 0 + rejected 0 + duplicates 2"),
            deduped.stderr)
        let lines = try feedRows(try String(contentsOfFile: duplicates, encoding: .utf8))
        XCTAssertEqual(
            lines.map {
                let kept = $0["kept"] as? [String: Any]
                return
                    "\($0["index"] ?? "") \($0["by"] ?? "") \($0["evidence"] ?? "") \(kept?["source"] ?? "")#\(kept?["index"] ?? "") \(kept?["id"] ?? "")"
            }.sorted(),
            [
                "0 pending payee, 2 days later statement#0 B-1",
                "1 pending payee, 1 day later statement#1 fp:f71e003e8fa865c3-1",
            ])

        // Within one day only the coffee is one payment: the fuel booked two days later.
        let narrow = try txfeed(
            arguments: [
                "run", intraday, statement, "--dedupe", "--pending-window", "1", "--sink", "ndjson", "--no-progress",
            ])
        XCTAssertEqual(
            try records(narrow),
            ["Cafe -4.00 booked", "SHELL 1234 -60.00 booked", "SHELL 1234 -60.00 pending"], narrow.stderr)

        let one = try envelope(
            "one.json", [("Cafe", "-4.00", "2024-03-05", "pending", nil), ("Cafe", "-4.00", "2024-03-06", nil, nil)])
        let alone = try txfeed(arguments: ["run", one, "--dedupe", "--sink", "ndjson", "--no-progress"])
        XCTAssertEqual(try records(alone), ["Cafe -4.00 booked", "Cafe -4.00 pending"], "one export's two records")
        // Read after another export that lists the booked one too: the merge keeps that copy,
        // but one export listed both, so they are still two.
        let booked = try envelope("booked.json", [("Cafe", "-4.00", "2024-03-06", nil, nil)])
        let both = try txfeed(arguments: ["run", booked, one, "--dedupe", "--sink", "ndjson", "--no-progress"])
        XCTAssertEqual(try records(both), ["Cafe -4.00 booked", "Cafe -4.00 pending"], both.stderr)

        let first = try run(intraday, statement)
        XCTAssertEqual(try records(first), ["Cafe -4.00 booked", "SHELL 1234 -60.00 booked"], first.stderr)
        for files in [[intraday], [intraday, statement]] {
            let again = try txfeed(
                arguments: ["run"] + files + ["--state", state, "--sink", "ndjson", "--no-progress"])
            XCTAssertEqual(again.output, "", again.stderr)
            XCTAssertTrue(
                again.stderr.contains(
                    "intraday (fixture): ok, read 2 = written 0 + rejected 0 + duplicates 0 + seen 2"),
                again.stderr)
        }
        let show = try txfeed("state", "show", state).output
        XCTAssertFalse(show.contains("pending, not yet booked"), show)
        XCTAssertTrue(show.contains("H-1: pending (payee, 2 days later) of statement#0"), show)
    }

    func testTwoEqualPendingCoffeesBookAsTwo() throws {
        let pending = try envelope(
            "pending.json",
            [("Coffee", "-3.00", "2024-03-01", "pending", nil), ("Coffee", "-3.00", "2024-03-01", "pending", nil)])
        XCTAssertEqual(try run(pending).status, 0)
        XCTAssertEqual(try sqlite("SELECT count(*) FROM pending WHERE ended IS NULL"), "2\n")
        let booked = try envelope(
            "booked.json", [("Coffee", "-3.00", "2024-03-02", nil, nil), ("Coffee", "-3.00", "2024-03-02", nil, nil)])
        let result = try run(booked)
        XCTAssertEqual(try feedRows(result.output).count, 2, "two real coffees stay two")
        XCTAssertTrue(result.stderr.contains("remembers 2 new transactions; 2 pending became booked"), result.stderr)
        XCTAssertEqual(
            try sqlite("SELECT ended, evidence FROM pending"),
            "booked payee, 1 day later\n" + "booked payee, 1 day later\n")
    }

    func testAPendingRecordSeenAgainStaysOneAndIsDroppedOnlyAfterTheWindow() throws {
        let hold = try envelope("hold.json", [("Hotel", "-120.00", day(3), "pending", nil)])
        XCTAssertEqual(try run(hold).status, 0)
        XCTAssertEqual(try run(hold).status, 0)
        XCTAssertEqual(try sqlite("SELECT count(*), max(last_batch) FROM pending"), "1 2\n", "seen again, not again")

        // A statement of the account without the hold: kept while it may still book.
        let other = try envelope("other.json", [("Rent", "-900.00", day(1), nil, nil)])
        let kept = try run(other)
        XCTAssertFalse(kept.stderr.contains("dropped"), kept.stderr)
        XCTAssertTrue(
            try txfeed("state", "show", state).output.contains("Checking: \(day(3))  Hotel  -120.00  (batch 1)"))

        let dropped = try run(other, "--pending-window", "2")
        XCTAssertTrue(dropped.stderr.contains("1 pending dropped after 2 days unbooked"), dropped.stderr)
        XCTAssertEqual(try sqlite("SELECT ended FROM pending"), "dropped\n")
    }

    func testALayout1StateFileIsBroughtUpToDate() throws {
        let checking = BuiltProducts.repository + "/samples/accounts/checking.json"
        XCTAssertEqual(try run(checking).status, 0)
        _ = try sqlite("DROP TABLE pending")
        _ = try sqlite("DROP TABLE overrules")
        _ = try sqlite("DROP TABLE drops")
        _ = try sqlite("DROP TABLE halves")
        _ = try sqlite("PRAGMA user_version = 1")
        XCTAssertEqual(try txfeed("state", "show", state).status, 0, "layout 1 is read as it is")
        XCTAssertEqual(try sqlite("PRAGMA user_version"), "1\n")
        let again = try run(checking)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stderr.contains("seen 7"), again.stderr)
        XCTAssertEqual(try sqlite("PRAGMA user_version"), "3\n")
        XCTAssertEqual(try sqlite("SELECT count(*) FROM pending"), "0\n")
        XCTAssertEqual(try sqlite("SELECT count(*) FROM halves"), "0\n", "nothing new was written")
    }

    /// Layout 2 had no transfer halves: the first run that opens it adds their table and
    /// remembers its own.
    func testALayout2StateFileIsBroughtUpToDate() throws {
        let checking = BuiltProducts.repository + "/samples/accounts/checking.json"
        XCTAssertEqual(try run(checking).status, 0)
        _ = try sqlite("DROP TABLE halves")
        _ = try sqlite("ALTER TABLE drops DROP COLUMN path")
        _ = try sqlite("PRAGMA user_version = 2")
        XCTAssertEqual(try txfeed("state", "show", state).status, 0, "layout 2 is read as it is")
        let savings = try envelope("savings.json", [("Interest", "1.25", "2024-03-01", nil, nil)])
        let again = try run(savings)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try sqlite("PRAGMA user_version"), "3\n")
        XCTAssertEqual(try sqlite("SELECT vendor, amount FROM halves"), "Interest 125\n")
        XCTAssertEqual(try sqlite("SELECT count(path) FROM drops"), "0\n", "the drops' places are a column now")
    }

    func testThePendingOptionsNeedAStateFileAndSayWhatTheyTake() throws {
        let checking = BuiltProducts.repository + "/samples/accounts/checking.json"
        for (arguments, message) in [
            (["--pending-window", "3"], "--pending-window needs --state or --dedupe"),
            (["--pending-tolerance", "5%"], "--pending-tolerance needs --state or --dedupe"),
            (
                ["--state", state, "--pending-tolerance", "lots"],
                "--pending-tolerance 'lots': expected a percentage from 0% to 100%, such as 20%"
            ),
            (
                ["--state", state, "--pending-window", "400"],
                "--pending-window 400: expected a number of days from 0 to 366"
            ),
        ] {
            let result = try txfeed(arguments: ["run", checking] + arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.stderr, "txfeed: error: \(message)\n", "\(arguments)")
        }
    }
}
