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
        XCTAssertEqual(
            decide(["1,234", "1.000", "12,50"]), .decided(.comma, evidence: "2 decimals after \",\" on line 4"))
        guard case .decided(.point, let evidence) = decide(["1,234", "7"]) else {
            return XCTFail("three digits after every separator: . assumed")
        }
        XCTAssertTrue(evidence.contains("every separator has 3 digits after it (\"1,234\" on line 2)"), evidence)
        XCTAssertTrue(evidence.hasSuffix("set decimal-mark to , if they are thousands"), evidence)
    }

    func testNoSeparatorAtAll() {
        XCTAssertEqual(
            decide(["5", "-12", "", "text"]),
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
