import CSVReading
import Foundation
import XCTest

/// Short exports other projects ship (`Tests/Fixtures/bank/short/`), read with the built-in
/// profiles and no option unless a test gives one: a table of a few rows under a longer
/// preamble, a header whose names read as amounts, lines ended by CR alone.
final class ShortTableTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/bank/short").standardized.path

    private func bytes(_ name: String) throws -> Data {
        try XCTUnwrap(FileManager.default.contents(atPath: "\(Self.folder)/\(name)"), name)
    }

    private func read(_ bytes: Data, options: [String: String] = [:]) throws -> ReadResult {
        try bytes.withUnsafeBytes { buffer in
            let document = try CSVDocument.read(
                bytes: buffer, origin: "bank.csv", stem: "bank", options: options, profiles: BankProfiles.builtIn)
            return CSVReading.result(of: document)
        }
    }

    private func read(_ name: String, options: [String: String] = [:]) throws -> ReadResult {
        try read(bytes(name), options: options)
    }

    /// Line, date, payee and amount of each entry of the first account.
    private func rows(_ result: ReadResult) -> [String] {
        (result.entries.first ?? []).map { "\($0.line) \($0.date) \($0.vendor) \($0.amount)" }
    }

    // MARK: A table shorter than its preamble

    /// DKB's legacy layout with one row: 4 `"key:";"value";` lines (3 fields) outnumber the
    /// header and the row (12), and the table was read 3 wide: `no date column found`.
    func testADKBExportOfOneRowUnderItsPreambleIsRead() throws {
        let result = try read("dkb-ec-non-empty.csv")
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(rows(result), ["8 2018-01-16 REWE Filialen Voll -15.37"])
        XCTAssertEqual(result.accounts.map(\.currency), ["EUR"])
        XCTAssertEqual(result.reportLine("header"), #"line 7: "Buchungstag";"Wertstellung";"Buchungstext";…"#)
    }

    /// With `skip` given, the width is the lines' after it: the header was cut to the
    /// preamble's 3 fields, and `vendor` named a column it had lost.
    func testSkipTakesTheWidthFromTheLinesAfterIt() throws {
        let result = try read(
            "dkb-ec-non-empty.csv",
            options: ["skip": "6", "separator": ";", "vendor": "Auftraggeber / Begünstigter", "profile": "none"])
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(rows(result), ["8 2018-01-16 REWE Filialen Voll -15.37"])
    }

    /// ING's export of 4 rows under 10 preamble lines, newest first: the running `Saldo` is
    /// walked (1.234,00 after the oldest row, 1.000,00 after the newest), and the amounts sum to
    /// −734,00, the closing 1.000,00 less the opening 1.734,00 beancount-ing's test expects.
    /// (The key;value lines also outvoted `;` for `,`, the rows' decimal commas giving three.)
    func testAnINGExportOfFourRowsUnderItsPreambleIsReadAndItsBalancesFollow() throws {
        // Found without the ing-de profile, which gives the separator.
        let result = try read("ing-de-desc-multi.csv", options: ["profile": "none"])
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.reportLine("separator")?.hasPrefix(";  (10 fields"), true, result.report)
        XCTAssertEqual(
            result.entries[0].map { "\($0.line) \($0.vendor) \($0.amount)" },
            ["15 LIDL -100.00", "16 LIDL -100.00", "17 LIDL -34.00", "18 REWE Filialen Voll -500.00"])
        let cents = result.entries[0].compactMap { Int($0.amount.replacingOccurrences(of: ".", with: "")) }
        XCTAssertEqual(cents.reduce(0, +), 100_000 - 173_400)
        XCTAssertEqual(result.rejects[0], [])
        XCTAssertEqual(result.reportLine("balance chain"), "3 of 3 rows agree (newest first)", result.report)
        XCTAssertEqual(result.accounts.map(\.currency), ["EUR"])
        // `Buchung` (booked) is the date, not `Valuta` (the value date), with the ing-de profile
        // or without; the profile does not disagree with the file.
        let booked = [
            "15 2018-06-15 LIDL -100.00", "16 2018-06-15 LIDL -100.00", "17 2018-06-08 LIDL -34.00",
            "18 2018-06-08 REWE Filialen Voll -500.00",
        ]
        XCTAssertEqual(rows(try read("ing-de-desc-multi.csv", options: ["date": "Buchung"])), booked)
        XCTAssertEqual(rows(result), booked)
        let profiled = try read("ing-de-desc-multi.csv")
        XCTAssertEqual(rows(profiled), booked)
        XCTAssertNil(profiled.reportLine("disagrees"), profiled.report)
    }

    /// One row, and two `Währung` columns: the balance's (USD) and the amount's (EUR). Which one
    /// is the account's currency is the column roles' to decide (read as USD, as in longer files
    /// of this layout): only the table is asserted here.
    func testAnINGExportOfOneRowIsRead() throws {
        let result = try read("ing-de-dup-waehrung.csv")
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(rows(result), ["15 2018-06-08 REWE Filialen Voll -500.00"])
    }

    /// A longer preamble line after the table's header stops the rule: the header must be wider
    /// than every line before it and the lines after it its width.
    func testAWideLineAmongNarrowRowsIsNoHeader() throws {
        let text = """
            Konto;DE99
            Zeitraum;2024
            Saldo;100
            Datum;Betrag;Empfänger;Verwendungszweck
            01.02.2024;-1,00
            """
        let result = try CSVReading.read(text)
        XCTAssertNotEqual(result.reportLine("header")?.hasPrefix("line 4"), true, result.report)
    }

    // MARK: A header whose names read as amounts

    /// GLS Bank's header names purpose lines `VWZ1`…`VWZ14`, which read as a currency's code and
    /// a number: the line was taken for data, and the columns went by number.
    func testAHeaderOfKnownNamesIsAHeaderThoughSomeReadAsAmounts() throws {
        let result = try read("gls.csv")
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.reportLine("header")?.hasPrefix("line 1: Kontonummer;Buchungstag;"), true, result.report)
        XCTAssertEqual(rows(result), ["2 2017-10-10 Drillisch Online AG -98.76"])
        XCTAssertEqual(result.accounts.map(\.currency), ["EUR"])
    }

    // MARK: Lines ended by CR alone

    /// csv2ofx's credit-union file with classic Mac line ends reads as the same text with LF:
    /// it was one line, its rows cells of one record.
    func testLinesEndedByCRAloneAreLines() throws {
        let cr = try bytes("creditunion-cr.csv")
        XCTAssertFalse(cr.contains(0x0A))
        let result = try read(cr)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(
            rows(result),
            [
                "2 2015-02-08 Ằdøłƥh Noƴa 50000", "3 2015-02-08 Ómary Akida 50000",
                "4 2015-02-24 Sadrick Mtel 70000", "5 2015-02-28 Habibœ Said 65000",
                "6 2015-03-04 Nguluko Ómary Yahya 60000", "7 2015-03-09 Ȣasha Ramadhani 75000",
                "8 2015-03-24 Tchênzema Tchênzema 45000", "9 2015-03-25 Ƣunȡuƙi Chairman 50000",
            ])
        let lf = try read(Data(cr.map { $0 == 0x0D ? 0x0A : $0 }))
        XCTAssertEqual(result.entries, lf.entries)
    }

    /// In a file with LF line ends a lone CR stays a byte of its cell.
    func testALoneCRInAFileOfLFLinesIsKept() throws {
        let result = try CSVReading.read("Date,Payee,Amount\n2024-01-02,A\rB,-1.00\n2024-01-03,C,-2.00\n")
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.vendor), ["A\rB", "C"])
    }
}

/// A `date-format` given reads the column its header names the date, where no format txfeed
/// infers reads its cells (Bangkok Bank's `22 May 2025 21:27`): `date=` was needed too.
final class GivenDateFormatTests: XCTestCase {
    func testAGivenFormatMakesTheDateHeadersColumnTheDate() throws {
        let text = """
            ,Date,Description,Debit,Credit,Balance,Channel
            " ","22 May 2025 21:27","Payment for Goods","1,684.00","","141,225.18","MOB"
            " ","21 May 2025 09:05","Transfer","","2,000.00","142,909.18","ATM"
            " ","20 May 2025 18:40","Payment for Goods","90.82","","140,909.18","MOB"

            """
        let inferred = try CSVReading.read(text)
        XCTAssertTrue(inferred.problems.contains { $0.contains("no date column found") }, "\(inferred.problems)")
        let given = try CSVReading.read(text, options: ["date-format": "%d %b %Y %H:%M"])
        XCTAssertEqual(given.problems, [])
        XCTAssertEqual(given.entries.first?.map(\.amount), ["-1684.00", "2000.00", "-90.82"])
    }
}
