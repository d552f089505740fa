import TxFeedModel
import XCTest

@testable import TxFeedRules

/// A rules file's mistakes are usage errors that name the file and a line: TOML's own for
/// syntax, the rule's `[[rule]]` header (with its number and name) for the rest.
final class RulesFileErrorTests: XCTestCase {
    private func error(_ text: String) -> String? {
        do {
            _ = try RuleSet.parse(text, file: "bank.toml")
            return nil
        } catch {
            return error.description
        }
    }

    func testASyntaxErrorNamesItsLineAndColumn() throws {
        let message = try XCTUnwrap(error("[[rule]]\nname = \"a\"\nmatch = { vendor = \"x\" \ncategory = \"A\"\n"))
        XCTAssertTrue(message.hasPrefix("bank.toml:3:"), message)
    }

    func testUnknownKeysAreNamedWithWhatIsValid() {
        XCTAssertEqual(error("rules = 1"), "bank.toml: unknown key 'rules'; valid keys: rule, accounts")
        XCTAssertEqual(
            error("# first\n\n[[rule]]\nname = \"coffee\"\nmatch = { vendor = \"x\" }\ncolour = \"red\""),
            "bank.toml:3: rule 1 (\"coffee\"): unknown key 'colour'; valid keys: name, match, category, vendor, memo, tags, skip, stop, example, counterexample"
        )
    }

    func testAConditionOnAFieldThatDoesNotExistNamesTheRule() {
        XCTAssertEqual(
            error(
                "[[rule]]\nmatch = { vendor = \"a\" }\ntags = [\"t\"]\n\n[[rule]]\nname = \"pay\"\nmatch = { payee = \"x\" }\ntags = [\"t\"]"
            ),
            "bank.toml:5: rule 2 (\"pay\"): match: unknown condition 'payee'; conditions: vendor, vendor_regex, memo, memo_regex, id, id_regex, account, account_regex, source, source_regex, currency, currency_regex, amount, status, transfer, day, weekday, any, not"
        )
        XCTAssertEqual(
            error("[[rule]]\nmatch = { not = { vendr = \"x\" } }\ntags = [\"t\"]"),
            "bank.toml:1: rule 1: match.not: unknown condition 'vendr'; conditions: vendor, vendor_regex, memo, memo_regex, id, id_regex, account, account_regex, source, source_regex, currency, currency_regex, amount, status, transfer, day, weekday, any, not"
        )
    }

    func testARegexThatDoesNotCompile() {
        XCTAssertEqual(
            error("[[rule]]\nname = \"amazon\"\nmatch = { vendor_regex = 'AMZN(' }\nvendor = \"Amazon\""),
            "bank.toml:1: rule 1 (\"amazon\"): match.vendor_regex: 'AMZN(' is not a regular expression that compiles")
    }

    func testActionsAreChecked() {
        XCTAssertEqual(
            error("[[rule]]\nmatch = { vendor = \"a\" }\nvendor = \"$1\""),
            "bank.toml:1: rule 1: vendor uses $1, but the match has no regular expression (vendor_regex …)")
        XCTAssertEqual(
            error("[[rule]]\nmatch = { vendor_regex = 'a(b)' }\nvendor = \"$2\""),
            "bank.toml:1: rule 1: vendor uses $2, but the first regular expression has 1 group")
        XCTAssertEqual(
            error("[[rule]]\nmatch = { vendor = \"a\" }\ncategory = \"Expenses::Food\""),
            "bank.toml:1: rule 1: category 'Expenses::Food' is not a colon path such as Expenses:Groceries")
        XCTAssertEqual(
            error("[[rule]]\nmatch = { vendor = \"a\" }\nskip = true"),
            "bank.toml:1: rule 1: skip must give its reason, such as skip = \"transfer between own accounts\"")
        XCTAssertEqual(
            error("[[rule]]\nmatch = { vendor = \"a\" }"),
            "bank.toml:1: rule 1: does nothing: give it category, vendor, memo, tags, skip or stop")
        XCTAssertEqual(
            error("[[rule]]\ncategory = \"A\""),
            "bank.toml:1: rule 1: no match: a rule needs conditions (match = {} applies to every record)")
        XCTAssertEqual(
            error("[[rule]]\nmatch = { amount = \"about 5\" }\ncategory = \"A\""),
            "bank.toml:1: rule 1: match.amount must be an amount such as \"-4.50\", \"< 0\", \">= 100\" or \"10..50\", not \"about 5\""
        )
    }

    /// A range the wrong way round, a wrong `[accounts]` value, `rule` that is no table: each
    /// named with its line, the range as running backwards (RULES.md, Mistakes).
    func testMistakesOutsideARulesConditionsNameTheirLine() {
        XCTAssertEqual(
            error("[[rule]]\nmatch = { amount = \"50..10\" }\ncategory = \"A\""),
            "bank.toml:1: rule 1: match.amount \"50..10\" runs backwards: write the smaller amount first")
        XCTAssertEqual(
            error("# accounts\n[accounts]\n\"Main\" = \"Assets:Bank:Main\"\n\"Acc1\" = \"Assets:: X \"\n"),
            "bank.toml:4: accounts: 'Acc1' must be a colon path such as \"Assets:Bank:Checking\"")
        XCTAssertEqual(error("\n\nrule = 5\n"), "bank.toml:3: rules are [[rule]] tables, one after another")
    }

    func testAFileThatCannotBeReadIsNamed() {
        XCTAssertThrowsError(try RuleSet.load(files: ["/nonexistent/rules.toml"])) { error in
            XCTAssertEqual(
                (error as? UsageError)?.description, "--rules /nonexistent/rules.toml: No such file or directory")
        }
    }

    func testFilesRulesFollowInOrder() throws {
        let folder = NSTemporaryDirectory() + "rules-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "[[rule]]\nmatch = { vendor = \"a\" }\ncategory = \"First:A\"".write(
            toFile: folder + "/1.toml", atomically: true, encoding: .utf8)
        try "[[rule]]\nmatch = {}\ncategory = \"Second:Any\"\n[accounts]\n\"Everyday\" = \"Assets:Bank\"".write(
            toFile: folder + "/2.toml", atomically: true, encoding: .utf8)
        let set = try RuleSet.load(files: [folder + "/1.toml", folder + "/2.toml"])
        XCTAssertEqual(set.apply(to: RuleRecord(vendor: "a")).category, "First:A")
        XCTAssertEqual(set.apply(to: RuleRecord(vendor: "b")).category, "Second:Any")
        XCTAssertEqual(set.accounts, ["Everyday": "Assets:Bank"])
        XCTAssertEqual(set.rules.map(\.file), [folder + "/1.toml", folder + "/2.toml"])
    }
}
