import Foundation
import TxFeedTestSupport
import XCTest

/// A transaction's bank id, status and memo, an account's id, and civil dates (a day without a
/// time), from the envelope through every built-in sink.
final class TransactionDetailsRunTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try temporaryFolder()
    }

    let file = BuiltProducts.fixtures + "/feed/details.json"

    func testCSVCarriesIdStatusAndMemoAndACivilDateHasNoInventedTime() throws {
        let result = try txfeed("run", file, "--sink", "csv")
        XCTAssertEqual(result.status, 3, "three records are rejected: \(result.stderr)")
        let rows = try CSVReadBack.rows(result.stdout, folder: folder)
        XCTAssertEqual(rows.first, CSVReadBack.header)
        let byVendor = Dictionary(rows.dropFirst().map { ($0[3], $0) }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(rows.count, 4)
        let bakery = try XCTUnwrap(byVendor["Bäckerei"])
        XCTAssertEqual(bakery[0], "2024-03-01", "a civil date is written as the day alone")
        XCTAssertEqual(bakery[1], "Fri, Mar 01")
        XCTAssertEqual(Array(bakery[9...]), ["FITID-0001", "booked", "Card 1234"])
        XCTAssertEqual(Array(try XCTUnwrap(byVendor["Employer"])[9...]), ["77", "booked", ""], "a numeric id as text")
        XCTAssertEqual(
            Array(try XCTUnwrap(byVendor["Hotel"])[9...]), ["fp:82ab71c75e0315a3-1", "pending", "'=pre-authorisation"],
            "no bank id: the fingerprint; memo cells are neutralised like every text cell")
        for reason in [
            #"transactions[3].status: unknown status "cleared" (expected "booked" or "pending")"#,
            "transactions[4].memo: memo is not a string", #"transactions[5].date: date "2023-02-29" is not a real day"#,
        ] {
            XCTAssertTrue(result.stderr.contains(reason), "\(reason)\n\(result.stderr)")
        }
    }

    /// A civil date is the same day in every zone; an instant's day moves with `--tz`.
    func testACivilDateKeepsItsDayUnderEveryTimeZone() throws {
        for zone in ["UTC", "Pacific/Kiritimati", "America/Los_Angeles"] {
            let result = try txfeed("run", file, "--sink", "ndjson", "--tz", zone)
            let objects = try result.output.split(separator: "\n").map {
                try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
            }
            let byVendor = Dictionary(
                objects.map { ($0["vendor"] as? String ?? "", $0) }, uniquingKeysWith: { a, _ in a })
            XCTAssertEqual(byVendor["Bäckerei"]?["date"] as? String, "2024-03-01", zone)
            XCTAssertEqual(byVendor["Bäckerei"]?["day"] as? String, "Fri, Mar 01", zone)
            let employerDay = byVendor["Employer"]?["day"] as? String
            switch zone {
            case "Pacific/Kiritimati":
                XCTAssertEqual(employerDay, "Fri, Mar 01", "UTC+14 moves 23:30 on to the next day")
            case "America/Los_Angeles": XCTAssertEqual(employerDay, "Thu, Feb 29")
            default: XCTAssertEqual(employerDay, "Thu, Feb 29")
            }
        }
    }

    func testJSONCarriesTheFieldsAndTheAccountId() throws {
        let result = try txfeed("run", file, "--sink", "json")
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let accounts = try XCTUnwrap(document["accounts"] as? [[String: Any]])
        XCTAssertEqual(accounts.first?["id"] as? String, "DE89370400440532013000")
        let transactions = try XCTUnwrap(document["transactions"] as? [[String: Any]])
        // Newest first; a civil date sorts as its midnight in UTC, so after the noon entry of its day.
        XCTAssertEqual(transactions.map { $0["vendor"] as? String }, ["Hotel", "Bäckerei", "Employer"])
        XCTAssertEqual(transactions.map { $0["status"] as? String }, ["pending", "booked", "booked"])
        XCTAssertEqual(
            transactions.map { $0["id"] as? String }, ["fp:82ab71c75e0315a3-1", "FITID-0001", "77"],
            "without a bank id, the fingerprint")
        XCTAssertEqual(transactions.map { $0["memo"] as? String }, ["=pre-authorisation", "Card 1234", nil])
    }
}
