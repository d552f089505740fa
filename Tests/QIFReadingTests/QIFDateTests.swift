import QIFReading
import XCTest

/// Every date shape QIF files are written in, decided over the whole file.
final class QIFDateTests: XCTestCase {
    /// Two records: the shape under test, and the 15th of January in the same shape, which
    /// settles day against month.
    private func dates(_ first: String, _ settling: String) throws -> [String] {
        let result = try readQIF(bankFile([["D" + first, "T-1.00", "PA"], ["D" + settling, "T-2.00", "PB"]]))
        XCTAssertEqual(result.problems, [], first)
        XCTAssertEqual(result.rejects.map(\.reason), [], first)
        return result.dates
    }

    /// A QIF whose years are written four digits and two (`02/03/2026`, `05/03'26`) read by no
    /// one format: the refusal named the csv source's `calendar=` (a Hijri day, it said), which
    /// the qif source does not take.
    func testAnUnreadableDateNamesNoCalendarOption() throws {
        let result = try readQIF(bankFile([["D02/03/2026", "T-1.00", "PA"], ["D05/03'26", "T-2.00", "PB"]]))
        XCTAssertEqual(result.problems.count, 1)
        XCTAssertFalse(result.problems.joined().contains("calendar"), "\(result.problems)")
        XCTAssertTrue(result.problems.joined().contains("set date-format"), "\(result.problems)")
    }

    func testQuickenApostropheYearsWithSpaces() throws {
        XCTAssertEqual(try dates("1/ 3'24", "1/15'24"), ["2024-01-03", "2024-01-15"])
        XCTAssertEqual(try dates(" 1/ 3' 5", "12/15' 5"), ["2005-01-03", "2005-12-15"])
    }

    func testSlashFormsWithFourAndTwoDigitYears() throws {
        XCTAssertEqual(try dates("01/03/2024", "01/15/2024"), ["2024-01-03", "2024-01-15"])
        XCTAssertEqual(try dates("1/3/24", "1/15/24"), ["2024-01-03", "2024-01-15"])
        XCTAssertEqual(try dates("03/01/2024", "15/01/2024"), ["2024-01-03", "2024-01-15"])
    }

    func testDottedISOAndMonthNameForms() throws {
        XCTAssertEqual(try dates("03.01.2024", "15.01.2024"), ["2024-01-03", "2024-01-15"])
        XCTAssertEqual(try dates("2024-01-03", "2024-01-15"), ["2024-01-03", "2024-01-15"])
        XCTAssertEqual(try dates("3 Jan 2024", "15 Jan 2024"), ["2024-01-03", "2024-01-15"])
    }

    /// `'` marks a year from 2000 even where `%y` would put it in the 1900s; `/` keeps the pivot,
    /// so a file spanning 2000 reads both ways under one format.
    func testApostropheYearsAreFrom2000AndSlashYearsKeepThePivot() throws {
        let result = try readQIF(
            bankFile([["D12/31/99", "T-1.00", "PA"], ["D1/ 1'00", "T-2.00", "PB"], ["D1/13'75", "T-3.00", "PC"]]))
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.dates, ["1999-12-31", "2000-01-01", "2075-01-13"])
    }

    /// Every day 12 or less: no guess; the problem names the option, and the option reads it.
    func testAmbiguousDatesAreAProblemNamingDateFormat() throws {
        let file = bankFile([["D01/02/2024", "T-1.00", "PA"], ["D03/04/2024", "T-2.00", "PB"]])
        let result = try readQIF(file)
        XCTAssertEqual(result.problems.count, 1)
        XCTAssertTrue(result.problems[0].hasPrefix("test.qif: "), result.problems[0])
        XCTAssertTrue(result.problems[0].contains("date-format"), result.problems[0])
        XCTAssertTrue(result.reportLine("problem")?.contains("date-format") ?? false, result.report)

        let settled = try readQIF(file, options: ["date-format": "%d/%m/%Y"])
        XCTAssertEqual(settled.problems, [])
        XCTAssertEqual(settled.dates, ["2024-02-01", "2024-04-03"])
    }

    /// quiffen's test_split.qif: its one date `D1/ 1'00` has its day equal to its month, so month
    /// first and day first read it alike (2000-01-01): nothing to ask, the file is read. One date
    /// whose day is not its month (`D1/ 2'00`) makes the order matter again.
    func testDatesThatReadAlikeInEitherOrderNeedNoDateFormat() throws {
        let alike = try readQIF(
            bankFile([["D1/ 1'00", "T-10.00", "PA"], ["D12/12'00", "T-2.00", "PB"], ["D03.03.2000", "T-1.00", "PC"]]))
        XCTAssertEqual(alike.problems, [])
        XCTAssertEqual(alike.dates, ["2000-01-01", "2000-12-12"])
        XCTAssertEqual(alike.rejects.map(\.location), ["record 3 (line 10)"])
        XCTAssertTrue(alike.reportLine("date format")?.contains("either order") ?? false, alike.report)

        let differ = try readQIF(bankFile([["D1/ 1'00", "T-10.00", "PA"], ["D1/ 2'00", "T-2.00", "PB"]]))
        XCTAssertEqual(differ.problems.count, 1)
        XCTAssertTrue(differ.problems[0].contains("date-format"), differ.problems[0])
    }

    /// One unreadable date among good ones rejects that record alone, naming it and its line.
    func testABadDateRejectsItsRecordWithItsLine() throws {
        let file = bankFile([
            ["D1/13'24", "T-1.00", "PA"], ["D1/14'24", "T-2.00", "PB"], ["Dsoon", "T-3.00", "PC"],
            ["D1/16'24", "T-4.00", "PD"],
        ])
        let result = try readQIF(file)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.dates, ["2024-01-13", "2024-01-14", "2024-01-16"])
        XCTAssertEqual(result.rejects.map(\.location), ["record 3 (line 10)"])
        XCTAssertTrue(result.rejects[0].reason.contains("date \"soon\""), result.rejects[0].reason)
        XCTAssertEqual(result.rejectRaws, ["Dsoon\nT-3.00\nPC\n^"])
    }
    /// A German Quicken writes month-first dates with dots (`10.18.23`): a day above 12 settles
    /// it, as it does the slashes. Dots whose days settle nothing stay day-first, as before.
    func testMonthFirstDotsAreReadWhenADaySettlesThem() throws {
        XCTAssertEqual(try dates("10.03.23", "10.18.23"), ["2023-10-03", "2023-10-18"])
        XCTAssertEqual(try dates("01.03.2024", "01.15.2024"), ["2024-01-03", "2024-01-15"])
        let unsettled = try readQIF(bankFile([["D03.01.2024", "T-1.00", "PA"], ["D04.02.2024", "T-2.00", "PB"]]))
        XCTAssertEqual(unsettled.problems, [])
        XCTAssertEqual(unsettled.dates, ["2024-01-03", "2024-02-04"])
    }

    /// `!Option:MDY` and `!Option:DMY` say the order; the dates still say the shape. A file whose
    /// days contradict the option is refused naming date-format, and the option's line.
    func testOptionMDYAndDMYSayTheOrder() throws {
        let records = [["D01/02/2024", "T-1.00", "PA"], ["D03/04/2024", "T-2.00", "PB"]]
        let mdy = try readQIF("!Option:MDY\n" + bankFile(records))
        XCTAssertEqual(mdy.problems, [])
        XCTAssertEqual(mdy.dates, ["2024-01-02", "2024-03-04"])
        XCTAssertTrue(mdy.reportLine("date format")?.contains("; !Option:MDY on line 1") ?? false, mdy.report)
        XCTAssertFalse(mdy.notes.contains { $0.contains("skipped") }, "\(mdy.notes)")
        let dmy = try readQIF("!Option:DMY\n" + bankFile(records))
        XCTAssertEqual(dmy.problems, [])
        XCTAssertEqual(dmy.dates, ["2024-02-01", "2024-04-03"])
        let dotted = try readQIF("!Option:DMY\n" + bankFile([["D03.01.2024", "T-1.00", "PA"]]))
        XCTAssertEqual(dotted.dates, ["2024-01-03"])

        let contradicted = try readQIF("!Option:DMY\n" + bankFile([["D10/18/2023", "T-1.00", "PA"]]))
        XCTAssertEqual(contradicted.problems.count, 1)
        XCTAssertTrue(
            contradicted.problems[0].hasSuffix("set date-format (!Option:DMY on line 1 says day first)"),
            contradicted.problems[0])

        let both = try readQIF("!Option:MDY\n!Option:DMY\n" + bankFile([["D10/18/2023", "T-1.00", "PA"]]))
        XCTAssertEqual(both.dates, ["2023-10-18"])
        XCTAssertTrue(
            both.notes.contains { $0.hasPrefix("!Option:MDY and !Option:DMY both (lines 1 and 2)") }, "\(both.notes)")
    }
}
