import Foundation
import TxFeedTestSupport
import XCTest

/// OFX and QFX statements (`Tests/Fixtures/statements/ofx/`) routed by content to the `ofx`
/// source through the CLI: counts, exact sums, FITIDs, dates, account ids, failures and
/// `sniff`. The expected facts are those of the fixtures' README, computed by `expected_facts.py`.
final class OFXTests: XCTestCase {
    /// One fixture's expected facts.
    struct Statement {
        var name: String
        var accountID: String
        var account: String
        var currency: String
        var balanceMinor: Int
        /// FITID → `date` as the feed writes it (instants in UTC) and signed `amount_minor`.
        var rows: [String: (date: String, minor: Int)]
        var sum: Int

        var path: String { BuiltProducts.fixtures + "/statements/ofx/" + name }
        var stem: String { (name as NSString).deletingPathExtension }
    }

    static let bank102 = Statement(
        name: "bank-102.ofx", accountID: "1234567890", account: "CHECKING 1234567890", currency: "USD",
        balanceMinor: 192556,
        rows: [
            "202401020001": ("2024-01-02T17:00:00Z", -1250), "202401030001": ("2024-01-03T14:00:00Z", 250000),
            "202401050001": ("2024-01-05", -4520), "202401080001": ("2024-01-09T04:30:00Z", -12000),
            "202401100001": ("2024-01-10T15:15:00Z", -99), "202401120001": ("2024-01-12T23:00:00Z", -6475),
            "202401150001": ("2024-01-15T17:00:00Z", -80000), "202401180001": ("2024-01-18T12:10:00Z", -999),
            "202401200001": ("2024-01-20T17:00:00Z", 15000), "202401240001": ("2024-01-25T02:15:00Z", -3340),
            "202401290001": ("2024-01-29T17:00:00Z", -1800), "202401310001": ("2024-01-31T17:00:00Z", 42),
        ], sum: 154559)
    static let bank220 = Statement(
        name: "bank-220.ofx", accountID: "DE89370400440532013000", account: "SAVINGS DE89370400440532013000",
        currency: "EUR", balanceMinor: 893460,
        rows: [
            "S240301A": ("2024-03-01T13:30:00Z", -2345), "S240301B": ("2024-03-01", 100000),
            "S240305A": ("2024-03-05T12:00:00Z", -500), "S240310A": ("2024-03-10T08:15:00Z", -7510),
            "S240315A": ("2024-03-15T00:00:00Z", 215), "S240320A": ("2024-03-20T03:45:00Z", -1200),
            "S240325A": ("2024-03-26T00:00:00Z", -25000), "S240328A": ("2024-03-28", 30000),
        ], sum: 93660)
    static let card = Statement(
        name: "card.qfx", accountID: "4111111111111111", account: "CREDITCARD 4111111111111111", currency: "USD",
        balanceMinor: -153286,
        rows: [
            "C0402001": ("2024-04-02T20:00:00Z", -5499), "C0404001": ("2024-04-05T03:30:00Z", -12037),
            "C0410001": ("2024-04-10", 50000), "C0415001": ("2024-04-15T16:00:00Z", -350),
            "C0420001": ("2024-04-20T19:00:00Z", -8900), "C0425001": ("2024-04-25T19:00:00Z", 1500),
        ], sum: 24714)

    static let all = [bank102, bank220, card]

    typealias Row = FeedRow

    private func json(_ result: CommandResult) throws -> Row {
        try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdout) as? Row, result.output)
    }

    // MARK: Reading

    /// Each file goes to `ofx` by its content and is read whole: every FITID once, with its
    /// date (days as days, instants in UTC) and signed amount; the account with its id and balance.
    func testEachStatementIsRoutedToOFXAndReadWhole() throws {
        for file in Self.all {
            let result = try txfeed("run", file.path, "--sink", "json")
            XCTAssertEqual(result.status, 0, "\(file.name): \(result.stderr)")
            let expected = "\(file.stem) (ofx): ok, read \(file.rows.count) = written \(file.rows.count) + rejected 0"
            XCTAssertTrue(result.stderr.contains(expected), "\(expected)\n\(result.stderr)")
            let feed = try json(result)
            let rows = try XCTUnwrap(feed["transactions"] as? [Row])
            XCTAssertEqual(rows.count, file.rows.count, file.name)
            XCTAssertEqual(rows.map { minor($0) }.reduce(0, +), file.sum, "\(file.name): signed sum")
            XCTAssertEqual(Set(rows.compactMap { text($0, "id") }), Set(file.rows.keys), file.name)
            for row in rows {
                let id = text(row, "id") ?? "?"
                XCTAssertEqual(text(row, "date"), file.rows[id]?.date, "\(file.name) \(id)")
                XCTAssertEqual(minor(row), file.rows[id]?.minor, "\(file.name) \(id)")
                XCTAssertEqual(text(row, "account"), file.account)
                XCTAssertEqual(text(row, "currency"), file.currency)
                XCTAssertEqual(text(row, "status"), "booked")
            }
            let accounts = try XCTUnwrap(feed["accounts"] as? [Row])
            XCTAssertEqual(accounts.map { text($0, "id") }, [file.accountID], file.name)
            XCTAssertEqual(accounts.map { minor($0, "balance_minor") }, [file.balanceMinor], file.name)
        }
    }

    /// Itaú's layout (`itau-saldo-102.ofx`, figures made up): `SALDO ANTERIOR` and the day's
    /// `SALDO TOTAL DISPONIVEL DIA` among the transactions, which chain as balances to LEDGERBAL.
    /// Read as money that moved, the four rows added 17,156.80 of income to 3,762.60, exit 0.
    func testBrazilianBalanceRowsAreNotMoney() throws {
        let file = BuiltProducts.fixtures + "/statements/ofx/itau-saldo-102.ofx"
        let result = try txfeed("run", file, "--sink", "json")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.stderr.contains("itau-saldo-102 (ofx): ok, read 5 = written 5 + rejected 0"), result.stderr)
        XCTAssertTrue(
            result.stderr.contains(
                "(SALDO ANTERIOR, SALDO TOTAL DISPONIVEL DIA) not imported: the account's balance, not money that moved"
            ),
            result.stderr)
        let rows = try XCTUnwrap(try json(result)["transactions"] as? [Row])
        XCTAssertEqual(rows.map { minor($0) }.reduce(0, +), 376260)
        XCTAssertFalse(rows.contains { text($0, "vendor")?.hasPrefix("SALDO") == true })
    }

    /// An OFX instant at its bank's offset (`20240108233000[-5:EST]`, FITID 202401080001) is 8
    /// January to the bank and 9 January in UTC, where days are shown without `--tz`: the run
    /// says so, naming the record's two days and the option; in the bank's zone it is silent.
    func testADayTheOffsetMovesInUTCIsSaidNamingTz() throws {
        let utc = try txfeed("run", Self.bank102.path, "--sink", "csv")
        XCTAssertEqual(utc.status, 0, utc.stderr)
        // Newest first: the 21:15 EST payment of 24 January is the first of two.
        XCTAssertTrue(
            utc.stderr.contains(
                "txfeed: days: 2 records fall on another day in UTC, where days are shown, than at the offset the file "
                    + "gives (CHECKING 1234567890 \"Züri Pizza\" -33.40: 2024-01-25 in UTC, 2024-01-24 at -05:00); "
                    + "--tz ZONE shows days in the bank's zone"), utc.stderr)
        let local = try txfeed("run", Self.bank102.path, "--sink", "csv", "--tz", "America/New_York")
        XCTAssertEqual(local.status, 0, local.stderr)
        XCTAssertFalse(local.stderr.contains("txfeed: days:"), local.stderr)
        // Of bank-220's offsets (+05:45 at 14:00, +05:45 at 09:30, 0 at midnight, -08:00 at 16:00)
        // only the last moves a day.
        let savings = try txfeed("run", Self.bank220.path, "--sink", "csv")
        XCTAssertTrue(
            savings.stderr.contains(
                "txfeed: days: 1 record falls on another day in UTC, where days are shown, than at the offset the file "
                    + "gives (SAVINGS DE89370400440532013000 \"Insurance Co\" -250.00: 2024-03-26 in UTC, 2024-03-25 at "
                    + "-08:00)"), savings.stderr)
    }

    /// windows-1252 payees arrive as the letters they are, never U+FFFD or C1 controls; a
    /// PAYEE aggregate names the vendor; a stray `&` is kept; a memo that is the vendor is not repeated.
    func testWindows1252PayeesAndTheVendorRules() throws {
        let result = try txfeed("run", Self.bank102.path, "--sink", "ndjson")
        XCTAssertEqual(result.status, 0, result.stderr)
        let rows = try result.output.split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? Row)
        }
        let vendors = Set(rows.compactMap { text($0, "vendor") })
        for vendor in ["Café Müller", "Grüne Energie AG", "Crème Brûlée Bakery", "Züri Pizza", "Tom & Jerry's Diner"] {
            XCTAssertTrue(vendors.contains(vendor), "\(vendor) in \(vendors)")
        }
        let misread = result.output.unicodeScalars.filter { $0 == "\u{FFFD}" || (0x80...0x9F).contains($0.value) }
        XCTAssertTrue(misread.isEmpty, "windows-1252 misread: \(misread.map(\.value))")
        let appStore = rows.first { text($0, "id") == "202401100001" }
        XCTAssertEqual(appStore.flatMap { text($0, "vendor") }, "APP STORE")
        XCTAssertTrue(
            appStore?["memo"] is NSNull, "the memo equal to the vendor is left out: \(String(describing: appStore))")
        let check = rows.first { text($0, "id") == "202401150001" }
        XCTAssertEqual(check.flatMap { text($0, "vendor") }, "Check 1042 rent", "MEMO names the vendor when no NAME")
    }

    /// A bad TRNAMT is rejected with its path and the record; the others are written.
    func testABadAmountIsRejectedWithItsPath() throws {
        let original = try Data(contentsOf: URL(fileURLWithPath: Self.bank102.path))
        let broken = try XCTUnwrap(String(data: original, encoding: .isoLatin1))
            .replacingOccurrences(of: "<TRNAMT>-9.99", with: "<TRNAMT>abc")
        let folder = try TemporaryFolder()
        try folder.write("bad/bank.ofx", try XCTUnwrap(broken.data(using: .isoLatin1)))
        let rejects = folder.path + "/rejects.ndjson"
        let result = try txfeed("run", folder.path + "/bad/bank.ofx", "--sink", "ndjson", "--rejects", rejects)
        XCTAssertEqual(result.status, 3, "written, one rejected: \(result.stderr)")
        XCTAssertTrue(result.stderr.contains("read 12 = written 11 + rejected 1"), result.stderr)
        let line = try String(contentsOfFile: rejects, encoding: .utf8)
        let reject = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? Row)
        XCTAssertEqual(text(reject, "path"), "STMTRS[0].STMTTRN[7].TRNAMT")
        XCTAssertEqual(text(reject, "reason"), #""abc" is not an amount"#)
        XCTAssertTrue(text(reject, "record")?.contains("<FITID>202401180001</FITID>") ?? false, line)
    }

    // MARK: Failures

    /// A file cut short or garbled fails with its name, line and element path; nothing is
    /// written for its open statement, and the run ends.
    func testTruncatedAndGarbledFilesFailNamingFileAndLine() throws {
        let cases = [
            ("bank-102-truncated.ofx", ":93", "STMTRS[0].BANKTRANLIST.STMTTRN[6]", "cut short"),
            ("bank-102-garbled.ofx", ":116", "STMTTRN.FITID", "STMTTRX"),
        ]
        for (name, line, path, why) in cases {
            let file = BuiltProducts.fixtures + "/statements/ofx/" + name
            let result = try txfeed("run", file, "--sink", "ndjson")
            XCTAssertEqual(result.status, 1, "\(name): \(result.stderr)")
            XCTAssertTrue(result.output.isEmpty, "\(name): nothing written: \(result.output)")
            let stem = (name as NSString).deletingPathExtension
            XCTAssertTrue(result.stderr.contains("\(stem) (ofx): FAILED"), result.stderr)
            XCTAssertTrue(result.stderr.contains(name), "names the file: \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("line \(line.dropFirst())"), "names the line: \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(path), "names the path: \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(why), result.stderr)
            XCTAssertLessThan(result.seconds, 10, "no hang")
        }
    }

    // MARK: sniff

    /// `sniff` says what the file is and what it holds, and exits 0; 2 for a cut file.
    func testSniffDescribesTheStatement() throws {
        let result = try txfeed("sniff", Self.bank102.path)
        XCTAssertEqual(result.status, 0, result.output + result.stderr)
        for line in [
            "plugin        ofx (95 of 100)", "format        OFX 1.02 (SGML), CHARSET 1252", "statements    1",
            "STMTRS[0]     CHECKING 1234567890 USD, 2024-01-02 … 2024-01-31, 12 transactions, "
                + "ledger balance 1925.56 on 2024-01-31",
        ] {
            XCTAssertTrue(result.output.contains(line), "\(line)\n\(result.output)")
        }
        let card = try txfeed("sniff", Self.card.path)
        XCTAssertEqual(card.status, 0, card.output + card.stderr)
        XCTAssertTrue(card.output.contains("CCSTMTRS[0]   CREDITCARD 4111111111111111 USD"), card.output)

        let cut = try txfeed("sniff", BuiltProducts.fixtures + "/statements/ofx/bank-102-truncated.ofx")
        XCTAssertEqual(cut.status, 2, cut.output + cut.stderr)
        XCTAssertTrue(cut.output.contains("problem       "), cut.output)
    }

    // MARK: Investment statements, refusals, files as banks write them

    private func fixture(_ name: String) -> String { BuiltProducts.fixtures + "/statements/ofx/" + name }

    /// Runs a fixture to JSON; its rows and stderr.
    private func run(_ name: String, status: Int32 = 0) throws -> (rows: [Row], accounts: [Row], stderr: String) {
        let result = try txfeed("run", fixture(name), "--sink", "json")
        XCTAssertEqual(result.status, status, "\(name): \(result.stderr)")
        let feed = try json(result)
        return (
            try XCTUnwrap(feed["transactions"] as? [Row]), try XCTUnwrap(feed["accounts"] as? [Row]), result.stderr
        )
    }

    /// ANZ's card file: an OFX 2 header over an SGML body was "the file ends inside SEVERITY".
    func testAnOFX2HeaderOverAnSGMLBodyIsRead() throws {
        let (rows, accounts, stderr) = try run("anz-card-211.ofx")
        XCTAssertTrue(stderr.contains("anz-card-211 (ofx): ok, read 4 = written 4 + rejected 0"), stderr)
        XCTAssertEqual(rows.map { minor($0) }.reduce(0, +), 35245)
        XCTAssertEqual(Set(rows.compactMap { text($0, "currency") }), ["AUD"])
        XCTAssertEqual(accounts.map { minor($0, "balance_minor") }, [-123450])
    }

    /// The spec's own example has a STMTTRN with no NAME or MEMO: it is read, named by its type.
    /// An empty `CURDEF` (ofxparse's `ofx-v102-empty-tags.ofx` has one) names no currency: the
    /// account has none, as a CSV without one, and a note says so rather than a currency "".
    func testAnEmptyCURDEFIsNoCurrencyWithANote() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(
            "empty.ofx",
            "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\n"
                + "COMPRESSION:NONE\nOLDFILEUID:NONE\nNEWFILEUID:NONE\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1"
                + "<STATUS><CODE>0<SEVERITY>INFO</STATUS><STMTRS><CURDEF></CURDEF><BANKACCTFROM><BANKID>1<ACCTID>123"
                + "<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST><DTSTART>20240101<DTEND>20240131<STMTTRN>"
                + "<TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-5.00<FITID>1<NAME>SHOP</STMTTRN></BANKTRANLIST>"
                + "</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n")
        let run = try txfeed("run", file, "--sink", "json")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(
            run.stderr.contains("STMTRS[0]: no currency: CURDEF is missing or empty, so the amounts carry none"),
            run.stderr)
        XCTAssertTrue(run.output.contains(#""currency":null"#), run.output)
    }

    func testATransactionWithoutANameIsNamedByItsType() throws {
        let (rows, _, stderr) = try run("no-name-102.ofx")
        XCTAssertTrue(stderr.contains("no-name-102 (ofx): ok, read 3 = written 3 + rejected 0"), stderr)
        let vendors = Dictionary(uniqueKeysWithValues: rows.map { (text($0, "id") ?? "?", text($0, "vendor")) })
        XCTAssertEqual(vendors, ["00002": "CHECK 1000", "00003": "ATM", "00004": "Corner Grocer"])
        XCTAssertEqual(rows.map { minor($0) }.reduce(0, +), -52000)
    }

    /// A wrong password (15500) or the bank's own error (2000) fails the source with the bank's
    /// code and message: it was `ok, read 0`, exit 0.
    func testANonZeroStatusFailsTheSource() throws {
        let cases = [
            (
                "status-15500.ofx", "OFX.SIGNONMSGSRSV1.SONRS.STATUS",
                "STATUS 15500 (ERROR): Invalid user ID or password"
            ),
            (
                "status-2000.ofx", "OFX.BANKMSGSRSV1.STMTTRNRS.STATUS",
                "STATUS 2000 (ERROR): General error: try again later"
            ),
        ]
        for (name, path, why) in cases {
            let result = try txfeed("run", fixture(name), "--sink", "ndjson")
            XCTAssertEqual(result.status, 1, "\(name): \(result.stderr)")
            let stem = (name as NSString).deletingPathExtension
            XCTAssertTrue(result.stderr.contains("\(stem) (ofx): FAILED"), result.stderr)
            XCTAssertTrue(result.stderr.contains(path), result.stderr)
            XCTAssertTrue(result.stderr.contains(why), result.stderr)
            let sniff = try txfeed("sniff", fixture(name))
            XCTAssertEqual(sniff.status, 2, sniff.output + sniff.stderr)
            XCTAssertTrue(sniff.output.contains(why), sniff.output)
        }
    }

    /// A statement that parses but holds no transactions says why.
    func testAStatementWithNoTransactionsSaysWhy() throws {
        let (rows, accounts, stderr) = try run("empty-102.ofx")
        XCTAssertTrue(rows.isEmpty)
        XCTAssertEqual(accounts.map { minor($0, "balance_minor") }, [51200])
        XCTAssertTrue(stderr.contains("STMTRS[0]: no STMTTRN in BANKTRANLIST"), stderr)
    }

    /// An investment statement was `ok, read 0`: its cash movements are entries now, one per
    /// cash effect, and what moves no cash is counted in a note.
    func testAnInvestmentStatementIsReadAsItsCashMovements() throws {
        let (rows, accounts, stderr) = try run("brokerage-220.ofx")
        XCTAssertTrue(stderr.contains("brokerage-220 (ofx): ok, read 17 = written 17 + rejected 0"), stderr)
        XCTAssertEqual(rows.count, 17, "a REINVEST is its income and its purchase")
        XCTAssertEqual(rows.map { minor($0) }.reduce(0, +), 794406, "signed sum")
        XCTAssertEqual(Set(rows.compactMap { text($0, "account") }), ["INVESTMENT U1234567"])
        XCTAssertEqual(accounts.map { text($0, "id") }, ["U1234567"])
        let buy = try XCTUnwrap(rows.first { text($0, "id") == "T-BUYSTK" })
        XCTAssertEqual(minor(buy), -1_855_495)
        XCTAssertEqual(text(buy, "date"), "2024-01-05")
        XCTAssertEqual(text(buy, "vendor"), "Apple Inc.")
        XCTAssertEqual(text(buy, "memo"), "BUYSTOCK 100 units of AAPL (CUSIP 037833100) at 185.50; Opening buy")
        for note in [
            "INVSTMTRS[0]: skipped 5 investment transactions without a cash effect",
            "INVSTMTRS[0]: 3 positions in INVPOSLIST not read", "INVSTMTRS[0]: no balance checked",
        ] {
            XCTAssertTrue(stderr.contains(note), "\(note)\n\(stderr)")
        }

        let (k401, _, k401Log) = try run("401k-102.ofx")
        // Contributions bought with money from outside the cash, and a fee paid out by a sale,
        // each written with its other half: the cash moves by nothing.
        XCTAssertTrue(k401Log.contains("401k-102 (ofx): ok, read 8 = written 8 + rejected 0"), k401Log)
        XCTAssertEqual(k401.map { minor($0) }.reduce(0, +), 0)
        XCTAssertTrue(k401Log.contains("skipped 1 investment transaction without a cash effect"), k401Log)

        let (cash, _, cashLog) = try run("cash-management.qfx")
        XCTAssertTrue(cashLog.contains("cash-management (ofx): ok, read 6 = written 6 + rejected 0"), cashLog)
        XCTAssertEqual(cash.map { minor($0) }.reduce(0, +), 171573)
        XCTAssertEqual(
            Set(cash.compactMap { text($0, "vendor") }),
            ["ACME PAYROLL", "Landlord LLC", "CHECK 1002", "City Water Utility", "ATM WITHDRAWAL", "CUSIP 09248U718"])
    }

    /// `sniff` said `statements 0` for an investment file.
    func testSniffCountsAnInvestmentStatement() throws {
        let result = try txfeed("sniff", fixture("brokerage-220.ofx"))
        XCTAssertEqual(result.status, 0, result.output + result.stderr)
        for line in [
            "statements    1", "INVSTMTRS[0]  INVESTMENT U1234567 USD, 2024-01-02 … 2024-03-31, 17 transactions",
            "INVSTMTRS[0]: skipped 5 investment transactions",
        ] {
            XCTAssertTrue(result.output.contains(line), "\(line)\n\(result.output)")
        }
    }
}
