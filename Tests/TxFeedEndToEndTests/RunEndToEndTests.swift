import Foundation
import TxFeedTestSupport
import XCTest

/// The built `txfeed` and the built fixture plugin, run as a user would.
final class RunEndToEndTests: XCTestCase {
    func testSamplePipelinePrintsEveryAccount() throws {
        let result = try txfeed("run", "--config", "samples/pipeline.json")
        XCTAssertEqual(result.status, 0, result.stderr)
        for account in ["Everyday Checking", "Rainy Day Savings", "Travel Fund"] {
            XCTAssertTrue(result.output.contains(account), "missing \(account) in\n\(result.output)")
        }
        XCTAssertTrue(result.stderr.contains("checking (fixture): ok, read 7 = written 7 + rejected 0"), result.stderr)
    }

    func testBareFileMeansFixtureAndNDJSONHasOneLinePerTransaction() throws {
        let result = try txfeed("run", "samples/accounts/checking.json", "--sink", "ndjson")
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.output.split(separator: "\n")
        XCTAssertEqual(lines.count, 7)
        for line in lines {
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            XCTAssertEqual(
                Set(object.keys),
                [
                    "date", "day", "account", "vendor", "type", "amount", "amount_minor", "currency", "colour",
                    "source",
                    "id", "status", "memo",
                ])
            XCTAssertEqual(object["source"] as? String, "fixture")
        }
    }
}
