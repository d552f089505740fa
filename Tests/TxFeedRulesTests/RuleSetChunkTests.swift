import TxFeedModel
import XCTest

@testable import TxFeedRules

/// A long feed's rules pass runs in chunks of records, each with its own tables of labels and
/// rewritten vendors, joined in record order (``RulesChunk``): the feed must come out exactly as
/// one chunk of every record makes it.
final class RuleSetChunkTests: XCTestCase {
    private let rules = """
        [[rule]]
        name = "drop"
        match = { vendor = "own transfer" }
        skip = "between own accounts"

        [[rule]]
        name = "amazon"
        match = { vendor_regex = '^amzn mktp (\\w\\w)' }
        vendor = "Amazon $1"
        category = "Expenses:Shopping"

        [[rule]]
        name = "orders"
        match = { memo_regex = '^order (\\d)' }
        memo = "Order $1"
        tags = ["order"]

        [[rule]]
        name = "cleaned"
        match = { vendor = "sq *" }
        vendor = "clean"
        tags = ["square"]

        [[rule]]
        name = "big"
        match = { amount = "< -100" }
        tags = ["big"]

        [[rule]]
        name = "out"
        match = { amount = "< 0" }
        category = "Expenses:Other"

        [[rule]]
        name = "never"
        match = { vendor = "no such vendor" }
        tags = ["never"]
        """

    /// The vendors of the feed; the second half of the records meets them in the other order, so
    /// that each chunk's tables number its labels and rewritten vendors in an order of its own.
    private let vendorNames = [
        "AMZN Mktp DE*1", "SQ *BLUE BOTTLE", "Bakery", "Own transfer", "AMZN Mktp US*2", "SQ *CORNER CAFE",
        "Payroll",
    ]

    private func feed(records: Int) -> Feed {
        var feed = Feed()
        feed.sources = [
            SourceReport(
                name: "bank", plugin: "csv", status: .success, error: nil, count: records, rejected: 0, documents: 1,
                failedDocuments: 0, elapsedMilliseconds: 1)
        ]
        feed.accounts = [
            Account(name: "Checking", balance: nil, currency: "EUR", profile: nil, source: 0, origin: "o", scale: 2)
        ]
        let vendors = vendorNames.map { feed.vendors.intern($0) }
        feed.details = (0..<10).map { TransactionDetails(id: "B-\($0)", memo: $0 % 2 == 0 ? "order \($0)" : "note") }
        feed.transactions = (0..<records).map { i in
            let n = i % vendors.count
            let vendor = vendors[i < records / 2 ? n : vendors.count - 1 - n]
            return Transaction(
                unixSeconds: Int64(records - i), amountMinor: Int64(i % 250 * 100 + 1), vendor: vendor, account: 0,
                isDebit: vendor != vendors[6], details: i % 3 == 0 ? UInt32(i % 10) : Transaction.noDetails)
        }
        feed.fingerprints = (0..<records).map { Fingerprint(hash: UInt64($0), occurrence: 0) }
        return feed
    }

    /// What a test compares of a feed after the pass: every row as the sinks read it, and the tables.
    private struct Outcome: Equatable {
        var rows: [String] = []
        var distinct: [RowLabels] = []
        var skipped: [String] = []
        var neverFired: [String] = []
        var vendors: [String] = []
        var counts: [Int] = []
    }

    private func outcome(of feed: Feed) throws -> Outcome {
        var outcome = Outcome()
        var rows = feed.rows()
        while let row = try rows.next() {
            let labels = row.labels.map {
                "\($0.category ?? "-") \($0.tags) \($0.originalVendor ?? "-") \($0.explain?.tags ?? [])"
            }
            outcome.rows.append(
                "\(feed.vendors.name(of: row.transaction.vendor)) | \(row.details?.memo ?? "-") | \(row.fingerprint?.hash ?? 0)"
                    + " | \(row.labelsIndex) \(labels ?? "none")")
        }
        let labels = try XCTUnwrap(feed.labels)
        outcome.distinct = labels.distinct
        outcome.skipped = labels.skipped.map { "\($0.reason): \($0.count)" }
        outcome.neverFired = labels.neverFired
        outcome.vendors = (0..<feed.vendors.count).map { feed.vendors.name(of: UInt32($0)) }
        outcome.counts = feed.sources.flatMap { [$0.count, $0.skipped] }
        return outcome
    }

    func testAFeedSplitInChunksComesOutAsOneChunkMakesIt() throws {
        let rules = try RuleSet.parse(rules, file: "r.toml")
        let records = RuleSet.splitFrom
        XCTAssertEqual(
            RuleSet.chunks(records: records), min(ProcessInfo.processInfo.activeProcessorCount, 2),
            "a feed of splitFrom records is split on a machine of more than one core")
        XCTAssertEqual(RuleSet.chunks(records: records - 1), 1)
        for explain in [false, true] {
            var whole = feed(records: records)
            rules.apply(to: &whole, explain: explain, chunks: 1) { $0.unixSeconds }
            let expected = try outcome(of: whole)
            // What the one chunk made must be worth comparing: skips, rewritten vendors and memos, several labels.
            XCTAssertEqual(expected.skipped, ["between own accounts: \(records / 7 + (records % 7 > 3 ? 1 : 0))"])
            XCTAssertEqual(expected.neverFired, ["rule 7 (\"never\") in r.toml:34"])
            XCTAssertEqual(Array(expected.vendors.suffix(4)), ["Amazon DE", "Blue Bottle", "Amazon US", "Corner Cafe"])
            XCTAssertGreaterThan(expected.distinct.count, 8)
            XCTAssertTrue(expected.rows.contains { $0.contains("| Order 4 |") })
            for chunks in [3, 7] {
                var split = feed(records: records)
                rules.apply(to: &split, explain: explain, chunks: chunks) { $0.unixSeconds }
                let got = try outcome(of: split)
                XCTAssertEqual(got.rows.count, expected.rows.count)
                for n in expected.rows.indices where got.rows[n] != expected.rows[n] {
                    XCTFail("\(chunks) chunks, row \(n): \(got.rows[n]), one chunk: \(expected.rows[n])")
                    break
                }
                XCTAssertEqual(got, expected, "\(chunks) chunks")
            }
            var byDefault = feed(records: records)
            rules.apply(to: &byDefault, explain: explain)
            XCTAssertEqual(try outcome(of: byDefault), expected)
        }
    }
}
