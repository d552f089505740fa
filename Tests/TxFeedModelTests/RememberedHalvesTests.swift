import XCTest

@testable import TxFeedModel

/// A run that reads only the savings statement links its money in to the money out an earlier
/// batch wrote alone and the state file remembered (``RememberedHalf``), by the same rules as
/// two records of one run.
final class RememberedHalvesTests: XCTestCase {
    private let day = TransactionDate.days(ofUnixSeconds: septemberFirst)

    private func savingsFeed(_ rows: [(String, Int64, Int64)]) -> Feed {
        var savings = SourceBuilder(account: "Savings", id: "DE12500105170648489890")
        for (vendor, minor, days) in rows { savings.add(vendor, minor, at: septemberFirst + days * 86_400) }
        return Feed(merging: [savings.outcome("savings")], dedupe: true)
    }

    private func half(
        _ account: String, _ minor: Int64, days: Int64, key: String? = nil, vendor: String = "UMBUCHUNG TAGESGELD",
        batch: Int64 = 1
    ) -> RememberedHalf {
        RememberedHalf(
            batch: batch, accountKey: key ?? "n" + account, accountName: account, accountID: nil, currency: "USD",
            scale: 2,
            source: account.lowercased(), identity: "fp:\(account)\(minor)\(days)", day: day + days,
            signedMinor: minor, vendor: vendor, memo: nil, category: "Moved")
    }

    func testAMoneyInIsLinkedToARememberedMoneyOutOfAnAccountTheRunDidNotRead() throws {
        var feed = savingsFeed([("EINGANG", 50_000, 1), ("ZINSEN", 1_000, 0)])
        XCTAssertFalse(feed.linkTransfers(), "one account alone has no transfer")
        XCTAssertTrue(feed.linkTransfers(remembered: [half("Checking", -50_000, days: 0)]))
        let transfers = try XCTUnwrap(feed.transfers)
        XCTAssertEqual(transfers.pairs.count, 1)
        let pair = transfers.pairs[0]
        XCTAssertEqual(pair.debit, FeedTransfers.earlierPosition)
        XCTAssertEqual(feed.vendors.name(of: feed.transactions[pair.credit].vendor), "EINGANG")
        let earlier = try XCTUnwrap(pair.earlier)
        XCTAssertEqual(earlier.category, "Moved", "the category its own batch gave it")
        XCTAssertEqual(earlier.batch, 1)
        XCTAssertNil(earlier.seen)
        let row = try XCTUnwrap(transfers.transfer(at: pair.credit) { feed.transactions[$0].account })
        XCTAssertEqual(Int(row.otherAccount), feed.accounts.count, "an account after the feed's")
        XCTAssertEqual(feed.transferAccount(row.otherAccount).name, "Checking")
        XCTAssertEqual(transfers.outsideAccounts.count, 1)
    }

    func testTwoRememberedCandidatesLinkNothingAndOneOfTheRunsOwnAccountIsNoPartner() throws {
        var feed = savingsFeed([("EINGANG", 50_000, 1)])
        XCTAssertTrue(
            feed.linkTransfers(remembered: [half("Checking", -50_000, days: 0), half("Cash", -50_000, days: 1)]))
        let transfers = try XCTUnwrap(feed.transfers)
        XCTAssertEqual(transfers.pairs, [], "ambiguous: linked to nothing")
        XCTAssertEqual(transfers.ambiguousWithEarlier.map(\.records), [[0]], "and listed")
        XCTAssertEqual(
            transfers.ambiguousWithEarlier.first?.earlier.map { feed.transferAccount($0.account).name },
            ["Checking", "Cash"])
        feed.transfers = nil
        XCTAssertFalse(
            feed.linkTransfers(remembered: [half("Savings", -50_000, days: 0, key: "iDE12500105170648489890")]))
        XCTAssertNil(feed.transfers)
        XCTAssertFalse(feed.linkTransfers(remembered: [half("Checking", -50_000, days: -9)]), "outside the window")
    }
}
