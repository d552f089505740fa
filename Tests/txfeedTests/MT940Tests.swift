import Foundation
import TxFeedTestSupport
import XCTest

/// SWIFT MT940/MT942 files (`Tests/Fixtures/statements/mt940/`) through the CLI, routed by
/// content to the `mt940` source: counts, exact sums, days, ids, payees, a statement that does
/// not reconcile, files cut or garbled, `sniff`. The expected facts are the fixtures' README's.
final class MT940Tests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try temporaryFolder()
    }

    static let mt940 = BuiltProducts.fixtures + "/statements/mt940/"

    /// A `{1:` file went to fixture (a JSON error) before mt940 claimed it.
    func testABlockHeaderFileIsRoutedToMT940AcrossTheYearEnd() throws {
        let result = try txfeed("run", Self.mt940 + "dutch.sta", "--sink", "ndjson")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("dutch (mt940): ok, read 3 = written 3 + rejected 0"), result.stderr)
        let feed = try feedRows(result)
        XCTAssertEqual(feed.map(minor), [10000, -1234, -2550])
        XCTAssertEqual(feed.compactMap { text($0, "date") }, ["2024-01-02", "2024-01-02", "2023-12-29"])
        XCTAssertEqual(feed.compactMap { text($0, "vendor") }, ["Stichting Voorbeeld", "De Bakker BV", "J. Jansen"])
        XCTAssertEqual(feed.first.flatMap { text($0, "id") }, "0102AB12")
        XCTAssertEqual(Set(feed.compactMap { text($0, "account") }), ["417164300"])
        XCTAssertEqual(Set(feed.compactMap { text($0, "currency") }), ["EUR"])
    }

    func testGermanStatementsInWindows1252AndCRLF() throws {
        let result = try txfeed("run", Self.mt940 + "german.sta", "--sink", "ndjson")
        XCTAssertEqual(result.status, 0, result.stderr)
        let feed = try feedRows(result)
        XCTAssertEqual(feed.count, 5)
        XCTAssertEqual(feed.map(minor).reduce(0, +), 116001)
        let bakery = try XCTUnwrap(feed.first { text($0, "id") == "2024030700042" })
        XCTAssertEqual(text(bakery, "vendor"), "Bäckerei Müller")
        XCTAssertEqual(minor(bakery), -8999)
        let rent = try XCTUnwrap(feed.first { text($0, "id") == "2024030600203" })
        XCTAssertEqual(text(rent, "vendor"), "Hausverwaltung Schmidt KG")
        XCTAssertEqual(text(rent, "memo"), "Miete Maerz Lager 2")
        XCTAssertEqual(feed.first { text($0, "id") == "2024030800007" }.map(minor), 4520, "RD: a reversed debit")
    }

    /// A Polish statement in ISO 8859-2 (`ł` is 0xB3, `ś` 0xB6): read as windows-1252 with a note
    /// naming the option, and as the bank wrote it with `encoding=iso-8859-2`.
    func testAStatementInISO88592IsReadWithTheEncodingOption() throws {
        let statement =
            ":20:WYCIAG\r\n:25:PL61109010140000071219812874\r\n:28C:00001/001\r\n:60F:C240301PLN2000,00\r\n"
            + ":61:2403010301DR45,20NMSCNONREF//2024030100001\r\n:86:106?32Płatność Wrocław\r\n"
            + ":62F:C240301PLN1954,80\r\n-\r\n"
        let latin2: [Character: UInt8] = ["ł": 0xB3, "ś": 0xB6, "ć": 0xE6, "ń": 0xF1]
        let path = try folder.write("wroclaw.sta", codePageBytes(statement, latin2))
        try assertTheEncodingOptionReads(
            path, source: "mt940", encoding: "iso-8859-2",
            note: "read as windows-1252 (the first on line 6); encoding=NAME", vendor: "Płatność Wrocław", minor: -4520)
    }

    func testAnInterimReportIsPendingAndPagesAreRead() throws {
        let result = try txfeed(
            "run", Self.mt940 + "interim.942", Self.mt940 + "plain-pages.sta", "--sink", "json")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("an MT942 interim report: entries pending, not reconciled"), result.stderr)
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdout) as? FeedRow)
        let transactions = try XCTUnwrap(root["transactions"] as? [FeedRow])
        let interim = transactions.filter { text($0, "source") == "interim" }
        XCTAssertEqual(interim.map(minor).reduce(0, +), 13001)
        XCTAssertEqual(Set(interim.compactMap { text($0, "status") }), ["pending"])
        let pages = transactions.filter { text($0, "source") == "plain-pages" }
        XCTAssertEqual(pages.map(minor).reduce(0, +), -532450)
        let accounts = try XCTUnwrap(root["accounts"] as? [FeedRow])
        XCTAssertEqual(accounts.last.flatMap { text($0, "balance") }, "-324.50", "the :62F: of the last page")
    }

    /// One statement of the folder does not reconcile: it fails whole with both figures, the
    /// statement before it in its file and the other files are kept, exit 3.
    func testAFolderWithAStatementThatDoesNotReconcile() throws {
        for name in ["dutch.sta", "off-balance.sta"] {
            _ = try folder.write(name, try Data(contentsOf: URL(fileURLWithPath: Self.mt940 + name)))
        }
        let result = try txfeed("run", folder.path, "--sink", "ndjson")
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertTrue(
            result.stderr.contains(
                "off-balance.sta: statement 2: balances do not reconcile: opening 480.00 + entries -20.00 = 460.00, "
                    + "but the statement closes at 470.00"), result.stderr)
        let feed = try feedRows(result)
        XCTAssertEqual(feed.count, 3 + 1)
        XCTAssertEqual(feed.compactMap { text($0, "id") }.filter { ["A1", "A2", "A3"].contains($0) }, ["A1"])
    }

    /// An MT942's `:90D:`/`:90C:` that its `:61:` lines do not add up to fail the report with both
    /// figures; one whose totals agree is read.
    func testMT942TotalsAreCheckedAgainstTheEntries() throws {
        let result = try txfeed(
            "run", Self.mt940 + "interim-ing.942", Self.mt940 + "broken/interim-count-off.942",
            Self.mt940 + "broken/interim-sum-off.942", "--sink", "ndjson")
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertTrue(result.stderr.contains("interim-ing (mt940): ok, read 4 = written 4 + rejected 0"), result.stderr)
        for line in [
            "interim-count-off.942: statement 1: line 21: :90D: counts 3 debit entries for 57.50, but the :61: lines "
                + "are 2 for 57.50",
            "interim-sum-off.942: statement 1: line 22: :90C: counts 2 credit entries for 1007.52, but the :61: lines "
                + "are 2 for 1007.25",
        ] {
            XCTAssertTrue(result.stderr.contains(line), "\(line)\n\(result.stderr)")
        }
        let feed = try feedRows(result)
        XCTAssertEqual(feed.map(minor).sorted(), [-4500, -1250, 725, 100000])
        let sniff = try txfeed("sniff", Self.mt940 + "broken/interim-sum-off.942")
        XCTAssertEqual(sniff.status, 2, sniff.stderr)
        XCTAssertTrue(sniff.output.contains("totals do NOT agree: line 22: :90C: counts 2"), sniff.output)
    }

    func testSniffExplainsTheStatements() throws {
        let result = try txfeed("sniff", Self.mt940 + "german.sta")
        XCTAssertEqual(result.status, 0, result.stderr)
        for line in [
            "plugin        mt940 (95 of 100)", "format        SWIFT MT940 customer statement", "statements    2",
            "statement 1   37040044/0532013000 EUR, :28C: 00001/001, 3 entries, opening 2000.00 (2024-03-01, :60F:), "
                + "closing 3204.80 (2024-03-06, :62F:): reconciles",
            ":86: details  German ?20–?33 (5)",
        ] {
            XCTAssertTrue(result.output.contains(line), "\(line)\n\(result.output)")
        }
        let off = try txfeed("sniff", Self.mt940 + "off-balance.sta")
        XCTAssertEqual(off.status, 2, off.stderr)
        XCTAssertTrue(off.output.contains("does NOT reconcile: opening 480.00 + entries -20.00"), off.output)
    }

    // MARK: Ids that are none

    /// `--dedupe` over one file: `written N + rejected 0 + duplicates 0`, exit 0, the feed's rows.
    private func dedupe(_ name: String, written: Int, file: StaticString = #filePath, line: UInt = #line) throws
        -> [FeedRow]
    {
        let result = try txfeed("run", Self.mt940 + name, "--dedupe", "--sink", "ndjson")
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        let stem = (name as NSString).deletingPathExtension
        let summary = "\(stem) (mt940): ok, read \(written) = written \(written) + rejected 0 + duplicates 0"
        XCTAssertTrue(result.stderr.contains(summary), "\(summary)\n\(result.stderr)", file: file, line: line)
        return try feedRows(result)
    }

    /// PostFinance writes `//NONREF` as the bank's reference of every line, and its transaction
    /// code `01916` as the customer's: two credits of one statement were one id, the second
    /// dropped as a duplicate (exit 0). Both are kept, known by their fingerprints.
    func testPostFinanceNONREFAndASharedCodeAreNoIds() throws {
        let feed = try dedupe("postfinance.sta", written: 2)
        XCTAssertEqual(feed.map(minor).sorted(), [7970, 14950])
        XCTAssertEqual(feed.filter { text($0, "id")?.hasPrefix("fp:") == false }.count, 0, "\(feed)")
    }

    /// Rabobank writes `EREF` where the customer's reference goes (the end-to-end reference is in
    /// `:86:`): the 2013-01-08 debit of 25.00 was dropped as a duplicate of the 2013-01-01 one.
    /// With all four lines both statements reconcile (1000.00 − 35.00 = 965.00 − 35.00 = 930.00).
    func testRabobankEREFIsNoId() throws {
        let feed = try dedupe("rabobank.sta", written: 4)
        XCTAssertEqual(feed.map(minor), [-1000, -2500, -1000, -2500])
        XCTAssertEqual(feed.compactMap { text($0, "date") }, ["2013-01-09", "2013-01-08", "2013-01-02", "2013-01-01"])
        XCTAssertFalse(feed.contains { text($0, "id") == "EREF" }, "\(feed)")
        XCTAssertEqual(Set(feed.compactMap { text($0, "vendor") }), ["CONTRA ACCOUNT HOLDER", "JOHN DOE"])
    }

    /// The DK's MT942 example books a credit of 155.34 and a debit of 20.50 with one bank
    /// reference `//55555`: a reference two lines share names neither, and the debit was dropped.
    func testAReferenceTwoLinesShareIsNoId() throws {
        let feed = try dedupe("interim-dk.942", written: 2)
        XCTAssertEqual(feed.map(minor).sorted(), [-2050, 15534])
        XCTAssertFalse(feed.contains { text($0, "id") == "55555" }, "\(feed)")
        XCTAssertEqual(Set(feed.compactMap { text($0, "status") }), ["pending"])
    }

    /// Commerzbank (and Deutsche Bank) write a space between the amount and the type: the line
    /// was rejected (exit 3) and the statement failed to reconcile without it.
    func testCommerzbankSpaceBeforeTheTypeIsRead() throws {
        let result = try txfeed("run", Self.mt940 + "commerzbank.sta", "--sink", "ndjson")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.stderr.contains("commerzbank (mt940): ok, read 1 = written 1 + rejected 0"), result.stderr)
        let feed = try feedRows(result)
        XCTAssertEqual(feed.map(minor), [-1235])
        XCTAssertEqual(feed.first.flatMap { text($0, "id") }, "2016021783252833")
        XCTAssertEqual(feed.first.flatMap { text($0, "vendor") }, "TESTEREL")
    }

    /// An MT942 without `:34F:` names its currency only in `:90D:`/`:90C:`, after its lines: its
    /// account had no currency. It is begun at its end, in EUR.
    func testAnMT942WithoutFloorLimitTakesItsCurrencyFromItsTotals() throws {
        let result = try txfeed("run", Self.mt940 + "interim-no-floor.942", "--sink", "ndjson")
        XCTAssertEqual(result.status, 0, result.stderr)
        let feed = try feedRows(result)
        XCTAssertEqual(feed.map(minor), [-3000])
        XCTAssertEqual(feed.compactMap { text($0, "currency") }, ["EUR"])
        XCTAssertEqual(feed.compactMap { text($0, "status") }, ["pending"])
        XCTAssertEqual(feed.compactMap { text($0, "id") }, ["X1"])
    }

    /// Two overlapping downloads joined into one file: the repeated statements are said, and the
    /// run says what `--dedupe` does with their entries: keeps one of each that has the bank's
    /// reference, and both of one without (a source's like records are payments made twice).
    func testAStatementTheFileHoldsTwiceIsSaid() throws {
        let joined = try runJoined(Self.mt940 + "german.sta", as: "joined.sta", in: folder)
        XCTAssertEqual(
            joined.warnings.map { $0.replacingOccurrences(of: folder.path + "/", with: "").prefix { $0 != "(" } },
            [
                "txfeed: joined: warning: joined.sta: statement 3 repeats statement 1 ",
                "txfeed: joined: warning: joined.sta: statement 4 repeats statement 2 ",
                "txfeed: warning: joined ",
                "txfeed: warning: joined ",
            ])
        XCTAssertTrue(
            joined.warnings[2].hasSuffix(
                " with 3 records in both (one bank id, or one day, amount, vendor and memo): files joined, or pages that overlap? Each is written twice; --dedupe keeps one"
            ),
            joined.warnings[2])
        XCTAssertEqual(try feedRows(joined.result).count, 10)
        let deduplicated = try runJoined(Self.mt940 + "german.sta", as: "joined.sta", in: folder, "--dedupe")
        XCTAssertTrue(
            deduplicated.result.stderr.contains("written 5 + rejected 0 + duplicates 5"), deduplicated.result.stderr)
        XCTAssertEqual(deduplicated.warnings.count, 2, "the statements' repeats only: none is written twice")
        // dutch.sta: one of its three entries has the bank's reference.
        let dutch = try runJoined(Self.mt940 + "dutch.sta", as: "dutch.sta", in: folder)
        XCTAssertTrue(
            dutch.warnings.last?.hasSuffix(
                "with 3 records in both (one bank id, or one day, amount, vendor and memo): files joined, or pages that overlap? Each is written twice; --dedupe keeps both of the 2 without a bank id (like records of one source are payments made twice): remove the repeat"
            ) == true,
            dutch.result.stderr)
        let dutchDeduplicated = try runJoined(Self.mt940 + "dutch.sta", as: "dutch.sta", in: folder, "--dedupe")
        XCTAssertTrue(
            dutchDeduplicated.result.stderr.contains("written 5 + rejected 0 + duplicates 1"),
            dutchDeduplicated.result.stderr)
        XCTAssertTrue(
            dutchDeduplicated.warnings.last?.hasSuffix(
                " with 2 records in both (one bank id, or one day, amount, vendor and memo): files joined, or pages that overlap? Each is written twice; --dedupe keeps both (like records of one source are payments made twice): remove the repeat"
            ) == true,
            dutchDeduplicated.result.stderr)
    }

    /// Cut, garbled, not MT940 at all: one run over the folder, no crash, no hang, each failure
    /// or reject naming its file.
    func testBrokenCopiesGiveClearErrorsOrRejects() throws {
        let result = try txfeed("run", Self.mt940 + "broken", "--sink", "ndjson")
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertTrue(
            result.stderr.contains("dutch-garbled (mt940): ok, read 3 = written 2 + rejected 1"), result.stderr)
        XCTAssertTrue(
            result.stderr.contains(
                #"dutch-garbled.sta line 9: :61: "2313310102C100,00N654NONREF//0102AB12" starts with no value date"#),
            result.stderr)
        XCTAssertTrue(
            result.stderr.contains(
                "german-truncated.sta: statement 2: the file ends inside the statement, before its closing balance"),
            result.stderr)
        XCTAssertTrue(
            result.stderr.contains(
                "interim-truncated.942: statement 1: the file ends inside the report, before the -} that closes its text block ({4:): it was cut short"
            ), result.stderr)
        XCTAssertTrue(result.stderr.contains("not-mt940 (mt940): FAILED"), result.stderr)
        XCTAssertTrue(result.stderr.contains("not-mt940.sta: no MT940 message: no :20: field"), result.stderr)
        XCTAssertEqual(try feedRows(result).count, 2 + 3)
    }
}
