import XCTest

@testable import TxFeedRules

/// `rules suggest`'s grouping by clean payee, its order, the match each draft gets, and the
/// draft text, which must not load until its category is filled in.
final class RuleSuggestionsTests: XCTestCase {
    private func card(_ vendor: String, _ minor: Int64) -> RuleRecord {
        RuleRecord(vendor: vendor, amountMinor: minor, scale: 2, account: "card", source: "us-card")
    }

    private var records: [RuleRecord] {
        [
            card("STARBUCKS STORE 08812", -625),
            card("UBER *TRIP HELP.UBER.COM", -1840),
            card("STARBUCKS STORE 01234 SEATTLE WA", -480),
            card("Starbucks Store 08812", -625),
            card("UBER *EATS", -2210),
            card("SPOTIFY USA", -1099),
            card("PAYPAL *SPOTIFY", -1099),
            card("STARBUCKS STORE 08812", -625),
        ]
    }

    func testGroupsByCleanPayeeBiggestFirst() {
        let s = RuleSuggestions(records: records)
        XCTAssertEqual(s.groups.map(\.name), ["Starbucks", "Spotify", "Uber"])
        XCTAssertEqual(s.groups.map(\.records.count), [4, 2, 2])
        XCTAssertEqual(s.records, 8)
        XCTAssertEqual(s.summary(top: 2), "8 uncategorised records in 3 groups; drafts for the top 2 (covering 75%)")
        XCTAssertEqual(s.summary(top: 10), "8 uncategorised records in 3 groups; drafts for the top 3 (covering 100%)")
        XCTAssertEqual(
            RuleSuggestions(records: []).summary(top: 10),
            "0 uncategorised records in 0 groups; drafts for the top 0 (covering 0%)")
    }

    func testTheMatchIsTextEveryRecordContains() {
        let s = RuleSuggestions(records: records)
        XCTAssertEqual(RuleSuggestions.match(s.groups[0]), "\"Starbucks\"")
        XCTAssertEqual(RuleSuggestions.match(s.groups[1]), "\"Spotify\"")
        // Cleaned apart from spaces no record has: the longest text they share.
        let spaced = RuleSuggestions(records: [card("JOES  PIZZA #12", -900), card("JOES PIZZA #14", -1200)])
        XCTAssertEqual(spaced.groups.map(\.name), ["Joes Pizza"])
        XCTAssertEqual(RuleSuggestions.match(spaced.groups[0]), "\"pizza\"")
    }

    func testTheDraftText() throws {
        let s = RuleSuggestions(records: records)
        let draft = s.draft(top: 1)
        XCTAssertTrue(
            draft.hasSuffix(
                """

                [[rule]]
                name = "Starbucks"
                match = { vendor = "Starbucks" }
                category = ""  # 4 records: fill in, e.g. "Expenses:…"

                  [[rule.example]]
                  vendor = "STARBUCKS STORE 08812"
                  amount = "-6.25"

                  [[rule.example]]
                  vendor = "STARBUCKS STORE 01234 SEATTLE WA"
                  amount = "-4.80"

                """), draft)
        XCTAssertThrowsError(try RuleSet.parse(draft, file: "drafts.toml")) { error in
            XCTAssertEqual(
                "\(error)", "drafts.toml:8: rule 1 (\"Starbucks\"): category must be a non-empty string")
        }
        let filled = draft.replacingOccurrences(of: "category = \"\"", with: "category = \"Expenses:Eating Out\"")
        let set = try RuleSet.parse(filled, file: "drafts.toml")
        XCTAssertEqual(set.testExamples().failures, [])
        XCTAssertEqual(set.testExamples().examples, 2)
    }

    func testQuotingAndAmounts() {
        XCTAssertEqual(RuleSuggestions.quoted("JOE'S \"BEST\" \\ BURGERS\t"), "\"JOE'S \\\"BEST\\\" \\\\ BURGERS\\t\"")
        XCTAssertEqual(RuleSuggestions.quoted("a\u{1}b"), "\"a\\u0001b\"")
        XCTAssertEqual(RuleSuggestions.amountText(-5, scale: 2), "-0.05")
        XCTAssertEqual(RuleSuggestions.amountText(120_000, scale: 2), "1200.00")
        XCTAssertEqual(RuleSuggestions.amountText(-1500, scale: 0), "-1500")
        XCTAssertEqual(RuleSuggestions.amountText(7, scale: 3), "0.007")
    }
}
