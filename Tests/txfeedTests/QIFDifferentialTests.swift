import Foundation
import TxFeedTestSupport
import XCTest

/// QIF read by txfeed and by an established independent parser, quiffen (PyPI `quiffen==4.0.1`,
/// MIT; in the tests' venv), through `Tests/Fixtures/differential/quiffen_read.py`, on the
/// repository's own QIF files and five of quiffen's test files
/// (`Tests/Fixtures/statements/qif/quiffen/`, attributed in its README).
///
/// Each transaction's date, signed amount in minor units and check number (an `N` of digits:
/// txfeed's id, quiffen's int; a code such as `ATM` is neither's) must agree, and so must each
/// account's total. Where they do not, the test says which is right and what in the file decides it.
final class QIFDifferentialTests: XCTestCase {
    static let qif = BuiltProducts.fixtures + "/statements/qif/"
    static let quiffenFiles = qif + "quiffen/"

    struct Line: Hashable, Comparable, CustomStringConvertible {
        var date: String
        var minor: Int
        /// A check number (`N` of digits), nil for none or a code.
        var check: Int?
        var description: String { "\(date) \(minor) \(check.map { "#\($0)" } ?? "")" }
        static func < (a: Line, b: Line) -> Bool {
            (a.date, a.minor, a.check ?? -1) < (b.date, b.minor, b.check ?? -1)
        }
    }

    struct Reading {
        var lines: [Line]
        /// Each account's sum of amounts, in minor units, sorted.
        var totals: [Int]
    }

    /// What quiffen reads (`--day-first`, `--encoding` passed on), or its error; amounts that are
    /// not whole cents (quiffen's misreading of a decimal comma) come back as their text.
    private func quiffen(_ file: String, _ options: [String] = []) throws -> (
        reading: Reading?, odd: [String], error: String?
    ) {
        let script = BuiltProducts.fixtures + "/differential/quiffen_read.py"
        let result = try runCommand(try TestPython.importing("quiffen"), [script, file] + options)
        XCTAssertEqual(result.status, 0, result.stderr)
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        if let error = root["error"] as? String { return (nil, [], error) }
        var reading = Reading(lines: [], totals: [])
        var odd: [String] = []
        for account in try XCTUnwrap(root["accounts"] as? [[String: Any]]) {
            for line in try XCTUnwrap(account["transactions"] as? [[String: Any]]) {
                guard let minor = (line["minor"] as? NSNumber)?.intValue else {
                    odd.append(line["minor"] as? String ?? "?")
                    continue
                }
                reading.lines.append(
                    Line(
                        date: try XCTUnwrap(line["date"] as? String), minor: minor,
                        check: (line["check_number"] as? NSNumber)?.intValue))
            }
            if let total = (account["total"] as? NSNumber)?.intValue { reading.totals.append(total) }
        }
        reading.totals.sort()
        return (reading, odd, nil)
    }

    /// What txfeed reads of `spec` (a file, or `qif:FILE,option=…`), exiting `status`.
    private func txfeedReading(_ spec: String, status: Int32 = 0) throws -> (reading: Reading, run: CommandResult) {
        let run = try txfeed("run", "-s", spec.hasPrefix("qif:") ? spec : "qif:" + spec, "--sink", "ndjson")
        XCTAssertEqual(run.status, status, run.stderr)
        let rows = try feedRows(run)
        var totals: [String: Int] = [:]
        let lines = rows.map { row in
            totals[text(row, "account") ?? "", default: 0] += minor(row)
            let id = text(row, "id") ?? ""
            let check = !id.isEmpty && id.allSatisfy(\.isASCII) && id.allSatisfy(\.isNumber) ? Int(id) : nil
            return Line(date: text(row, "date") ?? "", minor: minor(row), check: check)
        }
        return (Reading(lines: lines, totals: totals.values.sorted()), run)
    }

    /// The same transactions and account totals; `theirs` may have been corrected first for a
    /// known difference (which the caller states and checks).
    private func assertAgree(
        _ ours: Reading, _ theirs: Reading, _ what: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertFalse(theirs.lines.isEmpty, what, file: file, line: line)
        XCTAssertEqual(ours.lines.sorted(), theirs.lines.sorted(), "transactions of \(what)", file: file, line: line)
        XCTAssertEqual(ours.totals, theirs.totals, "account totals of \(what)", file: file, line: line)
    }

    private func assertAgree(
        _ path: String, spec: String? = nil, _ options: [String] = [], file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        let theirs = try quiffen(path, options)
        XCTAssertNil(theirs.error, file: file, line: line)
        XCTAssertEqual(theirs.odd, [], file: file, line: line)
        let ours = try txfeedReading(spec ?? path).reading
        assertAgree(ours, try XCTUnwrap(theirs.reading, file: file, line: line), path, file: file, line: line)
    }

    /// `checking.qif` (an `!Account`, a `!Type:Cat` block, a split, checks 1001-1004, a record
    /// with `U` and `T`), `codes.qif`/`codes-feb.qif` (`N` codes and one check) and
    /// `ambiguous.qif` (day first, as its `date-format` says and quiffen's `day_first`).
    func testTheRepositorysFilesAgree() throws {
        try assertAgree(Self.qif + "checking.qif")
        try assertAgree(Self.qif + "codes.qif")
        try assertAgree(Self.qif + "codes-feb.qif")
        try assertAgree(
            Self.qif + "ambiguous.qif", spec: "qif:" + Self.qif + "ambiguous.qif,date-format=%d/%m/%Y", ["--day-first"])
        let checks = try txfeedReading(Self.qif + "checking.qif").reading.lines.compactMap(\.check)
        XCTAssertEqual(checks.sorted(), [1001, 1002, 1003, 1004])
    }

    /// quiffen's files: `test_transaction_before_account_definition_1.qif` (ISO dates, a `^` right
    /// after the header); `test_category_override.qif` (day first; see below).
    func testQuiffensFilesAgree() throws {
        try assertAgree(Self.quiffenFiles + "test_transaction_before_account_definition_1.qif")
        try assertAgree(Self.quiffenFiles + "test_category_override.qif", ["--day-first"])
    }

    /// `test.qif` and `test_oth_a.qif` (the same records under `!Type:Bank` and `!Type:Oth A`):
    /// the Amazon.com record has a `D1/10'2020` among its split lines. quiffen reads it as the
    /// first split's date, and so does txfeed since it stopped rejecting the record as two run
    /// together: the record has one `T-100.00`, one `^`, and its four splits (-50.00, -25.00,
    /// -10.00, -15.00) sum to that `T`.
    ///
    /// The one difference: quiffen keeps the first record, `POpening Balance` `T0.00` `CX`
    /// `L[TestExport]` (a transfer to the account itself), as a transaction; txfeed notes it as
    /// Quicken's opening balance, not money that moved. Its amount is 0.00, so the totals agree.
    func testTheSplitDateAndTheOpeningBalanceInQuiffensTestFiles() throws {
        for name in ["test.qif", "test_oth_a.qif"] {
            let path = Self.quiffenFiles + name
            var theirs = try XCTUnwrap(try quiffen(path).reading)
            let (ours, run) = try txfeedReading(path)
            XCTAssertTrue(run.stderr.contains("written 5 + rejected 0"), run.stderr)
            XCTAssertTrue(run.stderr.contains("is Quicken's opening balance of [TestExport] (T0.00"), run.stderr)
            let opening = Line(date: "2020-02-10", minor: 0, check: nil)
            XCTAssertEqual(theirs.lines.first, opening, "quiffen's first transaction is the opening balance")
            theirs.lines.removeFirst()
            assertAgree(ours, theirs, name)
            XCTAssertTrue(ours.lines.contains(Line(date: "2020-02-10", minor: -10000, check: nil)))
            XCTAssertTrue(ours.lines.contains(Line(date: "2020-02-11", minor: -2500, check: 123)))
        }
    }

    /// `opening-balance.qif`: quiffen counts `T1,000.00` `POpening Balance` `L[Checking]` as money
    /// in; it is the file's first record, cleared, and a transfer to the account itself (no money
    /// moved), Quicken's way of writing the balance the account opened with. txfeed is right not
    /// to import it, and the account totals differ by exactly that 1,000.00.
    func testQuiffenCountsTheOpeningBalanceAsATransaction() throws {
        let path = Self.qif + "opening-balance.qif"
        var theirs = try XCTUnwrap(try quiffen(path).reading)
        let (ours, run) = try txfeedReading(path)
        XCTAssertTrue(run.stderr.contains("is Quicken's opening balance of [Checking]"), run.stderr)
        XCTAssertEqual(theirs.lines.first, Line(date: "2024-01-01", minor: 100_000, check: nil))
        XCTAssertEqual(theirs.totals, ours.totals.map { $0 + 100_000 })
        theirs.lines.removeFirst()
        theirs.totals = theirs.totals.map { $0 - 100_000 }
        assertAgree(ours, theirs, path)
    }

    /// `test_category_override.qif` has `D22/12/2017`, which only a day-first reading makes a date,
    /// so every date of the file is day first: `D02/01/2018` is 2 January. quiffen without
    /// `day_first` reads each date on its own (dateutil): 22 December, then 1 February. txfeed
    /// weighs the file's dates together and is right; with `day_first` quiffen agrees (above).
    func testQuiffenReadsEachDateOnItsOwnWhereTheFileSettlesTheOrder() throws {
        let path = Self.quiffenFiles + "test_category_override.qif"
        let monthFirst = try XCTUnwrap(try quiffen(path).reading).lines.map(\.date)
        XCTAssertEqual(monthFirst, ["2017-12-22", "2018-01-01", "2018-02-01", "2018-02-01"])
        XCTAssertTrue(try String(contentsOfFile: path, encoding: .utf8).contains("D22/12/2017"))
        let ours = try txfeedReading(path).reading.lines.map(\.date).sorted()
        XCTAssertEqual(ours, ["2017-12-22", "2018-01-01", "2018-01-02", "2018-01-02"])
    }

    /// `card.qif` writes amounts with a decimal comma and a point between thousands (`T-12,50`,
    /// `T-1.234,56`, `T1.500,00`: every comma is followed by exactly two digits). quiffen drops the
    /// comma (`-12,50` is -1250.00, `-1.234,56` is -1.23456): it knows only the decimal point. The
    /// same file with the two marks swapped it reads, and agrees with txfeed.
    func testQuiffenMisreadsADecimalCommaAndAgreesWithTheMarksSwapped() throws {
        let path = Self.qif + "card.qif"
        let raw = try quiffen(path, ["--day-first", "--encoding", "cp1252"])
        XCTAssertEqual(raw.odd, ["-1.23456"])
        XCTAssertTrue(try XCTUnwrap(raw.reading).lines.contains { $0.minor == -125_000 }, "-12,50 read as -1250.00")

        let folder = try TemporaryFolder()
        let swapped = folder.path + "/card-points.qif"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        var lineStart = true
        var amountLine = false
        let converted = bytes.map { byte -> UInt8 in
            defer { lineStart = byte == UInt8(ascii: "\n") }
            if lineStart { amountLine = byte == UInt8(ascii: "T") }
            guard amountLine else { return byte }
            return byte == UInt8(ascii: ",") ? UInt8(ascii: ".") : byte == UInt8(ascii: ".") ? UInt8(ascii: ",") : byte
        }
        try Data(converted).write(to: URL(fileURLWithPath: swapped))
        let theirs = try XCTUnwrap(try quiffen(swapped, ["--day-first", "--encoding", "cp1252"]).reading)
        assertAgree(try txfeedReading(path).reading, theirs, "card.qif")
        assertAgree(try txfeedReading(swapped).reading, theirs, "card-points.qif")
    }

    /// `test_split.qif` has one date, `D1/ 1'00`: month and day are both 1, so either order reads
    /// 2000-01-01, which quiffen (month first by default) gives. txfeed failed the file asking for
    /// `date-format` (days of 12 or less cannot tell the order) until it saw that every date reads
    /// alike either way; now it reads the file, as with either `date-format`. The record's `U-10.00`
    /// and `T-10.00` are one amount, and its splits (-9.00, -1.00) sum to it.
    func testASingleDateThatReadsAlikeInEitherOrder() throws {
        let path = Self.quiffenFiles + "test_split.qif"
        let theirs = try XCTUnwrap(try quiffen(path).reading)
        XCTAssertEqual(theirs.lines, [Line(date: "2000-01-01", minor: -1000, check: nil)])
        try assertAgree(path)
        assertAgree(try txfeedReading("qif:" + path + ",date-format=%m/%d/%y").reading, theirs, path)
        assertAgree(try txfeedReading("qif:" + path + ",date-format=%d/%m/%y").reading, theirs, path)
        let sniff = try txfeed("sniff", path)
        XCTAssertTrue(sniff.output.contains("(every date reads alike in either order)"), sniff.output)
    }
}
