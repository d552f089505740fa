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
        let run = try txfeed("run", march, april, "--dedupe", "--sink", "csv", "--no-progress")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.output.split(separator: "\r\n").count, 3, run.output)
        XCTAssertTrue(
            run.stderr.contains(
                "txfeed: warning: Card (april): bank id 'P-77' is given to two payments, 2024-03-05 -50.00 and "
                    + "2024-04-05 -50.00: both are kept (a bank reusing its ids?)"), run.stderr)

        let again = try txfeed("run", march, march, "--dedupe", "--sink", "csv", "--no-progress")
        XCTAssertEqual(again.output.split(separator: "\r\n").count, 2, again.output)
        XCTAssertFalse(again.stderr.contains("is given to two payments"), again.stderr)
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
        let run = try txfeed("run", first, second, "--sink", "csv", "--no-progress")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("second (fixture) repeats 1 record of first (fixture)"), run.stderr)
    }

    /// Across runs: April's installment under March's id is dropped as seen, but said, naming
    /// `txfeed state keep`, which imports it on the next run. March's own record read again,
    /// or worded otherwise with its money, is seen without a word.
    func testStateSaysAnotherPaymentUnderARememberedIdAndKeepImportsIt() throws {
        let state = folder.path + "/state.db"
        let march = try statement("march", [("Loja Parcela 1/6", "50.00", "2024-03-05")])
        XCTAssertEqual(try txfeed("run", march, "--state", state, "--sink", "csv", "--no-progress").status, 0)

        let reworded = try statement("reworded", [("LOJA PARCELA 01/06", "50.00", "2024-03-05")])
        for file in [march, reworded] {
            let seen = try txfeed("run", file, "--state", state, "--sink", "csv", "--no-progress")
            XCTAssertEqual(seen.status, 0, seen.stderr)
            XCTAssertFalse(seen.stderr.contains("dropped as seen by its bank id"), seen.stderr)
        }

        let april = try statement("april", [("Loja Parcela 2/6", "50.00", "2024-04-05")])
        let dropped = try txfeed("run", april, "--state", state, "--sink", "csv", "--no-progress")
        XCTAssertEqual(dropped.status, 0, dropped.stderr)
        XCTAssertEqual(dropped.output.split(separator: "\r\n").count, 1, dropped.output)
        XCTAssertTrue(
            dropped.stderr.contains(
                "txfeed: warning: 1 record dropped as seen by its bank id is money batch 1 did not remember under "
                    + "that id in \(state) (no record of that amount within 4 days)"), dropped.stderr)
        XCTAssertTrue(
            dropped.stderr.contains("txfeed state keep \(state) ID has the next run import it"), dropped.stderr)
        XCTAssertTrue(
            dropped.stderr.contains("txfeed:   Card 2024-04-05 -50.00: Loja Parcela 2/6, id P-77 of batch 1"),
            dropped.stderr)

        XCTAssertEqual(try txfeed("state", "keep", state, "P-77").status, 0)
        let kept = try txfeed("run", april, "--state", state, "--sink", "csv", "--no-progress")
        XCTAssertTrue(kept.output.contains("-50.00"), kept.output + kept.stderr)
    }
}
