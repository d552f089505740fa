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

    /// A large merge sorts while it counts fingerprints; one that may drop records (`dedupe`)
    /// counts, drops, then sorts. With nothing to drop, both give the same rows, each with
    /// its own fingerprint, whatever order the records came in.
    func testALargeMergeSortsAsOneThatCountsFirst() {
        var random = SystemRandomNumberGenerator()
        let outcomes = (0..<2).map { source in
            var builder = SourceBuilder(account: "Account \(source)", source: source)
            for n in 0..<(Feed.overlapsFrom + 5000) {
                let vendor = ["Coffee", "Rent", "Books", "Fuel"][n % 4]
                builder.add(
                    vendor, Int64(n + 1), at: septemberFirst + Int64.random(in: -86_400 * 90...0, using: &random),
                    memo: n % 7 == 0 ? "memo \(n)" : nil)
            }
            return builder.outcome("source \(source)")
        }
        let overlapped = Feed(merging: outcomes)
        let oneAfterTheOther = Feed(merging: outcomes, dedupe: true)
        XCTAssertEqual(oneAfterTheOther.duplicates.count, 0)
        XCTAssertEqual(overlapped.transactions.count, 2 * (Feed.overlapsFrom + 5000))
        XCTAssertEqual(overlapped.transactions.map(\.unixSeconds), oneAfterTheOther.transactions.map(\.unixSeconds))
        XCTAssertEqual(overlapped.transactions.map(\.amountMinor), oneAfterTheOther.transactions.map(\.amountMinor))
        XCTAssertEqual(overlapped.transactions.map(\.account), oneAfterTheOther.transactions.map(\.account))
        XCTAssertEqual(overlapped.fingerprints, oneAfterTheOther.fingerprints)
        XCTAssertTrue(
            zip(overlapped.transactions, overlapped.transactions.dropFirst()).allSatisfy {
                $0.unixSeconds >= $1.unixSeconds
            })
    }
}
