import TxFeedModel
import XCTest

@testable import TxFeedRules

/// `day` and `weekday`: their forms, the day a run judges (the one its output shows, in
/// `--tz`), examples that carry a date, mistakes named with file, rule and key, `rules why` and
/// `rules check`.
final class RuleDayTests: XCTestCase {
    private func rules(_ text: String) throws -> RuleSet { try RuleSet.parse(text, file: "rules.toml") }

    private func error(_ text: String) -> String? {
        do {
            _ = try RuleSet.parse(text, file: "bank.toml")
            return nil
        } catch {
            return error.description
        }
    }

    /// A record on `day` (2024-03-01 was a Friday).
    private func record(_ day: String?) -> RuleRecord {
        RuleRecord(vendor: "RENT", amountMinor: -100_000, scale: 2, date: day.map { RuleRecord.date($0)! })
    }

    private func matches(_ match: String, _ day: String?) throws -> Bool {
        try rules("[[rule]]\nmatch = { \(match) }\ncategory = \"A:B\"").apply(to: record(day)).category != nil
    }

    func testADayOfTheMonthAListAndARange() throws {
        XCTAssertTrue(try matches("day = 1", "2024-03-01"))
        XCTAssertFalse(try matches("day = 1", "2024-03-02"))
        XCTAssertTrue(try matches(#"day = "1""#, "2024-03-01"))
        XCTAssertTrue(try matches("day = [1, 15]", "2024-02-15"))
        XCTAssertFalse(try matches("day = [1, 15]", "2024-02-14"))
        for day in ["2024-01-25", "2024-01-28", "2024-01-31"] { XCTAssertTrue(try matches(#"day = "25..31""#, day)) }
        XCTAssertFalse(try matches(#"day = "25..31""#, "2024-01-24"))
        XCTAssertFalse(try matches(#"day = "25..31""#, "2024-02-01"))
        XCTAssertTrue(try matches(#"day = [1, "28 .. 31"]"#, "2024-02-29"))
        XCTAssertTrue(try matches(#"day = [1, "28..31"]"#, "2024-03-01"))
        XCTAssertFalse(try matches(#"day = [1, "28..31"]"#, "2024-03-02"))
    }

    func testAWeekdayByNameAListAndARangeFromMonday() throws {
        XCTAssertTrue(try matches(#"weekday = "fri""#, "2024-03-01"))
        XCTAssertFalse(try matches(#"weekday = "fri""#, "2024-03-02"))
        XCTAssertTrue(try matches(#"weekday = ["sat", "Sunday"]"#, "2024-03-02"))
        XCTAssertTrue(try matches(#"weekday = ["sat", "Sunday"]"#, "2024-03-03"))
        XCTAssertFalse(try matches(#"weekday = ["sat", "Sunday"]"#, "2024-03-04"))
        XCTAssertTrue(try matches(#"weekday = "mon..fri""#, "2024-03-04"))
        XCTAssertFalse(try matches(#"weekday = "MON..FRI""#, "2024-03-03"))
        // Before 1970 too: 1969-12-31 was a Wednesday, 1900-01-01 a Monday.
        XCTAssertTrue(try matches(#"weekday = "wed""#, "1969-12-31"))
        XCTAssertTrue(try matches(#"weekday = "mon", day = 1"#, "1900-01-01"))
    }

    func testARecordWithoutADateMatchesNoDayTest() throws {
        XCTAssertFalse(try matches("day = \"1..31\"", nil))
        XCTAssertFalse(try matches(#"weekday = "mon..sun""#, nil))
        XCTAssertTrue(try matches(#"not = { weekday = ["sat", "sun"] }"#, nil))
        XCTAssertTrue(try matches(#"any = [{ day = 1 }, { vendor = "rent" }]"#, nil))
    }

    func testMistakesNameTheFileTheRuleAndTheKey() {
        let rule = "[[rule]]\nname = \"rent\"\nmatch = { %@ }\ncategory = \"Expenses:Rent\""
        func message(_ match: String) -> String? { error(rule.replacingOccurrences(of: "%@", with: match)) }
        let head = #"bank.toml:1: rule 1 ("rent"): "#
        XCTAssertEqual(message("day = 0"), head + "match.day: 0 is not a day of the month (1 to 31)")
        XCTAssertEqual(message("day = [1, 32]"), head + "match.day: 32 is not a day of the month (1 to 31)")
        XCTAssertEqual(message(#"day = "25..32""#), head + "match.day: 32 is not a day of the month (1 to 31)")
        XCTAssertEqual(
            message(#"day = "31..25""#), head + #"match.day: "31..25" runs backwards: write the smaller day first"#)
        XCTAssertEqual(
            message(#"day = "first""#),
            head
                + #"match.day: 'first' is not a day of the month: write a day (1 to 31), a list of them or a range such as "25..31""#
        )
        XCTAssertEqual(
            message("day = -1"),
            head
                + #"match.day: '-1' is not a day of the month: write a day (1 to 31), a list of them or a range such as "25..31""#
        )
        XCTAssertEqual(
            message("day = 1.5"),
            head
                + #"match.day must be a day of the month (1 to 31), a list of them or a range, such as 1, [1, 15] or "25..31", not 1.5"#
        )
        XCTAssertEqual(
            message("day = []"),
            head
                + #"match.day must be a day of the month (1 to 31), a list of them or a range, such as 1, [1, 15] or "25..31", not an empty list"#
        )
        XCTAssertEqual(
            message(#"weekday = ["sat", "sam"]"#),
            head
                + "match.weekday: 'sam' is not a weekday; weekdays: mon, tue, wed, thu, fri, sat, sun (or the full names)"
        )
        XCTAssertEqual(
            message(#"weekday = "sat..mon""#),
            head
                + #"match.weekday: "sat..mon" runs backwards: weeks run mon to sun here, so list the days instead, such as ["sat", "sun", "mon"]"#
        )
        XCTAssertEqual(
            message("weekday = 6"),
            head
                + #"match.weekday must be a weekday, a list of them or a range, such as "sat", ["sat", "sun"] or "mon..fri", not 6"#
        )
        XCTAssertEqual(
            message(#"not = { day = 32 }"#), head + "match.not.day: 32 is not a day of the month (1 to 31)")
    }

    func testExamplesCarryADateAsATOMLDateOrAString() throws {
        let set = try rules(
            """
            [[rule]]
            name = "weekend"
            match = { weekday = ["sat", "sun"] }
            tags = ["weekend"]

              [[rule.example]]
              vendor = "PUB"
              date = 2024-03-02

              [[rule.counterexample]]
              vendor = "PUB"
              date = "2024-03-01"
            """)
        let report = set.testExamples()
        XCTAssertEqual(report.failures, [])
        XCTAssertEqual([report.examples, report.counterexamples], [1, 1])
        let broken = try rules(
            """
            [[rule]]
            match = { day = 1 }
            tags = ["first"]

              [[rule.example]]
              vendor = "PUB"
              date = 2024-03-02
            """)
        XCTAssertEqual(
            broken.testExamples().failures,
            [#"rules.toml: rule 1: example 1 (vendor "PUB", date 2024-03-02) does not match"#])
    }

    func testAnExamplesDateIsADayAndAReal() {
        let rule = "[[rule]]\nmatch = { day = 1 }\ntags = [\"a\"]\n  [[rule.example]]\n  date = %@\n"
        func message(_ date: String) -> String? { error(rule.replacingOccurrences(of: "%@", with: date)) }
        XCTAssertNil(message("2024-03-01"))
        XCTAssertEqual(
            message(#""2024-02-30""#),
            #"bank.toml:1: rule 1: example 1: date must be a day such as 2024-03-01, the day the run shows the record on, not "2024-02-30""#
        )
        // A time would need a zone to say which day the run shows: refused, as a string and as TOML's.
        XCTAssertTrue(
            message(#""2024-03-01T10:00:00Z""#)?.hasPrefix("bank.toml:1: rule 1: example 1: date must be a day such as")
                ?? false)
        XCTAssertTrue(
            message("2024-03-01T10:00:00Z")?.hasPrefix("bank.toml:1: rule 1: example 1: date must be a day such as")
                ?? false)
    }

    /// A feed's record is judged on the day its output shows: an instant's in `--tz`, a civil
    /// date's own whatever the zone.
    func testAFeedsRecordIsJudgedOnTheDayTheOutputShows() throws {
        var feed = Feed()
        feed.sources = [
            SourceReport(
                name: "bank", plugin: "json", status: .success, error: nil, count: 2, rejected: 0, documents: 1,
                failedDocuments: 0, elapsedMilliseconds: 1)
        ]
        feed.accounts = [
            Account(name: "Checking", balance: nil, currency: "USD", profile: nil, source: 0, origin: "o", scale: 2)
        ]
        let vendor = feed.vendors.intern("PUB")
        // 2024-03-02T02:30:00Z: a Saturday in UTC, Friday evening in New York (UTC-5).
        let instant = try TransactionDate.parse("2024-03-02T02:30:00Z")
        let civil = try TransactionDate.read("2024-03-02")
        feed.transactions = [
            Transaction(unixSeconds: instant, amountMinor: 500, vendor: vendor, account: 0, isDebit: true),
            Transaction(
                unixSeconds: civil.unixSeconds, amountMinor: 700, vendor: vendor, account: 0, isDebit: true,
                isCivilDate: true),
        ]
        let set = try rules("[[rule]]\nmatch = { weekday = \"sat\" }\ncategory = \"Expenses:Weekend\"")
        func categories(_ localSeconds: (Transaction) -> Int64) throws -> [String?] {
            var copy = feed
            set.apply(to: &copy, localSeconds: localSeconds)
            var rows = copy.rows()
            var categories: [String?] = []
            while let row = try rows.next() { categories.append(row.labels?.category) }
            return categories
        }
        XCTAssertEqual(try categories { $0.unixSeconds }, ["Expenses:Weekend", "Expenses:Weekend"])
        let newYork: (Transaction) -> Int64 = { $0.isCivilDate ? $0.unixSeconds : $0.unixSeconds - 5 * 3600 }
        XCTAssertEqual(try categories(newYork), [nil, "Expenses:Weekend"])
    }

    func testRulesWhySaysWhichDayHeldOrFailed() throws {
        let set = try rules(
            """
            [[rule]]
            name = "rent"
            match = { day = "1..3", weekday = "mon..fri" }
            category = "Expenses:Rent"

            [[rule]]
            name = "pay day"
            match = { day = [15, 28] }
            tags = ["pay"]
            """)
        let friday = set.trace(record("2024-03-01"))
        XCTAssertEqual(
            friday.lines.prefix(3),
            [
                #"record: vendor "RENT", amount -1000.00, date 2024-03-01 (fri), booked"#,
                #"rule 1 ("rent") at rules.toml:1: matched: day 1 in 1..3; weekday fri in mon..fri"#,
                #"  sets category "Expenses:Rent""#,
            ])
        XCTAssertEqual(friday.steps[1].conditions, ["day 1 is not in 15, 28"])
        XCTAssertEqual(set.trace(record("2024-03-02")).steps[0].conditions, ["weekday sat is not in mon..fri"])
        XCTAssertEqual(set.trace(record(nil)).steps[0].conditions, ["no date (day 1..3)"])
        XCTAssertEqual(
            try rules("[[rule]]\nmatch = { weekday = \"sun\" }\ntags = [\"a\"]").trace(record("2024-03-01")).steps[0]
                .conditions, ["weekday fri is not sun"])
    }

    func testRulesCheckComparesDaysAndNamesExamplesWithoutADate() throws {
        let report = try rules(
            """
            [[rule]]
            name = "weekend"
            match = { weekday = "sat..sun" }
            skip = "weekend"

            [[rule]]
            name = "saturday pub"
            match = { weekday = "sat", vendor = "pub" }
            category = "Expenses:Pub"

              [[rule.example]]
              vendor = "PUB"
              date = 2024-03-02

            [[rule]]
            name = "month start"
            match = { day = "1..5" }
            tags = ["start"]
            stop = true

            [[rule]]
            name = "rent"
            match = { day = 3, vendor = "rent" }
            category = "Expenses:Rent"

              [[rule.example]]
              vendor = "RENT"

              [[rule.counterexample]]
              vendor = "RENTOKIL"

            [[rule]]
            name = "late rent"
            match = { day = 6, vendor = "rent" }
            category = "Expenses:Rent"

              [[rule.example]]
              vendor = "RENT"
              date = 2024-03-06
            """
        ).check()
        XCTAssertEqual(
            report.findings,
            [
                #"rules.toml:6: rule 2 ("saturday pub"): can never fire: rule 1 ("weekend") at rules.toml:1 matches every record it could and skips them"#,
                #"rules.toml:21: rule 4 ("rent"): can never fire: rule 3 ("month start") at rules.toml:15 matches every record it could and stops them"#,
                #"rules.toml:21: rule 4 ("rent"): example 1 has no date, so it cannot match the rule's day: give it one (date = 2024-03-01)"#,
                #"rules.toml:21: rule 4 ("rent"): counterexample 1 has no date, so the rule's day alone keeps it from matching and it tests nothing else: give it one (date = 2024-03-01)"#,
            ])
    }
}
