import CAMTReading
import XCTest

/// Which files the plugin claims, and what `txfeed sniff` shows of one.
final class CAMTIdentityAndReportTests: XCTestCase {
    typealias D = CAMTDocument

    private func confidence(_ path: String, _ head: String) -> Int {
        Array(head.utf8).withUnsafeBufferPointer { CAMTIdentity.confidence(path: path, head: $0) }
    }

    func testClaimsCamtNamespacesAndMessagesOnly() {
        XCTAssertEqual(confidence("a.xml", D.document(D.statement())), 95)
        XCTAssertEqual(confidence("a.txt", "<Document><BkToCstmrAcctRpt>"), 95)
        XCTAssertEqual(confidence("a.xml", #"<?xml version="1.0"?><rss version="2.0"/>"#), 0)
        XCTAssertEqual(confidence("a.053", #"<?xml version="1.0"?><Document/>"#), 60)
        XCTAssertEqual(confidence("a.camt", "Date,Amount\n"), 0)
        XCTAssertEqual(confidence("bank.csv", "Date,Amount\n2024-03-01,1.00\n"), 0)
    }

    func testReportShowsEachStatementAndWhetherItReconciles() {
        let named = CAMTStatementReadingTests.named
        let text = D.document(
            D.statement(
                D.entry("74.44", "DBIT", named), D.entry("9.00", "DBIT", status: "<Sts>PDNG</Sts>", named),
                opening: ("2000.00", "CRDT"), closing: ("1925.56", "CRDT")),
            D.statement(D.entry("74.44", "DBIT", named), opening: ("2000.00", "CRDT"), closing: ("1000.00", "CRDT")))
        let report = CAMTReport(reader: CAMTReader(text: text))
        let lines = report.text.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "format        camt.053.001.02")
        XCTAssertEqual(lines[1], "statements    2")
        XCTAssertEqual(
            lines[2],
            "Stmt[0]       DE89370400440532013000 EUR, 2024-03-01 … 2024-03-31, 2 entries (1 pending, 0 info), "
                + "opening 2000.00, closing 1925.56: reconciles")
        XCTAssertTrue(
            lines[3].hasSuffix(
                "does NOT reconcile: opening 2000.00 + entries -74.44 = 1925.56, but the statement closes at 1000.00"),
            lines[3])
        XCTAssertEqual(report.problems.count, 1)
        XCTAssertTrue(report.problems.first?.hasPrefix("Stmt[1]: balances do not reconcile") ?? false)
    }

    /// Austrian banks write camt.053 in the STUZZA namespace (viafintech/camt_parser's
    /// `valid_example_stuzza.xml`): it is read as ISO's, and its format is the message's name,
    /// not the namespace's last part ("003").
    func testTheStuzzaNamespaceIsReadAndNamedByItsMessage() {
        let named = CAMTStatementReadingTests.named
        let text = D.document(
            D.statement(D.entry("400.00", "CRDT", named), opening: ("150.00", "CRDT"), closing: ("550.00", "CRDT")),
            namespace: "ISO:camt.053.001.02:APC:STUZZA:payments:003")
        let report = CAMTReport(reader: CAMTReader(text: text))
        XCTAssertEqual(report.format, "camt.053.001.02")
        XCTAssertEqual(report.problems, [])
        XCTAssertEqual(D.entries(text).map(\.amount), ["400.00"])
    }

    /// A statement not checked names the balance it lacks: "no opening and closing balance" was
    /// said of one that had its opening.
    func testAStatementNotCheckedNamesTheBalanceItLacks() {
        let named = CAMTStatementReadingTests.named
        func verdict(opening: (String, String)?, closing: (String, String)?) -> String? {
            let text = D.document(D.statement(D.entry("74.44", "DBIT", named), opening: opening, closing: closing))
            return CAMTReport(reader: CAMTReader(text: text)).text.split(separator: "\n").dropFirst(2).first?
                .split(separator: ": ").last.map(String.init)
        }
        XCTAssertEqual(verdict(opening: ("2000.00", "CRDT"), closing: nil), "not checked (no closing balance)")
        XCTAssertEqual(verdict(opening: nil, closing: ("1925.56", "CRDT")), "not checked (no opening balance)")
        XCTAssertEqual(verdict(opening: nil, closing: nil), "not checked (no opening or closing balance)")
    }
}
