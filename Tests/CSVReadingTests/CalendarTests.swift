import CSVCells
import CSVReading
import XCTest

/// Dates counted in another calendar were read as Gregorian ones with exit 0: Iran's `1402/05/12`
/// as the year 1402, a Thai `16/02/66` as 2066. A year no statement has is now refused, naming
/// `calendar=`, and given it, the days are read as the bank meant them.
final class CalendarTests: XCTestCase {
    private let persian = """
        Date,Description,Amount,Balance
        1402/02/31,Shop,-50000,950000
        1402/12/29,Salary,2000000,2950000

        """

    func testASolarHijriColumnIsRefusedNamingTheCalendars() throws {
        // Ordibehesht has 31 days, February none: no Gregorian format reads the first cell.
        let problems = try CSVReading.read(persian).problems
        assertOneProblem(
            problems,
            "\"1402/02/31\" is not a Gregorian date: it is a Solar Hijri or Hijri day: "
                + "set calendar=persian or calendar=islamic")
        // Days that Gregorian months have too still name the calendar, by their year.
        let readable = persian.replacingOccurrences(of: "1402/02/31", with: "1402/02/11")
        let refused = try CSVReading.read(readable).problems
        assertOneProblem(
            refused, "the year 1402 is no Gregorian year of a statement", "set calendar=persian or calendar=islamic")
    }

    func testTheCalendarOptionReadsTheBanksDays() throws {
        // 31 Ordibehesht 1402 is 21 May 2023; 29 Esfand 1402 is 19 March 2024.
        XCTAssertEqual(
            try CSVReading.read(persian, options: ["calendar": "persian"]).entries.first?.map(\.date),
            ["2023-05-21", "2024-03-19"])
        // Umm al-Qura: 1 Ramadan 1445 is 11 March 2024.
        let hijri = "Date,Description,Amount\n1445/09/01,Shop,-50.00\n1445/09/02,Shop,-60.00\n"
        XCTAssertEqual(
            try CSVReading.read(hijri, options: ["calendar": "islamic"]).entries.first?.map(\.date),
            ["2024-03-11", "2024-03-12"])
        // Given as written, the year stays.
        XCTAssertEqual(
            try CSVReading.read(hijri, options: ["calendar": "gregorian"]).entries.first?.map(\.date),
            ["1445-09-01", "1445-09-02"])
    }

    func testBuddhistEraYearsFourAndTwoDigits() throws {
        let full = "Date,Description,Amount\n15/02/2566,Shop,-50.00\n05/03/2566,Salary,200.00\n"
        let refused = try CSVReading.read(full).problems
        assertOneProblem(refused, "the year 2566 is no Gregorian year", "a Buddhist-era year? set calendar=buddhist")
        XCTAssertEqual(
            try CSVReading.read(full, options: ["calendar": "buddhist"]).entries.first?.map(\.date),
            ["2023-02-15", "2023-03-05"])
        // `66` is 2066 by the POSIX pivot: past any statement's year, so refused too.
        let short = full.replacingOccurrences(of: "2566", with: "66")
        let shortRefused = try CSVReading.read(short).problems
        assertOneProblem(shortRefused, "a two-digit Buddhist-era year (66 for 2566)")
        XCTAssertEqual(
            try CSVReading.read(short, options: ["calendar": "buddhist"]).entries.first?.map(\.date),
            ["2023-02-15", "2023-03-05"])
    }

    /// One year mistyped among good ones: that row is rejected, not dated 224.
    func testAStrayYearIsItsRowsReject() throws {
        let text = "Date,Description,Amount\n2024-03-01,Shop,-5.00\n0224-03-02,Shop,-6.00\n2024-03-03,Shop,-7.00\n"
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries.first?.map(\.line), [2, 4])
        XCTAssertEqual(result.rejects.first?.map(\.line), [3])
        XCTAssertTrue(
            result.rejects.first?.first?.reason.hasPrefix(
                "date \"0224-03-02\": the year 224 is no Gregorian year of a statement") == true,
            "\(result.rejects)")
    }

    func testAnUnknownCalendarIsRefused() {
        XCTAssertThrowsError(try CSVSettings(options: ["calendar": "julian"])) { error in
            XCTAssertEqual(
                "\(error)", "calendar \"julian\": expected gregorian, buddhist, persian or islamic")
        }
    }

    func testADayTheCalendarDoesNotHaveIsNoDate() throws {
        let pattern = try DatePattern("%Y/%m/%d").counting(in: .persian)
        func read(_ text: String) -> String? {
            Array(text.utf8).withUnsafeBufferPointer { bytes in
                pattern.parse(bytes.span).map { "\($0.year)-\($0.month)-\($0.day)" }
            }
        }
        // 1403 is a leap year of the Solar Hijri calendar, 1402 is not.
        XCTAssertEqual(read("1403/12/30"), "2025-3-20")
        XCTAssertNil(read("1402/12/30"))
        XCTAssertNil(read("1402/07/31"), "the seventh month has 30 days")
    }
}
