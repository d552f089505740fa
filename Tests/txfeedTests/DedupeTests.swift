import Foundation
import TxFeedTestSupport
import XCTest

/// `--dedupe` on real files written by the test: overlapping exports, the same file twice,
/// overlapping OFX statements; the summary, `--duplicates FILE` and the exit status.
final class DedupeTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try temporaryFolder()
    }

    /// January 1–20 and January 10–31 of one account, without ids; each holds the two genuine
    /// coffees of January 15.
    private func overlappingExports() throws -> (String, String) {
        let first = try folder.write(
            "jan-1-20.csv",
            """
            Date,Description,Amount
            2024-01-02,Rent,-900.00
            2024-01-15,Coffee Corner,-3.50
            2024-01-15,Coffee Corner,-3.50
            2024-01-18,Bakery,-2.20

            """)
        let second = try folder.write(
            "jan-10-31.csv",
            """
            Date,Description,Amount
            2024-01-15,Coffee Corner,-3.50
            2024-01-15,Coffee Corner,-3.50
            2024-01-18,Bakery,-2.20
            2024-01-25,Salary,2500.00

            """)
        return (first, second)
    }

    func testOverlappingExportsKeepBothGenuineCoffeesOnce() throws {
        let (first, second) = try overlappingExports()
        let duplicates = folder.path + "/duplicates.ndjson"
        let result = try txfeed(
            "run", "-s", "csv:\(first),account=Checking", "-s", "csv:\(second),account=Checking", "--dedupe",
            "--duplicates", duplicates, "--sink", "ndjson", "--no-progress")
        XCTAssertEqual(result.status, 0, "duplicates are not errors: \(result.stderr)")
        let rows = try feedRows(result.output)
        XCTAssertEqual(rows.map { $0["vendor"] as? String }.filter { $0 == "Coffee Corner" }.count, 2)
        XCTAssertEqual(rows.count, 5, "rent, two coffees, bakery, salary")
        let coffeeIDs = rows.filter { $0["vendor"] as? String == "Coffee Corner" }.compactMap { $0["id"] as? String }
        XCTAssertEqual(coffeeIDs.map { $0.suffix(2) }.sorted(), ["-1", "-2"])
        for id in rows.compactMap({ $0["id"] as? String }) {
            XCTAssertNotNil(id.wholeMatch(of: /fp:[0-9a-f]{16}-[0-9]+/), id)
        }
        XCTAssertTrue(result.stderr.contains("jan-1-20 (csv): ok, read 4 = written 4 + rejected 0 + duplicates 0"))
        XCTAssertTrue(
            result.stderr.contains("jan-10-31 (csv): ok, read 4 = written 1 + rejected 0 + duplicates 3"), result.stderr
        )

        let dropped = try feedRows(String(decoding: try folder.read("duplicates.ndjson"), as: UTF8.self))
        XCTAssertEqual(dropped.count, 3)
        XCTAssertEqual(dropped.map { $0["source"] as? String }, ["jan-10-31", "jan-10-31", "jan-10-31"])
        XCTAssertEqual(dropped.map { $0["index"] as? Int }, [0, 1, 2])
        XCTAssertTrue((dropped[0]["origin"] as? String)?.hasSuffix("jan-10-31.csv") == true, "\(dropped[0])")
        for line in dropped {
            let record = try XCTUnwrap(line["record"] as? [String: Any])
            let kept = try XCTUnwrap(line["kept"] as? [String: Any])
            XCTAssertEqual(kept["source"] as? String, "jan-1-20")
            XCTAssertEqual(kept["id"] as? String, record["id"] as? String, "the same fingerprint, occurrence and all")
            XCTAssertEqual(record["source"] as? String, "jan-10-31")
            XCTAssertEqual(line["by"] as? String, "fingerprint")
        }
        XCTAssertEqual(
            dropped.compactMap { ($0["kept"] as? [String: Any])?["index"] as? Int }, [1, 2, 3],
            "the kept records' places in jan-1-20: both coffees and the bakery")
        // Each named by its line in its file, as `--rejects` names a row.
        XCTAssertEqual(dropped.map { $0["path"] as? String }, ["line 2", "line 3", "line 4"])
        XCTAssertEqual(
            dropped.map { ($0["kept"] as? [String: Any])?["path"] as? String }, ["line 3", "line 4", "line 5"])
        let secondCoffee = try XCTUnwrap(dropped[1]["record"] as? [String: Any])
        XCTAssertEqual(secondCoffee["vendor"] as? String, "Coffee Corner")
        XCTAssertEqual(secondCoffee["amount_minor"] as? Int, -350)
        XCTAssertEqual((secondCoffee["id"] as? String)?.hasSuffix("-2"), true)
    }

    func testTheSameJSONFileTwice() throws {
        let checking = BuiltProducts.repository + "/samples/accounts/checking.json"
        let plain = try txfeed("run", checking, checking, "--sink", "ndjson", "--no-progress")
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertEqual(try feedRows(plain.output).count, 14, "without --dedupe nothing is dropped")
        XCTAssertTrue(plain.stderr.contains("read 7 = written 7 + rejected 0, "), plain.stderr)
        XCTAssertFalse(plain.stderr.contains("duplicates"), plain.stderr)

        let deduped = try txfeed("run", checking, checking, "--dedupe", "--sink", "ndjson", "--no-progress")
        XCTAssertEqual(deduped.status, 0, deduped.stderr)
        let rows = try feedRows(deduped.output)
        XCTAssertEqual(rows.count, 7)
        XCTAssertEqual(Set(rows.map { $0["source"] as? String }), ["checking"], "the first in source order is kept")
        XCTAssertEqual(Set(rows.compactMap { $0["id"] as? String }).count, 7)
        XCTAssertTrue(
            deduped.stderr.contains("checking#2 (fixture): ok, read 7 = written 0 + rejected 0 + duplicates 7"))
    }

    /// A JSON record is named by its place in its envelope, after the envelope's place in its
    /// file when it is not the first (NDJSON), the same in the plugin's child and in-process;
    /// the feed is what it is without `--duplicates`.
    func testADroppedJSONRecordIsNamedByItsEnvelopeAndIndex() throws {
        let lines = [
            #"{"body":{"name":"A","currency":"EUR","transactions":[{"type":1,"vendor":"X","amount":1,"date":"2024-01-02"}]}}"#,
            #"{"body":{"name":"A","currency":"EUR","transactions":[{"type":1,"vendor":"Y","amount":2,"date":"2024-01-03"},{"type":1,"vendor":"Z","amount":2,"date":"2024-01-03","id":"B1"}]}}"#,
        ]
        let first = try folder.write("f.ndjson", lines.joined(separator: "\n") + "\n")
        let second = try folder.write("g.ndjson", lines.joined(separator: "\n") + "\n")
        var files: [[UInt8]] = []
        for isolation in ["process", "in-process"] {
            let file = folder.path + "/duplicates-\(isolation).ndjson"
            let result = try txfeed(
                "run", first, second, "--dedupe", "--duplicates", file, "--sink", "csv", "--isolation", isolation)
            XCTAssertEqual(result.status, 0, result.stderr)
            let plain = try txfeed("run", first, second, "--dedupe", "--sink", "csv", "--isolation", isolation)
            XCTAssertEqual(result.stdout, plain.stdout, "places kept change nothing in the feed")
            let dropped = try feedRows(
                String(decoding: try folder.read("duplicates-\(isolation).ndjson"), as: UTF8.self))
            XCTAssertEqual(
                dropped.map { $0["path"] as? String },
                ["transactions[0]", "\(second):2:1 transactions[0]", "\(second):2:1 transactions[1]"], isolation)
            XCTAssertEqual(
                dropped.map { ($0["kept"] as? [String: Any])?["path"] as? String },
                ["transactions[0]", "\(first):2:1 transactions[0]", "\(first):2:1 transactions[1]"], isolation)
            XCTAssertEqual(dropped.map { $0["by"] as? String }, ["fingerprint", "fingerprint", "bank id"])
            files.append(Array(try folder.read("duplicates-\(isolation).ndjson")))
        }
        XCTAssertEqual(files[0], files[1])
    }

    func testJSONSummaryCountsDuplicatesOnlyWithDedupe() throws {
        let checking = BuiltProducts.repository + "/samples/accounts/checking.json"
        let config = try folder.write(
            "pipeline.json",
            #"{"sources": [{"plugin": "fixture", "options": {"path": "\#(checking)"}}, {"plugin": "fixture", "name": "again", "options": {"path": "\#(checking)"}}], "dedupe": true}"#
        )
        let result = try txfeed("run", "--config", config, "--sink", "json", "--no-progress")
        XCTAssertEqual(result.status, 0, result.stderr)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let summary = try XCTUnwrap(document["summary"] as? [String: Any])
        XCTAssertEqual(summary["read"] as? Int, 14)
        XCTAssertEqual(summary["written"] as? Int, 7)
        XCTAssertEqual(summary["duplicates"] as? Int, 7)
        let sources = try XCTUnwrap(document["sources"] as? [[String: Any]])
        XCTAssertEqual(sources.map { $0["duplicates"] as? Int }, [0, 7])

        let plain = try txfeed("run", checking, "--sink", "json", "--no-progress")
        let plainDocument = try XCTUnwrap(JSONSerialization.jsonObject(with: plain.stdout) as? [String: Any])
        XCTAssertNil((plainDocument["summary"] as? [String: Any])?["duplicates"])
    }

    /// Two OFX 2 statements of one account, overlapping by two FITIDs; the two identical
    /// coffees of the 15th have their own FITIDs, so they stay two.
    func testOverlappingOFXStatementsAreDedupedByFITID() throws {
        func statement(_ name: String, _ rows: [(fitid: String, date: String, amount: String, name: String)]) throws
            -> String
        { try folder.write(name, ofxStatementText(rows)) }
        let first = try statement(
            "first.ofx",
            [
                ("A1", "20240102", "-900.00", "Rent"), ("C1", "20240115", "-3.50", "Coffee"),
                ("C2", "20240115", "-3.50", "Coffee"),
            ])
        let second = try statement(
            "second.ofx",
            [
                ("C1", "20240115", "-3.50", "Coffee"), ("C2", "20240115", "-3.50", "Coffee"),
                ("D1", "20240125", "-12.00", "Lunch"),
            ])
        let result = try txfeed("run", first, second, "--dedupe", "--sink", "ndjson", "--no-progress")
        XCTAssertEqual(result.status, 0, result.stderr)
        let rows = try feedRows(result.output)
        XCTAssertEqual(rows.compactMap { $0["id"] as? String }.sorted(), ["A1", "C1", "C2", "D1"])
        XCTAssertTrue(result.stderr.contains("second (ofx): ok, read 3 = written 1 + rejected 0 + duplicates 2"))

        let plain = try txfeed("run", first, second, "--sink", "ndjson", "--no-progress")
        XCTAssertEqual(try feedRows(plain.output).count, 6)
    }

    func testTheBankFixtureTwiceIsOnceAndItsIDsAreTheFITIDs() throws {
        let ofx = BuiltProducts.fixtures + "/statements/ofx/bank-220.ofx"
        let result = try txfeed(
            "run", ofx, "-s", "ofx:\(ofx),name=again", "--dedupe", "--sink", "csv", "--no-progress")
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.output.split(separator: "\r\n").dropFirst()
        XCTAssertEqual(lines.count, 8)
        XCTAssertTrue(result.output.contains(",S240301A,"), result.output)
        XCTAssertTrue(result.stderr.contains("again (ofx): ok, read 8 = written 0 + rejected 0 + duplicates 8"))
    }

    /// One account as OFX (its `ACCTID` the account's id) and as a CSV (no id, its name the
    /// file's stem or `account=`), overlapping by two payments: `--dedupe` matches within one
    /// account, so they are kept twice; the run says so, naming the CSV's `account-id=`, which
    /// then makes them one.
    func testOneAccountAsOFXAndCSVIsSaidAndAccountIDMakesItOne() throws {
        let ofx = try folder.write(
            "feb.ofx",
            ofxStatementText(
                [
                    ("F1", "20240226", "2450.00", "SALARY ACME"), ("F2", "20240301", "-1050.00", "RENT"),
                    ("F3", "20240302", "-3.50", "BAKERY"),
                ], account: "0532013000"))
        let csv = try folder.write(
            "march.csv",
            "Date,Description,Amount\n2024-03-01,RENT,-1050.00\n2024-03-02,BAKERY,-3.50\n2024-03-12,EDEKA,-27.30\n")
        for spec in ["csv:\(csv)", "csv:\(csv),account=CHECKING 0532013000"] {
            let result = try txfeed("run", ofx, "-s", spec, "--dedupe", "--sink", "ndjson", "--no-progress")
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(try feedRows(result.output).count, 6, "two accounts to --dedupe: all kept")
            XCTAssertTrue(
                result.stderr.contains(
                    "txfeed: 2 records of the same day, amount and vendor in \"CHECKING 0532013000\" id 0532013000 (feb, ofx) and \""
                ), result.stderr)
            XCTAssertTrue(
                result.stderr.contains("txfeed:   if they are one account, give march account-id=0532013000\n"),
                result.stderr)
        }
        // The CSV's preamble (or the option) gave it another id, the sort code's text, say.
        let other = try txfeed(
            "run", ofx, "-s", "csv:\(csv),account-id=37040044 0532013000", "--dedupe", "--sink", "ndjson",
            "--no-progress")
        XCTAssertEqual(try feedRows(other.output).count, 6)
        XCTAssertTrue(
            other.stderr.contains("txfeed:   if they are one account, give march account-id=0532013000\n"), other.stderr
        )
        let one = try txfeed(
            "run", ofx, "-s", "csv:\(csv),account-id=0532013000", "--dedupe", "--sink", "ndjson", "--no-progress")
        XCTAssertEqual(try feedRows(one.output).count, 4, one.stderr)
        XCTAssertTrue(
            one.stderr.contains("march (csv): ok, read 3 = written 1 + rejected 0 + duplicates 2"), one.stderr)
        XCTAssertFalse(one.stderr.contains("counted in both"), one.stderr)

        // The same CSV twice under two names: two accounts named by their stems.
        let again = try folder.write("march (1).csv", try String(contentsOfFile: csv, encoding: .utf8))
        let twice = try txfeed("run", csv, again, "--dedupe", "--sink", "ndjson", "--no-progress")
        XCTAssertEqual(try feedRows(twice.output).count, 6)
        XCTAssertTrue(
            twice.stderr.contains(
                "txfeed: 3 records of the same day, amount and vendor in \"march\" (march, csv) and \"march (1)\" (march (1), csv), counted in both"
            ), twice.stderr)
        XCTAssertTrue(
            twice.stderr.contains("txfeed:   if they are one account, give both sources the same account=\n"),
            twice.stderr)

        // Under --state, yesterday's download read again is seen: today's copies of its
        // payments are new in today's account, and said.
        let state = folder.path + "/state.db"
        XCTAssertEqual(try txfeed("run", csv, "--state", state, "--sink", "ndjson", "--no-progress").status, 0)
        let daily = try txfeed("run", csv, again, "--state", state, "--sink", "ndjson", "--no-progress")
        XCTAssertEqual(try feedRows(daily.output).count, 3, daily.stderr)
        XCTAssertTrue(
            daily.stderr.contains(
                "txfeed: 3 records of the same day, amount and vendor in \"march\" (march, csv) and \"march (1)\" (march (1), csv), counted in both"
            ), daily.stderr)
    }

    /// The same statement downloaded again after the bank made its FITIDs anew: two bank ids
    /// are two payments to `--dedupe` (two coffees have their own), so each is kept twice; the
    /// run lists them as near-duplicates, as it does the same payment under other vendors.
    /// A JSON source's account takes no `account=`: the hint names what can be done. It told
    /// a user to give both sources `account=`, which a JSON source refuses.
    func testAJSONAccountNamedTwoWaysIsGivenAHintThatWorks() throws {
        let checking = try folder.write(
            "checking.json",
            #"{"body": {"name": "Checking", "currency": "USD", "transactions": [{"type": 1, "vendor": "Starbucks", "amount": 4.5, "date": "2021-09-01"}, {"type": 1, "vendor": "Bakery", "amount": 2.2, "date": "2021-09-02"}]}}"#
        )
        let main = try folder.write(
            "main.json",
            try String(contentsOfFile: checking, encoding: .utf8).replacingOccurrences(of: "Checking", with: "Main"))
        let csv = try folder.write("export.csv", "Date,Description,Amount\n2021-09-01,Starbucks,-4.50\n")
        let json = try txfeed("run", checking, main, "--dedupe", "--sink", "ndjson", "--no-progress")
        XCTAssertEqual(try feedRows(json.output).count, 4, json.stderr)
        XCTAssertTrue(
            json.stderr.contains(
                "txfeed:   if they are one account, read one of the two: neither reader takes an account= option\n"),
            json.stderr)
        // Under --quiet too: payments perhaps counted twice are a problem, not a summary.
        let mixed = try txfeed("run", checking, csv, "--dedupe", "--sink", "ndjson", "--quiet")
        XCTAssertTrue(
            mixed.stderr.contains("txfeed:   if they are one account, give export account=Checking\n"), mixed.stderr)
        XCTAssertFalse(mixed.stderr.contains(": ok, "), mixed.stderr)
        // And it works: the CSV's record is the JSON one's.
        let one = try txfeed(
            "run", checking, "-s", "csv:\(csv),account=Checking", "--dedupe", "--sink", "ndjson", "--no-progress")
        XCTAssertEqual(try feedRows(one.output).count, 2, one.stderr)
        XCTAssertFalse(one.stderr.contains("counted in both"), one.stderr)
    }

    func testAStatementWithRegeneratedIDsIsSaidToHoldNearDuplicates() throws {
        let rows: [(fitid: String, date: String, amount: String, name: String)] = [
            ("A1", "20240102", "-900.00", "Rent"), ("C1", "20240115", "-3.50", "Coffee"),
        ]
        let first = try folder.write("jan.ofx", ofxStatementText(rows))
        let again = try folder.write(
            "jan-again.ofx", ofxStatementText(rows.map { ("X" + $0.fitid, $0.date, $0.amount, $0.name) }))
        let result = try txfeed("run", first, again, "--dedupe", "--sink", "ndjson", "--no-progress")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try feedRows(result.output).count, 4, "two bank ids are two payments: kept")
        XCTAssertTrue(result.stderr.contains("txfeed: 2 near-duplicates kept:"), result.stderr)
        XCTAssertTrue(
            result.stderr.contains(
                #"txfeed:   CHECKING DE89370400440532013000 2024-01-15 -3.50: "Coffee" (jan-again, XC1) and "Coffee" (jan, C1)"#
            ),
            result.stderr)
    }

    func testDuplicatesNeedsDedupe() throws {
        let result = try txfeed(
            "run", BuiltProducts.repository + "/samples/accounts/checking.json", "--duplicates",
            folder.path + "/d.ndjson")
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("--duplicates needs --dedupe"), result.stderr)
    }
}
