import XCTest

@testable import TxFeedModel

/// Issue 43: a booked record replaces the pending one an earlier run remembered, by bank id or
/// by payee, day and amount, once each; what is never booked is dropped after the window.
final class PendingMatcherTests: XCTestCase {
    let day = TransactionDate.days(ofUnixSeconds: septemberFirst)
    let account = "nEveryday Checking"

    private func remembered(
        _ row: Int64, _ vendor: String, _ minor: Int64, daysBefore: Int64 = 1, bankID: String? = nil,
        account: String? = nil
    ) -> RememberedPending {
        RememberedPending(
            row: row, batch: 1, accountKey: account ?? self.account, key: row, bankID: bankID, vendor: vendor,
            day: day - daysBefore, signedMinor: minor)
    }

    private func settle(_ source: SourceBuilder, _ open: [RememberedPending], tolerance: Int = 0, today: Int64? = nil)
        -> (feed: Feed, settlement: PendingSettlement)
    {
        let feed = Feed(merging: [source.outcome("now")])
        return (
            feed, PendingMatcher.settle(feed, open: open, window: 10, tolerancePercent: tolerance, today: today ?? day)
        )
    }

    func testTheBankIDDecidesWhateverTheAmount() throws {
        var now = SourceBuilder()
        now.add("SHELL OIL", -4_510, at: septemberFirst, bankID: "P-9")
        var feed = Feed(merging: [now.outcome("now")])
        feed.settlePending(
            [remembered(1, "SHELL OIL 57444", -100, bankID: "P-9")], window: 10, tolerancePercent: 0, today: day)
        XCTAssertEqual(feed.pending?.bookings.map(\.evidence), ["bank id"])
        var rows = feed.rows()
        XCTAssertEqual(try rows.next()?.replaces?.row, 1, "the sinks see what it replaced")
    }

    func testWithoutAnIDThePayeeTheDayAndTheToleranceDecide() {
        var now = SourceBuilder()
        now.add("SQ *BLUE BOTTLE COFFEE SF CA", -1_150, at: septemberFirst)
        let open = [remembered(1, "SQ *BLUE BOTTLE", -1_000, daysBefore: 2)]
        XCTAssertEqual(settle(now, open).settlement.bookings, [], "exact by default: 11.50 is not 10.00")
        let (_, settlement) = settle(now, open, tolerance: 20)
        XCTAssertEqual(settlement.bookings.map(\.evidence), ["payee, 2 days later, amount -1.50"])
        XCTAssertEqual(settle(now, open, tolerance: 10).settlement.bookings, [], "15 % is outside 10 %")
    }

    func testAnotherPayeeADayOutsideTheWindowOrMoneyTheOtherWayIsNoMatch() {
        var now = SourceBuilder()
        now.add("Coffee", -300, at: septemberFirst)
        let open = [
            remembered(1, "Tea House", -300),
            remembered(2, "Coffee", -300, daysBefore: 11),
            remembered(3, "Coffee", 300),
            remembered(4, "Coffee", -300, daysBefore: -1),
            remembered(5, "Coffee", -300, account: "nSavings"),
        ]
        XCTAssertEqual(settle(now, open).settlement.bookings, [])
    }

    /// Both ends of the window hold (the same day, 10 days before) among many holds of the same
    /// amount outside it: the lookup by amount and day finds exactly those two.
    func testTheWindowsEndsHoldAmongManyHoldsOfTheSameAmount() {
        var now = SourceBuilder()
        for _ in 0..<2 { now.add("Coffee", -300, at: septemberFirst) }
        var open = (0..<40).map { remembered(100 + Int64($0), "Coffee", -300, daysBefore: 11 + Int64($0)) }
        open += (0..<40).map { remembered(200 + Int64($0), "Coffee", -300, daysBefore: -1 - Int64($0)) }
        open.insert(remembered(1, "Coffee", -300, daysBefore: 10), at: 30)
        open.insert(remembered(2, "Coffee", -300, daysBefore: 0), at: 60)
        let (_, settlement) = settle(now, open.reversed())
        XCTAssertEqual(settlement.bookings.map(\.pending.row), [2, 1], "the nearest day first")
        XCTAssertEqual(settle(now, open, tolerance: 5).settlement.bookings.map(\.pending.row), [2, 1])
    }

    func testTwoEqualCoffeesBookAsTwoAndAThirdIsNew() {
        var now = SourceBuilder()
        for _ in 0..<3 { now.add("Coffee", -300, at: septemberFirst) }
        let (_, settlement) = settle(now, [remembered(1, "Coffee", -300), remembered(2, "Coffee", -300)])
        XCTAssertEqual(settlement.bookings.map(\.pending.row).sorted(), [1, 2])
        XCTAssertEqual(Set(settlement.bookings.map(\.position)).count, 2)
    }

    func testTheNearestAmountThenTheNearestDayWins() {
        var now = SourceBuilder()
        now.add("Hotel Adlon", -12_000, at: septemberFirst)
        let open = [
            remembered(1, "Hotel Adlon", -10_000, daysBefore: 1), remembered(2, "Hotel Adlon", -11_500, daysBefore: 5),
            remembered(3, "Hotel Adlon", -11_500, daysBefore: 3),
        ]
        XCTAssertEqual(settle(now, open, tolerance: 25).settlement.bookings.map(\.pending.row), [3])
    }

    func testAPendingRecordSeenAgainIsNotNewAndTheRestAreDroppedOnlyPastTheWindowInTheRunsAccounts() {
        var now = SourceBuilder()
        now.add("Hotel", -9_000, at: septemberFirst, bankID: "H1", pending: true)
        now.add("Taxi", -2_000, at: septemberFirst, pending: true)
        let hotel = IdentityKey.of(bankID: "H1")
        var open = [
            RememberedPending(
                row: 1, batch: 1, accountKey: account, key: hotel, bankID: "H1", vendor: "Hotel", day: day - 30,
                signedMinor: -9_000),
            remembered(2, "Cinema", -1_200, daysBefore: 11), remembered(3, "Cinema", -1_200, daysBefore: 10),
        ]
        open.append(remembered(4, "Cinema", -1_200, daysBefore: 30, account: "nSavings"))
        let (_, settlement) = settle(now, open)
        XCTAssertEqual(settlement.again.map(\.row), [1], "still pending: not dropped however old")
        XCTAssertEqual(settlement.new.count, 1, "the taxi")
        XCTAssertEqual(settlement.dropped.map(\.row), [2], "10 days is inside the window; savings is not in the run")
        XCTAssertTrue(settlement.changesState)
    }

    /// The lookup by payee and nearest amount picks what comparing every booked record with every
    /// open hold picks (the rule as the type's comment states it), over random holds and bookings:
    /// payees that agree by their first words or only share one, amounts both ways, days in and out
    /// of the window, holds equal in everything but their row, and a bank id now and then.
    func testTheIndexedLookupPicksWhatComparingEveryHoldPicks() {
        var random = SystemRandomNumberGenerator()
        let payees = ["UBER", "UBER TRIP", "UBER TRIP HELP.UBER.COM", "UBER EATS", "Coffee", "Coffee Bar", "Tea"]
        for round in 0..<60 {
            let tolerance = [0, 5, 20, 100][round % 4]
            var open: [RememberedPending] = []
            for row in 0..<Int64.random(in: 1...40, using: &random) {
                let minor = Int64.random(in: 1...12, using: &random) * 25 * (Bool.random(using: &random) ? -1 : 1)
                open.append(
                    remembered(
                        row, payees.randomElement(using: &random)!, minor,
                        daysBefore: Int64.random(in: -2...14, using: &random),
                        bankID: Int.random(in: 0..<8, using: &random) == 0 ? "B\(row % 3)" : nil))
            }
            open.shuffle(using: &random)
            var now = SourceBuilder()
            for _ in 0..<Int.random(in: 1...40, using: &random) {
                let minor = Int64.random(in: 1...12, using: &random) * 25 * (Bool.random(using: &random) ? -1 : 1)
                now.add(
                    payees.randomElement(using: &random)!, minor,
                    at: septemberFirst - Int64.random(in: 0...3, using: &random) * 86_400,
                    bankID: Int.random(in: 0..<8, using: &random) == 0
                        ? "B\(Int.random(in: 0..<3, using: &random))" : nil)
            }
            let (feed, settlement) = settle(now, open, tolerance: tolerance)
            XCTAssertEqual(
                settlement.bookings.map { [$0.position, Int($0.pending.row)] },
                everyHold(feed, open, tolerance: tolerance), "round \(round), tolerance \(tolerance)")
        }
    }

    /// The rule applied the plain way: each booked record, oldest first, against every open hold.
    private func everyHold(_ feed: Feed, _ open: [RememberedPending], tolerance: Int) -> [[Int]] {
        var taken = Set<Int>()
        var matched: [[Int]] = []
        let booked = feed.transactions.indices.filter { !feed.transactions[$0].isPending }.sorted {
            (feed.transactions[$0].unixSeconds, $0) < (feed.transactions[$1].unixSeconds, $1)
        }
        for position in booked {
            let t = feed.transactions[position]
            let day = TransactionDate.days(ofUnixSeconds: t.unixSeconds)
            let free = open.indices.filter { !taken.contains($0) && open[$0].accountKey == account }
            if let id = feed.details(of: t)?.id, let same = free.first(where: { open[$0].bankID == id }) {
                taken.insert(same)
                matched.append([position, Int(open[same].row)])
                continue
            }
            let payee = PayeeKey(feed.vendors.name(of: t.vendor))
            let best = free.filter { n in
                (open[n].signedMinor < 0) == (t.signedMinor < 0) && open[n].day <= day && open[n].day >= day - 10
                    && PendingMatcher.within(t.signedMinor, of: open[n].signedMinor, percent: tolerance)
                    && payee.agrees(with: PayeeKey(open[n].vendor))
            }.min { a, b in
                (abs(t.signedMinor - open[a].signedMinor), day - open[a].day, open[a].row)
                    < (abs(t.signedMinor - open[b].signedMinor), day - open[b].day, open[b].row)
            }
            if let best {
                taken.insert(best)
                matched.append([position, Int(open[best].row)])
            }
        }
        return matched
    }
}
