import XCTest

@testable import TxFeedRules

/// `rules test`: a rule's examples must match it and its counterexamples must not, each
/// failure named with the rule and the example.
final class RuleExampleTests: XCTestCase {
    private let file = """
        [[rule]]
        name = "coffee"
        match = { vendor = "starbucks", amount = "< 0" }
        category = "Expenses:Coffee"

          [[rule.example]]
          vendor = "STARBUCKS #1234"
          amount = "-4.50"

          [[rule.counterexample]]
          vendor = "STARBUCKS #1234"
          amount = "4.50"
          memo = "refund"

        [[rule]]
        match = { memo_regex = '^rent' }
        category = "Expenses:Rent"

          [[rule.example]]
          memo = "Rent June"
        """

    func testExamplesThatHoldPass() throws {
        let report = try RuleSet.parse(file, file: "bank.toml").testExamples()
        XCTAssertEqual(report.failures, [])
        XCTAssertEqual([report.rules, report.examples, report.counterexamples], [2, 2, 1])
    }

    func testEachFailureNamesTheRuleAndTheExample() throws {
        let broken =
            file
            .replacingOccurrences(of: "amount = \"4.50\"", with: "amount = \"-4.50\"")
            .replacingOccurrences(of: "memo = \"Rent June\"", with: "memo = \"June rent\"")
        let report = try RuleSet.parse(broken, file: "bank.toml").testExamples()
        XCTAssertEqual(
            report.failures,
            [
                #"bank.toml: rule 1 ("coffee"): counterexample 1 (vendor "STARBUCKS #1234", memo "refund", amount -4.50) matches"#,
                #"bank.toml: rule 2: example 1 (memo "June rent") does not match"#,
            ])
    }
}
