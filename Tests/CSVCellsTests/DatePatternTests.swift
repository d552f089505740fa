import XCTest

@testable import CSVCells

final class DatePatternTests: XCTestCase {
    private func read(_ text: String, _ format: String) throws -> LocalDateTime? {
        let pattern = try DatePattern(format)
        return withCell(text) { pattern.parse($0) }
    }

    private func date(_ year: Int, _ month: Int, _ day: Int) -> LocalDateTime {
        LocalDateTime(year: year, month: month, day: day)
    }

    private func time(
        _ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int = 0, offset: Int? = nil
    ) -> LocalDateTime {
        LocalDateTime(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second, hasTime: true,
            offsetSeconds: offset)
    }

    // MARK: - Candidates

    private static func day(_ year: Int, _ month: Int, _ day: Int) -> LocalDateTime {
        LocalDateTime(year: year, month: month, day: day)
    }

    private static func timed(
        _ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int = 0, offset: Int? = nil
    ) -> LocalDateTime {
        LocalDateTime(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second, hasTime: true,
            offsetSeconds: offset)
    }

    /// Each candidate with a cell it reads and what it reads there (also used by the amount tests).
    static let examples: [(format: String, text: String, date: LocalDateTime)] = [
        ("%Y-%m-%d", "2024-03-01", day(2024, 3, 1)),
        ("%d.%m.%Y", "01.03.2024", day(2024, 3, 1)),
        ("%d.%m.%y", "1.3.24", day(2024, 3, 1)),
        ("%y.%m.%d", "24.01.05", day(2024, 1, 5)),
        ("%d/%m/%Y", "31/12/2023", day(2023, 12, 31)),
        ("%m/%d/%Y", "12/31/2023", day(2023, 12, 31)),
        ("%d/%m/%y", "31/12/23", day(2023, 12, 31)),
        ("%m/%d/%y", "12/31/23", day(2023, 12, 31)),
        ("%d-%m-%Y", "15-08-2024", day(2024, 8, 15)),
        ("%m-%d-%Y", "08-15-2024", day(2024, 8, 15)),
        ("%y/%m/%d", "24/05/11", day(2024, 5, 11)),
        ("%Y/%m/%d", "2024/08/15", day(2024, 8, 15)),
        ("%Y%m%d", "20240815", day(2024, 8, 15)),
        ("%d %b %Y", "15 Aug 2024", day(2024, 8, 15)),
        ("%d %b %y", "15 Aug 24", day(2024, 8, 15)),
        ("%d-%b-%Y", "15-AUG-2024", day(2024, 8, 15)),
        ("%d-%b-%y", "15-aug-24", day(2024, 8, 15)),
        ("%b %d, %Y", "Sept 5, 2024", day(2024, 9, 5)),
        ("%d %B %Y", "5 September 2024", day(2024, 9, 5)),
        ("%B %d, %Y", "JANUARY 05, 2024", day(2024, 1, 5)),
        ("%Y-%m-%d %H:%M:%S", "2024-03-01 08:15:30", timed(2024, 3, 1, 8, 15, 30)),
        ("%Y-%m-%dT%H:%M:%S", "2024-03-01T23:59:59", timed(2024, 3, 1, 23, 59, 59)),
        ("%Y-%m-%d %H:%M", "2024-03-01 8:15", timed(2024, 3, 1, 8, 15)),
        ("%d.%m.%Y %H:%M", "01.03.2024 08:15", timed(2024, 3, 1, 8, 15)),
        ("%d.%m.%Y %H:%M:%S", "01.03.2024 08:15:07", timed(2024, 3, 1, 8, 15, 7)),
        ("%d/%m/%Y %H:%M", "13/03/2024 00:00", timed(2024, 3, 13, 0, 0)),
        ("%m/%d/%Y %H:%M", "03/13/2024 17:45", timed(2024, 3, 13, 17, 45)),
        ("%d/%m/%Y %H:%M:%S", "13/03/2024 17:45:01", timed(2024, 3, 13, 17, 45, 1)),
        ("%m/%d/%Y %H:%M:%S", "03/13/2024 17:45:01", timed(2024, 3, 13, 17, 45, 1)),
        ("%Y-%m-%dT%H:%M:%S%z", "2024-03-01T08:15:00+01:00", timed(2024, 3, 1, 8, 15, offset: 3600)),
        ("%Y-%m-%d %H:%M:%S %z", "2018-02-25 12:34:56 +0000", timed(2018, 2, 25, 12, 34, 56, offset: 0)),
        ("%Y.%m.%d.", "2019.04.19.", day(2019, 4, 19)),
        ("%d-%m-%Y %H:%M:%S", "28-03-2024 10:15:00", timed(2024, 3, 28, 10, 15)),
        ("%m-%d-%Y %H:%M:%S", "03-28-2024 10:15:00", timed(2024, 3, 28, 10, 15)),
    ]

    func testEveryCandidateReadsARealExample() throws {
        let examples = Self.examples
        XCTAssertEqual(DatePattern.candidates.map(\.description), examples.map(\.0))
        for (pattern, (format, text, expected)) in zip(DatePattern.candidates, examples) {
            XCTAssertEqual(withCell(text) { pattern.parse($0) }, expected, "\(format) on \(text)")
            XCTAssertEqual(pattern.hasTime, expected.hasTime, format)
        }
    }

    func testLooksLikeDate() {
        XCTAssertTrue(withCell(" 2024-03-01 ") { DatePattern.looksLikeDate($0) })
        XCTAssertTrue(withCell("13/03/2024") { DatePattern.looksLikeDate($0) })
        XCTAssertFalse(withCell("1.234,56") { DatePattern.looksLikeDate($0) })
        XCTAssertFalse(withCell("31/31/2024") { DatePattern.looksLikeDate($0) })
    }

    // MARK: - Validity

    func testOnlyRealDaysAndTimes() throws {
        XCTAssertNil(try read("29.02.23", "%d.%m.%y"))
        XCTAssertEqual(try read("29.02.24", "%d.%m.%y"), date(2024, 2, 29))
        XCTAssertNil(try read("2023-02-29", "%Y-%m-%d"))
        XCTAssertEqual(try read("2000-02-29", "%Y-%m-%d"), date(2000, 2, 29))
        XCTAssertNil(try read("1900-02-29", "%Y-%m-%d"))
        XCTAssertNil(try read("2024-04-31", "%Y-%m-%d"))
        XCTAssertNil(try read("2024-13-01", "%Y-%m-%d"))
        XCTAssertNil(try read("2024-00-10", "%Y-%m-%d"))
        XCTAssertNil(try read("2024-01-00", "%Y-%m-%d"))
        XCTAssertNil(try read("2024-03-01 24:00:00", "%Y-%m-%d %H:%M:%S"))
        XCTAssertNil(try read("2024-03-01 23:60:00", "%Y-%m-%d %H:%M:%S"))
        XCTAssertNil(try read("2024-03-01 23:59:60", "%Y-%m-%d %H:%M:%S"))
    }

    func testTheWholeCellMustMatch() throws {
        XCTAssertNil(try read("2024-03-01x", "%Y-%m-%d"))
        XCTAssertNil(try read("2024-03-01 08:15", "%Y-%m-%d"))
        XCTAssertNil(try read("2024-03-001", "%Y-%m-%d"))
        XCTAssertNil(try read("24-03-01", "%Y-%m-%d"))
        XCTAssertNil(try read("2024", "%Y-%m-%d"))
        XCTAssertNil(try read("", "%Y-%m-%d"))
        XCTAssertEqual(try read(" \u{00A0}2024-03-01\t", "%Y-%m-%d"), date(2024, 3, 1))
    }

    func testTwoDigitYearPivot() throws {
        XCTAssertEqual(try read("01.01.68", "%d.%m.%y")?.year, 2068)
        XCTAssertEqual(try read("01.01.69", "%d.%m.%y")?.year, 1969)
        XCTAssertEqual(try read("01.01.00", "%d.%m.%y")?.year, 2000)
        XCTAssertEqual(try read("01.01.99", "%d.%m.%y")?.year, 1999)
        XCTAssertNil(try read("01.01.2024", "%d.%m.%y"))
    }

    func testMonthNamesInAnyCase() throws {
        XCTAssertEqual(try read("05 mar 2024", "%d %b %Y")?.month, 3)
        XCTAssertEqual(try read("05 MAR 2024", "%d %b %Y")?.month, 3)
        XCTAssertEqual(try read("05 Sept 2024", "%d %b %Y")?.month, 9)
        XCTAssertEqual(try read("05 dEcEmBeR 2024", "%d %B %Y")?.month, 12)
        XCTAssertNil(try read("05 March 2024", "%d %b %Y"))
        XCTAssertNil(try read("05 Mar 2024", "%d %B %Y"))
        XCTAssertNil(try read("05 Mrz 2024", "%d %b %Y"))
        XCTAssertNil(try read("05 Septe 2024", "%d %b %Y"))
    }

    func testDirectivesBeyondTheCandidates() throws {
        XCTAssertEqual(try read("Mar  5, 2024", "%b %e, %Y"), date(2024, 3, 5))
        XCTAssertEqual(try read("5%03%2024", "%d%%%m%%%Y"), date(2024, 3, 5))
        XCTAssertEqual(try read("01.03.2024   7:05", "%d.%m.%Y %H:%M"), time(2024, 3, 1, 7, 5))
        XCTAssertEqual(try read("2024-03-01T08:15:00Z", "%Y-%m-%dT%H:%M:%S%z")?.offsetSeconds, 0)
        XCTAssertEqual(try read("2024-03-01T08:15:00-0530", "%Y-%m-%dT%H:%M:%S%z")?.offsetSeconds, -19_800)
        XCTAssertNil(try read("2024-03-01T08:15:00+24:00", "%Y-%m-%dT%H:%M:%S%z"))
        XCTAssertNil(try read("2024-03-01T08:15:00+1", "%Y-%m-%dT%H:%M:%S%z"))
        XCTAssertNil(try read("01.03.2024 7:5", "%d.%m.%Y %H:%M"))
    }

    func testNumbersBackToBackTakeTwoDigitsEach() throws {
        XCTAssertNil(try read("2024311", "%Y%m%d"))
        XCTAssertNil(try read("202431", "%Y%m%d"))
        XCTAssertEqual(try read("20241231", "%Y%m%d"), date(2024, 12, 31))
    }

    // MARK: - Formats

    func testDescriptionIsTheFormatAsGiven() throws {
        XCTAssertEqual(try DatePattern("%d.%m.%y").description, "%d.%m.%y")
        XCTAssertFalse(try DatePattern("%d.%m.%y").hasTime)
        XCTAssertTrue(try DatePattern("%d.%m.%y %H:%M").hasTime)
    }

    func testBadFormatsSayWhatIsWrong() {
        XCTAssertThrowsError(try DatePattern("%d.%m.%q")) { error in
            XCTAssertEqual(
                (error as? DatePatternError)?.description,
                "date format \"%d.%m.%q\": unknown directive %q (known: %Y %y %m %d %e %b %B %H %M %S %z %%)")
        }
        XCTAssertThrowsError(try DatePattern("%H:%M")) { error in
            XCTAssertEqual(
                (error as? DatePatternError)?.description,
                "date format \"%H:%M\" has no year, month, day: it needs %Y or %y, %m or %b, %d")
        }
        XCTAssertThrowsError(try DatePattern("%d.%m")) { error in
            XCTAssertEqual((error as? DatePatternError)?.description.contains("has no year:"), true)
        }
        XCTAssertThrowsError(try DatePattern("%d.%m.%Y%")) { error in
            XCTAssertEqual((error as? DatePatternError)?.description, "date format \"%d.%m.%Y%\" ends with a lone %")
        }
        XCTAssertThrowsError(try DatePattern("%d.%m.%Y %d"))
    }

    // MARK: - Writing

    func testWriteForms() throws {
        func written(_ value: LocalDateTime, _ zone: ZoneRule? = nil) -> String {
            var out: [UInt8] = []
            value.write(zone: zone, into: &out)
            return String(decoding: out, as: UTF8.self)
        }
        let berlin = try XCTUnwrap(ZoneRule(identifier: "Europe/Berlin"))
        XCTAssertEqual(written(date(2024, 3, 1)), "2024-03-01")
        XCTAssertEqual(written(date(2024, 3, 1), berlin), "2024-03-01")
        XCTAssertEqual(written(time(2024, 3, 1, 8, 15)), "2024-03-01T08:15:00")
        XCTAssertEqual(written(time(2024, 3, 1, 8, 15, offset: 3600)), "2024-03-01T08:15:00+01:00")
        XCTAssertEqual(written(time(2024, 3, 1, 8, 15, offset: -19_800), berlin), "2024-03-01T08:15:00-05:30")
        XCTAssertEqual(written(time(2024, 3, 1, 8, 15, offset: 0), berlin), "2024-03-01T08:15:00Z")
        XCTAssertEqual(written(time(2024, 3, 1, 8, 15), berlin), "2024-03-01T08:15:00+01:00")
        XCTAssertEqual(written(time(2024, 7, 1, 8, 15), berlin), "2024-07-01T08:15:00+02:00")
        XCTAssertEqual(written(time(987, 1, 2, 3, 4, 5)), "0987-01-02T03:04:05")
    }
}
