import Foundation
import TxFeedTestSupport
import XCTest

/// Issue 43, duplicates a person can correct: `state keep` imports a dropped record once,
/// `state same` makes two ids one payment; both are batches `state show` lists and `state
/// undo` forgets; near-duplicates are reported with the command that merges them.
extension StateRunTests {
    private func ids(_ result: CommandResult, vendor: String) throws -> [String] {
        try feedRows(result.output).filter { $0["vendor"] as? String == vendor }.compactMap { $0["id"] as? String }
    }

    func testKeepImportsADroppedRecordOnceAndUndoForgetsIt() throws {
        let coffee = try envelope("coffee.json", [("Coffee", "-3.00", "2024-03-01", nil, nil)])
        let first = try run(coffee)
        let id = try XCTUnwrap(try ids(first, vendor: "Coffee").first)
        XCTAssertEqual(try feedRows(try run(coffee).output).count, 0, "seen")

        let keep = try txfeed("state", "keep", state, id)
        XCTAssertEqual(keep.status, 0, keep.stderr)
        XCTAssertEqual(
            keep.stderr,
            "txfeed: state \(state): batch 3: \(id) is imported the next time a run would drop it (txfeed state undo \(state) 3 forgets this)\n"
        )
        let kept = try run(coffee)
        XCTAssertEqual(try ids(kept, vendor: "Coffee"), [id], "imported once more, as said")
        XCTAssertEqual(try feedRows(try run(coffee).output).count, 0, "and only once")
        XCTAssertTrue(try txfeed("state", "show", state).output.contains("  3  "), "listed")
        XCTAssertTrue(try txfeed("state", "show", state).output.contains("keep \(id), used by batch 4\n"))

        // Undoing the run that used it makes the keep unused again; undoing the keep forgets it.
        XCTAssertEqual(try txfeed("state", "undo", state, "4").status, 0)
        let undo = try txfeed("state", "undo", state, "3")
        XCTAssertEqual(undo.stderr, "txfeed: state \(state): batch 3 undone: keep \(id) forgotten\n")
        XCTAssertEqual(try feedRows(try run(coffee).output).count, 0, "dropped again: the keep is gone")
    }

    func testAKeepAppliesToTheCopyThatWouldBeDroppedNotTheFirst() throws {
        let rent = try envelope("rent.json", [("Rent", "-900.00", "2024-03-01", nil, nil)])
        let one = try envelope("one.json", [("Bakery", "-2.00", "2024-03-01", nil, "B-7")])
        let two = try envelope("two.json", [("Bakery", "-2.00", "2024-03-01", nil, "B-7")])
        XCTAssertEqual(try txfeed("state", "keep", folder.path + "/none.db", "B-7").status, 2, "no such file")
        XCTAssertEqual(try run(rent).status, 0)
        XCTAssertEqual(try txfeed("state", "keep", state, "B-7").status, 0)
        let result = try run(one, two)
        XCTAssertEqual(try ids(result, vendor: "Bakery"), ["B-7", "B-7"], "two.json's copy kept as said")
        XCTAssertEqual(
            result.stderr.components(separatedBy: "read 1 = written 1 + rejected 0 + duplicates 0 + seen 0").count, 3,
            result.stderr)
    }

    func testNearDuplicatesAreReportedAndSameMakesThemOneForLaterRuns() throws {
        let csv = try folder.write("jan.csv", "Date,Description,Amount\n2024-01-15,COFFEE CORNER 0123,-3.50\n")
        let export = try folder.write("jan-export.csv", "Date,Payee,Amount\n2024-01-15,Coffee Corner Ltd,-3.50\n")
        let first = try run("-s", "csv:\(csv),account=Checking", "-s", "csv:\(export),account=Checking")
        XCTAssertEqual(try feedRows(first.output).count, 2, "kept both: never dropped on a guess")
        let csvID = try XCTUnwrap(try ids(first, vendor: "COFFEE CORNER 0123").first)
        let exportID = try XCTUnwrap(try ids(first, vendor: "Coffee Corner Ltd").first)
        XCTAssertTrue(first.stderr.contains("txfeed: 1 near-duplicate kept:"), first.stderr)
        XCTAssertTrue(
            first.stderr.contains(
                #"txfeed:   Checking 2024-01-15 -3.50: "Coffee Corner Ltd" (jan-export, \#(exportID)) and "COFFEE CORNER 0123" (jan, \#(csvID))"#
            ), first.stderr)
        XCTAssertTrue(
            first.stderr.contains(
                "txfeed:   if a pair is one payment: txfeed state same \(state) \(exportID) \(csvID)"),
            first.stderr)

        // Said to be one: the export's record is seen once the bank's was imported, and back.
        XCTAssertEqual(try txfeed("state", "undo", state, "1").status, 0)
        XCTAssertEqual(try run("-s", "csv:\(csv),account=Checking").status, 0)
        XCTAssertEqual(try txfeed("state", "same", state, csvID, exportID).status, 0)
        let later = try run("-s", "csv:\(export),account=Checking")
        XCTAssertEqual(try feedRows(later.output).count, 0, later.stderr)
        XCTAssertTrue(later.stderr.contains("seen 1"), later.stderr)
        XCTAssertTrue(try txfeed("state", "show", state).output.contains("same \(csvID) \(exportID)\n"))
        XCTAssertEqual(try txfeed("state", "undo", state, "3").status, 0)
        XCTAssertEqual(try feedRows(try run("-s", "csv:\(export),account=Checking").output).count, 1, "undone")
        XCTAssertEqual(try txfeed("state", "same", state, csvID, csvID).status, 2)
    }
}
