import Foundation
import TxFeedTestSupport
import XCTest

/// `--rules` on the sample statements with the sample rules file, for real: the categories in
/// NDJSON, the summary, CSV's columns, usage errors, `rules test`, and output without rules
/// byte for byte what it was.
final class RulesTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try temporaryFolder()
    }

    private var bank: String { BuiltProducts.repository + "/samples/bank" }
    private var sample: String { BuiltProducts.repository + "/samples/rules/bank.toml" }

    func testTheSampleRulesCategoriseTheSampleStatements() throws {
        let result = try txfeed("run", bank, "--rules", sample, "--sink", "ndjson", "--no-progress")
        XCTAssertEqual(result.status, 0, result.stderr)
        let rows = try feedRows(result)
        XCTAssertEqual(rows.count, 25)
        var category: [String: String] = [:]
        for row in rows { category[text(row, "original_vendor") ?? text(row, "vendor") ?? "?"] = text(row, "category") }
        XCTAssertEqual(category["SO RENT 14 HIGH ST"], "Expenses:Home")
        XCTAssertEqual(category["TESCO STORES 2041"], "Expenses:Groceries")
        XCTAssertEqual(category["SALARY ACME LTD"], "Income:Salary")
        XCTAssertEqual(category["AMAZON MKTPL RETURN"], "Income:Refunds")
        XCTAssertEqual(category["AMAZON MKTPL*2K4LM0Q81, SEATTLE WA"], "Expenses:Shopping")
        XCTAssertNil(category["TRANSFER FROM J SMITH"] ?? nil)
        XCTAssertFalse(rows.contains { text($0, "vendor") == "AUTOMATIC PAYMENT - THANK YOU" }, "skipped")
        let amazon = try XCTUnwrap(rows.first { text($0, "original_vendor") == "AMAZON MKTPL*2K4LM0Q81, SEATTLE WA" })
        XCTAssertEqual(text(amazon, "vendor"), "Amazon")
        XCTAssertEqual(minor(amazon), -4520)
        let tesco = try XCTUnwrap(rows.first { text($0, "vendor") == "TESCO STORES 2041" })
        XCTAssertEqual(tesco["tags"] as? [String], ["food"])
        XCTAssertTrue(tesco["original_vendor"] is NSNull)
        let transfer = try XCTUnwrap(rows.first { text($0, "vendor") == "TRANSFER FROM J SMITH" })
        XCTAssertTrue(transfer["category"] is NSNull)
        XCTAssertEqual(transfer["tags"] as? [String], [])
        XCTAssertTrue(
            result.stderr.contains(
                "txfeed: us-card (csv): ok, read 14 = written 13 + rejected 0 + skipped 1,"), result.stderr)
        XCTAssertTrue(result.stderr.contains("txfeed: rules: categorised 24 of 25 (96%)\n"), result.stderr)
        XCTAssertTrue(
            result.stderr.contains("txfeed: rules: skipped 1 record: card bill paid from the current account\n"),
            result.stderr)
    }

    func testTheJSONSummaryCountsTheSkipped() throws {
        let result = try txfeed("run", bank, "--rules", sample, "--sink", "json", "-q")
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let summary = try XCTUnwrap(document["summary"] as? [String: Any])
        XCTAssertEqual(summary["read"] as? Int, 26)
        XCTAssertEqual(summary["written"] as? Int, 25)
        XCTAssertEqual(summary["skipped"] as? Int, 1)
        let sources = try XCTUnwrap(document["sources"] as? [[String: Any]])
        XCTAssertEqual(sources.map { $0["skipped"] as? Int }, [0, 1])
    }

    func testRulesLeaveIdentitiesAsTheBankGaveThem() throws {
        let plain = try feedRows(txfeed("run", bank, "--sink", "ndjson", "-q"))
        let ruled = try feedRows(txfeed("run", bank, "--rules", sample, "--sink", "ndjson", "-q"))
        let idsWithout = Set(plain.compactMap { text($0, "id") })
        let idsWith = Set(ruled.compactMap { text($0, "id") })
        XCTAssertEqual(idsWith.count, 25)
        XCTAssertTrue(idsWith.isSubset(of: idsWithout))
    }

    func testWithoutRulesTheOutputIsWhatItWas() throws {
        // Without --rules: the fields and columns of before, exactly.
        let row = try XCTUnwrap(feedRows(txfeed("run", bank, "--sink", "ndjson", "-q")).first)
        XCTAssertEqual(
            Set(row.keys),
            [
                "date", "day", "account", "vendor", "type", "amount", "amount_minor", "currency", "colour", "source",
                "id", "status", "memo",
            ])
        let csv = try txfeed("run", bank, "--sink", "csv", "-q").output
        XCTAssertTrue(csv.hasPrefix("date,day,account,vendor,type,amount,currency,colour,source,id,status,memo\r\n"))
        // With rules that set nothing here: the same records and cells, and the rules' fields after them.
        let none = try folder.write("none.toml", "[[rule]]\nmatch = { vendor = \"no such vendor\" }\ntags = [\"x\"]\n")
        let ruledCSV = try txfeed("run", bank, "--rules", none, "--sink", "csv", "-q").output
        XCTAssertEqual(
            ruledCSV,
            csv.replacingOccurrences(of: "memo\r\n", with: "memo,category,tags,original_vendor\r\n")
                .replacingOccurrences(of: "\r\n", with: ",,,\r\n").replacingOccurrences(
                    of: "original_vendor,,,\r\n", with: "original_vendor\r\n"))
        let view = try txfeed("run", bank, "--color", "never", "-q").stdout
        XCTAssertEqual(try txfeed("run", bank, "--rules", none, "--color", "never", "-q").stdout, view)
    }

    func testCSVColumnsAndTheTextViewsCategory() throws {
        let csv = try txfeed(
            "run", bank, "--rules", sample, "--sink", "csv:columns=vendor,category,tags,original_vendor", "-q")
        XCTAssertTrue(csv.output.contains("Amazon,Expenses:Shopping,,AMAZON.CO.UK\r\n"), csv.output)
        XCTAssertTrue(csv.output.contains("TESCO STORES 2041,Expenses:Groceries,food,\r\n"), csv.output)
        let view = try txfeed("run", bank, "--rules", sample, "--color", "never", "-q").output
        let salary = try XCTUnwrap(view.split(separator: "\n").first { $0.contains("SALARY ACME LTD") })
        XCTAssertTrue(salary.hasSuffix("+ 2450.00  Income:Salary"), String(salary))
    }

    func testTheConfigFilesRulesComeBeforeTheFlags() throws {
        let first = try folder.write("first.toml", "[[rule]]\nmatch = { vendor = \"tesco\" }\ncategory = \"First\"\n")
        let second = try folder.write("second.toml", "[[rule]]\nmatch = {}\ncategory = \"Second\"\n")
        _ = second
        let config = try folder.write("pipeline.json", #"{"rules": ["first.toml"]}"#)
        let rows = try feedRows(
            txfeed("run", bank, "-c", config, "--rules", folder.path + "/second.toml", "--sink", "ndjson", "-q"))
        XCTAssertEqual(
            rows.first { text($0, "vendor") == "TESCO STORES 2041" }.flatMap { text($0, "category") }, "First")
        XCTAssertEqual(rows.first { text($0, "vendor") == "SPOTIFY USA" }.flatMap { text($0, "category") }, "Second")
        _ = first
    }

    func testABadRulesFileIsAUsageErrorNamingFileAndLine() throws {
        let bad = try folder.write(
            "bad.toml", "[[rule]]\nname = \"x\"\nmatch = { vendor_regex = '(' }\ntags = [\"a\"]\n")
        let result = try txfeed("run", bank, "--rules", bad)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(
            result.stderr,
            "txfeed: error: \(bad):1: rule 1 (\"x\"): match.vendor_regex: '(' is not a regular expression that compiles\n"
        )
        let syntax = try folder.write("syntax.toml", "[[rule]]\nmatch = { vendor = }\n")
        let parsed = try txfeed("run", bank, "--rules", syntax)
        XCTAssertEqual(parsed.status, 2)
        XCTAssertTrue(parsed.stderr.hasPrefix("txfeed: error: \(syntax):2:"), parsed.stderr)
    }

    func testRulesTestPassesAndFailsWithExactMessages() throws {
        let passed = try txfeed("rules", "test", sample)
        XCTAssertEqual(passed.status, 0, passed.stderr)
        XCTAssertEqual(passed.output, "\(sample): 18 examples and 6 counterexamples of 14 rules pass\n")
        let broken = try String(contentsOfFile: sample, encoding: .utf8).replacingOccurrences(
            of: "amount = \"20.00\"", with: "amount = \"-20.00\"")
        let file = try folder.write("broken.toml", broken)
        let failed = try txfeed("rules", "test", file)
        XCTAssertEqual(failed.status, 1)
        XCTAssertEqual(failed.output, "")
        XCTAssertEqual(
            failed.stderr,
            """
            txfeed: \(file): rule 10 ("home"): counterexample 1 (vendor "BRITISH GAS", amount -20.00) matches
            txfeed: error: 1 of 24 examples failed (18 examples and 6 counterexamples of 14 rules)

            """)
    }
}

/// `day` and `weekday` through the built binary: a record with a time of day is judged on the
/// day the output shows it on, so `--tz` moves it; a civil date stays; `rules test` runs dated
/// examples, `rules why --date … --tz …` takes the day as `run` does, a bad day is exit 2.
final class RulesDayTests: XCTestCase {
    func testDayAndWeekdayJudgeTheDayTheOutputShows() throws {
        let folder = try TemporaryFolder()
        // 02:30 UTC on Saturday 2 March is Friday evening in New York.
        let feed = try folder.write(
            "feed.json",
            #"{"status":200,"message":"ok","body":{"name":"Checking","currentBalance":0,"transactions":["#
                + #"{"type":1,"vendor":"PUB","amount":12.5,"date":"2024-03-02T02:30:00Z"},"#
                + #"{"type":1,"vendor":"RENT","amount":1000,"date":"2024-03-01"}]}}"#)
        let rules = try folder.write(
            "days.toml",
            """
            [[rule]]
            name = "weekend"
            match = { weekday = ["sat", "sun"] }
            category = "Expenses:Weekend"

              [[rule.example]]
              vendor = "PUB"
              date = 2024-03-02

              [[rule.counterexample]]
              vendor = "PUB"
              date = 2024-03-01

            [[rule]]
            name = "rent"
            match = { day = "1..3", vendor = "rent" }
            category = "Expenses:Rent"

              [[rule.example]]
              vendor = "RENT"
              date = "2024-03-01"

            """)
        let tested = try txfeed("rules", "test", rules)
        XCTAssertEqual(tested.status, 0, tested.stderr)
        XCTAssertEqual(tested.output, "\(rules): 2 examples and 1 counterexample of 2 rules pass\n")

        func days(_ extra: String...) throws -> [String: [String?]] {
            let rows = try feedRows(
                txfeed(arguments: ["run", feed, "--rules", rules, "--sink", "ndjson", "-q"] + extra))
            var out: [String: [String?]] = [:]
            for row in rows { out[text(row, "vendor") ?? "?"] = [text(row, "day"), text(row, "category")] }
            return out
        }
        XCTAssertEqual(
            try days(),
            ["PUB": ["Sat, Mar 02", "Expenses:Weekend"], "RENT": ["Fri, Mar 01", "Expenses:Rent"]])
        XCTAssertEqual(
            try days("--tz", "America/New_York"),
            ["PUB": ["Fri, Mar 01", nil], "RENT": ["Fri, Mar 01", "Expenses:Rent"]])

        let why = try txfeed(
            "rules", "why", rules, "--vendor", "PUB", "--amount", "-12.50", "--date", "2024-03-02T02:30:00Z", "--tz",
            "America/New_York")
        XCTAssertEqual(why.status, 0, why.stderr)
        XCTAssertEqual(
            why.output.split(separator: "\n").prefix(2),
            [
                #"record: vendor "PUB", amount -12.50, date 2024-03-01 (fri), booked"#,
                #"rule 1 ("weekend") at \#(rules):1: no: weekday fri is not in sat, sun"#,
            ])
        let badDate = try txfeed("rules", "why", rules, "--date", "2024-02-30")
        XCTAssertEqual(badDate.status, 2, badDate.stderr)

        let bad = try folder.write("bad.toml", "[[rule]]\nname = \"pay\"\nmatch = { day = 32 }\ntags = [\"pay\"]\n")
        let refused = try txfeed("run", feed, "--rules", bad)
        XCTAssertEqual(refused.status, 2)
        XCTAssertEqual(
            refused.stderr,
            "txfeed: error: \(bad):1: rule 1 (\"pay\"): match.day: 32 is not a day of the month (1 to 31)\n")
    }
}

/// A pattern that backtracks without end ends the run, and says which, instead of hanging it.
final class RulesPatternLimitTests: XCTestCase {
    func testAPatternThatBacktracksWithoutEndStopsTheRunAndNamesIt() throws {
        let folder = try TemporaryFolder()
        let memo = String(repeating: "a", count: 60) + "b"
        let feed = try folder.write(
            "feed.json",
            #"{"body":{"name":"Current","currency":"GBP","transactions":["#
                + #"{"type":1,"vendor":"Tesco","amount":4.5,"date":"2024-03-01","memo":"\#(memo)"},"#
                + #"{"type":1,"vendor":"Aldi","amount":2,"date":"2024-03-02","memo":"aab"}]}}"#)
        let rules = try folder.write(
            "rules.toml",
            """
            [[rule]]
            name = "food"
            match = { vendor = "aldi" }
            category = "Expenses:Food"

            [[rule]]
            name = "runaway"
            match = { memo_regex = '(a|aa)+$' }
            category = "Expenses:Other"
            """)
        let output = folder.path + "/out.csv"
        let result = try txfeed("run", feed, "--rules", rules, "-o", output, "--no-progress")
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(
            result.stderr.contains(
                "txfeed: error: \(rules):6: rule 2 (\"runaway\"): match.memo_regex: '(a|aa)+$' gave up after "
                    + "20000000 steps on \"\(memo.prefix(60))…\" (61 characters)"), result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix("rewrite it; nothing written\n"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output), "nothing written")

        // A plain pattern that finds nothing until the end of a 4,000-character memo is tried at
        // each place: far below the limit, it matches. (Each place once counted as steps.)
        let late = try folder.write(
            "late.json",
            #"{"body":{"name":"Current","currency":"GBP","transactions":["#
                + #"{"type":1,"vendor":"Shop","amount":5,"date":"2024-03-01","memo":""#
                + String(repeating: "x ", count: 1_990) + #"NETFLIX.COM"}]}}"#)
        let netflix = try folder.write(
            "netflix.toml", "[[rule]]\nmatch = { memo_regex = 'netflix' }\ncategory = \"Expenses:TV\"\n")
        let plain = try txfeed("run", late, "--rules", netflix, "--sink", "csv", "--no-progress")
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertTrue(plain.output.contains("Expenses:TV"), plain.output)

        // `rules test` on an example that sets it off fails, as the run does, rather than hanging.
        let examples = try folder.write(
            "examples.toml",
            """
            [[rule]]
            match = { memo_regex = '(a|aa)+$' }
            category = "Expenses:Other"

              [[rule.example]]
              vendor = "Tesco"
              memo = "\(memo)"
            """)
        let test = try txfeed("rules", "test", examples)
        XCTAssertNotEqual(test.status, 0, test.stderr)
        XCTAssertTrue(
            (String(decoding: test.stdout, as: UTF8.self) + test.stderr).contains("gave up after"), test.stderr)
    }
}

/// The workbook's `Categories` totals, read back by openpyxl: exact past what a double holds.
final class RulesCategoriesSheetTests: XCTestCase {
    /// 10,000 credits of the largest amount sum past 2^63 minor units (the total was written
    /// wrapped round, negative) and past 2^53 (a spreadsheet's number): the total is its exact
    /// text; a total a double holds stays a number.
    func testATotalPastWhatASpreadsheetNumberHoldsIsItsExactText() throws {
        let folder = try TemporaryFolder()
        let big = Array(
            repeating: #"{"type":0,"vendor":"Big","amount":9999999999999.99,"date":"2024-03-01"}"#, count: 10_000)
        let feed = try folder.write(
            "feed.json",
            #"{"body":{"name":"Current","currency":"USD","transactions":["# + big.joined(separator: ",")
                + #",{"type":1,"vendor":"Aldi","amount":2.5,"date":"2024-03-02"}]}}"#)
        let rules = try folder.write(
            "rules.toml", "[[rule]]\nmatch = { vendor = \"aldi\" }\ncategory = \"Expenses:Food\"\n")
        let workbook = folder.path + "/feed.xlsx"
        let result = try txfeed("run", feed, "--rules", rules, "-o", workbook, "--no-progress")
        XCTAssertEqual(result.status, 0, result.stderr)
        let sheet = try XCTUnwrap(try XLSXReadBack.rows(of: "Categories", in: workbook))
        let rows = sheet.map { row in row.map { $0.string ?? $0.number.map { String($0) } ?? "" } }
        XCTAssertEqual(
            rows,
            [
                ["category", "currency", "records", "total"],
                ["(uncategorised)", "USD", "10000.0", "99999999999999900.00"],
                ["Expenses:Food", "USD", "1.0", "-2.5"],
            ])
    }
}
