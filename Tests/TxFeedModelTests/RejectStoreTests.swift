import Foundation
import XCTest

@testable import TxFeedModel

/// The run's rejects under a memory budget: the lines `--rejects` writes come back in source
/// then input order whether they waited in memory or in the temporary file, an open account's
/// follow what its source committed meanwhile or vanish with it, and only the first few keep
/// their text for the summary.
final class RejectStoreTests: XCTestCase {
    struct Line: Decodable, Equatable {
        var source: String
        var origin: String
        var path: String
        var reason: String
        var record: String?
    }

    /// Every line the store gives back, decoded.
    static func lines(of store: RejectStore) throws -> [Line] {
        var text: [UInt8] = []
        try store.forEachBlock { text += $0 }
        return try text.split(separator: UInt8(ascii: "\n")).map { try JSONDecoder().decode(Line.self, from: Data($0)) }
    }

    private func rejects(_ source: Int, _ range: Range<Int>) -> [Reject] {
        range.map {
            Reject(
                origin: "file\(source)", path: "line \($0)", reason: "bad \($0)", raw: Array("row \($0)".utf8),
                rawIsText: true)
        }
    }

    /// Sources adding in turns, out of source order, as their threads would.
    private func fill(_ store: RejectStore) {
        for round in 0..<40 {
            for source in [3, 0, 2, 1] {
                store.add(rejects(source, round * 25..<(round + 1) * 25), source: source, name: "s\(source)")
            }
        }
    }

    func testLinesComeBackInSourceThenInputOrderFromMemoryOrTheFile() throws {
        let inMemory = RejectStore()
        fill(inMemory)
        // A budget of one byte: every add goes to the file, each source's lines in many ranges.
        let onDisk = RejectStore(memory: 1, directory: NSTemporaryDirectory())
        fill(onDisk)

        let expected = (0..<4).flatMap { source in
            (0..<1000).map {
                Line(
                    source: "s\(source)", origin: "file\(source)", path: "line \($0)", reason: "bad \($0)",
                    record: "row \($0)")
            }
        }
        XCTAssertEqual(try Self.lines(of: inMemory), expected)
        XCTAssertEqual(try Self.lines(of: onDisk), expected)
        XCTAssertEqual(onDisk.count, 4000)
        XCTAssertEqual(onDisk.first.map(\.source), Array(repeating: 0, count: RejectStore.shownCount))
        XCTAssertEqual(onDisk.first.map(\.reject.path), (0..<10).map { "line \($0)" })
        XCTAssertTrue(onDisk.first.allSatisfy(\.reject.raw.isEmpty), "the summary's rejects keep no records")
    }

    func testWithoutARejectsFileOnlyTheCountAndTheFirstAreKept() throws {
        let store = RejectStore(keepsLines: false)
        fill(store)
        XCTAssertEqual(try Self.lines(of: store), [])
        XCTAssertEqual(store.count, 4000)
        XCTAssertEqual(store.first.map(\.reject.path), (0..<10).map { "line \($0)" })
    }

    func testAnOpenAccountsRejectsFollowWhatItsSourceCommittedMeanwhileOrVanishWithIt() throws {
        for budget in [Int.max, 1] {
            let store = RejectStore(memory: budget, directory: NSTemporaryDirectory())
            store.add(rejects(0, 0..<3), source: 0, name: "s0")
            store.add(rejects(0, 100..<104), source: 0, name: "s0", pending: true)
            // Committed while the account is open: in the feed it comes before the account.
            store.add(rejects(0, 3..<5), source: 0, name: "s0")
            store.add(rejects(1, 0..<2), source: 1, name: "s1", pending: true)
            store.add(rejects(0, 104..<106), source: 0, name: "s0", pending: true)
            XCTAssertEqual(
                store.first.map(\.reject.path), (0..<5).map { "line \($0)" }, "pending ones are not shown yet")
            store.commitPending(source: 0)
            store.withdraw(source: 1)
            store.add(rejects(0, 200..<201), source: 0, name: "s0")
            store.add(rejects(1, 10..<11), source: 1, name: "s1")

            let paths = [0, 1, 2, 3, 4, 100, 101, 102, 103, 104, 105, 200].map { "line \($0)" }
            XCTAssertEqual(try Self.lines(of: store).map(\.path), paths + ["line 10"], "budget \(budget)")
            XCTAssertEqual(store.count, 13)
            XCTAssertEqual(store.first.map(\.reject.path), Array(paths.prefix(10)))
        }
    }

    func testATemporaryFileThatCannotBeMadeFailsTheRejectsFile() {
        let store = RejectStore(memory: 1, directory: "/nonexistent/txfeed")
        fill(store)
        XCTAssertEqual(store.count, 4000, "counted all the same")
        XCTAssertThrowsError(try Self.lines(of: store)) { error in
            XCTAssertTrue("\(error)".contains("/nonexistent/txfeed"), "\(error)")
        }
    }
}
