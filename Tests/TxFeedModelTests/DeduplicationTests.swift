import XCTest

@testable import TxFeedModel

/// `Feed(merging:dedupe:)`: the first of each identity in each account stays, in source order.
final class DeduplicationTests: XCTestCase {
    func testOverlappingStatementsKeepEachGenuineCopyOnce() {
        var january1To20 = SourceBuilder()
        january1To20.add("Rent", -90_000, at: septemberFirst - 86_400)
        january1To20.add("Coffee", -300, at: septemberFirst)
        january1To20.add("Coffee", -300, at: septemberFirst)
        var january10To31 = SourceBuilder(source: 1)
        january10To31.add("Coffee", -300, at: septemberFirst)
        january10To31.add("Coffee", -300, at: septemberFirst)
        january10To31.add("Lunch", -1_200, at: septemberFirst + 86_400)
        let feed = Feed(merging: [january1To20.outcome("a"), january10To31.outcome("b")], dedupe: true)
        XCTAssertEqual(feed.transactions.map(\.amountMinor).sorted(), [300, 300, 1_200, 90_000])
        XCTAssertEqual(feed.fingerprints.count, feed.transactions.count)
        XCTAssertEqual(feed.sources.map(\.count), [3, 1])
        XCTAssertEqual(feed.sources.map(\.duplicates), [0, 2])
        XCTAssertEqual(feed.sources.map(\.read), [3, 3])
        XCTAssertEqual(feed.duplicates.map(\.index), [0, 1])
        XCTAssertEqual(feed.duplicates.map(\.source), [1, 1])
        XCTAssertEqual(feed.duplicates.map(\.kept), [.source(0), .source(0)])
        XCTAssertEqual(feed.duplicates.map(\.fingerprint.occurrence), [1, 2])
        XCTAssertEqual(feed.duplicates[1].keptIdentity, feed.duplicates[1].fingerprint.text)
    }

    /// An older export still lists as pending what a newer one has booked: the booked record is
    /// the payment, in whichever order the sources come, and the pending one is its duplicate.
    /// (The first in source order once stayed: the pending copy, and the booked one was dropped.)
    func testABookedRecordTakesThePlaceOfThePendingOneItMatches() {
        var older = SourceBuilder()
        older.add("Rent", -90_000, at: septemberFirst - 86_400)
        older.add("Coffee", -400, at: septemberFirst, pending: true)
        older.add("Hotel", -10_000, at: septemberFirst, bankID: "H1", pending: true)
        var newer = SourceBuilder(source: 1)
        newer.add("Coffee", -400, at: septemberFirst)
        newer.add("Hotel", -13_000, at: septemberFirst + 3 * 86_400, bankID: "H1")
        for sources in [[older, newer], [newer, older]] {
            let outcomes = sources.enumerated().map { n, builder in
                var builder = builder
                builder.data.accounts[0].source = n
                return builder.outcome(n == 0 ? "first" : "second")
            }
            let feed = Feed(merging: outcomes, dedupe: true)
            XCTAssertEqual(feed.transactions.filter(\.isPending).count, 0, "the booked records stay")
            XCTAssertEqual(feed.transactions.map(\.amountMinor).sorted(), [400, 13_000, 90_000])
            XCTAssertEqual(feed.duplicates.count, 2)
            XCTAssertTrue(feed.duplicates.allSatisfy(\.transaction.isPending), "the pending copies are the duplicates")
            XCTAssertEqual(feed.sources.map(\.read), sources.map(\.data.transactions.count))
            let olderIndex = sources[0].data.transactions.count == 3 ? 0 : 1
            XCTAssertEqual(feed.sources[olderIndex].duplicates, 2)
            XCTAssertEqual(feed.sources[olderIndex].count, 1, "its rent")
            XCTAssertEqual(feed.duplicates.map(\.kept), [.source(1 - olderIndex), .source(1 - olderIndex)])
        }
    }

    func testWithoutDedupeNothingIsDropped() {
        var source = SourceBuilder()
        source.add("Coffee", -300, at: septemberFirst)
        let feed = Feed(merging: [source.outcome("a"), source.outcome("b")])
        XCTAssertEqual(feed.transactions.count, 2)
        XCTAssertFalse(feed.deduplicated)
        XCTAssertTrue(feed.duplicates.isEmpty)
    }

    func testBankIDsMatchEachOtherNotFingerprints() {
        // Two identical coffees with their own FITIDs are two; a repeated FITID is one.
        var first = SourceBuilder(id: "ACCT-1")
        first.add("Coffee", -300, at: septemberFirst, bankID: "F1")
        first.add("Coffee", -300, at: septemberFirst, bankID: "F2")
        var second = SourceBuilder(id: "ACCT-1", source: 1)
        second.add("Coffee", -300, at: septemberFirst, bankID: "F2")
        second.add("Coffee", -300, at: septemberFirst, bankID: "F3")
        let feed = Feed(merging: [first.outcome("a"), second.outcome("b")], dedupe: true)
        XCTAssertEqual(feed.transactions.compactMap { feed.details(of: $0)?.id }.sorted(), ["F1", "F2", "F3"])
        XCTAssertEqual(feed.duplicates.map(\.keptIdentity), ["F2"])
    }

    /// An id two booked records of one statement share is no bank id (PostFinance's `NONREF`,
    /// a `Reference` column of payment texts): both stay, told apart by their fingerprints, and
    /// a later statement's copies still match them by fingerprint. A pending record and the
    /// booked one of its id are one payment still.
    func testAnIdSharedWithinAStatementIdentifiesNeither() {
        var march = SourceBuilder(id: "ACCT-1")
        march.add("Rent", -80_000, at: septemberFirst, bankID: "RENT")
        march.add("Rent", -85_000, at: septemberFirst + 30 * 86_400, bankID: "RENT")
        march.add("Hotel", -10_000, at: septemberFirst, bankID: "H1", pending: true)
        march.add("Hotel", -13_000, at: septemberFirst + 86_400, bankID: "H1")
        var overlap = SourceBuilder(id: "ACCT-1", source: 1)
        overlap.add("Rent", -85_000, at: septemberFirst + 30 * 86_400, bankID: "RENT")
        let feed = Feed(merging: [march.outcome("march"), overlap.outcome("overlap")], dedupe: true)
        XCTAssertEqual(feed.transactions.map(\.amountMinor).sorted(), [13_000, 80_000, 85_000])
        XCTAssertEqual(feed.sharedBankIDs, [Feed.SharedBankIDs(account: 0, records: 2, ids: ["RENT"])])
        XCTAssertEqual(feed.duplicates.count, 2, "the pending hotel, and the overlap's rent by its fingerprint")
        XCTAssertEqual(feed.sources.map(\.duplicates), [1, 1])
        XCTAssertEqual(feed.transactions.compactMap { feed.details(of: $0)?.id }, ["H1"])
        // A hotel's hold and its booking beside the tax booked under the same id: the hold and
        // the booking of its amount keep the id, and the booking replaces the hold.
        var hotel = SourceBuilder(id: "ACCT-2")
        hotel.add("Hotel", -12_000, at: septemberFirst, bankID: "H", pending: true)
        hotel.add("Hotel", -12_000, at: septemberFirst + 2 * 86_400, bankID: "H")
        hotel.add("HotelTax", -1_200, at: septemberFirst + 2 * 86_400, bankID: "H")
        let stay = Feed(merging: [hotel.outcome("hotel")], dedupe: true)
        XCTAssertEqual(stay.transactions.map(\.amountMinor).sorted(), [1_200, 12_000])
        XCTAssertFalse(stay.transactions.contains(where: \.isPending))
        XCTAssertEqual(stay.sharedBankIDs, [Feed.SharedBankIDs(account: 0, records: 1, ids: ["H"])])
        // Two holds and their two bookings under one id: two pairs would share it again, so none
        // keeps it; nothing is dropped (the holds stay in sight), least of all the tax's booking.
        var twoHolds = SourceBuilder(id: "ACCT-3")
        twoHolds.add("Hotel", -12_000, at: septemberFirst, bankID: "H", pending: true)
        twoHolds.add("Hotel", -1_200, at: septemberFirst, bankID: "H", pending: true)
        twoHolds.add("Hotel", -12_000, at: septemberFirst + 2 * 86_400, bankID: "H")
        twoHolds.add("HotelTax", -1_200, at: septemberFirst + 2 * 86_400, bankID: "H")
        let both = Feed(merging: [twoHolds.outcome("two")], dedupe: true)
        XCTAssertEqual(both.transactions.count, 4)
        XCTAssertEqual(both.duplicates.count, 0)
        // Two holds alone under one id are two holds.
        var holds = SourceBuilder(id: "ACCT-4")
        holds.add("Hotel", -12_000, at: septemberFirst, bankID: "H", pending: true)
        holds.add("HotelTax", -1_200, at: septemberFirst, bankID: "H", pending: true)
        XCTAssertEqual(Feed(merging: [holds.outcome("holds")], dedupe: true).transactions.count, 2)
        // Without --dedupe nothing is compared, and nothing forgotten.
        XCTAssertEqual(Feed(merging: [march.outcome("march")]).sharedBankIDs, [])
    }

    func testABankIDAndAFingerprintMatchOnFingerprints() {
        // The same account as OFX (FITIDs) and as CSV (none): matched on fingerprints, both ways.
        var ofx = SourceBuilder(id: "ACCT-1")
        ofx.add("Coffee", -300, at: septemberFirst, bankID: "F1")
        ofx.add("Coffee", -300, at: septemberFirst, bankID: "F2")
        var csv = SourceBuilder(account: "Checking", id: "ACCT-1", source: 1)
        csv.add("Coffee", -300, at: septemberFirst)
        csv.add("Coffee", -300, at: septemberFirst)
        csv.add("Coffee", -300, at: septemberFirst)
        let feed = Feed(merging: [ofx.outcome("ofx"), csv.outcome("csv")], dedupe: true)
        XCTAssertEqual(feed.transactions.count, 3, "the third coffee is the CSV's own")
        XCTAssertEqual(feed.duplicates.map(\.keptIdentity), ["F1", "F2"])

        // CSV first: its three stay, and the OFX copies go, each pointing at a fingerprint.
        var csvFirst = SourceBuilder(account: "Checking", id: "ACCT-1")
        for _ in 0..<3 { csvFirst.add("Coffee", -300, at: septemberFirst) }
        var ofxSecond = SourceBuilder(id: "ACCT-1", source: 1)
        ofxSecond.add("Coffee", -300, at: septemberFirst, bankID: "F1")
        ofxSecond.add("Coffee", -300, at: septemberFirst, bankID: "F2")
        let reversed = Feed(merging: [csvFirst.outcome("csv"), ofxSecond.outcome("ofx")], dedupe: true)
        XCTAssertEqual(reversed.transactions.count, 3)
        XCTAssertEqual(reversed.duplicates.map(\.source), [1, 1])
        XCTAssertEqual(reversed.duplicates.map { $0.keptIdentity.prefix(3) }, ["fp:", "fp:"])
        XCTAssertEqual(reversed.duplicates.map(\.fingerprint.occurrence), [1, 2])
    }

    func testOtherAccountsNeverMatch() {
        var checking = SourceBuilder(account: "Checking")
        checking.add("Coffee", -300, at: septemberFirst, bankID: "1")
        var savings = SourceBuilder(account: "Savings", source: 1)
        savings.add("Coffee", -300, at: septemberFirst, bankID: "1")
        let feed = Feed(merging: [checking.outcome("a"), savings.outcome("b")], dedupe: true)
        XCTAssertEqual(feed.transactions.count, 2)
        XCTAssertTrue(feed.duplicates.isEmpty)
    }

    func testFingerprintsFollowTheirTransactionsThroughTheSort() {
        var source = SourceBuilder()
        source.add("Old", -100, at: septemberFirst - 86_400)
        source.add("New", -200, at: septemberFirst)
        let feed = Feed(merging: [source.outcome("a")], dedupe: true)
        XCTAssertEqual(feed.transactions.map(\.amountMinor), [200, 100])
        XCTAssertEqual(feed.fingerprints, source.data.fingerprints().reversed())
    }
}
