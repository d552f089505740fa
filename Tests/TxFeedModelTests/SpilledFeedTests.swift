import Foundation
import XCTest

@testable import TxFeedModel

/// `Feed(merging:spill:)`: a feed whose records went to sorted runs reads back row for row as
/// the in-memory merge has them.
final class SpilledFeedTests: XCTestCase {
    /// One source spills a large delivery as a run of its own, then a small one into the pool;
    /// another source ties with it in time. Identical records in both runs of the first source
    /// number on (`-1`, `-2`, `-3`) across the runs, the other source's count from 1, and bank
    /// ids and memos come back from the files.
    func testRowsMatchTheInMemoryMergeAcrossRunsAndSources() throws {
        let folder = NSTemporaryDirectory()
        let spill = Spill(budget: 1, directory: folder)
        var spilled = SourceBuilder(), reference = SourceBuilder()
        func add(_ vendor: String, _ minor: Int64, _ time: Int64, memo: String? = nil, bankID: String? = nil) {
            spilled.add(vendor, minor, at: time, memo: memo, bankID: bankID)
            reference.add(vendor, minor, at: time, memo: memo, bankID: bankID)
        }
        for i in 0..<70_000 { add("Shop \(i % 50)", -Int64(i % 997) - 1, septemberFirst - Int64(i) * 600) }
        add("Coffee", -300, septemberFirst)
        add("Coffee", -300, septemberFirst, memo: "oat milk")
        var held = (a: 0, b: 0)
        spill.collected(&spilled.data, source: 0, held: &held.a)
        XCTAssertEqual(spilled.data.transactions.count, 0, "over the budget: the delivery left memory")
        XCTAssertEqual(spilled.data.spilled, 70_002)
        add("Coffee", -300, septemberFirst)
        add("Refund", 1_250, septemberFirst + 60, bankID: "B-1")
        spill.collected(&spilled.data, source: 0, held: &held.a)
        var other = SourceBuilder(account: "Savings", source: 1)
        other.add("Coffee", -300, at: septemberFirst)
        other.add("Coffee", -300, at: septemberFirst)

        let memory = Feed(merging: [reference.outcome("a"), other.outcome("b")])
        var otherSpilled = other
        spill.collected(&otherSpilled.data, source: 1, held: &held.b)
        let feed = try Feed(merging: [spilled.outcome("a"), otherSpilled.outcome("b")], spill: spill)
        XCTAssertNotNil(feed.spilled)
        XCTAssertEqual(feed.rowCount, 70_006)
        XCTAssertEqual(feed.vendors.count, memory.vendors.count)

        let expected = try rows(memory.rows()), actual = try rows(feed.rows())
        XCTAssertEqual(actual.count, 70_006)
        XCTAssertEqual(actual, expected)
        let coffees = actual.filter { $0.contains("t=\(septemberFirst) ") && $0.contains("-300") }
        XCTAssertEqual(coffees.count, 5)
        XCTAssertTrue(actual.contains { $0.contains("B-1") })
        XCTAssertTrue(actual.contains { $0.contains("oat milk") })

        // One account's rows, in memory and spilled alike.
        XCTAssertEqual(try rows(feed.rows(ofAccount: 1)), try rows(memory.rows(ofAccount: 1)))
        XCTAssertEqual(try rows(feed.rows(ofAccount: 1)).count, 2)
    }

    private func rows(_ rows: FeedRows) throws -> [String] {
        var rows = rows
        var out: [String] = []
        while let row = try rows.next() {
            let t = row.transaction
            out.append(
                "t=\(t.unixSeconds) \(t.signedMinor) v=\(t.vendor) a=\(t.account) f=\(t.flags.rawValue) "
                    + "\(row.fingerprint?.text ?? "-") \(row.details?.id ?? "-") \(row.details?.memo ?? "-")")
        }
        return out
    }
}
