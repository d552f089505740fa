import XCTest

@testable import TxFeedModel

/// The merge's order, newest first and ties in input order, is the same from the radix sort
/// as from a plain stable comparison sort, whatever the span of times.
final class NewestFirstTests: XCTestCase {
    func reference(_ times: [Int64]) -> [UInt32] {
        times.enumerated().sorted { $0.element != $1.element ? $0.element > $1.element : $0.offset < $1.offset }
            .map { UInt32($0.offset) }
    }

    func check(_ times: [Int64], file: StaticString = #filePath, line: UInt = #line) {
        let transactions = times.map {
            Transaction(unixSeconds: $0, amountMinor: 1, vendor: 0, account: 0, isDebit: false)
        }
        XCTAssertEqual(Feed.newestFirst(transactions).map(\.position), reference(times), file: file, line: line)
    }

    func testEverySpanOfTimesSortsAsTheComparisonSort() {
        var random = SystemRandomNumberGenerator()
        let spans: [ClosedRange<Int64>] = [
            1_600_000_000...1_600_000_005,  // few distinct times: many ties
            1_577_836_800...1_735_689_600,  // five years of seconds
            -62_167_219_200...253_402_300_799,  // years 0000 to 9999
            Int64.min...Int64.max,
        ]
        for span in spans {
            for count in [10, 5000, 20_000] {
                check((0..<count).map { _ in Int64.random(in: span, using: &random) })
            }
        }
        check([Int64.max, Int64.min, 0, -1, 1] + Array(repeating: 7, count: 5000))
    }
}
