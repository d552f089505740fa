import TxFeedModel
import XCTest

@testable import TxFeedRun

/// `--shard I/N`: parsing, and which part a source falls into (part of the part file's
/// contract: it must never change between versions).
final class ShardTests: XCTestCase {
    func testParsing() throws {
        XCTAssertEqual(try Shard(parsing: "0/4"), Shard(index: 0, count: 4))
        XCTAssertEqual(try Shard(parsing: "3/4"), Shard(index: 3, count: 4))
        for bad in ["4/4", "-1/4", "1/0", "1", "a/b", "1/2/3", "", "1/"] {
            XCTAssertThrowsError(try Shard(parsing: bad), bad)
        }
    }

    func testEverySourceIsInExactlyOnePart() {
        let names = (0..<500).map { "statement-\($0)" }
        for count in [1, 2, 3, 7] {
            let shards = (0..<count).map { Shard(index: $0, count: count) }
            for name in names { XCTAssertEqual(shards.filter { $0.contains(sourceNamed: name) }.count, 1) }
            // Spread: no part is empty or holds more than twice its share of 500 names.
            for shard in shards {
                let held = names.filter(shard.contains(sourceNamed:)).count
                XCTAssertGreaterThan(held, 0)
                XCTAssertLessThan(held, 2 * 500 / count + 1)
            }
        }
    }

    /// FNV-1a 64 of the name's UTF-8, modulo N: 0xcbf29ce484222325 and 0x100000001b3. The
    /// values were computed apart from txfeed (Python).
    func testAssignmentIsFNV1aOfTheName() {
        XCTAssertTrue(Shard(index: 4, count: 7).contains(sourceNamed: "checking"))
        XCTAssertTrue(Shard(index: 18, count: 1000).contains(sourceNamed: "Café Zoë"))
    }
}
