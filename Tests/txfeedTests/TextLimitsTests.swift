import Foundation
import TxFeedTestSupport
import XCTest

/// An absurd text in one record (a vendor of 5,000 bytes) is that record's reject, with the
/// limit named, from JSON and from a plugin's entries alike; an absurd account name fails its
/// envelope. The rest of the file goes on.
final class TextLimitsTests: XCTestCase {
    func testOversizedTextsAreRejectedWithTheLimitNamed() throws {
        let folder = try TemporaryFolder()
        let long = String(repeating: "x", count: 5000)
        let envelope = try folder.write(
            "limits.json",
            #"{"body": {"name": "Checking", "transactions": [{"type": 1, "vendor": "Shop", "amount": 1, "date": "2024-01-02"}, {"type": 1, "vendor": "\#(long)", "amount": 2, "date": "2024-01-03"}, {"type": 1, "vendor": "Shop", "amount": 3, "date": "2024-01-04", "memo": "\#(long)"}]}}"#
        )
        let json = try txfeed("run", envelope, "--sink", "ndjson", "--no-progress")
        XCTAssertEqual(json.status, 3, json.stderr)
        XCTAssertEqual(json.output.split(separator: "\n").count, 1)
        XCTAssertTrue(json.stderr.contains("vendor is 5000 bytes, over the limit of 1024"), json.stderr)
        XCTAssertTrue(json.stderr.contains("memo is 5000 bytes, over the limit of 4096"), json.stderr)

        let csv = try folder.write(
            "limits.csv", "Date,Description,Amount\n2024-01-02,Shop,-1.00\n2024-01-03,\(long),-2.00\n")
        let entries = try txfeed("run", csv, "--sink", "ndjson", "--no-progress")
        XCTAssertEqual(entries.status, 3, entries.stderr)
        XCTAssertEqual(entries.output.split(separator: "\n").count, 1)
        XCTAssertTrue(entries.stderr.contains("vendor is 5000 bytes, over the limit of 1024"), entries.stderr)

        let name = try folder.write(
            "name.json", #"{"body": {"name": "\#(String(repeating: "n", count: 2000))", "transactions": []}}"#)
        let account = try txfeed("run", name, "--no-progress")
        XCTAssertEqual(account.status, 1, account.stderr)
        XCTAssertTrue(account.stderr.contains("body.name is 2000 bytes, over the limit of 1024"), account.stderr)
    }
}
