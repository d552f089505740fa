import XCTest

@testable import TxFeedRules

/// Each condition and action of a rule, their order, `stop`, and `skip`, on records made by hand.
final class RuleEngineTests: XCTestCase {
    private func rules(_ text: String) throws -> RuleSet { try RuleSet.parse(text, file: "rules.toml") }

    private func card(_ vendor: String, _ minor: Int64 = -450, memo: String? = nil) -> RuleRecord {
        RuleRecord(
            vendor: vendor, memo: memo, id: "fp:1", amountMinor: minor, scale: 2, account: "Everyday Checking",
            source: "bank", currency: "GBP")
    }

    func testVendorContainsIgnoringCaseAndAnyOfAList() throws {
        let set = try rules(
            """
            [[rule]]
            match = { vendor = ["TESCO", "sainsbury"] }
            category = "Expenses:Groceries"
            """)
        XCTAssertEqual(set.apply(to: card("Tesco Stores 2231")).category, "Expenses:Groceries")
        XCTAssertEqual(set.apply(to: card("SAINSBURYS S/MKTS")).category, "Expenses:Groceries")
        XCTAssertNil(set.apply(to: card("Waitrose")).category)
    }

    func testEachTextField() throws {
        let fields: [(String, String, RuleRecord)] = [
            ("memo", "rent", card("x", memo: "June RENT")),
            ("id", "fp:", card("x")),
            ("account", "checking", card("x")),
            ("source", "BANK", card("x")),
            ("currency", "gbp", card("x")),
        ]
        for (field, needle, record) in fields {
            let set = try rules("[[rule]]\nmatch = { \(field) = \"\(needle)\" }\ncategory = \"A:B\"")
            XCTAssertEqual(set.apply(to: record).category, "A:B", field)
            var other = record
            other.memo = nil
            other.id = "bank-1"
            other.account = "Savings"
            other.source = "other"
            other.currency = "EUR"
            XCTAssertNil(set.apply(to: other).category, field)
        }
    }

    func testRegexIsCaseInsensitiveAndItsCapturesFillTheVendor() throws {
        let set = try rules(
            #"""
            [[rule]]
            match = { vendor_regex = '^amazon mktpl\*(\w+)' }
            vendor = "Amazon ($1)"
            category = "Expenses:Shopping"
            """#)
        let outcome = set.apply(to: card("AMAZON MKTPL*2K4LM0Q81, SEATTLE WA"))
        XCTAssertEqual(outcome.vendor, "Amazon (2K4LM0Q81)")
        XCTAssertNil(set.apply(to: card("AMZN Digital")).vendor)
        let sensitive = try rules("[[rule]]\nmatch = { vendor_regex = '(?-i)^Amazon' }\ntags = [\"a\"]")
        XCTAssertEqual(sensitive.apply(to: card("Amazon")).tags, ["a"])
        XCTAssertEqual(sensitive.apply(to: card("AMAZON")).tags, [])
    }

    func testAmountComparisonsEqualityAndRangesAreExact() throws {
        let cases: [(String, [Int64: Bool])] = [
            ("< 0", [-1: true, 0: false, 1: false]),
            (">= 100", [9_999: false, 10_000: true]),
            ("-4.5", [-450: true, -449: false, 450: false]),
            ("= -4.50", [-450: true]),
            ("10..50", [999: false, 1_000: true, 5_000: true, 5_001: false]),
            ("-50..-10", [-5_000: true, -1_000: true, -999: false]),
        ]
        for (test, expectations) in cases {
            let set = try rules("[[rule]]\nmatch = { amount = \"\(test)\" }\ncategory = \"A\"")
            for (minor, holds) in expectations {
                XCTAssertEqual(set.apply(to: card("x", minor)).category != nil, holds, "\(test) on \(minor)")
            }
        }
        let number = try rules("[[rule]]\nmatch = { amount = -4.5 }\ncategory = \"A\"")
        XCTAssertEqual(number.apply(to: card("x", -450)).category, "A")
        // A currency without decimals compares the same way.
        var yen = card("x", -450)
        yen.scale = 0
        XCTAssertNil(number.apply(to: yen).category)
    }

    func testStatusAnyAndNot() throws {
        let set = try rules(
            """
            [[rule]]
            match = { status = "pending", any = [{ vendor = "uber" }, { memo = "taxi" }], not = { amount = "> 0" } }
            category = "Expenses:Transport"
            """)
        var uber = card("UBER *TRIP")
        uber.isPending = true
        XCTAssertEqual(set.apply(to: uber).category, "Expenses:Transport")
        var taxi = card("Cab Co", memo: "taxi home")
        taxi.isPending = true
        XCTAssertEqual(set.apply(to: taxi).category, "Expenses:Transport")
        var refund = uber
        refund.amountMinor = 450
        XCTAssertNil(set.apply(to: refund).category, "not")
        XCTAssertNil(set.apply(to: card("UBER *TRIP")).category, "booked")
    }

    func testTheFirstRuleToSetAFieldWinsAndLaterRulesFillTheRest() throws {
        let set = try rules(
            """
            [[rule]]
            name = "coffee"
            match = { vendor = "starbucks" }
            category = "Expenses:Coffee"
            tags = ["coffee"]

            [[rule]]
            name = "every card payment"
            match = { amount = "< 0" }
            category = "Expenses:Other"
            vendor = "Card"
            memo = "paid by card"
            tags = ["card", "coffee"]
            """)
        let outcome = set.apply(to: card("STARBUCKS 1234"))
        XCTAssertEqual(
            outcome,
            RuleOutcome(category: "Expenses:Coffee", vendor: "Card", memo: "paid by card", tags: ["coffee", "card"]))
    }

    func testStopEndsTheRecordsWayThroughTheRules() throws {
        let set = try rules(
            """
            [[rule]]
            match = { vendor = "salary" }
            category = "Income:Salary"
            stop = true

            [[rule]]
            match = {}
            tags = ["seen"]
            """)
        XCTAssertEqual(set.apply(to: card("SALARY ACME", 250_000)).tags, [])
        XCTAssertEqual(set.apply(to: card("Cafe")).tags, ["seen"])
    }

    func testSkipDropsTheRecordWithItsReason() throws {
        let set = try rules(
            """
            [[rule]]
            match = { vendor = "cafe" }
            tags = ["food"]

            [[rule]]
            match = { memo = "to savings" }
            skip = "transfer between own accounts"

            [[rule]]
            match = {}
            category = "Expenses:Other"
            """)
        XCTAssertEqual(
            set.apply(to: card("Cafe", memo: "to savings")), RuleOutcome(skipped: "transfer between own accounts"))
        XCTAssertNil(set.apply(to: card("Cafe")).skipped)
    }

    func testConditionsReadTheBanksRecordNotAnEarlierRulesRewrite() throws {
        let set = try rules(
            """
            [[rule]]
            match = { vendor = "amzn" }
            vendor = "Amazon"

            [[rule]]
            match = { vendor = "amazon" }
            category = "Expenses:Shopping"
            """)
        XCTAssertEqual(set.apply(to: card("AMZN MKTP")), RuleOutcome(vendor: "Amazon"))
    }

    /// `vendor = "clean"` is the built-in cleaner (``PayeeCleaner``), and only that exact word.
    func testTheVendorCleanAction() throws {
        let set = try RuleSet.parse(
            """
            [[rule]]
            match = { vendor = "starbucks" }
            vendor = "clean"
            category = "Expenses:Eating Out"

            [[rule]]
            match = { vendor = "spotify" }
            vendor = "Clean"
            """, file: "rules.toml")
        let coffee = set.apply(to: RuleRecord(vendor: "STARBUCKS STORE 08812", amountMinor: -625))
        XCTAssertEqual(coffee.vendor, "Starbucks")
        XCTAssertEqual(coffee.category, "Expenses:Eating Out")
        XCTAssertEqual(set.apply(to: RuleRecord(vendor: "SPOTIFY USA")).vendor, "Clean", "only \"clean\" cleans")
    }

    /// `vendor = "…"` compares printable ASCII on bytes; it must find exactly what Foundation's
    /// search of the lowered text finds, on ASCII and on everything else.
    func testContainsOnBytesFindsWhatFoundationFinds() {
        let texts = [
            "TESCO STORES 2041", "tesco", "TESC", "AMZN Mktp US*2K4LM0Q81", "Café Zoë", "Cafe\u{301} Zoe",
            "MÜLLER GMBH", "東京ストア", "a\r\nb", "tab\there", "", "xx-tesco-yy", "TESCOTESCO",
        ]
        let needles = [
            "tesco", "esco s", "tesco stores 2041 ", "mktp us*", "café", "cafe", "müller", "gmbh", "東京", "\r",
            "a\r", "tab\th", "-", "x", "o",
        ]
        for text in texts {
            for needle in needles {
                XCTAssertEqual(
                    Condition.text(text, containsAnyOf: [needle]), text.lowercased().contains(needle),
                    "\(text.debugDescription) contains \(needle.debugDescription)")
            }
            // With the lowered text given, as a run gives a vendor's.
            XCTAssertEqual(
                Condition.text(text, containsAnyOf: ["müller", "zoë", "tesco"], lowered: text.lowercased()),
                ["müller", "zoë", "tesco"].contains { text.lowercased().contains($0) }, text)
            // A list: any of them, whatever mix of ASCII and not.
            XCTAssertEqual(
                Condition.text(text, containsAnyOf: ["zzz", "müller"]), text.lowercased().contains("müller"), text)
        }
        XCTAssertTrue(Condition.text("Whole Foods Market", containsAnyOf: ["nothing", "FOODS".lowercased()]))
        XCTAssertFalse(Condition.text("Whole Foods", containsAnyOf: ["whole foods market"]))
    }

    /// `transfer = true` holds for half of a linked transfer only, `false` for the rest; a value
    /// that is not a boolean is named.
    func testTheTransferCondition() throws {
        let set = try RuleSet.parse(
            """
            [[rule]]
            match = { transfer = true }
            category = "Transfers"

            [[rule]]
            match = { transfer = false, amount = "< 0" }
            category = "Expenses:Other"
            """, file: "rules.toml")
        XCTAssertEqual(
            set.apply(to: RuleRecord(vendor: "X", amountMinor: -100, isTransfer: true)).category, "Transfers")
        XCTAssertEqual(set.apply(to: RuleRecord(vendor: "X", amountMinor: -100)).category, "Expenses:Other")
        XCTAssertThrowsError(
            try RuleSet.parse("[[rule]]\nmatch = { transfer = \"yes\" }\ncategory = \"A:B\"", file: "r.toml")
        ) { error in
            XCTAssertEqual(
                "\(error)",
                #"r.toml:1: rule 1: match.transfer must be true (half of a linked transfer) or false, not "yes""#)
        }
    }

    /// `vendor = "…"` ignores case as Unicode folds it, as `vendor_regex` does: a Greek final
    /// sigma, `ß` and a ligature (lower case alone kept `ΣΊΣΥΦΟΣ` from `σίσυφος`).
    func testContainsIgnoresCaseAsUnicodeFoldsIt() throws {
        let set = try RuleSet.parse(
            """
            [[rule]]
            match = { vendor = "σίσυφος" }
            category = "A"

            [[rule]]
            match = { vendor = "straße" }
            category = "B"

            [[rule]]
            match = { memo = "ﬁsh" }
            category = "C"
            """, file: "r.toml")
        XCTAssertEqual(set.apply(to: RuleRecord(vendor: "ΣΊΣΥΦΟΣ ΑΕ", amountMinor: -100, scale: 2)).category, "A")
        XCTAssertEqual(set.apply(to: RuleRecord(vendor: "HAUPTSTRASSE 5", amountMinor: -100, scale: 2)).category, "B")
        var fish = RuleRecord(vendor: "Market", amountMinor: -100, scale: 2)
        fish.memo = "FISH and chips"
        XCTAssertEqual(set.apply(to: fish).category, "C")
        XCTAssertNil(set.apply(to: RuleRecord(vendor: "SISYPHUS", amountMinor: -100, scale: 2)).category)
    }
}
