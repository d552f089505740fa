import Foundation
import TxFeedTestSupport
import XCTest

/// Bank CSV exports as they come (`Tests/Fixtures/bank/`), routed by content to the `csv` source
/// with no options: counts, exact sums, civil days, encodings, rejects, `sniff`. The expected
/// facts are those of the fixtures' README, computed by `expected_facts.py` without txfeed.
final class BankCSVTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try temporaryFolder()
    }

    /// One fixture's expected facts.
    struct BankFile {
        var name: String
        var transactions: Int
        /// The signed sum of `amount_minor` over every row.
        var sum: Int
        /// The currency on every row when the file has a currency column; nil when it has none
        /// (then the plugin may leave it empty or take it from a `£`: not pinned here).
        var currency: String?
        var oldest: (date: String, day: String)
        var newest: (date: String, day: String)
        /// A few rows read straight off the file: vendor and its signed `amount_minor`.
        var samples: [(vendor: String, amountMinor: Int)]

        var path: String { BuiltProducts.fixtures + "/bank/" + name }
        var stem: String { (name as NSString).deletingPathExtension }
    }

    static let sparkasse = BankFile(
        name: "sparkasse-giro.csv", transactions: 13, sum: 113292, currency: "EUR",
        oldest: ("2024-01-02", "Tue, Jan 02"), newest: ("2024-01-29", "Mon, Jan 29"),
        samples: [("Bäckerei Müller", -735), ("Wohnungsbau Süd GmbH", -125000), ("Müller & Söhne KG", 310455)])
    static let usCard = BankFile(
        name: "us-card.csv", transactions: 14, sum: 76876, currency: nil,
        oldest: ("2024-01-02", "Tue, Jan 02"), newest: ("2024-01-28", "Sun, Jan 28"),
        samples: [
            ("AMAZON MKTPL*2K4LM0Q81, SEATTLE WA", -4520), ("JOE'S \"BEST\" BURGERS", -2380),
            ("AUTOMATIC PAYMENT - THANK YOU", 120000),
        ])
    static let ukCurrent = BankFile(
        name: "uk-current.csv", transactions: 12, sum: 113917, currency: nil,
        oldest: ("2024-01-02", "Tue, Jan 02"), newest: ("2024-01-31", "Wed, Jan 31"),
        samples: [("TESCO STORES 2041", -4520), ("SALARY ACME LTD", 245000), ("SO RENT 14 HIGH ST", -105000)])
    static let utf16 = BankFile(
        name: "utf16-export.csv", transactions: 10, sum: 151116, currency: "EUR",
        oldest: ("2024-03-01", "Fri, Mar 01"), newest: ("2024-03-28", "Thu, Mar 28"),
        samples: [("Café Zoë", -450), ("東京ストア", -1825), ("🍕 Pizza Palace", -2300), ("Łódź Market", -3175)])
    /// Read with `date-format=%d/%m/%Y`; by content it fails.
    static let ambiguous = BankFile(
        name: "ambiguous-dates.csv", transactions: 11, sum: 109722, currency: nil,
        oldest: ("2024-02-01", "Thu, Feb 01"), newest: ("2024-12-11", "Wed, Dec 11"),
        samples: [("Salary", 210000), ("Rent", -90000)])
    static let badRows = BankFile(
        name: "bad-rows.csv", transactions: 10, sum: 260037, currency: "EUR",
        oldest: ("2024-02-01", "Thu, Feb 01"), newest: ("2024-02-29", "Thu, Feb 29"),
        samples: [("Café Zoë", -450), ("Payroll ACME Corp", 250000)])

    /// The files that read whole, with no reject and no option.
    static let readable = [sparkasse, usCard, ukCurrent, utf16]

    // MARK: Reading the feed

    typealias Row = FeedRow

    private func rows(_ result: CommandResult) throws -> [Row] { try feedRows(result) }

    /// Exact comparison: Swift's `==` would call `ä` and `a` + U+0308 equal.
    private func sameScalars(_ a: String?, _ b: String) -> Bool {
        guard let a else { return false }
        return Array(a.unicodeScalars) == Array(b.unicodeScalars)
    }

    /// Every fact of `file` that a feed of its rows alone must show.
    private func assertFacts(
        _ feed: [Row], of bank: BankFile, file call: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(feed.count, bank.transactions, "\(bank.name): transactions", file: call, line: line)
        XCTAssertEqual(feed.compactMap(minor).count, feed.count, "every row has amount_minor", file: call, line: line)
        let sum = feed.compactMap(minor).reduce(0, +)
        XCTAssertEqual(sum, bank.sum, "\(bank.name): signed sum", file: call, line: line)
        if let currency = bank.currency {
            XCTAssertEqual(Set(feed.map { text($0, "currency") }), [currency], bank.name, file: call, line: line)
        }
        // Newest first: the first row is the newest day, the last the oldest.
        XCTAssertEqual(feed.first.flatMap { text($0, "date") }, bank.newest.date, bank.name, file: call, line: line)
        XCTAssertEqual(feed.first.flatMap { text($0, "day") }, bank.newest.day, bank.name, file: call, line: line)
        XCTAssertEqual(feed.last.flatMap { text($0, "date") }, bank.oldest.date, bank.name, file: call, line: line)
        XCTAssertEqual(feed.last.flatMap { text($0, "day") }, bank.oldest.day, bank.name, file: call, line: line)
        for row in feed {
            // A bank day is a civil date: written as the day alone, no invented time.
            let date = text(row, "date") ?? ""
            XCTAssertNotNil(date.wholeMatch(of: #/\d{4}-\d{2}-\d{2}/#), "civil date: \(row)", file: call, line: line)
            XCTAssertEqual(text(row, "source"), bank.stem, file: call, line: line)
            XCTAssertEqual(text(row, "account"), bank.stem, "named after the file", file: call, line: line)
            let signed = minor(row)
            XCTAssertEqual(text(row, "type"), signed < 0 ? "debit" : "credit", "\(row)", file: call, line: line)
        }
        for (vendor, amount) in bank.samples {
            let found = feed.filter { sameScalars(text($0, "vendor"), vendor) }
            XCTAssertEqual(found.count, 1, "\(bank.name): one row for vendor \(vendor)", file: call, line: line)
            XCTAssertEqual(found.first.flatMap(minor), amount, "\(bank.name): \(vendor)", file: call, line: line)
        }
    }

    private func summary(_ source: String, read: Int, written: Int, rejected: Int) -> String {
        "\(source) (csv): ok, read \(read) = written \(written) + rejected \(rejected)"
    }

    // MARK: One file at a time

    /// A bare FILE goes to `csv` by its content and is read whole with no option at all.
    func testEachBankFileIsRoutedToCSVAndReadWhole() throws {
        for file in Self.readable {
            let result = try txfeed("run", file.path, "--sink", "ndjson")
            XCTAssertEqual(result.status, 0, "\(file.name): \(result.stderr)")
            let expected = summary(file.stem, read: file.transactions, written: file.transactions, rejected: 0)
            XCTAssertTrue(result.stderr.contains(expected), "\(expected)\n\(result.stderr)")
            assertFacts(try rows(result), of: file)
        }
    }

    /// Single windows-1252 bytes become `ä`, `ß`, `€`, never U+FFFD or C1 controls; the trailing
    /// `Kontostand` row is reported, not imported, and the running `Saldo` is not the amount.
    func testASparkasseExportKeepsItsUmlautsAndLeavesOutItsBalanceRow() throws {
        let file = Self.sparkasse
        let result = try txfeed("run", file.path, "--sink", "ndjson")
        XCTAssertEqual(result.status, 0, result.stderr)
        let feed = try rows(result)
        let vendors = feed.compactMap { text($0, "vendor") }
        for vendor in ["Bäckerei Müller", "Großhandel Weiß", "Finanzamt Düsseldorf-Süd"] {
            XCTAssertTrue(vendors.contains { sameScalars($0, vendor) }, "\(vendor) in \(vendors)")
        }
        let misread = result.output.unicodeScalars.filter { $0 == "\u{FFFD}" || (0x80...0x9F).contains($0.value) }
        XCTAssertTrue(misread.isEmpty, "windows-1252 misread: \(misread.map { $0.value })")
        XCTAssertFalse(vendors.contains { $0.contains("Kontostand") }, "the balance row is not a transaction")
        XCTAssertFalse(feed.contains { minor($0) == 347859 || minor($0) == -347859 }, "a Saldo is not an amount")
        // "Reported": the run says it left the row out (line 19, the Kontostand row).
        XCTAssertTrue(
            result.stderr.contains("line 19") || result.stderr.contains("Kontostand"),
            "the trailing row is reported: \(result.stderr)")
    }

    /// A Details column of DEBIT/CREDIT is an indicator at most, never the vendor; the quoted
    /// description with a comma and the one with `""` come through whole.
    func testDebitAndCreditWordsAreNeverVendors() throws {
        let result = try txfeed("run", Self.usCard.path, "--sink", "ndjson")
        XCTAssertEqual(result.status, 0, result.stderr)
        let vendors = try rows(result).compactMap { text($0, "vendor") }
        XCTAssertEqual(vendors.count, Self.usCard.transactions)
        let words = vendors.filter { ["DEBIT", "CREDIT"].contains($0.uppercased()) }
        XCTAssertTrue(words.isEmpty, "DEBIT/CREDIT taken as vendors: \(vendors)")
        XCTAssertTrue(vendors.contains("NETFLIX.COM"), "\(vendors)")
    }

    /// A card export without a header and amounts in two currencies: the plugin reads the
    /// column of codes as the currency, an account for each, not one account of mixed money.
    func testCurrencyCodesWithoutAHeaderAreAnAccountEach() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(
            "card.csv",
            "2024-01-02,Shop one,-12.50,USD\n2024-01-03,Shop two,-2.50,EUR\n2024-01-04,Cafe,-3.10,USD\n")
        let result = try txfeed("run", file, "--sink", "ndjson")
        XCTAssertEqual(result.status, 0, result.stderr)
        let rows = try rows(result)
        XCTAssertEqual(
            rows.map { "\(text($0, "account") ?? "") \(text($0, "currency") ?? "") \(text($0, "amount") ?? "")" },
            ["card USD USD -3.10", "card EUR EUR -2.50", "card USD USD -12.50"])
    }

    /// Every day and month ≤ 12: no guessing. Alone, the source fails naming `date-format` and
    /// nothing is written; with the option it reads.
    func testAmbiguousDatesFailNamingTheOptionThatSettlesThem() throws {
        let file = Self.ambiguous
        let routed = try txfeed("run", file.path, "--sink", "ndjson")
        XCTAssertEqual(routed.status, 1, "the only source failed: \(routed.stderr)")
        XCTAssertTrue(routed.output.isEmpty, "nothing written: \(routed.output)")
        XCTAssertTrue(routed.stderr.contains("date-format"), routed.stderr)
        XCTAssertTrue(routed.stderr.contains("\(file.stem) (csv): FAILED"), routed.stderr)

        let settled = try txfeed("run", "-s", "csv:\(file.path),date-format=%d/%m/%Y", "--sink", "ndjson")
        XCTAssertEqual(settled.status, 0, settled.stderr)
        assertFacts(try rows(settled), of: file)
    }

    /// A short row and a bad amount are rejected with their lines; the other rows are written.
    func testBadRowsAreRejectedWithTheirLinesAndTheRestImported() throws {
        let file = Self.badRows
        let rejectsFile = folder.path + "/rejects.ndjson"
        let result = try txfeed("run", file.path, "--sink", "ndjson", "--rejects", rejectsFile)
        XCTAssertEqual(result.status, 3, "written, some rejected: \(result.stderr)")
        let expected = summary(file.stem, read: 12, written: 10, rejected: 2)
        XCTAssertTrue(result.stderr.contains(expected), "\(expected)\n\(result.stderr)")
        assertFacts(try rows(result), of: file)

        let lines = try String(contentsOfFile: rejectsFile, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2, "\(lines)")
        XCTAssertTrue(lines.first?.contains(#""path":"line 6""#) ?? false, "\(lines)")
        XCTAssertTrue(lines.last?.contains(#""path":"line 10""#) ?? false, "\(lines)")
        let rejects = try lines.map { try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? Row, $0) }
        XCTAssertEqual(rejects.map { text($0, "source") }, [file.stem, file.stem])
        XCTAssertEqual(rejects.map { text($0, "path") }, ["line 6", "line 10"])
        // The row's own text, as a JSON string (docs/CSV.md), so it can be fixed and fed again.
        XCTAssertEqual(
            rejects.map { text($0, "record") }, ["2024-02-09,Parking", #"2024-02-19,Hardware store,"1,23,4",EUR"#])
        for reject in rejects {
            XCTAssertFalse((text(reject, "reason") ?? "").isEmpty, "every reject says why: \(reject)")
        }
        XCTAssertTrue(text(rejects.last ?? [:], "reason")?.contains("amount") ?? false, "names the column: \(rejects)")
    }

    /// One date with a typo (`2024-02c-12`, line 7) in a column the file decides for itself: that
    /// row is rejected with its line and the format it does not read as, the others are written.
    func testAnUnreadableDateRejectsItsRowNotTheFile() throws {
        let original = try String(contentsOfFile: Self.badRows.path, encoding: .utf8)
        XCTAssertTrue(original.contains("\n2024-02-12,Bookshop,"), "the fixture changed")
        let broken = original.replacingOccurrences(of: "\n2024-02-12,Bookshop,", with: "\n2024-02c-12,Bookshop,")
        try folder.write("typo/bad-rows.csv", Data(broken.utf8))
        let rejectsFile = folder.path + "/rejects.ndjson"
        let result = try txfeed(
            "run", folder.path + "/typo/bad-rows.csv", "--sink", "ndjson", "--rejects", rejectsFile)
        XCTAssertEqual(result.status, 3, "written, some rejected: \(result.stderr)")
        let expected = summary("bad-rows", read: 12, written: 9, rejected: 3)
        XCTAssertTrue(result.stderr.contains(expected), "\(expected)\n\(result.stderr)")
        let feed = try rows(result)
        XCTAssertEqual(feed.count, 9)
        XCTAssertFalse(feed.contains { text($0, "vendor") == "Bookshop" }, "the row is not written")
        XCTAssertEqual(feed.compactMap(minor).reduce(0, +), Self.badRows.sum + 1599, "all but the Bookshop's -15.99")

        let lines = try String(contentsOfFile: rejectsFile, encoding: .utf8).split(separator: "\n")
        let rejects = try lines.map { try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? Row) }
        XCTAssertEqual(rejects.map { text($0, "path") }, ["line 6", "line 7", "line 10"])
        XCTAssertEqual(text(rejects[1], "reason"), #"date "2024-02c-12" does not read as %Y-%m-%d"#)
        XCTAssertEqual(text(rejects[1], "record"), "2024-02c-12,Bookshop,-15.99,EUR")

        // sniff says so too: the format, and the row it will reject.
        let sniffed = try txfeed("sniff", folder.path + "/typo/bad-rows.csv")
        XCTAssertTrue(
            sniffed.output.contains("%Y-%m-%d (1 cell on line 7 reads as no date: that row is rejected)"),
            sniffed.output + sniffed.stderr)
    }

    // MARK: Several files

    /// The good files copied into one folder, for the folder and time-zone runs.
    private func bankFolder() throws -> String {
        for file in Self.readable {
            try folder.write("bank/" + file.name, Data(contentsOf: URL(fileURLWithPath: file.path)))
        }
        return folder.path + "/bank"
    }

    /// A folder of bank files: one `csv` source per file, named after its stem, each whole.
    func testAFolderOfBankFilesIsOneSourcePerFile() throws {
        let result = try txfeed("run", try bankFolder(), "--sink", "ndjson")
        XCTAssertEqual(result.status, 0, result.stderr)
        let feed = try rows(result)
        XCTAssertEqual(feed.count, Self.readable.map(\.transactions).reduce(0, +))
        for file in Self.readable {
            let expected = summary(file.stem, read: file.transactions, written: file.transactions, rejected: 0)
            XCTAssertTrue(result.stderr.contains(expected), "\(expected)\n\(result.stderr)")
            assertFacts(feed.filter { text($0, "source") == file.stem }, of: file)
        }
    }

    /// A civil date is the same day in every zone: `date` and `day` do not move with `--tz`,
    /// neither the most eastern zone (UTC+14) nor one far west.
    func testCivilDaysAreTheSameUnderEveryTimeZone() throws {
        let bank = try bankFolder()
        func days(_ zone: String?) throws -> [[String]] {
            let result = try txfeed(arguments: ["run", bank, "--sink", "ndjson"] + (zone.map { ["--tz", $0] } ?? []))
            XCTAssertEqual(result.status, 0, "\(zone ?? "UTC"): \(result.stderr)")
            return try rows(result).map { row in
                ["source", "vendor", "date", "day"].map { text(row, $0) ?? "?" }
            }
        }
        let utc = try days(nil)
        XCTAssertEqual(utc.count, Self.readable.map(\.transactions).reduce(0, +))
        for zone in ["Pacific/Kiritimati", "America/Los_Angeles"] {
            let zoned = try days(zone)
            XCTAssertEqual(zoned.count, utc.count, zone)
            for (here, there) in zip(utc, zoned) where here != there {
                XCTFail("\(zone): \(there) instead of \(here)")
            }
        }
    }

    // MARK: sniff

    /// `sniff` says how a file would be read: 0 when it reads as it is, 2 when a choice is
    /// ambiguous, naming the option that settles it.
    func testSniffExitsZeroForAClearFileAndTwoForAnAmbiguousOne() throws {
        let clear = try txfeed("sniff", Self.usCard.path)
        XCTAssertEqual(clear.status, 0, clear.stderr)
        XCTAssertFalse(clear.output.isEmpty, "sniff says what it found")

        let ambiguous = try txfeed("sniff", Self.ambiguous.path)
        XCTAssertEqual(ambiguous.status, 2, ambiguous.output + ambiguous.stderr)
        let said = ambiguous.output + ambiguous.stderr
        XCTAssertTrue(said.contains("date-format"), said)
    }
}
