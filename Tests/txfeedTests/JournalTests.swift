import Foundation
import TxFeedTestSupport
import XCTest

/// Issue 42: the journal sinks, read back by the real programs — `hledger check` and `ledger`
/// (Debian packages) and `bean-check` (PyPI beancount, in the tests' venv) — on every sample
/// statement: each accepts the journal and its assertions, and the uncategorised side of every
/// entry adds up, per currency, to minus what txfeed's own feed sums to.
final class JournalTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try temporaryFolder()
    }

    static let statements: [String] = [
        "samples/accounts",
        "samples/bank/uk-current.csv",
        "Tests/Fixtures/statements/camt/camt053-two-statements.xml",
        "Tests/Fixtures/statements/mt940/german.sta",
        "Tests/Fixtures/statements/mt940/dutch.sta",
        "Tests/Fixtures/statements/mt940/interim.942",
        "Tests/Fixtures/statements/ofx/bank-102.ofx",
        "Tests/Fixtures/statements/ofx/bank-220.ofx",
        "Tests/Fixtures/statements/ofx/card.qfx",
        "Tests/Fixtures/statements/ofx/brokerage-220.ofx",
        "Tests/Fixtures/statements/qif/checking.qif",
        "Tests/Fixtures/bank/profiles/revolut.csv",
        "Tests/Fixtures/bank/profiles/mufg-jp.csv",
        "Tests/Fixtures/bank/profiles/sparkasse-camt.csv",
    ]

    /// Statements that name no currency: beancount refuses them (below).
    static let withoutCurrency: Set<String> = ["Tests/Fixtures/statements/qif/checking.qif"]

    private func tool(_ path: String) throws -> String {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw TestPython.Missing(description: "\(path) is missing: run bin/test, which installs it")
        }
        return path
    }

    /// Per currency ("" for none), the sum of `amounts`' cells: `12.50 GBP`, `-3`, `1800 JPY`.
    private func totals(_ cells: [String]) -> [String: Decimal] {
        var sums: [String: Decimal] = [:]
        for cell in cells {
            for amount in cell.components(separatedBy: ", ") where !amount.isEmpty {
                let parts = amount.split(separator: " ")
                guard let number = Decimal(string: String(parts[0])) else { continue }
                sums[parts.count > 1 ? String(parts[1]) : "", default: 0] += number
            }
        }
        return sums.filter { $0.value != 0 }
    }

    /// One run of a sample statement: its journal, its beancount file (when it names a
    /// currency) and its NDJSON feed, all written by that run.
    private struct StatementRun {
        var result: CommandResult
        var journal: String
        var beancount: String?
        var feed: String
    }

    /// The statements' runs, made once for the class (both tests that read every statement
    /// read the same files) in a folder of the class's own.
    nonisolated(unsafe) private static var statementRuns: (folder: TemporaryFolder, runs: [String: StatementRun])?

    override class func tearDown() {
        statementRuns = nil
        super.tearDown()
    }

    /// `input`'s run, `txfeed run INPUT -o NAME.journal [-o NAME.beancount] --sink ndjson,path=NAME.ndjson`.
    private func statementRun(_ input: String) throws -> StatementRun {
        if Self.statementRuns == nil { Self.statementRuns = (try TemporaryFolder(), [:]) }
        if let made = Self.statementRuns?.runs[input] { return made }
        let base = Self.statementRuns!.folder.path + "/" + (input as NSString).lastPathComponent
        let beancount = Self.withoutCurrency.contains(input) ? nil : base + ".beancount"
        let result = try txfeed(
            arguments: ["run", BuiltProducts.repository + "/" + input, "-o", base + ".journal"]
                + (beancount.map { ["-o", $0] } ?? []) + ["--sink", "ndjson,path=\(base).ndjson"])
        let made = StatementRun(
            result: result, journal: base + ".journal", beancount: beancount, feed: base + ".ndjson")
        Self.statementRuns?.runs[input] = made
        return made
    }

    /// What txfeed's feed sums to per currency, negated: the uncategorised postings' total.
    private func feedTotals(_ feed: String) throws -> [String: Decimal] {
        var sums: [String: Decimal] = [:]
        for row in try feedRows(try String(contentsOfFile: feed, encoding: .utf8)) {
            sums[text(row, "currency") ?? "", default: 0] -= Decimal(string: text(row, "amount") ?? "0") ?? 0
        }
        return sums.filter { $0.value != 0 }
    }

    func testEverySampleStatementsJournalIsAcceptedByHledgerAndLedgerAndAddsUp() throws {
        let hledger = try tool("/usr/bin/hledger")
        let ledger = try tool("/usr/bin/ledger")
        for input in Self.statements {
            // The journal and the feed it is held against, from one run.
            let statement = try statementRun(input)
            let (run, journal) = (statement.result, statement.journal)
            XCTAssertEqual(run.status, 0, "\(input): \(run.stderr)")
            let check = try runCommand(hledger, ["-f", journal, "check"])
            XCTAssertEqual(check.status, 0, "\(input): hledger check: \(check.stderr)")
            let balance = try runCommand(hledger, ["-f", journal, "bal", "Uncategorized", "--flat", "-N", "-O", "csv"])
            let cells = balance.output.split(separator: "\n").dropFirst().map {
                String($0.split(separator: "\",\"").last ?? "").trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
            let expected = try feedTotals(statement.feed)
            XCTAssertEqual(totals(cells), expected, "\(input): hledger against txfeed")

            let postings = try runCommand(ledger, ["-f", journal, "csv", "Uncategorized"])
            XCTAssertEqual(postings.status, 0, "\(input): ledger: \(postings.stderr)")
            XCTAssertEqual(postings.stderr, "", input)
            // date, code, payee, account, commodity, amount, status, note: counted from the end,
            // as a payee may hold commas.
            let ledgerCells = postings.output.split(separator: "\n").map { line -> String in
                let fields = line.components(separatedBy: "\",\"")
                let amount = fields[fields.count - 3]
                let commodity = fields[fields.count - 4]
                return amount + (commodity.isEmpty ? "" : " " + commodity)
            }
            XCTAssertEqual(totals(ledgerCells), expected, "\(input): ledger against txfeed")
        }
    }

    func testEveryStatementWithACurrencyIsABeancountFileBeanCheckAccepts() throws {
        let python = try TestPython.importing("beancount")
        let beanCheck = (python as NSString).deletingLastPathComponent + "/bean-check"
        for input in Self.statements where !Self.withoutCurrency.contains(input) {
            let statement = try statementRun(input)
            let (run, file) = (statement.result, try XCTUnwrap(statement.beancount, input))
            XCTAssertEqual(run.status, 0, "\(input): \(run.stderr)")
            let check = try runCommand(beanCheck, [file])
            XCTAssertEqual(check.status, 0, "\(input): bean-check: \(check.output)\(check.stderr)")
        }
        let noCurrency = try txfeed(
            "run", BuiltProducts.repository + "/samples/bank/us-card.csv", "-o", folder.path + "/us.beancount")
        XCTAssertEqual(noCurrency.status, 1, noCurrency.stderr)
        XCTAssertTrue(
            noCurrency.stderr.contains(
                "beancount needs a currency on every amount, and account 'us-card' (source us-card) has none: give its source one (csv: default-currency=EUR)"
            ), noCurrency.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path + "/us.beancount"))
    }

    /// A stated closing balance is an assertion the programs check: a journal whose opening
    /// entries are removed fails the first in date order, naming the account.
    func testAStatedBalanceIsAnAssertionTheProgramsCheck() throws {
        let journal = folder.path + "/acc.journal"
        let run = try txfeed("run", BuiltProducts.repository + "/samples/accounts", "-o", journal)
        XCTAssertEqual(run.status, 0, run.stderr)
        let text = try String(contentsOfFile: journal, encoding: .utf8)
        XCTAssertTrue(text.contains("    Assets:Bank:Everyday Checking  0 USD = 1234.56 USD\n"), text)
        let broken = text.components(separatedBy: "\n\n").filter { !$0.contains("Opening balance") }
            .joined(separator: "\n\n")
        try broken.write(toFile: journal, atomically: true, encoding: .utf8)
        let check = try runCommand(try tool("/usr/bin/hledger"), ["-f", journal, "check"])
        XCTAssertNotEqual(check.status, 0)
        XCTAssertTrue(check.stderr.contains("balance assertion"), check.stderr)
        XCTAssertTrue(check.stderr.contains("account:    Assets:Bank:Travel Fund"), check.stderr)
    }

    /// Payees, memos and names that mean something in the syntaxes come through as text.
    func testPayeesAndNamesAreEscapedForEachSyntax() throws {
        let input = folder.path + "/odd.json"
        try #"""
        {"status": 200, "body": {"name": "Joint: Main; Ü", "currency": "EUR", "transactions": [
          {"type": 1, "vendor": "(GOOGLE) Café; \"Pay\" | Shop", "amount": 12.5, "date": "2024-03-01", "memo": "line\nbreak; note", "status": "pending"},
          {"type": 0, "vendor": "Refund", "amount": 2, "date": "2024-03-02", "id": "A(1)"}]}}
        """#.write(toFile: input, atomically: true, encoding: .utf8)
        let journal = folder.path + "/odd.journal"
        XCTAssertEqual(try txfeed("run", input, "-o", journal).status, 0)
        let printed = try runCommand(
            try tool("/usr/bin/hledger"), ["-f", journal, "reg", "-O", "csv", "Assets"])
        XCTAssertEqual(printed.status, 0, printed.stderr)
        XCTAssertTrue(printed.output.contains("(GOOGLE) Café； \"\"Pay\"\" ｜ Shop"), printed.output)
        XCTAssertTrue(printed.output.contains("Assets:Bank:Joint Main Ü"), printed.output)
        let pending = try runCommand(try tool("/usr/bin/hledger"), ["-f", journal, "print", "--pending"])
        XCTAssertTrue(pending.output.hasPrefix("2024-03-01 ! (fp:"), pending.output)

        let beancount = folder.path + "/odd.beancount"
        XCTAssertEqual(try txfeed("run", input, "-o", beancount).status, 0)
        let text = try String(contentsOfFile: beancount, encoding: .utf8)
        XCTAssertTrue(text.contains(#"2024-03-01 ! "(GOOGLE) Café; \"Pay\" | Shop" "line break; note""#), text)
        XCTAssertTrue(text.contains("  Assets:Bank:Joint-Main  -12.50 EUR"), text)
        XCTAssertTrue(text.contains(#"  id: "A(1)""#), text)
        let python = try TestPython.importing("beancount")
        let check = try runCommand((python as NSString).deletingLastPathComponent + "/bean-check", [beancount])
        XCTAssertEqual(check.status, 0, check.output + check.stderr)
    }

    /// With a rules file, a record's category is its balancing account and the file's
    /// `[accounts]` names the accounts; hledger's total of each category is txfeed's.
    /// A checking account of two daily MT940 pages, the second's one record a transfer in from
    /// savings the day before the first page: written on its money-out half's day, the transfer
    /// made the first page seem to end last, and its closing, 3450.10, was asserted with an
    /// opening of 1000.00 (the bank: 5000.00, then 7450.10), exit 0, hledger content. And a camt
    /// statement's pending entry, which its CLBD leaves out, was taken into its opening.
    func testOpeningsAndAssertionsFollowEachStatementsOwnDaysAndBookedMoney() throws {
        let checking = try folder.write(
            "checking.sta",
            [
                ":20:STMT0112", ":25:45050050/76198810", ":28C:101/1", ":60F:C231130USD5000,",
                ":61:2312011201D1500,NCHKNONREF//1001", ":86:CHECK 1001 ELECTRIC COMPANY",
                ":61:2312011201D49,90NMSCNONREF//1002", ":86:GROCERY STORE", ":62F:C231201USD3450,10", "-",
                ":20:STMT0412", ":25:45050050/76198810", ":28C:102/1", ":60F:C231201USD3450,10",
                ":61:2312041204C4000,NTRFNONREF//B4Z19", ":86:TRANSFER FROM SAVINGS 45050050/88877766",
                ":62F:C231204USD7450,10", "-",
            ].joined(separator: "\n") + "\n")
        let savings = try folder.write(
            "savings.sta",
            [
                ":20:SAV1130", ":25:45050050/88877766", ":28C:5/1", ":60F:C231129USD10000,",
                ":61:2311301130D4000,NTRFNONREF//C1", ":86:TRANSFER TO CHECKING 45050050/76198810",
                ":62F:C231130USD6000,", "-",
            ].joined(separator: "\n") + "\n")
        let journal = folder.path + "/days.journal"
        let run = try txfeed("run", checking, savings, "-o", journal)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("transfers: 1 linked"), run.stderr)
        let written = try String(contentsOfFile: journal, encoding: .utf8)
        XCTAssertTrue(written.contains("    Assets:Bank:45050050/76198810  5000.00 USD\n"), written)
        XCTAssertTrue(written.contains("    Assets:Bank:45050050/76198810  0 USD = 7450.10 USD\n"), written)
        let hledger = try tool("/usr/bin/hledger")
        XCTAssertEqual(try runCommand(hledger, ["-f", journal, "check"]).status, 0)

        /// The journal of `input` alone, which hledger checks.
        func checkedJournal(_ input: String, _ name: String) throws -> String {
            let path = folder.path + "/" + name + ".journal"
            XCTAssertEqual(try txfeed("run", input, "-o", path).status, 0)
            XCTAssertEqual(try runCommand(hledger, ["-f", path, "check"]).status, 0)
            return try String(contentsOfFile: path, encoding: .utf8)
        }
        let booked = try checkedJournal(
            BuiltProducts.fixtures + "/statements/camt/camt053-two-statements.xml", "camt")
        // OPBD 2000.00; CLBD 1925.56 without the pending -12.50 written beside it.
        XCTAssertTrue(booked.contains("    Assets:Bank:Geschäftskonto  2000.00 EUR\n"), booked)
        XCTAssertTrue(booked.contains("    Assets:Bank:Geschäftskonto  0 EUR = 1913.06 EUR\n"), booked)

        // A file's statements come in order: the later one is the closing though its only
        // record, dated by its value date alone (Rabobank's `:61:` without an entry date, in
        // OCA's test file), is a day before the first's. By days, the first's closing was taken:
        // opening 4468.13 and assertion 4833.52, where the bank says 4433.52 and 4798.91.
        let backValued = try folder.write(
            "rabo.sta",
            [
                ":20:940S140102", ":25:NL34RABO0142623393 EUR", ":28C:0", ":60F:C131231EUR000000004433,52",
                ":61:140102C000000000400,00N541NONREF", ":86:/ORDP//NAME/R. SMITH/REMI/Test money",
                ":62F:C140102EUR000000004833,52", ":20:940S140106", ":25:NL34RABO0142623393 EUR", ":28C:0",
                ":60F:C140102EUR000000004833,52", ":61:140101D000000000034,61N093NONREF",
                ":86:/BENM//NAME/Kosten/REMI/Periode 01-10-2013 t/m 31-12-2013", ":62F:C140106EUR000000004798,91",
            ].joined(separator: "\n") + "\n")
        let ordered = try checkedJournal(backValued, "rabo")
        XCTAssertTrue(ordered.contains("  4433.52 EUR\n    Equity:Opening-Balances"), ordered)
        XCTAssertTrue(ordered.contains("  0 EUR = 4798.91 EUR\n"), ordered)
    }

    /// Two sources' accounts without a currency are one bare commodity to hledger: said, naming
    /// the option; one source's accounts, or accounts with currencies, are not.
    func testAJournalOfAccountsWithoutACurrencyFromTwoSourcesIsSaid() throws {
        let us = try folder.write("us.csv", "Date,Description,Amount\n2024-03-13,Shop,-12.50\n2024-03-14,Pay,100.00\n")
        let sg = try folder.write("sg.csv", "Date,Description,Amount\n2024-03-13,Kopi,-3.20\n2024-03-14,Pay,50.00\n")
        let journal = folder.path + "/two.journal"
        let two = try txfeed("run", us, sg, "-o", journal)
        XCTAssertEqual(two.status, 0, two.stderr)
        XCTAssertTrue(
            two.stderr.contains(
                "txfeed: warning: \(journal): the accounts of us, sg have no currency: hledger and Ledger add their "
                    + "amounts as one commodity"), two.stderr)
        let one = try txfeed("run", us, "-o", journal)
        XCTAssertFalse(one.stderr.contains("have no currency"), one.stderr)
        let given = try txfeed(
            "run", "-s", "csv:\(us),default-currency=USD", "-s", "csv:\(sg),default-currency=SGD", "-o", journal)
        XCTAssertFalse(given.stderr.contains("have no currency"), given.stderr)
    }

    /// Names a rules file gives that beancount cannot keep apart, or cannot read, are refused
    /// rather than written: `Assets:Bank:三井住友` and `Assets:Bank:みずほ` both cleaned to
    /// `Assets:Bank:Account`, the transfer between them posted to itself; a category
    /// `Spending:Fees` made a file bean-check rejects. Exit 0 both times; hledger keeps them.
    func testRulesNamesBeancountCannotKeepApartOrReadAreRefused() throws {
        let input = try folder.write(
            "two.json",
            #"""
            [{"body": {"name": "Checking", "currency": "USD", "transactions": [{"type": 1, "vendor": "Shop A", "amount": 10, "date": "2024-03-01"}]}},
             {"body": {"name": "Savings", "currency": "USD", "transactions": [{"type": 0, "vendor": "Interest", "amount": 2, "date": "2024-03-05"}]}}]
            """#)
        let names = try folder.write(
            "names.toml",
            """
            [accounts]
            "Checking" = "Assets:Bank:三井住友"
            "Savings" = "Assets:Bank:みずほ"

            """)
        /// The rules' beancount file is refused saying `message`, and their hledger journal written.
        func refusedInBeancount(_ rules: String, _ message: String, line: UInt = #line) throws {
            let bean = try txfeed("run", input, "--rules", rules, "-o", folder.path + "/refused.beancount")
            XCTAssertNotEqual(bean.status, 0, bean.stderr, line: line)
            XCTAssertTrue(bean.stderr.contains(message), bean.stderr, line: line)
            let kept = try txfeed("run", input, "--rules", rules, "-o", folder.path + "/kept.journal")
            XCTAssertEqual(kept.status, 0, kept.stderr, line: line)
        }
        try refusedInBeancount(
            names,
            "the rules' [accounts] names 'Assets:Bank:三井住友' and 'Assets:Bank:みずほ' are both "
                + "Assets:Bank:Account in this journal's syntax: name them apart")

        let category = try folder.write(
            "category.toml",
            """
            [[rule]]
            name = "fees"
            match = { vendor = "shop a" }
            category = "Spending:Fees"

            """)
        try refusedInBeancount(
            category,
            "the rules' category 'Spending:Fees' is no beancount account: its first part must be Assets, "
                + "Liabilities, Equity, Income or Expenses")
    }

    /// beancount keeps ASCII only: two categories that clean to one name (`Expenses:Urlaub:Αθήνα`
    /// and `…:Σούπερ μάρκετ`) were one account holding both sums; a capture that matched nothing
    /// (`Expenses:$1` as `Expenses:`) was the root alone, which bean-check refuses. Each category
    /// is its own account, and an empty capture posts to `Expenses:Uncategorized`.
    func testCategoriesThatCleanAlikeAreTwoAccountsAndAnEmptyCaptureIsValid() throws {
        let csv = try folder.write(
            "greek.csv",
            "Date,Description,Memo,Amount,Currency\n2024-03-01,Taverna,Dinner,-31.20,EUR\n"
                + "2024-03-02,Sklavenitis,Food,-12.40,EUR\n2024-03-03,Ditzo,7585022452 Premie,-3.18,EUR\n")
        let rules = try folder.write(
            "greek.toml",
            """
            [[rule]]
            match = { vendor = "taverna" }
            category = "Expenses:Urlaub:Αθήνα"

            [[rule]]
            match = { vendor = "sklavenitis" }
            category = "Expenses:Urlaub:Σούπερ μάρκετ"

            [[rule]]
            match = { memo_regex = '^([^0-9]*)' }
            category = "Expenses:$1"

            """)
        let beancount = folder.path + "/greek.beancount"
        let run = try txfeed("run", csv, "--rules", rules, "-o", beancount)
        XCTAssertEqual(run.status, 0, run.stderr)
        let written = try String(contentsOfFile: beancount, encoding: .utf8)
        // The feed runs newest first: the later day's category takes the name first.
        XCTAssertTrue(written.contains("  Expenses:Urlaub:Account  12.40 EUR\n"), written)
        XCTAssertTrue(written.contains("  Expenses:Urlaub:Account-2  31.20 EUR\n"), written)
        XCTAssertTrue(written.contains("  Expenses:Uncategorized  3.18 EUR\n"), written)
        let python = try TestPython.importing("beancount")
        let check = try runCommand((python as NSString).deletingLastPathComponent + "/bean-check", [beancount])
        XCTAssertEqual(check.status, 0, check.output + check.stderr)
    }

    func testRulesGiveTheBalancingAccountsAndTheLedgerNames() throws {
        let rules = BuiltProducts.repository + "/samples/rules/bank.toml"
        let bank = BuiltProducts.repository + "/samples/bank"
        let journal = folder.path + "/bank.journal"
        let run = try txfeed("run", bank, "--rules", rules, "-o", journal)
        XCTAssertEqual(run.status, 0, run.stderr)
        let written = try String(contentsOfFile: journal, encoding: .utf8)
        XCTAssertTrue(
            written.contains("    Assets:Bank:UK Current  -54.31 GBP\n    Expenses:Groceries  54.31 GBP\n"), written)
        XCTAssertTrue(written.contains("    Liabilities:Card:US Card  "), written)
        let hledger = try tool("/usr/bin/hledger")
        XCTAssertEqual(try runCommand(hledger, ["-f", journal, "check"]).status, 0)
        // Per category and currency: the pound account's (`£` in its cells) and the card's (none)
        // are not added together.
        var expected: [String: Decimal] = [:]
        for row in try feedRows(try txfeed("run", bank, "--rules", rules, "--sink", "ndjson")) {
            let category = text(row, "category") ?? (minor(row) < 0 ? "Expenses:Uncategorized" : "Income:Uncategorized")
            expected[category + " " + (text(row, "currency") ?? ""), default: 0] -=
                Decimal(string: text(row, "amount") ?? "0") ?? 0
        }
        XCTAssertTrue(expected.keys.contains("Expenses:Groceries GBP"), "\(expected)")
        let balance = try runCommand(
            hledger, ["-f", journal, "bal", "^Expenses", "^Income", "--flat", "-N", "-O", "csv", "--layout=bare"])
        var reported: [String: Decimal] = [:]
        for line in balance.output.split(separator: "\n").dropFirst() {
            let cells = line.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
            reported[cells[0] + " " + cells[1]] = Decimal(string: cells[2])
        }
        XCTAssertEqual(reported, expected.filter { $0.value != 0 })

        // The pound signs name its currency: beancount needs one, and no option gives it.
        let beancount = folder.path + "/uk.beancount"
        let gbp = try txfeed("run", "\(bank)/uk-current.csv", "--rules", rules, "-o", beancount)
        XCTAssertEqual(gbp.status, 0, gbp.stderr)
        let bean = try String(contentsOfFile: beancount, encoding: .utf8)
        XCTAssertTrue(bean.contains("  Assets:Bank:UK-Current  -54.31 GBP\n  Expenses:Groceries  54.31 GBP\n"), bean)
        let python = try TestPython.importing("beancount")
        let check = try runCommand((python as NSString).deletingLastPathComponent + "/bean-check", [beancount])
        XCTAssertEqual(check.status, 0, check.output + check.stderr)
    }

    /// Writes `envelopes` to NAME.json, runs txfeed to NAME.journal and NAME.beancount, and has
    /// `hledger check`, `ledger` and `bean-check` read them: each must accept its file.
    private func accepted(
        _ name: String, _ envelopes: String, file: StaticString = #filePath, line: UInt = #line
    ) throws -> (journal: String, beancount: String) {
        let input = try folder.write(name + ".json", envelopes)
        let journal = folder.path + "/" + name + ".journal", beancount = folder.path + "/" + name + ".beancount"
        let run = try txfeed("run", input, "-o", journal, "-o", beancount)
        XCTAssertEqual(run.status, 0, "\(name): \(run.stderr)", file: file, line: line)
        let check = try runCommand(try tool("/usr/bin/hledger"), ["-f", journal, "check"])
        XCTAssertEqual(check.status, 0, "\(name): hledger check: \(check.stderr)", file: file, line: line)
        let ledger = try runCommand(try tool("/usr/bin/ledger"), ["-f", journal, "bal"])
        XCTAssertEqual(ledger.status, 0, "\(name): ledger: \(ledger.stderr)", file: file, line: line)
        XCTAssertEqual(ledger.stderr, "", name, file: file, line: line)
        let python = try TestPython.importing("beancount")
        let bean = try runCommand((python as NSString).deletingLastPathComponent + "/bean-check", [beancount])
        XCTAssertEqual(bean.status, 0, "\(name): bean-check: \(bean.output)\(bean.stderr)", file: file, line: line)
        return (journal, beancount)
    }

    /// Each account's balance at the end as hledger reports it, `Assets:Bank:X` → `80.00 USD`
    /// (`, ` between currencies).
    private func balances(_ journal: String) throws -> [String: String] {
        let balance = try runCommand(
            try tool("/usr/bin/hledger"), ["-f", journal, "bal", "^Assets", "--flat", "-N", "-O", "csv"])
        XCTAssertEqual(balance.status, 0, balance.stderr)
        var out: [String: String] = [:]
        for row in balance.output.split(separator: "\n").dropFirst() {
            let cells = row.components(separatedBy: "\",\"").map {
                $0.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
            out[cells[0]] = cells[1]
        }
        return out
    }

    /// Statements of one account (one name): the one with the stated balance older than
    /// another's entries, either first in the feed, and the name in two currencies. Every
    /// program accepts the openings and assertions, and the balance at the end is the stated
    /// one and the entries after it.
    func testAccountsOfOneNameAreBalancedPerCurrencyAndUpToTheirStatedBalance() throws {
        let stated =
            #"{"body": {"name": "Checking", "currency": "USD", "currentBalance": 100, "transactions": [{"type": 1, "vendor": "Shop A", "amount": 10, "date": "2024-03-01"}]}}"#
        let later =
            #"{"body": {"name": "Checking", "currency": "USD", "transactions": [{"type": 1, "vendor": "Shop B", "amount": 20, "date": "2024-03-05"}]}}"#
        let euro =
            #"{"body": {"name": "Checking", "currency": "EUR", "currentBalance": 50, "transactions": [{"type": 1, "vendor": "Shop B", "amount": 20, "date": "2024-03-02"}]}}"#
        let samename = try accepted("samename", "[\(stated), \(later)]")
        XCTAssertEqual(try balances(samename.journal)["Assets:Bank:Checking"], "80.00 USD")
        let reversed = try accepted("reversed", "[\(later), \(stated)]")
        XCTAssertEqual(try balances(reversed.journal)["Assets:Bank:Checking"], "80.00 USD")
        let currencies = try accepted("currencies", "[\(stated), \(euro)]")
        XCTAssertEqual(try balances(currencies.journal)["Assets:Bank:Checking"], "50.00 EUR, 100.00 USD")
    }

    /// An account whose statement states a balance and holds no entry (a card's month without
    /// charges: Odoo's OFX test file, a camt file's second account) was in no journal, and a
    /// net worth was short by its balance. It stands at its balance on the journal's last day.
    func testAnAccountWithABalanceAndNoEntriesStandsAtItsBalance() throws {
        let written = try accepted(
            "standing",
            #"""
            [{"body": {"name": "Checking", "currency": "USD", "currentBalance": 100, "transactions": [{"type": 1, "vendor": "Shop A", "amount": 10, "date": "2024-03-01"}, {"type": 1, "vendor": "Shop B", "amount": 5, "date": "2024-03-04"}]}},
             {"body": {"name": "Card", "currency": "USD", "currentBalance": -562, "transactions": []}}]
            """#)
        XCTAssertEqual(
            try balances(written.journal), ["Assets:Bank:Checking": "100.00 USD", "Assets:Bank:Card": "-562.00 USD"])
        let bean = try String(contentsOfFile: written.beancount, encoding: .utf8)
        XCTAssertTrue(bean.contains("2024-03-04 open Assets:Bank:Card\n"), bean)
    }

    /// Two accounts of one name and two bank ids (two banks' `Checking`) were one journal
    /// account, the second's balance standing for both: net worth 100.00 where it is 300.00.
    /// Accounts of one id are one, whatever their names (MT940 names the account by its IBAN,
    /// camt by its owner).
    func testAJournalAccountIsOneBankIDElseOneName() throws {
        let two = try accepted(
            "two-ids",
            #"""
            [{"body": {"name": "Checking", "id": "111", "currency": "USD", "currentBalance": 100, "transactions": [{"type": 1, "vendor": "Shop A", "amount": 10, "date": "2024-03-01"}]}},
             {"body": {"name": "Checking", "id": "222", "currency": "USD", "currentBalance": 200, "transactions": [{"type": 1, "vendor": "Shop B", "amount": 7, "date": "2024-03-02"}]}}]
            """#)
        XCTAssertEqual(
            try balances(two.journal), ["Assets:Bank:Checking": "100.00 USD", "Assets:Bank:Checking-2": "200.00 USD"])
        let one = try accepted(
            "one-id",
            #"""
            [{"body": {"name": "DE89370400440532013000", "id": "DE89370400440532013000", "currency": "EUR", "currentBalance": 90, "transactions": [{"type": 1, "vendor": "Cafe", "amount": 10, "date": "2024-03-04"}]}},
             {"body": {"name": "Max Mustermann", "id": "DE89370400440532013000", "currency": "EUR", "currentBalance": 70, "transactions": [{"type": 1, "vendor": "Bakery", "amount": 20, "date": "2024-03-05"}]}}]
            """#)
        XCTAssertEqual(try balances(one.journal), ["Assets:Bank:DE89370400440532013000": "70.00 EUR"])
        // Rabobank's MT940 `:25:NL34RABO0142623393 EUR`, its camt's IBAN alone, a CSV
        // preamble's spaced IBAN: one account to a journal.
        let wrapped = try accepted(
            "wrapped-iban",
            #"""
            [{"body": {"name": "NL34RABO0142623393 EUR", "id": "NL34RABO0142623393 EUR", "currency": "EUR", "currentBalance": 90, "transactions": [{"type": 1, "vendor": "Cafe", "amount": 10, "date": "2024-03-04"}]}},
             {"body": {"name": "Rekening", "id": "NL34 RABO 0142 6233 93", "currency": "EUR", "transactions": [{"type": 1, "vendor": "Shop", "amount": 5, "date": "2024-03-05"}]}},
             {"body": {"name": "J. Jansen", "id": "NL34RABO0142623393", "currency": "EUR", "currentBalance": 70, "transactions": [{"type": 1, "vendor": "Bakery", "amount": 15, "date": "2024-03-06"}]}}]
            """#)
        XCTAssertEqual(try balances(wrapped.journal), ["Assets:Bank:NL34RABO0142623393 EUR": "70.00 EUR"])
    }

    /// A statement whose every record `--dedupe` took for another source's (a day's camt.053
    /// beside the camt.054 that gave them first) still states its balance: dropped, the journal
    /// account had no opening and no assertion, and stood at −30.00 where the bank says 70.00.
    func testAStatementDedupeEmptiedStillStatesItsBalance() throws {
        let records =
            #"[{"id": "R1", "type": 1, "vendor": "Cafe", "amount": 10, "date": "2024-03-04"}, {"id": "R2", "type": 1, "vendor": "Bakery", "amount": 20, "date": "2024-03-05"}]"#
        let notice = try folder.write(
            "a-054.json",
            #"{"body": {"name": "Giro", "id": "DE89", "currency": "EUR", "transactions": "# + records + "}}")
        let statement = try folder.write(
            "b-053.json",
            #"{"body": {"name": "Giro", "id": "DE89", "currency": "EUR", "currentBalance": 70, "transactions": "#
                + records + "}}")
        let journal = folder.path + "/emptied.journal"
        let run = try txfeed("run", notice, statement, "--dedupe", "-o", journal)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("written 0 + rejected 0 + duplicates 2"), run.stderr)
        XCTAssertEqual(try runCommand(try tool("/usr/bin/hledger"), ["-f", journal, "check"]).status, 0)
        XCTAssertEqual(try balances(journal), ["Assets:Bank:Giro": "70.00 EUR"])
        XCTAssertTrue(try String(contentsOfFile: journal, encoding: .utf8).contains("0 EUR = 70.00 EUR\n"))
    }

    /// Accounts whose names clean to one journal name (beancount keeps ASCII only; hledger drops
    /// `:`) are two journal accounts, each with its balance, and every program accepts them.
    func testAccountsWhoseNamesCleanAlikeAreTwoAccountsInEveryProgram() throws {
        let japan = try accepted(
            "japan",
            #"""
            [{"body": {"name": "東京", "currency": "USD", "currentBalance": 100, "transactions": [{"type": 1, "vendor": "Shop A", "amount": 10, "date": "2024-03-01"}]}},
             {"body": {"name": "大阪", "currency": "USD", "transactions": [{"type": 1, "vendor": "Shop B", "amount": 20, "date": "2024-03-05"}]}}]
            """#)
        let bean = try String(contentsOfFile: japan.beancount, encoding: .utf8)
        XCTAssertTrue(bean.contains("2024-03-02 balance Assets:Bank:Account  100.00 USD\n"), bean)
        XCTAssertTrue(bean.contains("  Assets:Bank:Account-2  -20.00 USD\n"), bean)
        XCTAssertTrue(bean.contains("2024-03-05 open Assets:Bank:Account-2\n"), bean)

        let joint = try accepted(
            "joint",
            #"""
            [{"body": {"name": "Joint Main", "currency": "EUR", "currentBalance": 50, "transactions": [{"type": 0, "vendor": "Salary", "amount": 1000, "date": "2024-03-02"}]}},
             {"body": {"name": "Joint: Main", "currency": "EUR", "currentBalance": -50, "transactions": [{"type": 1, "vendor": "Rent", "amount": 700, "date": "2024-03-02"}]}}]
            """#)
        XCTAssertEqual(
            try balances(joint.journal),
            ["Assets:Bank:Joint Main": "50.00 EUR", "Assets:Bank:Joint Main-2": "-50.00 EUR"])
    }

    /// A transfer is written at its money-out half's day: the money-in account's opening,
    /// assertion and beancount `open` are that day's, whether it is after the money in (the
    /// assertion would miss the transfer) or before it (beancount would post to an account
    /// not yet open).
    func testATransferIsCheckedOnTheDayItIsWritten() throws {
        let after = try accepted(
            "after",
            #"""
            [{"body": {"name": "Checking", "currency": "EUR", "currentBalance": 100, "transactions": [{"type": 1, "vendor": "Transfer to savings", "amount": 500, "date": "2024-03-03"}]}},
             {"body": {"name": "Savings", "currency": "EUR", "currentBalance": 900, "transactions": [{"type": 0, "vendor": "Transfer from checking", "amount": 500, "date": "2024-03-01"}]}}]
            """#)
        XCTAssertEqual(
            try balances(after.journal), ["Assets:Bank:Checking": "100.00 EUR", "Assets:Bank:Savings": "900.00 EUR"])
        _ = try accepted(
            "before",
            #"""
            [{"body": {"name": "Checking", "currency": "EUR", "transactions": [{"type": 1, "vendor": "Transfer to savings", "amount": 500, "date": "2024-03-01"}]}},
             {"body": {"name": "Savings", "currency": "EUR", "transactions": [{"type": 0, "vendor": "Transfer from checking", "amount": 500, "date": "2024-03-03"}]}}]
            """#)
    }

    /// A memo of 4,096 bytes (INPUT.md's limit), which `;` makes longer, is read by Ledger,
    /// which refuses a line of 4,096 characters; its comment lines, as hledger reads them, are
    /// the memo again.
    func testALongMemoIsReadByLedger() throws {
        let memo = String(repeating: "é; x", count: 700) + String(repeating: "m", count: 596)
        XCTAssertEqual(memo.utf8.count, 4096)
        let envelope =
            #"{"body": {"name": "Checking", "currency": "USD", "transactions": [{"type": 1, "vendor": "Shop", "amount": 1.5, "date": "2024-03-01", "memo": "\#(memo)"}]}}"#
        let files = try accepted("memo", envelope)
        let printed = try runCommand(try tool("/usr/bin/hledger"), ["-f", files.journal, "print", "-O", "json"])
        XCTAssertEqual(printed.status, 0, printed.stderr)
        let entries = try JSONSerialization.jsonObject(with: Data(printed.output.utf8)) as? [[String: Any]]
        let comment = try XCTUnwrap(entries?.first?["tcomment"] as? String)
        let lines = comment.split(separator: "\n").filter { $0.hasPrefix("memo: ") }
        XCTAssertGreaterThan(lines.count, 1)
        XCTAssertEqual(lines.map { $0.dropFirst(6) }.joined(), memo.replacingOccurrences(of: ";", with: "；"))
    }

    /// An account whose last entry is on 9999-12-31: beancount would check its balance the
    /// day after, which it cannot read; the file has no assertion then and bean-check accepts it.
    func testAnEntryOn99991231IsAValidBeancountFile() throws {
        let files = try accepted(
            "late",
            #"{"body": {"name": "Late", "currency": "USD", "currentBalance": 1, "transactions": [{"type": 1, "vendor": "w", "amount": 2, "date": "9999-12-31"}]}}"#
        )
        XCTAssertEqual(try balances(files.journal)["Assets:Bank:Late"], "1.00 USD")
    }
}
