import XCTest

@testable import TxFeedModel

/// The order the transfers pass looks along (``TransferOrder``): packed in one word a record
/// or, when the fields do not fit, sorted by them; and the pass that numbers only the accounts
/// of records with an opposite.
final class TransferOrderTests: XCTestCase {
    /// Records of three currencies (0: none), a few amounts, days over a year (or `days`),
    /// either sign.
    private func records(_ count: Int, seed: UInt64, huge: Bool = false, days: UInt64 = 365, amounts: UInt64 = 40) -> (
        transactions: [Transaction], currencyOf: [Int]
    ) {
        var state = seed
        func next(_ below: UInt64) -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (state >> 33) % below
        }
        let transactions = (0..<count).map { i in
            Transaction(
                unixSeconds: septemberFirst + Int64(next(days)) * 86_400 + Int64(next(86_400)),
                amountMinor: huge && i == count / 2 ? Int64.max / 2 : Int64(next(amounts)) * 25, vendor: 0,
                account: UInt32(next(6)), isDebit: next(2) == 0)
        }
        return (transactions, [0, 1, 2, 3, 1, 2])
    }

    private func entries(_ order: TransferOrder) -> [[Int64]] {
        (0..<order.count).map { n in
            let e = order[n]
            return [Int64(e.currency), e.magnitude, e.day, Int64(e.index)]
        }
    }

    /// What the order must be: the fields compared, then the index.
    private func expected(_ transactions: [Transaction], _ currencyOf: [Int]) -> [[Int64]] {
        transactions.indices.filter { currencyOf[Int(transactions[$0].account)] != 0 }.map { i in
            let t = transactions[i]
            return [
                Int64(currencyOf[Int(t.account)]), t.amountMinor, TransactionDate.days(ofUnixSeconds: t.unixSeconds),
                Int64(i),
            ]
        }.sorted { $0.lexicographicallyPrecedes($1) }
    }

    func testPackedAndFieldSortedOrdersAreTheSameOrder() {
        for seed in 1...5 as ClosedRange<UInt64> {
            let small = records(2_000, seed: seed)
            XCTAssertEqual(entries(TransferOrder(small.0, currencyOf: small.1)), expected(small.0, small.1))
            // One amount of 2^62 minor units leaves no room in a word: the order is by the fields.
            let huge = records(2_000, seed: seed, huge: true)
            XCTAssertEqual(entries(TransferOrder(huge.0, currencyOf: huge.1)), expected(huge.0, huge.1))
        }
        // Past `RadixSort.least`, the packed words are radix sorted.
        let large = records(3 * RadixSort.least, seed: 6)
        XCTAssertEqual(entries(TransferOrder(large.0, currencyOf: large.1)), expected(large.0, large.1))
        XCTAssertEqual(TransferOrder([], currencyOf: []).count, 0)
    }

    /// Sparse amounts (looked at record by record) and dense ones (a few amounts on a few days:
    /// swept) alike.
    func testRecordsWithAnOppositeAreThoseEveryTwoRecordsWouldFindAndKeepKeepsTheOrder() {
        for (days, amounts) in [(365, 40), (6, 2)] as [(UInt64, UInt64)] {
            let (transactions, currencyOf) = records(3_000, seed: 9, days: days, amounts: amounts)
            check(transactions, currencyOf)
        }
        // An amount too large to pack: the order sorted by its fields finds the same.
        let (huge, hugeCurrencies) = records(3_000, seed: 9, huge: true)
        check(huge, hugeCurrencies)
        let (transactions, currencyOf) = records(3_000, seed: 9)
        var order = TransferOrder(transactions, currencyOf: currencyOf)
        order.keep { $0 % 2 == 0 }
        XCTAssertEqual(entries(order), expected(transactions, currencyOf).filter { $0[3] % 2 == 0 })
    }

    private func check(_ transactions: [Transaction], _ currencyOf: [Int]) {
        let order = TransferOrder(transactions, currencyOf: currencyOf)
        for window in [0, 4] as [Int64] {
            let found = order.withOpposite(within: window, groups: 6) {
                (transactions[$0].isDebit, Int(transactions[$0].account))
            }
            // Against looking at every two records of a currency and amount.
            let sorted = expected(transactions, currencyOf)
            var all = Set<Int>()
            for (n, a) in sorted.enumerated() {
                for b in sorted[(n + 1)...] where b[0] == a[0] && b[1] == a[1] && b[2] - a[2] <= window {
                    let (t, u) = (transactions[Int(a[3])], transactions[Int(b[3])])
                    if t.isDebit != u.isDebit && t.account != u.account { all.formUnion([Int(a[3]), Int(b[3])]) }
                }
            }
            XCTAssertEqual(Set(found), all)
            XCTAssertGreaterThan(all.count, 0)
        }
    }

    /// Many records of one amount and day, one sign: none has an opposite, found in linear time
    /// (every two of them were once looked at: 12,000 took 29 s).
    func testManyRecordsOfOneAmountAreSweptNotPaired() {
        let transactions = (0..<200_000).map { i in
            Transaction(
                unixSeconds: septemberFirst, amountMinor: 450, vendor: 0, account: UInt32(i % 2), isDebit: true)
        }
        let found = TransferOrder(transactions, currencyOf: [1, 1]).withOpposite(within: 4, groups: 2) {
            (transactions[$0].isDebit, Int(transactions[$0].account))
        }
        XCTAssertEqual(found, [])
    }

    /// Two feed accounts of one real account (a statement in pages) hold money out and in of
    /// one amount: an opposite by feed account, but no transfer; the third account's is.
    func testOppositesInOneRealAccountAreNoCandidatesAndOthersStillLink() throws {
        var page1 = SourceBuilder(account: "Checking", id: "DE89370400440532013000")
        page1.add("REFUND", 12_500, at: septemberFirst)
        var page2 = SourceBuilder(account: "Checking", id: "DE89370400440532013000")
        page2.add("TRANSFER TO SAVINGS", -12_500, at: septemberFirst + 86_400)
        var savings = SourceBuilder(account: "Savings", id: "DE12500105170648489890")
        savings.add("TRANSFER FROM CHECKING", 12_500, at: septemberFirst + 2 * 86_400)
        var feed = Feed(merging: [page1.outcome("p1"), page2.outcome("p2"), savings.outcome("savings")], dedupe: false)
        XCTAssertTrue(feed.linkTransfers())
        let transfers = try XCTUnwrap(feed.transfers)
        XCTAssertEqual(transfers.ambiguous, [], "the refund, in the debit's own account, is no candidate")
        XCTAssertEqual(transfers.pairs.count, 1)
        let pair = transfers.pairs[0]
        XCTAssertEqual(feed.vendors.name(of: feed.transactions[pair.debit].vendor), "TRANSFER TO SAVINGS")
        XCTAssertEqual(feed.vendors.name(of: feed.transactions[pair.credit].vendor), "TRANSFER FROM CHECKING")
    }
}
