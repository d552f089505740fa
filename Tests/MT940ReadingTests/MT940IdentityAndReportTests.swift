import MT940Reading
import XCTest

/// Which files the plugin claims, and what `sniff` says of them.
final class MT940IdentityAndReportTests: XCTestCase {
    private func confidence(_ head: String, path: String = "file") -> Int {
        Array(head.utf8).withUnsafeBufferPointer { MT940Identity.confidence(path: path, head: $0) }
    }

    func testBlockHeadersAndATwentyLineAreClaimedOverJSON() {
        XCTAssertEqual(confidence("{1:F01ABNANL2AXXXX0000000000}{2:O940ABNANL2AXXXXN}{4:\n:20:X"), 95)
        XCTAssertEqual(confidence("\u{FEFF}\r\n:20:STARTUMSE\r\n:25:1/2"), 95)
        XCTAssertEqual(confidence("{4:\n:20:X"), 95)
        XCTAssertEqual(confidence("BANK EXPORT\n:20:X\n:25:Y\n"), 60)
        XCTAssertEqual(confidence("{\"body\": {}}"), 0)
        XCTAssertEqual(confidence("date,amount\n", path: "a.csv"), 0)
        XCTAssertEqual(confidence("garbage", path: "x.STA"), 20)
    }

    func testReportDescribesEachStatementAndTheFailure() throws {
        let report = MT940Report(reader: MT940Reader(bytes: try fixture("off-balance.sta"), origin: "off.sta"))
        let text = report.text
        XCTAssertTrue(text.contains("format        SWIFT MT940 customer statement\n"), text)
        XCTAssertTrue(text.contains("statements    2\n"), text)
        XCTAssertTrue(
            text.contains(
                "statement 1   NL91ABNA0417164300 EUR, :28C: 00010/001, 1 entry, opening 500.00 (2024-04-01, :60F:), "
                    + "closing 480.00 (2024-04-02, :62F:): reconciles"), text)
        XCTAssertTrue(text.contains("statement 2   NL91ABNA0417164300 EUR, :28C: 00011/001, 2 entries"), text)
        XCTAssertTrue(text.contains("does NOT reconcile: opening 480.00 + entries -20.00 = 460.00"), text)
        XCTAssertTrue(text.contains(":86: details  free text (3)"), text)
        XCTAssertEqual(
            report.problems,
            [
                "statement 2: balances do not reconcile: opening 480.00 + entries -20.00 = 460.00, but the statement closes at 470.00"
            ])
    }

    func testReportOfAnInterimReport() throws {
        let report = MT940Report(reader: MT940Reader(bytes: try fixture("interim.942"), origin: "i.942"))
        XCTAssertTrue(report.text.contains("format        SWIFT MT942 interim transaction report\n"), report.text)
        XCTAssertTrue(
            report.text.contains(
                "2 entries, pending (MT942): not reconciled (an MT942 interim report has no opening and closing "
                    + "balance); :90D: and :90C: agree\n"), report.text)
        XCTAssertTrue(report.text.contains(":86: details  German ?20–?33 (2)"), report.text)
        XCTAssertEqual(report.problems, [])
    }

    func testReportOfAnInterimReportWhoseTotalsDisagree() throws {
        let report = MT940Report(
            reader: MT940Reader(bytes: try fixture("broken/interim-sum-off.942"), origin: "i.942"))
        XCTAssertTrue(
            report.text.contains(
                "balance); totals do NOT agree: line 22: :90C: counts 2 credit entries for 1007.52, but the :61: "
                    + "lines are 2 for 1007.25\n"), report.text)
        XCTAssertEqual(
            report.problems,
            ["statement 1: line 22: :90C: counts 2 credit entries for 1007.52, but the :61: lines are 2 for 1007.25"])
    }
}
