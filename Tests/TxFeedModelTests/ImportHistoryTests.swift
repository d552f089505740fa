import XCTest

@testable import TxFeedModel

/// `Feed(merging:history:)`: what earlier runs imported is dropped as seen, with `--dedupe`'s
/// matching rule; a pending record too, as the stale copy of a payment imported booked.
final class ImportHistoryTests: XCTestCase {
    /// The keys a state file would hold for these records of account 0, from `batch`.
    private func history(of source: SourceBuilder, batch: Int64, accounts: [Int] = [0]) -> ImportHistory {
        let feed = Feed(merging: [source.outcome("earlier")])
        var history = ImportHistory(capacity: 4)
        for (index, t) in feed.transactions.enumerated() {
            let fingerprint = feed.fingerprints[index]
            for account in accounts {
                if let id = feed.details(of: t)?.id {
                    history.add(account: account, key: IdentityKey.of(bankID: id), kind: .bankID, batch: batch)
                    history.add(
                        account: account, key: IdentityKey.of(fingerprint), kind: .fingerprintOfBankRecord, batch: batch
                    )
                } else {
                    history.add(account: account, key: IdentityKey.of(fingerprint), kind: .fingerprint, batch: batch)
                }
            }
        }
        return history
    }

    func testSeenRecordsAreDroppedAndCountedApartFromDuplicates() {
        var earlier = SourceBuilder()
        earlier.add("Coffee", -300, at: septemberFirst)
        var now = SourceBuilder()
        now.add("Coffee", -300, at: septemberFirst)
        now.add("Coffee", -300, at: septemberFirst)  // the second genuine coffee is new
        now.add("Hotel", -9_000, at: septemberFirst, pending: true)
        var again = SourceBuilder(source: 1)
        again.add("Coffee", -300, at: septemberFirst)
        let feed = Feed(
            merging: [now.outcome("now"), again.outcome("again")],
            history: history(of: earlier, batch: 4, accounts: [0, 1]))
        XCTAssertTrue(feed.deduplicated, "a history implies --dedupe")
        XCTAssertEqual(feed.transactions.count, 2, "the second coffee and the pending hotel")
        XCTAssertEqual(feed.sources.map(\.seen), [1, 1])
        XCTAssertEqual(feed.sources.map(\.duplicates), [0, 0])
        XCTAssertEqual(feed.sources.map(\.read), [3, 1])
        XCTAssertEqual(feed.duplicates.map(\.kept), [.batch(4), .batch(4)])
        XCTAssertEqual(feed.duplicates.map(\.fingerprint.occurrence), [1, 1])
    }

    /// A pending record with the identity of one an earlier run imported booked is an older
    /// export's copy of that payment: seen. (Pending records were once never looked up, and
    /// such a copy was shown, and remembered, as pending again on every run.)
    func testAPendingCopyOfARecordImportedBookedIsSeen() {
        var earlier = SourceBuilder()
        earlier.add("Hotel", -9_000, at: septemberFirst)
        var now = SourceBuilder()
        now.add("Hotel", -9_000, at: septemberFirst, pending: true)
        now.add("Taxi", -2_000, at: septemberFirst, pending: true)
        let feed = Feed(merging: [now.outcome("now")], history: history(of: earlier, batch: 1))
        XCTAssertEqual(feed.transactions.count, 1, "the taxi, pending and new")
        XCTAssertEqual(feed.sources.map(\.seen), [1])
    }

    /// That stale pending copy is no earlier half of a transfer: its amount is the hold's
    /// (-100.00), not what the payment booked at (-130.00).
    func testAPendingCopySeenIsNoEarlierHalf() {
        var earlier = SourceBuilder(account: "Checking")
        earlier.add("Hotel", -13_000, at: septemberFirst, bankID: "H1")
        var checking = SourceBuilder(account: "Checking")
        checking.add("Hotel", -10_000, at: septemberFirst, bankID: "H1", pending: true)
        var savings = SourceBuilder(account: "Savings", source: 1)
        savings.add("Umbuchung", 10_000, at: septemberFirst)
        var feed = Feed(
            merging: [checking.outcome("checking"), savings.outcome("savings")],
            history: history(of: earlier, batch: 1))
        XCTAssertEqual(feed.sources.map(\.seen), [1, 0])
        XCTAssertFalse(feed.linkTransfers(), "nothing to link: \(String(describing: feed.transfers))")
    }

    func testABankIDMatchesABankIDOrTheFingerprintOfARecordWithout() {
        var ofx = SourceBuilder(id: "ACCT-1")
        ofx.add("Coffee", -300, at: septemberFirst, bankID: "F1")
        let remembered = history(of: ofx, batch: 2)

        // The same FITID under another payee name is the same record.
        var renamed = SourceBuilder(id: "ACCT-1")
        renamed.add("COFFEE CORNER", -300, at: septemberFirst, bankID: "F1")
        XCTAssertEqual(Feed(merging: [renamed.outcome("ofx")], history: remembered).transactions.count, 0)

        // Another FITID with the same fingerprint is another record (as in one run).
        var other = SourceBuilder(id: "ACCT-1")
        other.add("Coffee", -300, at: septemberFirst, bankID: "F2")
        XCTAssertEqual(Feed(merging: [other.outcome("ofx")], history: remembered).transactions.count, 1)

        // A CSV of the same account, without ids, matches the OFX record's fingerprint.
        var csv = SourceBuilder(id: "ACCT-1")
        csv.add("Coffee", -300, at: septemberFirst)
        let seen = Feed(merging: [csv.outcome("csv")], history: remembered)
        XCTAssertEqual(seen.transactions.count, 0)
        XCTAssertEqual(seen.duplicates.first?.keptIdentity, seen.duplicates.first?.fingerprint.text)

        // And the other way round: an OFX record finds a CSV record's fingerprint.
        XCTAssertEqual(Feed(merging: [other.outcome("ofx")], history: history(of: csv, batch: 3)).transactions.count, 0)
    }

    func testOtherAccountsNeverMatch() {
        var checking = SourceBuilder(account: "Checking")
        checking.add("Coffee", -300, at: septemberFirst)
        var savings = SourceBuilder(account: "Savings")
        savings.add("Coffee", -300, at: septemberFirst)
        XCTAssertEqual(
            Feed(merging: [savings.outcome("s")], history: history(of: checking, batch: 1)).transactions.count, 1)
    }

    func testTheTableGrowsPastItsCapacity() {
        var history = ImportHistory(capacity: 1)
        for key in 0..<10_000 {
            history.add(account: key % 3, key: Int64(key) &* 0x9e37_79b9, kind: .fingerprint, batch: 1)
        }
        XCTAssertEqual(history.count, 10_000)
        var again = history
        again.add(account: 0, key: 0, kind: .bankID, batch: 9)
        XCTAssertEqual(again.count, 10_000, "another kind under a known key is not another entry")
    }

    /// The keys are part of the state file's layout: they must never change between versions.
    func testKeysAreStable() {
        XCTAssertEqual(
            IdentityKey.of(Fingerprint(hash: 0x3021_ae37_2045_84aa, occurrence: 1)), 1_194_081_972_544_387_291)
        XCTAssertEqual(IdentityKey.of(bankID: "F1"), 7_381_775_656_632_472_214)
    }
}
