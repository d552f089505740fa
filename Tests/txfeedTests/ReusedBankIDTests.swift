import Foundation
import TxFeedTestSupport
import XCTest

/// A bank that gives an id it gave before to another payment (a card's installments keep one
/// FITID month after month, `Parcela 2/6`; some banks reuse FITIDs): matched on the id alone,
/// the new payment was dropped as a duplicate or as seen, exit 0, with only a count.
final class ReusedBankIDTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
    }

    /// `txfeed run ARGUMENTS --sink csv`, which must exit 0, and how many rows it wrote.
    func run(_ arguments: String...) throws -> (result: CommandResult, rows: Int) {
        let result = try txfeed(arguments: ["run"] + arguments + ["--sink", "csv", "--no-progress"])
        XCTAssertEqual(result.status, 0, result.stderr)
        return (result, result.output.split(separator: "\r\n").count - 1)
    }

    func statement(_ name: String, _ records: [(vendor: String, amount: String, date: String)], id: String = "P-77")
        throws -> String
    {
        let rows = records.map {
            #"{"type":1,"vendor":"\#($0.vendor)","amount":\#($0.amount),"date":"\#($0.date)","id":"\#(id)"}"#
        }
        return try folder.write(
            name + ".json",
            #"{"body":{"name":"Card","id":"BR01","currency":"BRL","transactions":["# + rows.joined(separator: ",")
                + "]}}")
    }

    /// In one run: one id on two payments of other money (a month apart) keeps both, and says so;
    /// the same payment in two exports is still one.
    func testDedupeKeepsAnotherPaymentUnderAnIdGivenBefore() throws {
        let march = try statement("march", [("Loja Parcela 1/6", "50.00", "2024-03-05")])
        let april = try statement("april", [("Loja Parcela 2/6", "50.00", "2024-04-05")])
        let both = try run(march, april, "--dedupe")
        XCTAssertEqual(both.rows, 2, both.result.output)
        XCTAssertTrue(
            both.result.stderr.contains(
                "txfeed: warning: Card (april): bank id 'P-77' is given to two payments, 2024-03-05 -50.00 and "
                    + "2024-04-05 -50.00: both are kept (a bank reusing its ids?)"), both.result.stderr)

        let again = try run(march, march, "--dedupe")
        XCTAssertEqual(again.rows, 1, again.result.output)
        XCTAssertFalse(again.result.stderr.contains("is given to two payments"), again.result.stderr)
    }

    /// Without `--dedupe`, the warning of records given twice counts a real copy, not the other
    /// payment under the id.
    func testTheCopiesWarningCountsOnlyTheSameMoney() throws {
        func records(_ rows: [(id: String, date: String, amount: String)]) -> String {
            let json = rows.map {
                #"{"type":1,"vendor":"Shop","amount":\#($0.amount),"date":"\#($0.date)","id":"\#($0.id)"}"#
            }
            return #"{"body":{"name":"Card","id":"BR01","currency":"BRL","transactions":["#
                + json.joined(separator: ",") + "]}}"
        }
        let first = try folder.write(
            "first.json",
            records([("A1", "2024-03-01", "10.00"), ("P-77", "2024-03-05", "50.00"), ("A3", "2024-03-10", "5.00")]))
        let second = try folder.write(
            "second.json",
            records([("A3", "2024-03-10", "5.00"), ("B2", "2024-03-12", "7.00"), ("P-77", "2024-03-13", "50.00")]))
        let stderr = try run(first, second).result.stderr
        XCTAssertTrue(stderr.contains("second (fixture) repeats 1 record of first (fixture)"), stderr)
    }

    /// Across runs: April's installment under March's id is dropped as seen, but said, naming
    /// `txfeed state keep`, which imports it on the next run. March's own record read again,
    /// or worded otherwise with its money, is seen without a word.
    func testStateSaysAnotherPaymentUnderARememberedIdAndKeepImportsIt() throws {
        let state = folder.path + "/state.db"
        let march = try statement("march", [("Loja Parcela 1/6", "50.00", "2024-03-05")])
        XCTAssertEqual(try run(march, "--state", state).rows, 1)

        let reworded = try statement("reworded", [("LOJA PARCELA 01/06", "50.00", "2024-03-05")])
        for file in [march, reworded] {
            let seen = try run(file, "--state", state).result.stderr
            XCTAssertFalse(seen.contains("dropped as seen by its bank id"), seen)
        }

        let april = try statement("april", [("Loja Parcela 2/6", "50.00", "2024-04-05")])
        let (result, rows) = try run(april, "--state", state)
        let dropped = result.stderr
        XCTAssertEqual(rows, 0, result.output)
        XCTAssertTrue(
            dropped.contains(
                "txfeed: warning: 1 record dropped as seen by its bank id is money batch 1 did not remember under "
                    + "that id in \(state) (no record of that amount within 4 days)"), dropped)
        XCTAssertTrue(dropped.contains("txfeed state keep \(state) ID has the next run import it"), dropped)
        XCTAssertTrue(
            dropped.contains("txfeed:   Card 2024-04-05 -50.00: Loja Parcela 2/6, id P-77 of batch 1"), dropped)

        XCTAssertEqual(try txfeed("state", "keep", state, "P-77").status, 0)
        XCTAssertEqual(try run(april, "--state", state).rows, 1)
    }
}
