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

    /// A run tries each rule's vendor conditions once a vendor (``VendorScreen``); what it makes
    /// of every record must be what trying every rule in full makes of it: captures from a
    /// vendor regex (`$1`, `$0`) and from a memo regex after a vendor test, tags, stop, skip,
    /// rules with no vendor condition between the others, a vendor past ASCII in an `any`, an
    /// `any` and a `not` of vendor tests alone, an `any` of a vendor test and a memo test.
    func testAFeedsOutcomesAreEveryRuleTriedInFull() throws {
        let rules = try RuleSet.parse(
            #"""
            [[rule]]
            match = { not = { vendor = "tesco" }, amount = "< -100" }
            tags = ["big out"]

            [[rule]]
            match = { any = [{ vendor = "amzn" }, { vendor_regex = '^own' }] }
            tags = ["amazon or own"]

            [[rule]]
            match = { vendor = "tesco", memo_regex = '^order (\d+)' }
            memo = "Tesco order $1"
            tags = ["order"]

            [[rule]]
            match = { vendor_regex = '^amzn mktp (\w\w)', amount = "< 0" }
            vendor = "Amazon $1"
            category = "Expenses:Shopping"

            [[rule]]
            match = { amount = "> 100" }
            tags = ["big"]

            [[rule]]
            match = { vendor = ["bakery", "tesco"], vendor_regex = 'ery$|co$' }
            category = "Expenses:Food ($0)"
            stop = true

            [[rule]]
            match = { vendor = "transfer" }
            skip = "own accounts"

            [[rule]]
            match = { any = [{ vendor = ["bakery", "café"] }, { memo = "note" }] }
            tags = ["any"]

            [[rule]]
            match = { id = "b-2" }
            tags = ["b2"]
            """#, file: "r.toml")
        var feed = Feed()
        feed.sources = [
            SourceReport(
                name: "bank", plugin: "csv", status: .success, error: nil, count: 9, rejected: 0, documents: 1,
                failedDocuments: 0, elapsedMilliseconds: 1)
        ]
        feed.accounts = [
            Account(name: "Checking", balance: nil, currency: "EUR", profile: nil, source: 0, origin: "o", scale: 2)
        ]
        let names = ["TESCO", "AMZN Mktp DE*1", "Bakery", "Own transfer", "Cafe", "AMZN Mktp US*2", "CAFÉ ZOË"]
        let vendors = names.map { feed.vendors.intern($0) }
        feed.details = [TransactionDetails(id: "B-1", memo: "order 77"), TransactionDetails(id: "B-2", memo: "note")]
        let rows: [(vendor: Int, minor: Int64, debit: Bool, details: UInt32)] = [
            (0, 1999, true, 0), (0, 500, true, 1), (1, 4500, true, Transaction.noDetails),
            (1, 12_000, false, Transaction.noDetails), (2, 300, true, 0), (3, 50_000, true, Transaction.noDetails),
            (4, 20_000, true, 1), (5, 999, true, Transaction.noDetails), (6, 250, true, Transaction.noDetails),
        ]
        feed.transactions = rows.enumerated().map { n, row in
            Transaction(
                unixSeconds: Int64(1000 - n), amountMinor: row.minor, vendor: vendors[row.vendor], account: 0,
                isDebit: row.debit, details: row.details)
        }
        // What each record's outcome is with every rule tried in full.
        let expected = rows.map { row in
            let details = row.details == Transaction.noDetails ? nil : feed.details[Int(row.details)]
            return rules.apply(
                to: RuleRecord(
                    vendor: names[row.vendor], memo: details?.memo, id: details?.id,
                    amountMinor: row.debit ? -row.minor : row.minor, scale: 2, account: "Checking", source: "bank",
                    currency: "EUR"))
        }
        XCTAssertEqual(expected.filter { $0.skipped != nil }.count, 1)
        XCTAssertEqual(
            expected[0], RuleOutcome(category: "Expenses:Food (CO)", memo: "Tesco order 77", tags: ["order"]))
        XCTAssertEqual(
            expected[2], RuleOutcome(category: "Expenses:Shopping", vendor: "Amazon DE", tags: ["amazon or own"]))
        XCTAssertEqual(expected[3], RuleOutcome(tags: ["amazon or own", "big"]))
        XCTAssertEqual(expected[4], RuleOutcome(category: "Expenses:Food (ery)"))
        XCTAssertEqual(
            expected[6], RuleOutcome(tags: ["big out", "any", "b2"]), "a run gives the id only when a rule reads it")
        XCTAssertEqual(expected[8], RuleOutcome(tags: ["any"]), "a vendor past ASCII, searched lowered once")
        rules.apply(to: &feed)
        var got: [RuleOutcome] = []
        var it = feed.rows()
        while let row = try it.next() {
            let labels = row.labels
            let vendor = labels?.originalVendor != nil ? feed.vendors.name(of: row.transaction.vendor) : nil
            let memo = row.details?.memo
            let kept = expected.filter { $0.skipped == nil }[got.count]
            got.append(
                RuleOutcome(
                    category: labels?.category, vendor: vendor, memo: kept.memo == nil ? nil : memo,
                    tags: labels?.tags ?? []))
        }
        XCTAssertEqual(got, expected.filter { $0.skipped == nil })
    }

    /// A run leaves out of each record the texts no rule reads (account, source, currency,
    /// memo); a rule that reads one sees it.
    func testTheAccountSourceCurrencyAndMemoReachTheRulesThatReadThem() throws {
        let rules = try RuleSet.parse(
            #"""
            [[rule]]
            match = { account = "checking" }
            tags = ["account"]

            [[rule]]
            match = { source_regex = '^bank$' }
            tags = ["source"]

            [[rule]]
            match = { currency = "eur" }
            tags = ["currency"]

            [[rule]]
            match = { any = [{ vendor = "bakery" }, { memo = "order" }] }
            tags = ["memo or bakery"]

            [[rule]]
            match = { not = { currency = "eur" } }
            tags = ["not eur"]
            """#, file: "r.toml")
        var feed = feed()
        rules.apply(to: &feed)
        var rows = feed.rows()
        var tags: [[String]] = []
        while let row = try rows.next() { tags.append(row.labels?.tags ?? []) }
        XCTAssertEqual(
            tags,
            [
                ["account", "source", "currency", "memo or bakery"], ["account", "source", "currency"],
                ["account", "source", "currency", "memo or bakery"],
            ])
    }
}
