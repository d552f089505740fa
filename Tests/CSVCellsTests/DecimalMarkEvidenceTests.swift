import XCTest

@testable import CSVCells

final class DecimalMarkEvidenceTests: XCTestCase {
    /// The decision over `cells`, the first on line 2 (line 1 is the header).
    private func decide(_ cells: [String]) -> DecimalMarkDecision {
        var evidence = DecimalMarkEvidence()
        for (offset, text) in cells.enumerated() {
            withCell(text) { evidence.observe($0, line: offset + 2) }
        }
        return evidence.decision
    }

    /// Yen and won have no decimals: `40,000` and `1.500` in such an account are grouped
    /// thousands, not 40.000 and 1.500 (refused before, naming decimal-mark). A cell that settles
    /// the mark, or both separators among the ambiguous cells, still decide as before.
    func testACurrencyWithoutDecimalsSettlesLoneSeparators() {
        func decide(_ cells: [String], _ code: String) -> DecimalMarkDecision {
            var evidence = DecimalMarkEvidence()
            for (offset, text) in cells.enumerated() { withCell(text) { evidence.observe($0, line: offset + 2) } }
            return evidence.decision(currencyWithoutDecimals: code)
        }
        XCTAssertEqual(
            decide(["-1,200", "40,000"], "JPY"),
            .decided(.point, evidence: "JPY has no decimals, so \",\" groups thousands in \"-1,200\" on line 2"))
        XCTAssertEqual(
            decide(["1.500", "-12.000"], "KRW"),
            .decided(.comma, evidence: "KRW has no decimals, so \".\" groups thousands in \"1.500\" on line 2"))
        guard case .conflicting = decide(["1.500", "12,000"], "JPY") else { return XCTFail("two separators") }
        XCTAssertEqual(decide(["1,500", "12.5"], "JPY"), .decided(.point, evidence: "1 decimal after \".\" on line 3"))
    }

    func testBothSeparatorsSettleTheMark() {
        XCTAssertEqual(
            decide(["5", "1.234,56", "7"]), .decided(.comma, evidence: "\"1.234,56\" on line 3"))
        XCTAssertEqual(decide(["1,234.56"]), .decided(.point, evidence: "\"1,234.56\" on line 2"))
    }

    func testDecimalsOtherThanThreeSettleTheMark() {
        XCTAssertEqual(
            decide(["12,50", "3,10", "-4,00", "8,99", "1,234"]),
            .decided(.comma, evidence: "2 decimals after \",\" on lines 2, 3, 4"))
        XCTAssertEqual(decide(["12.5"]), .decided(.point, evidence: "1 decimal after \".\" on line 2"))
    }

    func testGroupedAndDecimalEvidenceTogether() {
        XCTAssertEqual(
            decide(["1.000,00", "12,50"]),
            .decided(.comma, evidence: "\"1.000,00\" on line 2; 2 decimals after \",\" on line 3"))
    }

    func testThreeDigitsAfterASeparatorAloneDoNotSettle() {
        // Settled by 12,50; 1,234 and 1.000 read consistently under it (1.234 and 1000).
        XCTAssertEqual(
            decide(["1,234", "1.000", "12,50"]), .decided(.comma, evidence: "2 decimals after \",\" on line 4"))
        XCTAssertEqual(
            decide(["2.500", "7", "12.5", "1,234"]), .decided(.point, evidence: "1 decimal after \".\" on line 4"))
    }

    func testEveryCellReadingBothWaysIsAConflict() {
        XCTAssertEqual(
            decide(["1.000", "2.500", "-3.000", "4.000"]),
            .conflicting(
                "\"1.000\" on line 2 is 1000 with , as the decimal mark and 1.000 with .; "
                    + "\"2.500\" on line 3 is 2500 with , as the decimal mark and 2.500 with .; "
                    + "\"-3.000\" on line 4 is -3000 with , as the decimal mark and -3.000 with .; "
                    + "set decimal-mark to . or ,"))
        XCTAssertEqual(
            decide(["7", "1,234"]),
            .conflicting(
                "\"1,234\" on line 3 is 1.234 with , as the decimal mark and 1234 with .; set decimal-mark to . or ,"))
    }

    func testOneMarkAloneReadingThreeDecimalsSettles() {
        // No grouping reads them: a leading 0 or four digits cannot be a thousands group.
        XCTAssertEqual(
            decide(["0.125", "1234.500", "1.000"]),
            .decided(.point, evidence: "3 decimals after \".\" on lines 2, 3"))
        XCTAssertEqual(decide(["0,125"]), .decided(.comma, evidence: "3 decimals after \",\" on line 2"))
    }

    func testNoSeparatorAtAll() {
        XCTAssertEqual(
            decide(["5", "-12", "", "text"]),
            .decided(.point, evidence: "no cell has decimals, so no cell settles it; . assumed"))
        // Grouped by spaces or apostrophes, an integer reads the same under both marks.
        XCTAssertEqual(
            decide(["1 234", "12'500", "7"]),
            .decided(.point, evidence: "no cell has decimals, so no cell settles it; . assumed"))
    }

    func testConflictNamesLinesOfEachAndTheOption() {
        XCTAssertEqual(
            decide(["12,50", "1.5", "3,25"]),
            .conflicting(
                "some cells need \",\" (2 decimals after \",\" on lines 2, 4) and others \".\" "
                    + "(1 decimal after \".\" on line 3): set decimal-mark to . or ,"))
    }

    func testCellsThatAreNotAmountsAreIgnored() {
        XCTAssertEqual(decide(["1.2.3", "n/a", "2,5"]), .decided(.comma, evidence: "1 decimal after \",\" on line 4"))
    }
}
