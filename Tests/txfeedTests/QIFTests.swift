import Foundation
import TxFeedTestSupport
import XCTest

/// QIF files (`Tests/Fixtures/statements/qif/`) routed by content to the `qif` source: counts,
/// exact sums, civil days, ids, splits, the ambiguous file and its option, rejects, `sniff`,
/// and broken copies. The expected facts are the fixtures' README's, from `expected_facts.py`.
final class QIFTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try temporaryFolder()
    }

    static let qif = BuiltProducts.fixtures + "/statements/qif/"

    /// Count, signed sum and days, newest first, as the README states them.
    private func assertFacts(
        _ feed: [FeedRow], count: Int, sum: Int, first: String, last: String, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        XCTAssertEqual(feed.count, count, "count", file: file, line: line)
        XCTAssertEqual(feed.map(minor).reduce(0, +), sum, "signed sum", file: file, line: line)
        XCTAssertEqual(feed.last.flatMap { text($0, "date") }, first, "first day", file: file, line: line)
        XCTAssertEqual(feed.first.flatMap { text($0, "date") }, last, "last day", file: file, line: line)
    }

    func testCheckingIsRoutedToQIFAndReadWhole() throws {
        let result = try txfeed("run", Self.qif + "checking.qif", "--sink", "ndjson")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.stderr.contains("checking (qif): ok, read 12 = written 12 + rejected 0"), result.stderr)
        XCTAssertTrue(result.stderr.contains("skipped !Type:Cat block (lines 5-13)"), result.stderr)
        let feed = try feedRows(result)
        assertFacts(feed, count: 12, sum: 204101, first: "2024-01-03", last: "2024-02-28")
        XCTAssertEqual(Set(feed.compactMap { text($0, "account") }), ["Everyday Checking"])
        // Check numbers are the bank's ids; the other records are known by their fingerprints.
        let ids = feed.compactMap { text($0, "id") }
        XCTAssertEqual(ids.filter { !$0.hasPrefix("fp:") }.sorted(), ["1001", "1002", "1003", "1004"])
        XCTAssertEqual(Set(ids.filter { $0.hasPrefix("fp:") }).count, 8)
        XCTAssertEqual(Set(feed.compactMap { text($0, "status") }), ["booked"])
        let split = try XCTUnwrap(feed.first { text($0, "vendor") == "HyperMart" })
        XCTAssertEqual(minor(split), -5250)
        XCTAssertEqual(text(split, "memo"), "Split purchase splits: Groceries -40.00 (Food); Household -12.50")
        let rent = try XCTUnwrap(feed.first { text($0, "id") == "1002" })
        XCTAssertEqual(minor(rent), -123456)
        XCTAssertEqual(text(rent, "memo"), "January rent [Rent]")
        XCTAssertTrue(feed.contains { text($0, "vendor") == "Coffee beans" }, "the memo names a record without P")
    }

    /// Two exports joined into one file: the second opening balance is no payment, and the
    /// repeated block is said (`--dedupe` counts a source's like records of one account as
    /// payments made twice, so the warning is what tells).
    func testTwoExportsJoinedIntoOneFile() throws {
        let joined = try runJoined(Self.qif + "opening-balance.qif", as: "joined.qif", in: folder)
        XCTAssertEqual(
            joined.warnings.map { $0.replacingOccurrences(of: folder.path + "/", with: "").prefix { $0 != "(" } },
            ["txfeed: joined: warning: joined.qif: the block of line 12 repeats the block of line 1 "])
        XCTAssertEqual(try feedRows(joined.result).map(minor), [-5000, -5000], "no opening balance among them")
    }

    /// windows-1252 and CRLF, `dd.mm.yyyy`, the decimal comma.
    func testCardIsReadWithItsCommaAndItsUmlauts() throws {
        let result = try txfeed("run", Self.qif + "card.qif", "--sink", "ndjson")
        XCTAssertEqual(result.status, 0, result.stderr)
        let feed = try feedRows(result)
        assertFacts(feed, count: 8, sum: -1060, first: "2024-01-03", last: "2024-02-14")
        let vendors = feed.compactMap { text($0, "vendor") }
        XCTAssertTrue(vendors.contains("Bäckerei Müller") && vendors.contains("Kiosk „Am Markt“"), "\(vendors)")
        XCTAssertEqual(feed.first { text($0, "vendor") == "Elektro Großhandel" }.map(minor), -123456)
        XCTAssertTrue(result.stderr.contains("windows-1252"), result.stderr)
    }

    /// A Polish bank's file in cp1250 (`ł` is 0xB3, `ś` 0x9C): read as windows-1252 with a note
    /// naming the option, and as the bank wrote it with `encoding=cp1250`.
    func testAFileInCP1250IsReadWithTheEncodingOption() throws {
        let records = "!Type:Bank\r\nD13.03.2024\r\nT-45,20\r\nPPłatność Wrocław\r\n^\r\n"
        let cp1250: [Character: UInt8] = ["ł": 0xB3, "ś": 0x9C, "ć": 0xE6, "ń": 0xF1]
        let path = try folder.write("polish.qif", codePageBytes(records, cp1250))
        try assertTheEncodingOptionReads(
            path, source: "qif", encoding: "cp1250", note: "(not valid UTF-8 at line 4); encoding=NAME",
            vendor: "Płatność Wrocław", minor: -4520)
    }

    func testAmbiguousDatesFailNamingDateFormatAndTheOptionReadsThem() throws {
        let path = Self.qif + "ambiguous.qif"
        let routed = try txfeed("run", path, "--sink", "ndjson")
        XCTAssertEqual(routed.status, 1, routed.stderr)
        XCTAssertTrue(routed.output.isEmpty, routed.output)
        XCTAssertTrue(routed.stderr.contains("ambiguous (qif): FAILED"), routed.stderr)
        XCTAssertTrue(routed.stderr.contains("date-format"), routed.stderr)

        let settled = try txfeed("run", "-s", "qif:\(path),date-format=%d/%m/%Y", "--sink", "ndjson")
        XCTAssertEqual(settled.status, 0, settled.stderr)
        assertFacts(try feedRows(settled), count: 6, sum: 53025, first: "2024-02-01", last: "2024-06-12")
    }

    func testRejectsNameTheRecordAndItsLine() throws {
        let rejects = folder.path + "/rejects.ndjson"
        let result = try txfeed(
            "run", Self.qif + "broken/checking-nul.qif", "--sink", "ndjson", "--rejects", rejects)
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertTrue(result.stderr.contains("read 12 = written 11 + rejected 1"), result.stderr)
        XCTAssertEqual(try feedRows(result).count, 11)
        let lines = try String(contentsOfFile: rejects, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.count, 1)
        XCTAssertTrue(lines.first?.contains(#""path":"record 10 (line 76)""#) ?? false, "\(lines)")
        let reject = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? FeedRow)
        XCTAssertEqual(text(reject, "record"), "D2/ 2'24\nT-6\u{0}4.10\nPCorner Grocery\nLGroceries\n^")
    }

    func testSniffSaysWhatItDecided() throws {
        let result = try txfeed("sniff", Self.qif + "checking.qif")
        XCTAssertEqual(result.status, 0, result.stderr)
        for line in [
            "format        QIF !Type:Bank", "account       Everyday Checking (12 records)",
            "records       12 (none rejected)", "date format   %m/%d/%y (day > 12 on lines",
            "decimal mark  . (\"2,450.00\" on line 24", "period        2024-01-03 … 2024-02-28",
            "skipped       !Type:Cat block (lines 5-13)",
        ] {
            XCTAssertTrue(result.output.contains(line), "\(line)\n\(result.output)")
        }
        let ambiguous = try txfeed("sniff", Self.qif + "ambiguous.qif")
        XCTAssertEqual(ambiguous.status, 2, ambiguous.stderr)
        XCTAssertTrue(ambiguous.output.contains("problem       dates: every day is 12 or less"), ambiguous.output)
    }

    /// Quicken's N is a check number or a code (`ATM`, `DEP`, `EFT`): a code was the id, so
    /// `--dedupe` dropped the second ATM withdrawal and the second deposit (exit 0), and `--state`
    /// then dropped February's ATM withdrawal as seen. Only a check number is an id.
    func testANonNumericNumberIsNoId() throws {
        let january = try folder.write(
            "jan/codes.qif", try Data(contentsOf: URL(fileURLWithPath: Self.qif + "codes.qif")))
        let result = try txfeed("run", january, "--dedupe", "--sink", "ndjson")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.stderr.contains("codes (qif): ok, read 5 = written 5 + rejected 0 + duplicates 0"), result.stderr)
        let feed = try feedRows(result)
        XCTAssertEqual(feed.map(minor), [-7500, 25000, 50000, -6000, -10000])
        XCTAssertEqual(feed.filter { text($0, "id")?.hasPrefix("fp:") == false }.count, 0, "\(feed)")

        let state = folder.path + "/state.db"
        let first = try txfeed("run", january, "--state", state, "--sink", "ndjson")
        XCTAssertEqual(first.status, 0, first.stderr)
        let february = try folder.write(
            "feb/codes.qif", try Data(contentsOf: URL(fileURLWithPath: Self.qif + "codes-feb.qif")))
        let second = try txfeed("run", february, "--state", state, "--sink", "ndjson")
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertTrue(second.stderr.contains("read 2 = written 2 + rejected 0 + duplicates 0 + seen 0"), second.stderr)
        let rows = try feedRows(second)
        XCTAssertEqual(rows.map(minor), [-100, -4000])
        XCTAssertEqual(rows.compactMap { text($0, "id") }.filter { !$0.hasPrefix("fp:") }, ["1001"], "a check number")
        XCTAssertEqual(rows.last.flatMap { text($0, "vendor") }, "ATM withdrawal Feb")
    }

    /// Two records without the `^` between them, or a record with two `T`: the first value of
    /// each field won and a record was lost without a word (exit 0). Such a record is rejected
    /// naming the line that repeats a field.
    func testARepeatedFieldRejectsTheRecordNamingTheLine() throws {
        let rejects = folder.path + "/rejects.ndjson"
        let result = try txfeed(
            "run", Self.qif + "run-together.qif", "--sink", "ndjson", "--rejects", rejects)
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertTrue(result.stderr.contains("read 3 = written 1 + rejected 2"), result.stderr)
        for reason in [
            "record 2 (line 7): line 10 is a second T in one record: two records without the ^ between them?",
            "record 3 (line 12): line 15 is a second D in one record: two records without the ^ between them?",
        ] {
            XCTAssertTrue(result.stderr.contains(reason), "\(reason)\n\(result.stderr)")
        }
        XCTAssertEqual(try feedRows(result).map(minor), [-100000])
        let lines = try String(contentsOfFile: rejects, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.count, 2)
        let line = try XCTUnwrap(lines.last)
        let record = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? FeedRow)
        XCTAssertEqual(text(record, "record"), "D1/17'24\nT-7.00\nPnoCaret-first\nD1/18'24\nT-8.00\nPnoCaret-second\n^")
    }

    /// Quicken writes an account's opening balance as its first record: payee `Opening
    /// Balance`, category the account itself (`L[Checking]`). It was a credit of 1000.00 in the
    /// feed; it is the balance the account began with, noted and not imported.
    func testQuickensOpeningBalanceIsNoTransaction() throws {
        let result = try txfeed("run", Self.qif + "opening-balance.qif", "--sink", "ndjson")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("opening-balance (qif): ok, read 1 = written 1"), result.stderr)
        XCTAssertTrue(
            result.stderr.contains(
                "record 1 (line 2) is Quicken's opening balance of [Checking] (T1,000.00 on D1/1'24): the account's "
                    + "balance that day, not a transaction, not imported"), result.stderr)
        let feed = try feedRows(result)
        XCTAssertEqual(feed.map(minor), [-5000])
        XCTAssertEqual(feed.first.flatMap { text($0, "vendor") }, "Shop")
    }

    /// quiffen's German export: `!Option:MDY`, `D10.18.23`, and the opening balance
    /// `PEröffnungssaldo` `L[KD-Bank Berlin]`: read by default, the balance not imported.
    func testAGermanQuickenExportIsReadWithItsOpeningBalanceNoted() throws {
        let result = try txfeed("run", Self.qif + "quiffen/test_FMQifTest2023-10-18.qif", "--sink", "ndjson")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("ok, read 1 = written 1 + rejected 0"), result.stderr)
        XCTAssertTrue(
            result.stderr.contains("is Quicken's opening balance of [KD-Bank Berlin] (T0.00 on D10.18.23)"),
            result.stderr)
        let feed = try feedRows(result)
        XCTAssertEqual(feed.map(minor), [20000])
        XCTAssertEqual(feed.compactMap { text($0, "date") }, ["2023-10-18"])
    }

    /// Cut, garbled, a NUL, not QIF at all: one run over the folder, no crash, no hang, each
    /// failure or reject naming its file.
    func testBrokenCopiesGiveClearErrorsOrRejects() throws {
        let result = try txfeed("run", Self.qif + "broken", "--sink", "ndjson")
        XCTAssertTrue([0, 1, 3].contains(result.status), "exit \(result.status): \(result.stderr)")
        XCTAssertEqual(result.status, 3, "some read, some rejected, one failed: \(result.stderr)")
        XCTAssertTrue(result.stderr.contains("checking-cut (qif): ok, read 7 = written 7"), result.stderr)
        XCTAssertTrue(result.stderr.contains("checking-cut.qif: the file ends without ^"), result.stderr)
        XCTAssertTrue(result.stderr.contains("checking-garbled (qif): ok, read 12 = written 11 + rejected 1"))
        XCTAssertTrue(result.stderr.contains("checking-garbled.qif record 6 (line 53)"), result.stderr)
        XCTAssertTrue(result.stderr.contains("checking-nul.qif record 10 (line 76)"), result.stderr)
        XCTAssertTrue(result.stderr.contains("not-qif (qif): FAILED"), result.stderr)
        XCTAssertTrue(result.stderr.contains("not-qif.qif: no transaction block"), result.stderr)
        XCTAssertEqual(try feedRows(result).count, 7 + 11 + 11)
    }
}
