import Foundation
import TxFeedTestSupport
import XCTest

/// Issue 43, done when: a household's statements — a checking CSV with pending rows, a savings
/// OFX, a card QFX — downloaded again each day with overlaps and run with `--state`, give every
/// payment once (a coffee pending on day 1 books with a tip on day 2), every transfer once, and
/// every drop a reason; the day's journals, included together, are what hledger balances.
final class HouseholdTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try temporaryFolder()
    }

    /// One day's downloads, written over the last day's, as a person saves them.
    private func download(
        checking: [String], savings: [(fitid: String, date: String, amount: String, name: String)],
        card: [(fitid: String, date: String, amount: String, name: String)]
    )
        throws
    {
        try folder.write(
            "downloads/checking.csv",
            (["Date,Description,Amount,Currency,Status"] + checking).joined(separator: "\n") + "\n")
        try folder.write(
            "downloads/savings.ofx",
            ofxStatementText(savings, account: "DE12500105170648489890", type: "SAVINGS", balance: nil))
        try folder.write(
            "downloads/card.qfx", ofxStatementText(card, account: "4111000011112222", type: "CREDITLINE", balance: nil))
    }

    /// The two days' journals included together: `hledger check` passes, and each account's
    /// balance (hledger's CSV), with hledger's output for messages.
    private func twoDaysBalances() throws -> (rows: [String: String], output: String) {
        try folder.write("all.journal", "include day1.journal\ninclude day2.journal\n")
        let hledger = "/usr/bin/hledger"
        guard FileManager.default.isExecutableFile(atPath: hledger) else {
            throw TestPython.Missing(description: "\(hledger) is missing: run bin/test, which installs it")
        }
        XCTAssertEqual(try runCommand(hledger, ["-f", folder.path + "/all.journal", "check"]).status, 0)
        let balances = try runCommand(
            hledger, ["-f", folder.path + "/all.journal", "balance", "--flat", "-N", "-O", "csv"])
        XCTAssertEqual(balances.status, 0, balances.stderr)
        let rows = Dictionary(
            balances.output.split(separator: "\n").dropFirst().map { line -> (String, String) in
                let cells = line.split(separator: ",").map {
                    $0.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                }
                return (cells[0], cells[1])
            }, uniquingKeysWith: { first, _ in first })
        return (rows, balances.output)
    }

    /// Day 2's journal writes the money in of March 2's transfer (500.00 out of checking,
    /// written alone by batch 1) against what batch 1 posted that half to, and the two days'
    /// journals together hold it once: no expense; income the salary and 10.00 interest.
    private func assertTheTransferOfMarch2IsOnceInTheTwoDays() throws {
        let journal = String(decoding: try folder.read("day2.journal"), as: UTF8.self)
        XCTAssertTrue(
            journal.contains(
                "    ; transfer of: Assets:Bank:checking 2024-03-02 -500.00, written by batch 1 against Expenses:Uncategorized\n"
            ),
            journal)
        let (rows, balances) = try twoDaysBalances()
        XCTAssertEqual(rows["Assets:Bank:checking"], "2500.00 EUR", balances)
        XCTAssertNil(rows["Expenses:Uncategorized"], "the transfer is no expense once both days are in: \(balances)")
        XCTAssertEqual(rows["Income:Uncategorized"], "-3010.00 EUR", "the salary and the interest: \(balances)")
        XCTAssertEqual(rows.filter { $0.key.hasPrefix("Assets:Bank:SAVINGS") }.map(\.value), ["510.00 EUR"], balances)
    }

    private func day(_ n: Int) throws -> CommandResult {
        let result = try txfeed(
            "run", folder.path + "/downloads", "--state", folder.path + "/state.db", "--pending-tolerance", "20%",
            "-o", folder.path + "/day\(n).journal", "--duplicates", folder.path + "/day\(n)-dropped.ndjson", "-v",
            "--no-progress")
        XCTAssertEqual(result.status, 0, "day \(n): \(result.stderr)")
        return result
    }

    func testAMonthOfDailyDownloadsGivesEveryPaymentAndTransferOnce() throws {
        try download(
            checking: [
                "2024-03-01,SALARY ACME GMBH,3000.00,EUR,Posted",
                "2024-03-02,UMBUCHUNG TAGESGELD DE12500105170648489890,-500.00,EUR,Posted",
                "2024-03-03,CAFE CENTRAL,-10.00,EUR,Pending",
            ],
            savings: [("S1", "20240302", "500.00", "EINGANG")],
            card: [("C1", "20240302", "-42.00", "RESTAURANT")])
        let first = try day(1)
        XCTAssertTrue(
            first.stderr.contains("remembers 4 new transactions (1 pending, kept apart until booked)"), first.stderr)
        XCTAssertTrue(first.stderr.contains("txfeed: transfers: 1 linked"), first.stderr)

        // The next day's downloads overlap the first's: the coffee booked with a tip, the card paid.
        try download(
            checking: [
                "2024-03-01,SALARY ACME GMBH,3000.00,EUR,Posted",
                "2024-03-02,UMBUCHUNG TAGESGELD DE12500105170648489890,-500.00,EUR,Posted",
                "2024-03-04,CAFE CENTRAL,-11.50,EUR,Posted",
                "2024-03-05,CARD PAYMENT,-42.00,EUR,Posted",
            ],
            savings: [("S1", "20240302", "500.00", "EINGANG")],
            card: [("C1", "20240302", "-42.00", "RESTAURANT"), ("C2", "20240305", "42.00", "PAYMENT THANK YOU")])
        let second = try day(2)
        XCTAssertTrue(
            second.stderr.contains("remembers 3 new transactions; 1 pending became booked"), second.stderr)
        XCTAssertTrue(second.stderr.contains("(payee, 1 day later, amount -1.50)"), second.stderr)
        // The card paid from checking: a transfer between the two.
        XCTAssertTrue(second.stderr.contains("txfeed: transfers: 1 linked"), second.stderr)

        // Every drop of day 2 has its reason: each seen in batch 1, read from the same files;
        // and the booked coffee says which pending record it replaced.
        let lines = try String(contentsOfFile: folder.path + "/day2-dropped.ndjson", encoding: .utf8)
            .split(separator: "\n").map {
                try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
            }
        let dropped = lines.filter { $0["by"] as? String != "pending" }
        XCTAssertEqual(dropped.count, 4, "salary, transfer out, transfer in, restaurant")
        let booked = lines.filter { $0["by"] as? String == "pending" }
        XCTAssertEqual(booked.count, 1, "the coffee")
        XCTAssertEqual((booked.first?["replaces"] as? [String: Any])?["amount"] as? String, "-10.00")
        XCTAssertEqual((booked.first?["record"] as? [String: Any])?["amount"] as? String, "-11.50")
        for line in dropped {
            let kept = try XCTUnwrap(line["kept"] as? [String: Any])
            XCTAssertEqual(kept["batch"] as? Int, 1)
            XCTAssertEqual((kept["files"] as? [String])?.count, 3)
            XCTAssertNotNil(line["by"] as? String)
        }

        // And the state file lists them with why (the first five a batch; --drops all it keeps),
        // and where each is in its file (the run wrote --duplicates, so it kept places).
        let show = try txfeed("state", "show", folder.path + "/state.db")
        XCTAssertTrue(
            show.output.contains("      dropped checking#0 (line 2) 2024-03-01 SALARY ACME GMBH 3000.00 fp:"),
            show.output)
        XCTAssertTrue(
            show.output.contains(
                "      dropped savings#0 (STMTRS[0].STMTTRN[0]) 2024-03-02 EINGANG 500.00 S1: bank id of batch 1\n"))
        XCTAssertEqual(show.output.components(separatedBy: "      dropped ").count - 1, 4, show.output)
        XCTAssertTrue(
            show.output.contains(
                "      pending 2024-03-03 CAFE CENTRAL -10.00 (batch 1) booked: payee, 1 day later, amount -1.50\n"),
            show.output)

        // The two days' journals together: each payment once, each transfer once.
        let (rows, balances) = try twoDaysBalances()
        XCTAssertEqual(rows["Assets:Bank:checking"], "2446.50 EUR", balances)
        XCTAssertEqual(rows["Expenses:Uncategorized"], "53.50 EUR", "the coffee once, with its tip, and the restaurant")
        XCTAssertEqual(rows["Income:Uncategorized"], "-3000.00 EUR", balances)
        XCTAssertEqual(
            rows.filter { $0.key.hasPrefix("Assets:Bank:SAVINGS") }.map(\.value), ["500.00 EUR"], balances)
        XCTAssertEqual(
            rows.filter { $0.key.hasPrefix("Assets:Bank:CREDITLINE") }.map(\.value), [], "paid off: nothing left")
    }

    /// A transfer whose halves post on different days: day 1's checking file has the money out,
    /// written alone (no savings record yet, so uncategorised); day 2's files have it again (seen)
    /// and the money in. Day 2 links the two and writes the money in against what day 1 posted
    /// the money out to, so the two journals together hold the transfer once and no expense.
    func testATransferWhoseHalvesBookOnDifferentDaysIsOnceAcrossTheDays() throws {
        let transfer = "2024-03-02,UMBUCHUNG TAGESGELD DE12500105170648489890,-500.00,EUR,Posted"
        try download(
            checking: ["2024-03-01,SALARY ACME GMBH,3000.00,EUR,Posted", transfer],
            savings: [("S0", "20240225", "10.00", "ZINSEN")], card: [])
        let first = try day(1)
        XCTAssertFalse(first.stderr.contains("transfers: 1 linked"), first.stderr)
        try download(
            checking: ["2024-03-01,SALARY ACME GMBH,3000.00,EUR,Posted", transfer],
            savings: [("S0", "20240225", "10.00", "ZINSEN"), ("S1", "20240303", "500.00", "EINGANG")], card: [])
        let second = try day(2)
        XCTAssertTrue(
            second.stderr.contains("txfeed: transfers: 1 linked (1 to a half an earlier batch wrote)"), second.stderr)
        try assertTheTransferOfMarch2IsOnceInTheTwoDays()

    }

    /// Downloads that do not overlap (each day's file holds only what is new, as OFX Direct
    /// Connect gives): the money-out half is written on day 1 alone, and the state file
    /// remembers it; day 2 reads only the savings statement, whose money in is linked to it,
    /// once. `state undo` gives the half back; a later money in of the same amount does not
    /// take it again.
    func testATransferWhoseHalvesComeInDownloadsThatDoNotOverlapIsOnce() throws {
        func only(_ name: String, _ text: String) throws {
            try? FileManager.default.removeItem(atPath: folder.path + "/downloads")
            try folder.write("downloads/" + name, text)
        }
        func checking(_ rows: [String]) -> String {
            (["Date,Description,Amount,Currency,Status"] + rows).joined(separator: "\n") + "\n"
        }
        func savings(_ rows: [(fitid: String, date: String, amount: String, name: String)]) -> String {
            ofxStatementText(rows, account: "DE12500105170648489890", type: "SAVINGS", balance: nil)
        }
        try only(
            "checking.csv",
            checking([
                "2024-03-01,SALARY ACME GMBH,3000.00,EUR,Posted",
                "2024-03-02,UMBUCHUNG TAGESGELD DE12500105170648489890,-500.00,EUR,Posted",
            ]))
        let first = try day(1)
        XCTAssertFalse(first.stderr.contains("transfers:"), first.stderr)

        try only(
            "savings.ofx", savings([("S0", "20240225", "10.00", "ZINSEN"), ("S1", "20240303", "500.00", "EINGANG")]))
        var second = try day(2)
        XCTAssertTrue(
            second.stderr.contains("txfeed: transfers: 1 linked (1 to a half an earlier batch wrote)"), second.stderr)
        // Undone, the half is free again, and the same download links it again.
        // Every sink names the other account, though no file of it was read.
        XCTAssertEqual(try txfeed("state", "undo", folder.path + "/state.db", "2").status, 0)
        second = try txfeed(
            "run", folder.path + "/downloads", "--state", folder.path + "/state.db", "-o",
            folder.path + "/day2.journal",
            "-o", folder.path + "/day2.csv", "-o", folder.path + "/day2.ndjson", "--no-progress")
        XCTAssertTrue(
            second.stderr.contains("txfeed: transfers: 1 linked (1 to a half an earlier batch wrote)"), second.stderr)
        let csv = String(decoding: try folder.read("day2.csv"), as: UTF8.self)
        XCTAssertTrue(csv.contains(",T1,checking"), csv)
        let ndjson = String(decoding: try folder.read("day2.ndjson"), as: UTF8.self)
        XCTAssertTrue(ndjson.contains(#""transfer":"T1","transfer_account":"checking""#), ndjson)
        try assertTheTransferOfMarch2IsOnceInTheTwoDays()

        // Taken once: another 500.00 in, days later, is income, not the same transfer again.
        try only("savings.ofx", savings([("S2", "20240304", "500.00", "EINGANG")]))
        let third = try day(3)
        XCTAssertFalse(third.stderr.contains("transfers:"), third.stderr)
    }

    /// Two money-out halves that day 1 wrote alone and one money in of the same amount on
    /// day 2: no link, and the set is named with the batch that wrote each half.
    func testTwoRememberedHalvesForOneMoneyInAreListedNotLinked() throws {
        try folder.write(
            "downloads/checking.csv",
            """
            Date,Description,Amount,Currency,Status
            2024-03-02,UMBUCHUNG TAGESGELD,-500.00,EUR,Posted
            2024-03-03,UMBUCHUNG TAGESGELD,-500.00,EUR,Posted

            """)
        XCTAssertFalse(try day(1).stderr.contains("transfers:"))
        try FileManager.default.removeItem(atPath: folder.path + "/downloads/checking.csv")
        try folder.write(
            "downloads/savings.ofx",
            ofxStatementText(
                [("S1", "20240303", "500.00", "EINGANG")], account: "DE12500105170648489890", type: "SAVINGS",
                balance: nil))
        let second = try day(2)
        XCTAssertTrue(
            second.stderr.contains(
                "txfeed: transfers: 0 linked, 1 set of records not paired (more than one candidate)"),
            second.stderr)
        XCTAssertTrue(
            second.stderr.contains(
                "txfeed: transfers: not paired: SAVINGS DE12500105170648489890 2024-03-03 500.00; checking 2024-03-03 -500.00 (batch 1); checking 2024-03-02 -500.00 (batch 1)"
            ), second.stderr)
    }

    /// A seen money-out half whose money in was seen too (both written, linked, by day 1) is no
    /// partner for a new record of the same amount: the match is ambiguous, and nothing links.
    func testASeenHalfAlreadyPairedIsNotTakenAgain() throws {
        let transfer = "2024-03-02,UMBUCHUNG TAGESGELD DE12500105170648489890,-500.00,EUR,Posted"
        try download(checking: [transfer], savings: [("S1", "20240302", "500.00", "EINGANG")], card: [])
        XCTAssertTrue(try day(1).stderr.contains("txfeed: transfers: 1 linked"))
        try download(
            checking: [transfer],
            savings: [("S1", "20240302", "500.00", "EINGANG"), ("S2", "20240304", "500.00", "EINGANG")], card: [])
        let second = try day(2)
        XCTAssertFalse(second.stderr.contains("txfeed: transfers:"), second.stderr)
        let journal = String(decoding: try folder.read("day2.journal"), as: UTF8.self)
        XCTAssertFalse(journal.contains("transfer of:"), journal)
    }

    /// The same, with the money in not in the next download: the seen money out is still no
    /// partner (day 1 linked it), so day 2's new money in waits as a half, and day 3's new
    /// money out links to it. (A seen half was once a partner whenever its own other half was
    /// not read again: day 2 linked the new 500.00 to March 2's, which the journal said day 1
    /// had posted against Expenses:Uncategorized, and day 3's was left an expense.)
    func testASeenHalfAlreadyPairedIsNoPartnerThoughItsOtherHalfIsNotReadAgain() throws {
        let transfer = "2024-03-02,UMBUCHUNG TAGESGELD DE12500105170648489890,-500.00,EUR,Posted"
        try download(checking: [transfer], savings: [("S1", "20240302", "500.00", "EINGANG")], card: [])
        XCTAssertTrue(try day(1).stderr.contains("txfeed: transfers: 1 linked"))
        try download(checking: [transfer], savings: [("S2", "20240304", "500.00", "EINGANG")], card: [])
        let second = try day(2)
        XCTAssertFalse(second.stderr.contains("txfeed: transfers:"), second.stderr)
        try download(
            checking: [transfer, "2024-03-05,UMBUCHUNG TAGESGELD DE12500105170648489890,-500.00,EUR,Posted"],
            savings: [], card: [])
        let third = try day(3)
        XCTAssertTrue(
            third.stderr.contains("txfeed: transfers: 1 linked (1 to a half an earlier batch wrote)"), third.stderr)
        let journal = String(decoding: try folder.read("day3.journal"), as: UTF8.self)
        XCTAssertTrue(journal.contains("; transfer of: Assets:Bank:SAVINGS"), journal)
        XCTAssertTrue(journal.contains("2024-03-04 500.00, written by batch 2 against Income:Uncategorized"), journal)
    }

    /// A transfer whose money out is still pending on day 1: no half of it is linked until both
    /// are booked, so day 1 writes the money in alone and day 2 the money out against it, and
    /// the two journals hold the 500.00 once, between the accounts. (A pending half was once
    /// linked: day 1 wrote neither half, its journal leaving pending records out, and day 2 the
    /// money out as an expense; savings never had the 500.00.)
    func testATransferWhoseMoneyOutIsPendingIsWrittenOnceItBooks() throws {
        let out = "2024-03-02,UMBUCHUNG TAGESGELD DE12500105170648489890,-500.00,EUR"
        try download(checking: [out + ",Pending"], savings: [("S1", "20240302", "500.00", "EINGANG")], card: [])
        XCTAssertFalse(try day(1).stderr.contains("txfeed: transfers:"))
        try download(checking: [out + ",Posted"], savings: [("S1", "20240302", "500.00", "EINGANG")], card: [])
        let second = try day(2)
        XCTAssertTrue(
            second.stderr.contains("txfeed: transfers: 1 linked (1 to a half an earlier batch wrote)"), second.stderr)
        let (balances, output) = try twoDaysBalances()
        XCTAssertEqual(balances["Assets:Bank:checking"], "-500.00 EUR", output)
        XCTAssertEqual(balances["Assets:Bank:SAVINGS DE12500105170648489890"], "500.00 EUR", output)
        XCTAssertNil(balances["Income:Uncategorized"], output)
        XCTAssertNil(balances["Expenses:Uncategorized"], output)
    }

    /// Beancount slices under `--state` carry no `open` directives (each would open the same
    /// accounts again): a main file that includes them with the auto_accounts plugin is what
    /// bean-check accepts, and its totals hold the transfer once.
    func testTheDaysBeancountSlicesIncludedTogetherPassBeanCheck() throws {
        let python = try TestPython.importing("beancount")
        let transfer = "2024-03-02,UMBUCHUNG TAGESGELD DE12500105170648489890,-500.00,EUR,Posted"
        func run(_ n: Int) throws {
            let result = try txfeed(
                "run", folder.path + "/downloads", "--state", folder.path + "/state.db", "-o",
                folder.path + "/day\(n).beancount", "--no-progress")
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        try download(checking: ["2024-03-01,SALARY ACME GMBH,3000.00,EUR,Posted", transfer], savings: [], card: [])
        try run(1)
        try download(
            checking: ["2024-03-01,SALARY ACME GMBH,3000.00,EUR,Posted", transfer],
            savings: [("S1", "20240303", "500.00", "EINGANG")], card: [])
        try run(2)
        XCTAssertFalse(String(decoding: try folder.read("day1.beancount"), as: UTF8.self).contains(" open "))
        try folder.write(
            "main.beancount",
            "plugin \"beancount.plugins.auto_accounts\"\ninclude \"day1.beancount\"\ninclude \"day2.beancount\"\n")
        let check = try runCommand(
            (python as NSString).deletingLastPathComponent + "/bean-check", [folder.path + "/main.beancount"])
        XCTAssertEqual(check.status, 0, check.output + check.stderr)
        let script = """
            import sys
            from beancount import loader
            from beancount.core import data
            entries, errors, options = loader.load_file(sys.argv[1])
            totals = {}
            for entry in entries:
                if isinstance(entry, data.Transaction):
                    for posting in entry.postings:
                        totals[posting.account] = totals.get(posting.account, 0) + posting.units.number
            print(" ".join("%s=%s" % (a, totals[a]) for a in sorted(totals) if totals[a] != 0))
            """
        let sums = try runCommand(python, ["-c", script, folder.path + "/main.beancount"])
        XCTAssertEqual(
            sums.output.trimmingCharacters(in: .whitespacesAndNewlines),
            "Assets:Bank:Checking=2500.00 Assets:Bank:SAVINGS-DE12500105170648489890=500.00 Income:Uncategorized=-3000.00",
            sums.stderr)
    }
}
