import Foundation
import TxFeedTestSupport
import XCTest

/// Issue 43: money moved between the user's own accounts, seen once as a debit and once as a
/// credit, is linked as one transfer — across a bank CSV and an OFX statement, read by the built
/// plugins — only where that is unambiguous; the rest is listed, and a journal writes each
/// transfer once.
final class TransfersTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try temporaryFolder()
        try folder.write(
            "statements/checking.csv",
            """
            Date,Description,Amount,Currency,Balance
            2024-03-01,SALARY ACME GMBH,3000.00,EUR,3000.00
            2024-03-02,ONLINE BANKING DE12 5001 0517 0648 4898 90,-500.00,EUR,2500.00
            2024-03-05,RENT MARCH,-1000.00,EUR,1500.00
            2024-03-10,TRANSFER,-50.00,EUR,1450.00
            2024-03-20,UMBUCHUNG TAGESGELD,-200.00,EUR,1250.00
            2024-03-21,BOOKSHOP,-19.99,EUR,1230.01

            """)
        try folder.write(
            "statements/savings.ofx",
            """
            OFXHEADER:100
            DATA:OFXSGML
            VERSION:102
            SECURITY:NONE
            ENCODING:USASCII
            CHARSET:1252
            COMPRESSION:NONE
            OLDFILEUID:NONE
            NEWFILEUID:NONE

            <OFX>
            <SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20240331<LANGUAGE>ENG</SONRS></SIGNONMSGSRSV1>
            <BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>
            <STMTRS><CURDEF>EUR
            <BANKACCTFROM><BANKID>50010517<ACCTID>DE12500105170648489890<ACCTTYPE>SAVINGS</BANKACCTFROM>
            <BANKTRANLIST><DTSTART>20240301<DTEND>20240331
            <STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20240305<TRNAMT>500.00<FITID>S1<NAME>INCOMING</STMTTRN>
            <STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20240310<TRNAMT>50.00<FITID>S2<NAME>DEPOSIT</STMTTRN>
            <STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20240323<TRNAMT>200.00<FITID>S3<NAME>EINGANG</STMTTRN>
            <STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20240325<TRNAMT>19.99<FITID>S4<NAME>REFUND BOOKSHOP</STMTTRN>
            </BANKTRANLIST>
            <LEDGERBAL><BALAMT>1769.99<DTASOF>20240331</LEDGERBAL>
            </STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>

            """)
        try folder.write(
            "statements/card.csv",
            """
            Date,Description,Amount,Currency
            2024-03-11,PAYMENT RECEIVED,50.00,EUR
            2024-03-12,RESTAURANT,-42.00,EUR

            """)
    }

    /// The OFX account's name: its type and number.
    static let savings = "SAVINGS DE12500105170648489890"

    private func transfers(_ rows: [FeedRow]) -> [String: [String]] {
        var found: [String: [String]] = [:]
        for row in rows {
            guard let id = text(row, "transfer") else { continue }
            found[id, default: []].append(
                "\(text(row, "account")!) \(text(row, "amount")!) → \(text(row, "transfer_account")!)")
        }
        return found
    }

    /// Many records of one amount and day in two accounts are one set, named by its first 20.
    func testAManyRecordSetIsNamedByItsFirstTwenty() throws {
        let rows = { (type: Int) in
            Array(repeating: #"{"type": \#(type), "vendor": "Coffee", "amount": 4.5, "date": "2024-03-01"}"#, count: 30)
                .joined(separator: ",")
        }
        let file = try folder.write(
            "many.json",
            #"[{"body": {"name": "A", "currency": "EUR", "transactions": [\#(rows(1))]}},"#
                + #"{"body": {"name": "B", "currency": "EUR", "transactions": [\#(rows(0))]}}]"#)
        let run = try txfeed("run", file, "--sink", "ndjson")
        XCTAssertEqual(run.status, 0, run.stderr)
        let line = try XCTUnwrap(run.stderr.split(separator: "\n").first { $0.contains("not paired: ") })
        XCTAssertEqual(line.components(separatedBy: "; ").count, 21, String(line))
        XCTAssertTrue(line.hasSuffix("; … and 40 more"), String(line))
    }

    func testTransfersAcrossACSVAndAnOFXStatementAreLinkedOnlyWhereUnambiguous() throws {
        let run = try txfeed("run", folder.path + "/statements", "--sink", "ndjson")
        XCTAssertEqual(run.status, 0, run.stderr)
        let rows = try feedRows(run)
        XCTAssertEqual(rows.count, 12, "every record stays in the feed")
        // The savings account's number in the checking text (3 days apart), and a transfer word
        // (3 days apart); the 50.00 has two candidates (savings the same day, the card the next),
        // the bookshop refund is no transfer.
        XCTAssertEqual(
            transfers(rows),
            [
                "T1": ["\(Self.savings) 200.00 → checking", "checking -200.00 → \(Self.savings)"],
                "T2": ["\(Self.savings) 500.00 → checking", "checking -500.00 → \(Self.savings)"],
            ])
        XCTAssertTrue(
            run.stderr.contains("txfeed: transfers: 2 linked, 1 set of records not paired (more than one candidate)\n"),
            run.stderr)
        XCTAssertTrue(
            run.stderr.contains(
                "txfeed: transfers: not paired: card 2024-03-11 50.00; checking 2024-03-10 -50.00; \(Self.savings) 2024-03-10 50.00"
            ),
            run.stderr)

        // The text view names the other account beside each half.
        let text = try txfeed("run", folder.path + "/statements", "--no-progress")
        XCTAssertEqual(
            text.output.split(separator: "\n").filter { $0.contains("(T1)") }.map {
                $0.hasSuffix("→ \(Self.savings) (T1)") || $0.hasSuffix("← checking (T1)")
            },
            [true, true], text.output)

        let off = try txfeed("run", folder.path + "/statements", "--sink", "ndjson", "--no-transfers")
        XCTAssertEqual(off.status, 0, off.stderr)
        XCTAssertFalse(off.output.contains("\"transfer\""), "without transfers the rows are as they always were")
        XCTAssertFalse(off.stderr.contains("transfers:"), off.stderr)

        let narrow = try txfeed("run", folder.path + "/statements", "--sink", "ndjson", "--transfer-window", "2")
        XCTAssertEqual(transfers(try feedRows(narrow)), [:], "both pairs are 3 days apart")
        let bad = try txfeed("run", folder.path + "/statements", "--transfer-window", "-1")
        XCTAssertEqual(bad.status, 2, bad.stderr)
    }

    /// A journal writes a transfer once, between the two accounts, and hledger accepts it (the
    /// savings statement's balance asserted).
    func testAJournalWritesEachTransferOnceBetweenTheTwoAccounts() throws {
        let journal = folder.path + "/feed.journal"
        let run = try txfeed("run", folder.path + "/statements", "-o", journal)
        XCTAssertEqual(run.status, 0, run.stderr)
        let text = try String(contentsOfFile: journal, encoding: .utf8)
        XCTAssertTrue(
            text.contains(
                "2024-03-02 * (fp:"), text)
        XCTAssertTrue(
            text.contains(
                "    Assets:Bank:checking  -500.00 EUR\n    Assets:Bank:SAVINGS DE12500105170648489890  500.00 EUR\n"),
            text)
        XCTAssertTrue(
            text.contains(
                "    Assets:Bank:checking  -200.00 EUR\n    Assets:Bank:SAVINGS DE12500105170648489890  200.00 EUR\n"),
            text)
        XCTAssertFalse(text.contains("INCOMING"), "the credit half is not an entry of its own")
        let check = try runCommand("/usr/bin/hledger", ["-f", journal, "check"])
        XCTAssertEqual(check.status, 0, check.stderr)
        let printed = try runCommand("/usr/bin/hledger", ["-f", journal, "print", "Assets:Bank:SAVINGS"])
        XCTAssertEqual(printed.output.components(separatedBy: "Assets:Bank:checking").count - 1, 2, printed.output)
    }

    /// CSV and XLSX carry the link in two more columns; with rules, the workbook's `Categories`
    /// sheet sums each category, read back by openpyxl, and leaves the transfers out.
    func testSpreadsheetsCarryTheLinkAndCategorySumsLeaveTransfersOut() throws {
        let csv = try txfeed("run", folder.path + "/statements", "--sink", "csv")
        XCTAssertEqual(csv.status, 0, csv.stderr)
        let lines = csv.output.split(separator: "\r\n").map(String.init)
        XCTAssertTrue(lines[0].hasSuffix(",memo,transfer,transfer_account"), lines[0])
        XCTAssertTrue(
            lines.contains { $0.contains(",-500.00,EUR,") && $0.hasSuffix(",T2,\(Self.savings)") }, csv.output)

        try folder.write(
            "rules.toml",
            """
            [[rule]]
            name = "salary"
            match = { vendor = "salary" }
            category = "Income:Salary"

            [[rule]]
            name = "rent"
            match = { vendor = "rent" }
            category = "Expenses:Home"

            """)
        let workbook = folder.path + "/feed.xlsx"
        let run = try txfeed(
            "run", folder.path + "/statements", "--rules", folder.path + "/rules.toml", "-o", workbook)
        XCTAssertEqual(run.status, 0, run.stderr)
        let database = folder.path + "/feed.db"
        let db = try txfeed(
            "run", folder.path + "/statements", "--rules", folder.path + "/rules.toml", "-o", database)
        XCTAssertEqual(db.status, 0, db.stderr)
        let query = try runCommand(
            "/usr/bin/python3",
            [
                "-c",
                "import sqlite3, sys; db = sqlite3.connect(sys.argv[1]); print(db.execute(\"SELECT count(*), "
                    + "count(category), group_concat(DISTINCT transfer) FROM transactions\").fetchone()); "
                    + "print(db.execute(\"SELECT transfer_account FROM transactions WHERE amount_minor = -50000\").fetchone())",
                database,
            ])
        XCTAssertEqual(query.output, "(12, 2, 'T1,T2')\n('\(Self.savings)',)\n", query.stderr)

        let sheet = try XCTUnwrap(try XLSXReadBack.rows(of: "Categories", in: workbook))
        let rows = sheet.map { row in row.map { $0.string ?? $0.number.map { String($0) } ?? "" } }
        XCTAssertEqual(
            rows,
            [
                ["category", "currency", "records", "total"],
                ["(uncategorised)", "EUR", "6.0", "8.0"],
                ["Expenses:Home", "EUR", "1.0", "-1000.0"],
                ["Income:Salary", "EUR", "1.0", "3000.0"],
            ])
    }

    /// Transfers are linked before rules, on the bank's texts: a rule that rewrites the transfer
    /// word away does not unlink, `transfer = true` and `false` match on the link, and a rule
    /// that skips one half leaves the other unlinked.
    func testRulesMatchOnTheLinkAndASkippedHalfUnlinksIt() throws {
        try folder.write(
            "rules.toml",
            """
            [[rule]]
            name = "clean"
            match = { vendor = "umbuchung" }
            vendor = "Savings"

            [[rule]]
            name = "own money"
            match = { transfer = true }
            category = "Transfers"

            [[rule.example]]
            vendor = "UMBUCHUNG TAGESGELD"
            transfer = true

            [[rule.counterexample]]
            vendor = "UMBUCHUNG TAGESGELD"

            [[rule]]
            name = "card"
            match = { vendor = "transfer", transfer = false }
            category = "Liabilities:Card"

            """)
        let rules = folder.path + "/rules.toml"
        XCTAssertEqual(try txfeed("rules", "test", rules).status, 0)
        let run = try txfeed("run", folder.path + "/statements", "--rules", rules, "--sink", "ndjson")
        XCTAssertEqual(run.status, 0, run.stderr)
        let rows = try feedRows(run)
        XCTAssertEqual(transfers(rows).count, 2, "Savings was UMBUCHUNG when the link was made")
        let linked = rows.filter { text($0, "transfer") != nil }
        XCTAssertEqual(Set(linked.map { text($0, "category") }), ["Transfers"])
        let fifty = rows.filter { text($0, "amount") == "-50.00" }
        XCTAssertEqual(fifty.map { text($0, "category") }, ["Liabilities:Card"], "not linked: two candidates")
        let why = try txfeed("rules", "why", rules, "--vendor", "UMBUCHUNG", "--amount", "-200", "--transfer")
        XCTAssertTrue(why.output.contains("a linked transfer"), why.output)

        try folder.write(
            "skip.toml",
            """
            [[rule]]
            match = { vendor = "eingang" }
            skip = "counted at the other bank"

            """)
        let skipped = try txfeed(
            "run", folder.path + "/statements", "--rules", folder.path + "/skip.toml", "--sink", "ndjson")
        XCTAssertEqual(skipped.status, 0, skipped.stderr)
        let left = try feedRows(skipped)
        XCTAssertEqual(left.count, 11)
        XCTAssertEqual(transfers(left).count, 1, "the 200.00 lost its savings half")
        XCTAssertNil(left.first { text($0, "amount") == "-200.00" }.flatMap { text($0, "transfer") })
    }
}
