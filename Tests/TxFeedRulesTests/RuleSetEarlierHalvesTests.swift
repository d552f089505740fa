import XCTest

@testable import TxFeedModel
@testable import TxFeedRules

/// An earlier batch's half of a transfer is judged by the rules as that batch judged it: with
/// the `id` it wrote, its fingerprint when it had no bank id.
final class RuleSetEarlierHalvesTests: XCTestCase {
    func testAnEarlierHalfWithoutABankIDIsJudgedByItsFingerprint() throws {
        var feed = Feed()
        feed.sources = [
            SourceReport(
                name: "bank", plugin: "csv", status: .success, error: nil, count: 1, rejected: 0, documents: 2,
                failedDocuments: 0, elapsedMilliseconds: 1)
        ]
        feed.accounts = [
            Account(name: "Checking", balance: nil, currency: "EUR", profile: nil, source: 0, origin: "o", scale: 2),
            Account(name: "Savings", balance: nil, currency: "EUR", profile: nil, source: 0, origin: "o", scale: 2),
        ]
        let vendor = feed.vendors.intern("UMBUCHUNG")
        let moneyIn = Transaction(unixSeconds: 200, amountMinor: 50_000, vendor: vendor, account: 1, isDebit: false)
        let moneyOut = Transaction(unixSeconds: 100, amountMinor: 50_000, vendor: vendor, account: 0, isDebit: true)
        feed.transactions = [moneyIn]
        feed.fingerprints = [Fingerprint(hash: 2, occurrence: 1)]
        let fingerprint = Fingerprint(hash: 0xabc, occurrence: 1)
        feed.transfers = FeedTransfers(
            pairs: [
                FeedTransfers.Pair(
                    debit: FeedTransfers.earlierPosition, credit: 0, evidence: "transfer word",
                    earlier: FeedTransfers.EarlierHalf(
                        seen: moneyOut, fingerprint: fingerprint, identity: fingerprint.text, batch: 1))
            ], ambiguous: [], records: 1)
        let rules = try RuleSet.parse(
            """
            [[rule]]
            match = { id = "\(fingerprint.text)" }
            category = "Expenses:Moved"
            """, file: "rules.toml")
        rules.categorise(earlierHalvesOf: &feed)
        XCTAssertEqual(feed.transfers?.pairs.first?.earlier?.category, "Expenses:Moved")
    }
}
