import XCTest

@testable import TxFeedModel

/// `Feed.moneyKeys`: a booked record's day and amount, numbered among its state account's
/// records of both, the seen ones first.
final class MoneyKeysTests: XCTestCase {
    private let day: Int64 = 86_400

    private func keys(_ feed: Feed) -> [Int64] { feed.moneyKeys(accountNumbers: feed.accountNumbers().numbers) }

    func testRecordsOfOneDayAndAmountAreNumberedAndPendingOnesHaveNone() {
        var source = SourceBuilder()
        source.add("Bakery", -400, at: septemberFirst)
        source.add("Cafe", -400, at: septemberFirst + 60)
        source.add("Bakery", -400, at: septemberFirst + day)
        source.add("Hotel", -9_000, at: septemberFirst, pending: true)
        let feed = Feed(merging: [source.outcome("now")])
        let days = feed.transactions.map { TransactionDate.days(ofUnixSeconds: $0.unixSeconds) }
        let first = days.min()!
        let expected: [Int64] = feed.transactions.indices.map { n in
            let t = feed.transactions[n]
            guard !t.isPending else { return 0 }
            // The two of the first day are 1 and 2, in feed order; the next day's is 1.
            let earlier = feed.transactions[..<n].filter {
                !$0.isPending && TransactionDate.days(ofUnixSeconds: $0.unixSeconds) == days[n]
                    && $0.signedMinor == t.signedMinor
            }
            return IdentityKey.ofMoney(day: days[n], signedMinor: -400, occurrence: earlier.count + 1)
        }
        XCTAssertEqual(keys(feed), expected)
        XCTAssertEqual(Set(expected.filter { $0 != 0 }).count, 3)
        XCTAssertTrue(days.contains(first + 1))
    }

    /// A feed a caller reordered (not newest first) gets the same keys, each day counted whole.
    func testAFeedOutOfOrderIsNumberedAsItsDays() {
        var source = SourceBuilder()
        for offset in [0, 1, 0, 2, 1, 0] as [Int64] {
            source.add("Shop \(offset)", -250, at: septemberFirst + offset * day)
        }
        var feed = Feed(merging: [source.outcome("now")])
        let sorted = Set(keys(feed))
        feed.transactions.shuffle()
        XCTAssertEqual(Set(keys(feed)), sorted)
        XCTAssertEqual(sorted.count, 6, "three on the first day, two on the next, one on the third")
    }

    /// Records an earlier batch remembered and this run saw again take the first numbers: a
    /// new record beside them gets the next one.
    func testSeenRecordsTakeTheFirstNumbers() {
        var earlier = SourceBuilder()
        earlier.add("Bakery", -400, at: septemberFirst)
        var history = ImportHistory(capacity: 4)
        let before = Feed(merging: [earlier.outcome("earlier")])
        history.add(account: 0, key: IdentityKey.of(before.fingerprints[0]), kind: .fingerprint, batch: 1)
        var now = SourceBuilder()
        now.add("Bakery", -400, at: septemberFirst)
        now.add("Cafe", -400, at: septemberFirst)
        let feed = Feed(merging: [now.outcome("now")], history: history)
        XCTAssertEqual(feed.transactions.count, 1, "the bakery was seen")
        let day = TransactionDate.days(ofUnixSeconds: septemberFirst)
        XCTAssertEqual(keys(feed), [IdentityKey.ofMoney(day: day, signedMinor: -400, occurrence: 2)])
    }
}
