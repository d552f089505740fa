import XCTest

@testable import CSVCells

final class DateEvidenceTests: XCTestCase {
    /// The decision over `cells`, the first on line 2 (line 1 is the header).
    private func decide(_ cells: [String], candidates: [DatePattern] = DatePattern.candidates) -> DateDecision {
        var evidence = DateEvidence(candidates: candidates)
        for (offset, text) in cells.enumerated() {
            withCell(text) { evidence.observe($0, line: offset + 2) }
        }
        return evidence.decision
    }

    private func pattern(_ format: String) throws -> DatePattern { try DatePattern(format) }

    func testOnlyOneFormatReadsEveryCell() throws {
        XCTAssertEqual(
            decide(["2024-03-01", "", "2024-12-31"]),
            .decided(try pattern("%Y-%m-%d"), evidence: "only format that reads every cell: %Y-%m-%d"))
        XCTAssertEqual(
            decide(["01.03.24", "31.12.23"]),
            .decided(
                try pattern("%d.%m.%y"),
                evidence:
                    "dates in file order over about 63 days as %d.%m.%y; %y.%m.%d spreads them over 30 years: %d.%m.%y")
        )
    }

    /// Monzo's export before 2019 (`created`) and the Hungarian banks' dates with a closing dot
    /// (OTP, K&H) were read by no format: no date column was found.
    func testMonzosOffsetAfterASpaceAndAHungarianClosingDotAreRead() throws {
        XCTAssertEqual(
            decide(["2018-02-25 12:34:56 +0000", "2018-02-26 08:01:02 +0000"]),
            .decided(
                try pattern("%Y-%m-%d %H:%M:%S %z"), evidence: "only format that reads every cell: %Y-%m-%d %H:%M:%S %z"
            ))
        XCTAssertEqual(
            decide(["2019.04.19.", "2019.04.17."]),
            .decided(try pattern("%Y.%m.%d."), evidence: "only format that reads every cell: %Y.%m.%d."))
    }

    func testADayAboveTwelveDecides() throws {
        let cells = ["03/04/2024", "05/04/2024", "13/04/2024", "01/05/2024", "28/05/2024", "29/05/2024", "30/05/2024"]
        XCTAssertEqual(
            decide(cells),
            .decided(try pattern("%d/%m/%Y"), evidence: "day > 12 on lines 4, 6, 7: %d/%m/%Y"))
        XCTAssertEqual(
            decide(["04/03/2024", "04/13/2024"]),
            .decided(try pattern("%m/%d/%Y"), evidence: "day > 12 on line 3: %m/%d/%Y"))
    }

    func testTheWholeColumnCountsNotTheFirstRow() throws {
        // The first 99 rows read both ways; the last one alone settles it.
        let cells = Array(repeating: "01/02/2024", count: 99) + ["02/28/2024"]
        XCTAssertEqual(
            decide(cells), .decided(try pattern("%m/%d/%Y"), evidence: "day > 12 on line 101: %m/%d/%Y"))
    }

    func testEveryDayTwelveOrLessIsAmbiguous() throws {
        let cells = (1...31).map { "\($0 % 12 + 1)/01/2024" }
        XCTAssertEqual(
            decide(cells),
            .ambiguous(
                [try pattern("%d/%m/%Y"), try pattern("%m/%d/%Y")],
                "every day is 12 or less, so %d/%m/%Y and %m/%d/%Y both read all 31 dates: set date-format"))
        XCTAssertEqual(
            decide(["02-03-2024"]),
            .ambiguous(
                [try pattern("%d-%m-%Y"), try pattern("%m-%d-%Y")],
                "every day is 12 or less, so %d-%m-%Y and %m-%d-%Y both read the one date: set date-format"))
    }

    func testTimedColumns() throws {
        XCTAssertEqual(
            decide(["2024-03-01 08:15", "2024-03-02 17:45"]),
            .decided(try pattern("%Y-%m-%d %H:%M"), evidence: "only format that reads every cell: %Y-%m-%d %H:%M"))
        XCTAssertEqual(
            decide(["2024-03-01T08:15:00Z", "2024-03-02T17:45:00+01:00"]),
            .decided(
                try pattern("%Y-%m-%dT%H:%M:%S%z"), evidence: "only format that reads every cell: %Y-%m-%dT%H:%M:%S%z"))
        XCTAssertEqual(
            decide(["14.03.2024 08:15:00", "01.04.2024 09:00:00"]),
            .decided(
                try pattern("%d.%m.%Y %H:%M:%S"), evidence: "only format that reads every cell: %d.%m.%Y %H:%M:%S"))
    }

    func testAMixOfFormatsIsUnreadable() {
        XCTAssertEqual(
            decide(["2024-03-01", "01.03.2024"]),
            .unreadable("line 3: \"01.03.2024\" is not a date in any known format; set date-format"))
    }

    func testMayAloneReadsAsAbbreviation() throws {
        XCTAssertEqual(
            decide(["01 May 2024", "31 may 2024"]),
            .decided(try pattern("%d %b %Y"), evidence: "only format that reads every cell: %d %b %Y"))
        XCTAssertEqual(
            decide(["01 May 2024", "02 June 2024"]),
            .decided(try pattern("%d %B %Y"), evidence: "only format that reads every cell: %d %B %Y"))
    }

    func testUnreadableQuotesTheCellThatPutTheLastFormatOut() {
        XCTAssertEqual(
            decide(["01/03/2024", "13/03/2024", "", "31/31/2024", "yesterday"]),
            .unreadable("line 5: \"31/31/2024\" is not a date in any known format; set date-format"))
        XCTAssertEqual(
            decide(["Opening balance"]),
            .unreadable("line 2: \"Opening balance\" is not a date in any known format; set date-format"))
    }

    func testAnEmptyColumnTellsNothing() {
        guard case .ambiguous(let left, let message) = decide(["", "  "]) else { return XCTFail("no dates") }
        XCTAssertEqual(left, DatePattern.candidates)
        XCTAssertEqual(message, "no cell holds a date to tell the format: set date-format")
    }

    func testOtherSurvivorsAreListed() throws {
        let candidates = [try pattern("%d.%m.%Y"), try pattern("%e.%m.%Y")]
        XCTAssertEqual(
            decide(["01.03.2024"], candidates: candidates),
            .ambiguous(candidates, "%d.%m.%Y and %e.%m.%Y all read every cell: set date-format"))
    }

    // MARK: A few unreadable cells

    /// `bad-rows.csv`'s dates with one typo: decided, and the evidence names the row rejected.
    func testOneUnreadableCellIsDecidedAndItsRowNamed() throws {
        var cells = ["01", "02", "05", "07", "09", "12", "14", "16", "19", "21", "26", "29"].map { "2024-02-\($0)" }
        cells[5] = "2024-02c-12"
        XCTAssertEqual(
            decide(cells),
            .decided(
                try pattern("%Y-%m-%d"),
                evidence: "1 cell on line 7 reads as no date: that row is rejected: %Y-%m-%d"))
        var german = ["02.01.24", "03.01.24", "05.01.24", "08.01.24", "13.01.24", "15.01.24", "29.01.24"]
        german[4] = "13.0l.24"
        XCTAssertEqual(
            decide(german),
            .decided(
                try pattern("%d.%m.%y"),
                evidence: "dates in file order over about 27 days as %d.%m.%y; %y.%m.%d spreads them over 27 years; "
                    + "1 cell on line 6 reads as no date: that row is rejected: %d.%m.%y"))
    }

    /// Year first with slashes (`24/05/11`, MUFG's layout with short years): `%d/%m/%y` alone
    /// read it, the dates spread over 17 years out of order. The file's order decides, and one
    /// date alone is refused.
    func testYearFirstTwoDigitDatesWithSlashesAreWeighedByOrder() throws {
        XCTAssertEqual(
            decide(["24/05/11", "24/05/12", "24/05/20", "24/06/03"]),
            .decided(
                try pattern("%y/%m/%d"),
                evidence: "dates in file order over about 23 days as %y/%m/%d; %d/%m/%y puts them out of order: "
                    + "%y/%m/%d"))
        XCTAssertEqual(
            decide(["24/03/15"]),
            .ambiguous(
                [try pattern("%d/%m/%y"), try pattern("%y/%m/%d")],
                "%d/%m/%y and %y/%m/%d all read every cell: set date-format"))
    }

    /// A day above 12 still settles DD/MM, and the row it cannot read is named with it.
    func testADayAboveTwelveAndAnUnreadableCell() throws {
        let cells = ["03/04/2024", "13/04/2024", "3l/04/2024", "01/05/2024", "28/05/2024"]
        XCTAssertEqual(
            decide(cells),
            .decided(
                try pattern("%d/%m/%Y"),
                evidence: "day > 12 on lines 3, 6; 1 cell on line 4 reads as no date: that row is rejected: %d/%m/%Y"))
    }

    /// 2% of the dates may miss: 4 of 200 do, 5 of 200 do not.
    func testTwoPercentOfTheCellsMayMiss() throws {
        var four = (0..<200).map { row in
            let day = row % 28 + 1
            return "2024-03-\(day < 10 ? "0" : "")\(day)"
        }
        for row in [10, 50, 90, 130] { four[row] = "2024-13-01" }
        XCTAssertEqual(
            decide(four),
            .decided(
                try pattern("%Y-%m-%d"),
                evidence: "4 cells on lines 12, 52, 92, … read as no date: those rows are rejected: %Y-%m-%d"))
        var five = four
        five[170] = "n/a"
        XCTAssertEqual(
            decide(five), .unreadable("line 12: \"2024-13-01\" is not a date in any known format; set date-format"))
    }

    /// Two misses among twelve are too many: the column fails, quoting the first cell the best
    /// format cannot read.
    func testManyUnreadableCellsAreUnreadable() {
        var cells = ["01", "02", "05", "07", "09", "12", "14", "16", "19", "21", "26", "29"].map { "2024-02-\($0)" }
        cells[2] = "2024-02c-05"
        cells[8] = "19.02.2024"
        XCTAssertEqual(
            decide(cells), .unreadable("line 4: \"2024-02c-05\" is not a date in any known format; set date-format"))
        // A miss needs most cells read: one cell of two is not a decision.
        XCTAssertEqual(
            decide(["2024-03-01", "garbage"]),
            .unreadable("line 3: \"garbage\" is not a date in any known format; set date-format"))
    }

    /// DD/MM against MM/DD with every day ≤ 12 stays ambiguous when a cell reads neither way.
    func testAmbiguityStandsAmongFormatsThatMissTheSameCells() throws {
        let cells = (1...10).map { "\($0 < 10 ? "0" : "")\($0)/02/2024" } + ["1l/02/2024"]
        XCTAssertEqual(
            decide(cells),
            .ambiguous(
                [try pattern("%d/%m/%Y"), try pattern("%m/%d/%Y")],
                "every day is 12 or less, so %d/%m/%Y and %m/%d/%Y both read the same 10 of 11 dates: set date-format"))
    }
}
