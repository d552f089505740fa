import Foundation
import TxFeedTestSupport
import XCTest

/// `rules check`, `rules why`, `run --explain` and `-v`'s rules that never fired, run for real
/// on the sample statements and rules.
final class RulesExplainTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try temporaryFolder()
    }

    private var bank: String { BuiltProducts.repository + "/samples/bank" }
    private var sample: String { BuiltProducts.repository + "/samples/rules/bank.toml" }

    /// The sample passes with no note (every rule carries an example); a rule without one is a
    /// note on stderr, never a finding.
    func testRulesCheckPassesTheSampleAndNotesARuleWithoutExamples() throws {
        let result = try txfeed("rules", "check", sample)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.output, "\(sample): 14 rules, no findings\n")
        XCTAssertEqual(result.stderr, "")
        let bare = try folder.write(
            "bare.toml",
            "[[rule]]\nname = \"coffee\"\nmatch = { vendor = \"coffee\" }\ncategory = \"Expenses:Eating Out\"\n")
        let noted = try txfeed("rules", "check", bare)
        XCTAssertEqual(noted.status, 0, noted.stderr)
        XCTAssertEqual(noted.output, "\(bare): 1 rule, no findings (1 note)\n")
        XCTAssertEqual(
            noted.stderr,
            "txfeed: note: \(bare):1: rule 1 (\"coffee\"): no examples: rules test cannot show it matches anything\n")
    }

    func testRulesCheckFailsNamingFileLineAndRule() throws {
        let file = try folder.write(
            "lint.toml",
            """
            [[rule]]
            name = "everything"
            match = {}
            category = "Expenses:Other"
            stop = true

              [[rule.example]]
              vendor = "X"

            [[rule]]
            name = "coffee"
            match = { vendor = "pret" }
            category = "expenses:other"

              [[rule.example]]
              vendor = "PRET"

            """)
        let result = try txfeed("rules", "check", file)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.output, "")
        XCTAssertEqual(
            result.stderr,
            """
            txfeed: \(file):10: rule 2 ("coffee"): can never fire: rule 1 ("everything") at \(file):1 matches every record it could and stops them
            txfeed: \(file):10: rule 2 ("coffee"): category "expenses:other" is not under Expenses, Income, Assets, Liabilities, Equity (a journal needs one of them)
            txfeed: \(file):10: rule 2 ("coffee"): category "expenses:other" differs only in case or spacing from "Expenses:Other" (rule 1 ("everything") at \(file):1)
            txfeed: error: 3 findings in 2 rules

            """)
        let unreadable = try folder.write("bad.toml", "[[rule]]\nmatch = { vendor_regex = '(' }\ncategory = \"A:B\"\n")
        let bad = try txfeed("rules", "check", unreadable)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("is not a regular expression that compiles"), bad.stderr)
    }
}

extension RulesExplainTests {
    func testRulesWhyShowsTheWayOfOneRecord() throws {
        let file = try folder.write(
            "why.toml",
            """
            [[rule]]
            name = "groceries"
            match = { vendor = "tesco", amount = "< 0" }
            category = "Expenses:Groceries"
            stop = true

            [[rule]]
            name = "rest"
            match = {}
            category = "Expenses:Other"

            """)
        let result = try txfeed("rules", "why", file, "--vendor", "TESCO STORES 2041", "--amount", "-4.50")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            result.output,
            """
            record: vendor "TESCO STORES 2041", amount -4.50, booked
            rule 1 ("groceries") at \(file):1: matched: vendor contains "tesco"; amount -4.50 < 0
              sets category "Expenses:Groceries"
              stop: no later rule applies
            1 later rule not tried
            result: category "Expenses:Groceries", vendor "TESCO STORES 2041" (the bank's), tags none, memo none

            """)
        let pending = try txfeed(
            "rules", "why", file, "--vendor", "TESCO", "--amount", "4.50", "--status", "pending", "--memo", "back")
        XCTAssertEqual(
            pending.output,
            """
            record: vendor "TESCO", amount 4.50, memo "back", pending
            rule 1 ("groceries") at \(file):1: no: amount 4.50 is not < 0
            rule 2 ("rest") at \(file):7: matched: match = {}
              sets category "Expenses:Other"
            result: category "Expenses:Other", vendor "TESCO" (the bank's), tags none, memo "back" (the bank's)

            """)
        let bad = try txfeed("rules", "why", file, "--vendor", "X", "--amount", "four")
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("--amount must be a signed amount such as -4.50"), bad.stderr)
    }
}

extension RulesExplainTests {
    func testExplainNamesTheRuleOfEachFieldAndIsOtherwiseByteIdentical() throws {
        let explained = try txfeed("run", bank, "--rules", sample, "--explain", "--sink", "ndjson", "-q")
        XCTAssertEqual(explained.status, 0, explained.stderr)
        let lines = explained.output.split(separator: "\n")
        let amazon = try XCTUnwrap(lines.first { $0.contains(#""original_vendor":"AMAZON MKTPL*2K4LM0Q81"#) })
        XCTAssertTrue(
            amazon.hasSuffix(
                #""explain":{"category":"rule 2 (\"Amazon\")","vendor":"rule 2 (\"Amazon\")","memo":null,"tags":{}}}"#),
            String(amazon))
        let tesco = try XCTUnwrap(lines.first { $0.contains(#""vendor":"TESCO STORES 2041""#) })
        XCTAssertTrue(
            tesco.hasSuffix(
                #""explain":{"category":"rule 4 (\"groceries\")","vendor":null,"memo":null,"tags":{"food":"rule 4 (\"groceries\")"}}}"#
            ), String(tesco))
        let transfer = try XCTUnwrap(lines.first { $0.contains(#""vendor":"TRANSFER FROM J SMITH""#) })
        XCTAssertTrue(
            transfer.hasSuffix(#""explain":{"category":null,"vendor":null,"memo":null,"tags":{}}}"#), String(transfer))
        // Without --explain: what the run wrote before, byte for byte, once the explain members are cut.
        let plain = try txfeed("run", bank, "--rules", sample, "--sink", "ndjson", "-q").output
        let cut = lines.map { line -> String in
            let s = String(line)
            return String(s[..<s.range(of: #","explain":"#)!.lowerBound]) + "}"
        }
        XCTAssertEqual(cut.joined(separator: "\n") + "\n", plain)
        XCTAssertFalse(plain.contains("explain"))
        let json = try txfeed("run", bank, "--rules", sample, "--explain", "--sink", "json", "-q")
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        let rows = try XCTUnwrap(document["transactions"] as? [[String: Any]])
        XCTAssertEqual(rows.count, 25)
        XCTAssertTrue(rows.allSatisfy { $0["explain"] is [String: Any] })
    }

    func testExplainWithoutRulesIsAUsageError() throws {
        let result = try txfeed("run", bank, "--explain", "--sink", "ndjson")
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.output, "")
        XCTAssertEqual(result.stderr, "txfeed: error: --explain needs --rules: it names the rule that set each field\n")
    }

    func testVerboseListsTheRulesThatNeverFired() throws {
        let file = try folder.write(
            "fired.toml",
            """
            [[rule]]
            name = "groceries"
            match = { vendor = "tesco" }
            category = "Expenses:Groceries"

            [[rule]]
            name = "parking"
            match = { vendor = "ncp car park" }
            category = "Expenses:Transport"

            """)
        let verbose = try txfeed("run", bank, "--rules", file, "--sink", "ndjson", "-v")
        XCTAssertEqual(verbose.status, 0, verbose.stderr)
        XCTAssertTrue(
            verbose.stderr.contains("txfeed: rules: never fired: rule 2 (\"parking\") in \(file):6\n"), verbose.stderr)
        XCTAssertFalse(verbose.stderr.contains("never fired: rule 1"), verbose.stderr)
        let plain = try txfeed("run", bank, "--rules", file, "--sink", "ndjson")
        XCTAssertFalse(plain.stderr.contains("never fired"), plain.stderr)
    }
}
