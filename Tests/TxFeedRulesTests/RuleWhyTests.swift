import XCTest

@testable import TxFeedRules

/// `rules why`: the way of one record through the rules, and that it ends where `apply` ends.
final class RuleWhyTests: XCTestCase {
    private let text = #"""
        [[rule]]
        name = "card"
        match = { vendor = "transfer" }
        skip = "own accounts"

        [[rule]]
        name = "coffee"
        match = { vendor_regex = '^(pret)', amount = "< 0" }
        vendor = "Pret"
        category = "Expenses:Coffee"
        tags = ["food"]

        [[rule]]
        name = "food"
        match = { amount = "-10..0", not = { memo = "refund" } }
        category = "Expenses:Food"
        tags = ["food", "small"]
        stop = true

        [[rule]]
        name = "rest"
        match = {}
        category = "Expenses:Other"
        """#

    func testTheWayThroughEachRuleWhatItSetAndWhereStopEndedIt() throws {
        let set = try RuleSet.parse(text, file: "r.toml")
        let record = RuleRecord(vendor: "PRET A MANGER", amountMinor: -450, scale: 2)
        let trace = set.trace(record)
        XCTAssertEqual(
            trace.lines,
            [
                #"record: vendor "PRET A MANGER", amount -4.50, booked"#,
                #"rule 1 ("card") at r.toml:1: no: vendor "PRET A MANGER" does not contain "transfer""#,
                #"rule 2 ("coffee") at r.toml:6: matched: vendor matches '^(pret)'; amount -4.50 < 0"#,
                #"  sets category "Expenses:Coffee""#,
                #"  sets vendor "Pret""#,
                #"  adds tag "food""#,
                #"rule 3 ("food") at r.toml:13: matched: amount -4.50 in -10..0; not: its table does not hold"#,
                #"  category "Expenses:Food" not set: rule 2 ("coffee") set it first"#,
                #"  tag "food" already there"#,
                #"  adds tag "small""#,
                "  stop: no later rule applies",
                "1 later rule not tried",
                #"result: category "Expenses:Coffee", vendor "Pret", tags "food", "small", memo none"#,
            ])
        XCTAssertEqual(trace.outcome, set.apply(to: record))
    }

    func testAFailedRuleNamesItsFirstFailedConditionAndASkipEndsTheWay() throws {
        let set = try RuleSet.parse(text, file: "r.toml")
        let big = set.trace(RuleRecord(vendor: "PRET", memo: "refund", amountMinor: 2000, scale: 2))
        XCTAssertEqual(big.steps.map(\.matched), [false, false, false, true])
        XCTAssertEqual(big.steps[1].conditions, ["amount 20.00 is not < 0"])
        XCTAssertEqual(big.steps[2].conditions, ["amount 20.00 is not in -10..0"])
        XCTAssertEqual(
            big.lines.last,
            #"result: category "Expenses:Other", vendor "PRET" (the bank's), tags none, memo "refund" (the bank's)"#)
        let skipped = set.trace(RuleRecord(vendor: "TRANSFER TO SAVINGS", amountMinor: -100, scale: 2))
        XCTAssertEqual(skipped.steps.count, 1)
        XCTAssertEqual(skipped.untried, 3)
        XCTAssertEqual(
            skipped.lines.suffix(3),
            ["  skip: own accounts", "3 later rules not tried", "result: skipped: own accounts"])
        XCTAssertEqual(
            skipped.outcome, set.apply(to: RuleRecord(vendor: "TRANSFER TO SAVINGS", amountMinor: -100, scale: 2)))
    }

    /// `vendor = "clean"` shows the cleaned vendor, as a run writes it, not the word `clean`.
    func testTheCleanerShowsWhatItMakesOfTheVendor() throws {
        let set = try RuleSet.parse(
            "[[rule]]\nname = \"tidy\"\nmatch = { vendor = \"spotify\" }\nvendor = \"clean\"\n", file: "r.toml")
        let record = RuleRecord(vendor: "PAYPAL *SPOTIFY", amountMinor: -999, scale: 2)
        let trace = set.trace(record)
        XCTAssertEqual(trace.outcome, set.apply(to: record))
        XCTAssertEqual(trace.outcome.vendor, "Spotify")
        XCTAssertTrue(trace.lines.contains(#"  sets vendor "Spotify""#), "\(trace.lines)")
    }
}
