import XCTest

@testable import TxFeedRules

/// `rules check`: each finding, what is not one, and the notes.
final class RuleCheckTests: XCTestCase {
    private func check(_ text: String) throws -> RuleSet.CheckReport {
        try RuleSet.parse(text, file: "rules.toml").check()
    }

    func testAStopRuleMatchingEverythingHidesEveryLaterRule() throws {
        let report = try check(
            """
            [[rule]]
            name = "all"
            match = {}
            category = "Expenses:Other"
            stop = true

            [[rule]]
            name = "coffee"
            match = { vendor = "pret" }
            category = "Expenses:Coffee"
            """)
        XCTAssertEqual(
            report.findings,
            [
                #"rules.toml:7: rule 2 ("coffee"): can never fire: rule 1 ("all") at rules.toml:1 matches every record it could and stops them"#
            ])
    }

    func testAnEarlierSkipWithFewerContainsConditionsHidesALaterRule() throws {
        let report = try check(
            """
            [[rule]]
            match = { vendor = "transfer" }
            skip = "own accounts"

            [[rule]]
            match = { vendor = "transfer to savings", amount = "< 0" }
            category = "Assets:Savings"
            """)
        XCTAssertEqual(
            report.findings,
            [
                "rules.toml:5: rule 2: can never fire: rule 1 at rules.toml:1 matches every record it could and skips them"
            ])
    }

    func testRulesThatCanStillFireAreNotFindings() throws {
        // No stop; a stop rule with more conditions; a narrower amount; a list one of whose texts escapes.
        let report = try check(
            """
            [[rule]]
            match = {}
            tags = ["all"]

            [[rule]]
            match = { vendor = "pret", amount = "< 0" }
            category = "Expenses:Coffee"
            stop = true

            [[rule]]
            match = { vendor = "pret" }
            category = "Income:Refunds"

            [[rule]]
            match = { vendor = "shell", amount = "-50..-10" }
            category = "Expenses:Fuel"
            stop = true

            [[rule]]
            match = { vendor = "shell", amount = "< 0" }
            category = "Expenses:Fuel"

            [[rule]]
            match = { vendor = ["pret a manger", "costa"], amount = "-5" }
            category = "Expenses:Coffee"
            """)
        XCTAssertEqual(report.findings, [])
    }

    func testAmountRangesAndListsAreDecided() throws {
        let report = try check(
            """
            [[rule]]
            match = { vendor = ["pret", "costa"], amount = "< 0" }
            category = "Expenses:Coffee"
            stop = true

            [[rule]]
            match = { vendor = ["PRET A MANGER", "costa coffee"], amount = "-10..-1" }
            category = "Expenses:Coffee"

            [[rule]]
            match = { vendor = "costa", amount = "<= 0" }
            category = "Expenses:Coffee"
            """)
        XCTAssertEqual(report.findings.count, 1, "\(report.findings)")
        XCTAssertTrue(report.findings[0].hasPrefix("rules.toml:6: rule 2: can never fire: rule 1"), report.findings[0])
    }

    func testACategoryDifferingOnlyInCaseOrSpacingIsNamed() throws {
        let report = try check(
            """
            [[rule]]
            name = "tesco"
            match = { vendor = "tesco" }
            category = "Expenses:Groceries"

            [[rule]]
            name = "aldi"
            match = { vendor = "aldi" }
            category = "Expenses:Groceries"

            [[rule]]
            name = "lidl"
            match = { vendor = "lidl" }
            category = "Expenses:groceries"

            [[rule]]
            name = "pret"
            match = { vendor = "pret" }
            category = "Expenses:Eating Out"

            [[rule]]
            name = "costa"
            match = { vendor = "costa" }
            category = "Expenses:EatingOut"
            """)
        XCTAssertEqual(
            report.findings,
            [
                #"rules.toml:11: rule 3 ("lidl"): category "Expenses:groceries" differs only in case or spacing from "Expenses:Groceries" (rule 1 ("tesco") at rules.toml:1)"#,
                #"rules.toml:21: rule 5 ("costa"): category "Expenses:EatingOut" differs only in case or spacing from "Expenses:Eating Out" (rule 4 ("pret") at rules.toml:16)"#,
            ])
    }

    func testACategoryOutsideTheFiveTopLevelsIsNamed() throws {
        let report = try check(
            """
            [[rule]]
            match = { vendor = "tesco" }
            category = "Food:Groceries"

            [[rule]]
            match = { vendor_regex = '^(\\w+)' }
            category = "$1:Other"

            [[rule]]
            match = { vendor = "salary" }
            category = "Income:Salary"
            """)
        XCTAssertEqual(
            report.findings,
            [
                #"rules.toml:1: rule 1: category "Food:Groceries" is not under Expenses, Income, Assets, Liabilities, Equity (a journal needs one of them)"#
            ])
    }

    func testARuleWithoutExamplesIsANoteNotAFinding() throws {
        let report = try check(
            """
            [[rule]]
            match = { vendor = "tesco" }
            category = "Expenses:Groceries"

              [[rule.example]]
              vendor = "TESCO"

            [[rule]]
            name = "pret"
            match = { vendor = "pret" }
            category = "Expenses:Coffee"
            """)
        XCTAssertEqual(report.findings, [])
        XCTAssertEqual(
            report.notes, [#"rules.toml:8: rule 2 ("pret"): no examples: rules test cannot show it matches anything"#])
    }

    func testAmountContainment() throws {
        func test(_ text: String) -> AmountTest { AmountTest(parsing: text)! }
        XCTAssertTrue(test("< 0").contains(test("-10..-1")))
        XCTAssertTrue(test("< 0").contains(test("< 0")))
        XCTAssertFalse(test("< 0").contains(test("<= 0")))
        XCTAssertTrue(test("<= 0").contains(test("< 0")))
        XCTAssertTrue(test("-10..10").contains(test("-4.50")))
        XCTAssertFalse(test("-10..10").contains(test("> 0")))
        XCTAssertTrue(test(">= 0").contains(test("> 0")))
        XCTAssertFalse(test("> 0").contains(test("0..5")))
    }
}
