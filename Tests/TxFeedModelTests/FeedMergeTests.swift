import XCTest

@testable import TxFeedModel

/// `Feed(merging:)` over many sources merges two halves at once, then the second after the
/// first: the same feed as one source after another.
final class FeedMergeTests: XCTestCase {
    func testManySourcesMergedInHalvesAreTheSourcesOneAfterAnother() {
        // Vendors shared across sources and new in each, accounts, details, rejects and failures
        // here and there; records newest first throughout, so the merge keeps their order.
        let outcomes = (0..<150).map { n -> SourceOutcome in
            var source = SourceBuilder(account: "Account \(n % 7)", source: n)
            for k in 0..<(n % 5 + 1) {
                source.add(
                    "Vendor \((n * 3 + k) % 40)", Int64(-(n * 10 + k + 1)), at: septemberFirst - Int64(n * 86_400 + k),
                    memo: k == 2 ? "memo \(n)" : nil)
            }
            var outcome = source.outcome("s\(n)")
            if n % 9 == 0 {
                outcome.data.rejects.append(
                    Reject(origin: "s\(n)", path: "$[\(n)]", reason: "bad", raw: [], rawIsText: true))
            }
            if n % 11 == 0 { outcome.data.failures.append("s\(n): broken") }
            return outcome
        }
        XCTAssertGreaterThanOrEqual(outcomes.count, Feed.mergedInHalvesFrom)
        let feed = Feed(merging: outcomes)

        var expected = SourceData()
        for outcome in outcomes {
            var data = outcome.data
            data.rejects = []
            expected.append(data)
        }
        func fields(_ t: [Transaction]) -> [[Int64]] {
            t.map { [$0.unixSeconds, $0.amountMinor, Int64($0.vendor), Int64($0.account), Int64($0.details)] }
        }
        XCTAssertEqual(fields(feed.transactions), fields(expected.transactions))
        XCTAssertEqual(feed.transactions.map(\.isDebit), expected.transactions.map(\.isDebit))
        XCTAssertEqual(
            (0..<feed.vendors.count).map { feed.vendors.name(of: UInt32($0)) },
            (0..<expected.vendors.count).map { expected.vendors.name(of: UInt32($0)) })
        XCTAssertEqual(feed.accounts.map(\.name), expected.accounts.map(\.name))
        XCTAssertEqual(feed.details, expected.details)
        let rejecting = Array(stride(from: 0, to: 150, by: 9))
        XCTAssertEqual(feed.rejects.count, rejecting.count)
        XCTAssertEqual(feed.rejects.first.map(\.source), Array(rejecting.prefix(RejectStore.shownCount)))
        XCTAssertEqual(try RejectStoreTests.lines(of: feed.rejects).map(\.origin), rejecting.map { "s\($0)" })
        XCTAssertEqual(feed.fingerprints.count, feed.transactions.count)
    }
}
