import Foundation
import TxFeedTestSupport
import XCTest

/// `txfeed rules suggest` on the sample statements, for real: the drafts, the count line, a
/// draft that does not load until its category is filled in and then passes `rules test`, and
/// `vendor = "clean"` in a run.
final class RulesSuggestTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try temporaryFolder()
    }

    private var bank: String { BuiltProducts.repository + "/samples/bank" }
    private var sample: String { BuiltProducts.repository + "/samples/rules/bank.toml" }

    func testSuggestOnTheSampleStatements() throws {
        let result = try txfeed("rules", "suggest", bank, "--top", "2")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.output.contains(
                """

                [[rule]]
                name = "Amazon Mktpl"
                match = { vendor = "Amazon Mktpl" }
                category = ""  # 1 record: fill in, e.g. "Expenses:…"

                  [[rule.example]]
                  vendor = "AMAZON MKTPL*2K4LM0Q81, SEATTLE WA"
                  amount = "-45.20"

                [[rule]]
                name = "Amazon Mktpl Return"
                """), result.output)
        XCTAssertTrue(
            result.stderr.hasSuffix(
                "txfeed: rules suggest: 26 uncategorised records in 26 groups; drafts for the top 2 (covering 7%)\n"),
            result.stderr)
        // With the sample rules, one record is left.
        let ruled = try txfeed("rules", "suggest", bank, "--rules", sample, "-q")
        XCTAssertEqual(ruled.status, 0, ruled.stderr)
        XCTAssertTrue(
            ruled.output.hasSuffix(
                """
                [[rule]]
                name = "Transfer From J Smith"
                match = { vendor = "Transfer From J Smith" }
                category = ""  # 1 record: fill in, e.g. "Income:…"

                  [[rule.example]]
                  vendor = "TRANSFER FROM J SMITH"
                  amount = "75.00"

                """), ruled.output)
        XCTAssertEqual(
            ruled.stderr,
            """
            txfeed: rules: skipped 1 record: card bill paid from the current account
            txfeed: rules suggest: 1 uncategorised record in 1 group; drafts for the top 1 (covering 100%)

            """)
    }

    func testGroupsOfSeveralRecordsAndTheDraftOnceFilledIn() throws {
        _ = try folder.write(
            "card.csv",
            """
            Transaction Date,Post Date,Description,Category,Type,Amount
            01/28/2024,01/29/2024,STARBUCKS STORE 08812,Food & Drink,Sale,-6.25
            01/26/2024,01/27/2024,STARBUCKS STORE 01234 SEATTLE WA,Food & Drink,Sale,-4.80
            01/25/2024,01/25/2024,UBER *TRIP HELP.UBER.COM,Travel,Sale,-18.40
            01/20/2024,01/22/2024,STARBUCKS STORE 08812,Food & Drink,Sale,-6.25
            01/13/2024,01/15/2024,UBER *EATS,Travel,Sale,-22.10
            01/11/2024,01/12/2024,SPOTIFY USA,Entertainment,Sale,-10.99

            """)
        let drafts = folder.path + "/drafts.toml"
        let result = try txfeed("rules", "suggest", folder.path + "/card.csv", "--top", "2", "-o", drafts, "-q")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.output, "")
        XCTAssertEqual(
            result.stderr,
            "txfeed: rules suggest: 6 uncategorised records in 3 groups; drafts for the top 2 (covering 83%)\n")
        let text = try String(contentsOfFile: drafts, encoding: .utf8)
        XCTAssertTrue(
            text.contains(
                """
                [[rule]]
                name = "Starbucks"
                match = { vendor = "Starbucks" }
                category = ""  # 3 records: fill in, e.g. "Expenses:…"

                  [[rule.example]]
                  vendor = "STARBUCKS STORE 08812"
                  amount = "-6.25"

                  [[rule.example]]
                  vendor = "STARBUCKS STORE 01234 SEATTLE WA"
                  amount = "-4.80"

                [[rule]]
                name = "Uber"
                """), text)
        // Not applied unreviewed: the draft does not load.
        let unfinished = try txfeed("rules", "test", drafts)
        XCTAssertEqual(unfinished.status, 2)
        XCTAssertTrue(
            unfinished.stderr.contains("rule 1 (\"Starbucks\"): category must be a non-empty string"),
            unfinished.stderr)
        // Filled in, it loads, its examples pass, and a run categorises with it.
        var n = 0
        let filled = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard line.hasPrefix("category = \"\"") else { return String(line) }
            n += 1
            return n == 1 ? "category = \"Expenses:Eating Out\"" : "category = \"Expenses:Transport\""
        }.joined(separator: "\n")
        let finished = try folder.write("finished.toml", filled)
        let passed = try txfeed("rules", "test", finished)
        XCTAssertEqual(passed.status, 0, passed.stderr)
        XCTAssertEqual(passed.output, "\(finished): 4 examples and 0 counterexamples of 2 rules pass\n")
        let run = try txfeed("run", folder.path + "/card.csv", "--rules", finished, "--sink", "ndjson")
        XCTAssertTrue(run.stderr.contains("categorised 5 of 6 (83%)"), run.stderr)
    }

    func testTheVendorCleanActionInARun() throws {
        let rules = try folder.write(
            "clean.toml", "[[rule]]\nmatch = {}\nvendor = \"clean\"\n")
        let rows = try feedRows(txfeed("run", bank, "--rules", rules, "--sink", "ndjson", "-q"))
        var cleaned: [String: String] = [:]
        for row in rows { cleaned[text(row, "original_vendor") ?? text(row, "vendor") ?? "?"] = text(row, "vendor") }
        XCTAssertEqual(cleaned["AMAZON MKTPL*2K4LM0Q81, SEATTLE WA"], "Amazon Mktpl")
        XCTAssertEqual(cleaned["STARBUCKS STORE 08812"], "Starbucks")
        XCTAssertEqual(cleaned["PAYPAL *STEAM GAMES"], "Steam Games")
        XCTAssertEqual(cleaned["CARD PAYMENT PRET A MANGER"], "Pret A Manger")
        XCTAssertEqual(cleaned["SAINSBURYS S/MKT"], "Sainsburys")
        XCTAssertEqual(cleaned["DD COUNCIL TAX"], "Council Tax")
    }

    func testUsageErrors() throws {
        let none = try txfeed("rules", "suggest")
        XCTAssertEqual(none.status, 2)
        XCTAssertTrue(none.stderr.contains("name a file or folder to read"), none.stderr)
        let top = try txfeed("rules", "suggest", bank, "--top", "0")
        XCTAssertEqual(top.status, 2)
        XCTAssertTrue(top.stderr.contains("--top 0: expected 1 or more groups"), top.stderr)
    }
}
