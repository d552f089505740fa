import Foundation
import TxFeedTestSupport
import XCTest

/// Rows that never moved, read by the built csv plugin past its batch of 4,096 rows: each
/// counted and written once, with its own row. (Each later batch once repeated them, with the
/// bytes of that batch as their row, until the plugin trapped on a range past its end.)
final class NeverMovedTests: XCTestCase {
    func testRowsThatNeverMovedAreCountedOnceInAFileOfManyBatches() throws {
        let folder = try TemporaryFolder()
        for (name, at) in [("early", 1), ("late", 4_000)] {
            var rows = ["Date,Description,Amount,Status"]
            for index in 0..<5_000 {
                rows.append(
                    index == at
                        ? "2024-01-01,Declined shop,-5.00,DECLINED" : "2024-01-02,Shop \(index),-1.00,COMPLETED")
            }
            let file = folder.path + "/\(name).csv", skipped = folder.path + "/\(name)-skipped.ndjson"
            try (rows.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)

            let result = try txfeed("run", file, "--skipped", skipped, "-o", folder.path + "/\(name).out.csv")
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(
                result.stderr.contains("\(name) (csv): ok, read 5000 = written 4999 + rejected 0 + skipped 1"),
                result.stderr)
            let lines = try String(contentsOfFile: skipped, encoding: .utf8).split(separator: "\n")
            XCTAssertEqual(lines.count, 1, name)
            XCTAssertTrue(
                lines.first?.contains(#""path":"line \#(at + 2)""#) ?? false, "\(lines.first ?? "")")
            XCTAssertTrue(
                lines.first?.contains(#""record":"2024-01-01,Declined shop,-5.00,DECLINED"}"#) ?? false,
                "\(lines.first ?? "")")
        }
    }
}
