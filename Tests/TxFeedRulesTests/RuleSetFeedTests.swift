import TxFeedModel
import XCTest

@testable import TxFeedRules

/// Rules applied to a merged feed: labels beside the records, the vendor and memo shown
/// replaced, skipped records gone and counted per source and reason, identities untouched.
final class RuleSetFeedTests: XCTestCase {
    private func feed() -> Feed {
        var feed = Feed()
        feed.sources = [
            SourceReport(
                name: "bank", plugin: "csv", status: .success, error: nil, count: 3, rejected: 0, documents: 1,
                failedDocuments: 0, elapsedMilliseconds: 1)
        ]
        feed.accounts = [
            Account(name: "Checking", balance: nil, currency: "EUR", profile: nil, source: 0, origin: "o", scale: 2)
        ]
        let vendors = ["AMZN Mktp DE*123", "Own transfer", "Bakery"].map { feed.vendors.intern($0) }
        feed.details = [TransactionDetails(id: "B-1", memo: "order 77")]
        feed.transactions = [
            Transaction(unixSeconds: 300, amountMinor: 1999, vendor: vendors[0], account: 0, isDebit: true, details: 0),
            Transaction(unixSeconds: 200, amountMinor: 50_000, vendor: vendors[1], account: 0, isDebit: true),
            Transaction(unixSeconds: 100, amountMinor: 450, vendor: vendors[2], account: 0, isDebit: true),
        ]
        feed.fingerprints = [
            Fingerprint(hash: 1, occurrence: 0), Fingerprint(hash: 2, occurrence: 0),
            Fingerprint(hash: 3, occurrence: 0),
        ]
        return feed
    }

    func testLabelsSkipsAndIdentities() throws {
        let rules = try RuleSet.parse(
            #"""
            [[rule]]
            match = { vendor_regex = '^amzn mktp (\w\w)' }
            vendor = "Amazon $1"
            memo = "Amazon order"
            category = "Expenses:Shopping"
            tags = ["online"]

            [[rule]]
            match = { vendor = "own transfer" }
            skip = "between own accounts"
            """#, file: "r.toml")
        var feed = feed()
        let fingerprints = [feed.fingerprints[0], feed.fingerprints[2]]
        rules.apply(to: &feed)
        XCTAssertEqual(feed.transactions.count, 2)
        XCTAssertEqual(feed.fingerprints, fingerprints)
        XCTAssertEqual(feed.sources[0].count, 2)
        XCTAssertEqual(feed.sources[0].skipped, 1)
        XCTAssertEqual(feed.sources[0].read, 3)
        let labels = try XCTUnwrap(feed.labels)
        XCTAssertEqual(labels.skipped.map(\.reason), ["between own accounts"])
        XCTAssertEqual(labels.skipped.map(\.count), [1])
        XCTAssertEqual(labels.categorised, 1)
        var rows = feed.rows()
        let amazon = try XCTUnwrap(rows.next())
        XCTAssertEqual(feed.vendors.name(of: amazon.transaction.vendor), "Amazon DE")
        XCTAssertEqual(amazon.details, TransactionDetails(id: "B-1", memo: "Amazon order"))
        XCTAssertEqual(
            amazon.labels,
            RowLabels(category: "Expenses:Shopping", tags: ["online"], originalVendor: "AMZN Mktp DE*123"))
        let bakery = try XCTUnwrap(rows.next())
        XCTAssertEqual(feed.vendors.name(of: bakery.transaction.vendor), "Bakery")
        XCTAssertNil(bakery.labels)
        XCTAssertNil(try rows.next())
    }
}
