import Foundation
import TxFeedTestSupport
import XCTest

/// camt files other open-source projects ship (`Tests/Fixtures/statements/camt/real/`, each's
/// provenance and licence in its README), through the CLI: what the feed holds, the exit status
/// and the notes that say what was inferred.
final class CAMTRealFilesTests: XCTestCase {
    static let real = BuiltProducts.fixtures + "/statements/camt/real/"

    /// camt-to-coda's `2024-05-31.xml`: entries without `BookgDt`, `ValDt`, `Sts` or any party or
    /// text. It exited 3 with all 8 rejected; every entry is of 2024-05-31, the day both balances
    /// bear, and the statement reconciles: 18261847.39 + 867331.53 = 19129178.92.
    func testABanksOneDayStatementWithoutEntryDatesIsReadWhole() throws {
        let file = Self.real + "camt-to-coda-2024-05-31.xml"
        let run = try txfeed("run", file, "--sink", "ndjson")
        XCTAssertEqual(run.status, 0, run.stderr)
        let rows = run.output.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        XCTAssertEqual(rows.count, 8)
        XCTAssertEqual(Set(rows.compactMap { $0["date"] as? String }), ["2024-05-31"])
        XCTAssertEqual(rows.compactMap { $0["amount_minor"] as? Int }.reduce(0, +), 86_733_153)
        XCTAssertEqual(rows.compactMap { $0["vendor"] as? String }.filter { $0 == "KLIRNG" }.count, 1)
        XCTAssertTrue(
            run.stderr.contains(
                "Stmt[0]: 8 entries without BookgDt or ValDt dated 2024-05-31, the statement's only day"),
            run.stderr)
        let sniff = try txfeed("sniff", file)
        XCTAssertEqual(sniff.status, 0, sniff.stderr)
        XCTAssertTrue(
            sniff.output.contains("8 entries (0 pending, 0 info, 8 dated by the statement's day)"), sniff.output)
        XCTAssertTrue(sniff.output.contains("closing 19129178.92: reconciles"), sniff.output)
    }
}
