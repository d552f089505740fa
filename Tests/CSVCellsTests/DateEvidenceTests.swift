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
            .decided(try pattern("%d.%m.%y"), evidence: "only format that reads every cell: %d.%m.%y"))
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
}
