import Foundation
import TxFeedTestSupport
import XCTest

/// A record `--state` remembered is known again by its identity: its bank id, else a fingerprint
/// of its payee and memo. When a later export words the payee otherwise (the bank changed its
/// text, or a newer txfeed reads it better) or the bank made its ids anew, the identity is new
/// and that money was written a second time with exit 0 and not a word. The money key (account,
/// day, amount and occurrence) names such records.
final class MoneySeenAgainTests: XCTestCase {
    var folder: TemporaryFolder!
    var state: String { folder.path + "/state.db" }

    override func setUpWithError() throws {
        folder = try temporaryFolder()
    }

    @discardableResult
    private func run(_ name: String, _ csv: String, _ options: String = "") throws -> CommandResult {
        let path = try folder.write(name, csv)
        let result = try txfeed(
            "run", "-s", "csv:\(path),account=Checking\(options)", "--state", state, "--sink", "csv", "--no-progress")
        XCTAssertEqual(result.status, 0, result.stderr)
        return result
    }

    /// A warning about one new record, and the line after it that names the record.
    private func oneRecordWarning(_ result: CommandResult) throws -> (warning: String, record: String) {
        let lines = result.stderr.split(separator: "\n").map(String.init)
        let at = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("txfeed: warning: 1 new record") }, result.stderr)
        return (lines[at], at + 1 < lines.count ? lines[at + 1] : "")
    }

    /// Monthly exports without `account=`: each file is an account of its own name (its stem),
    /// so the next month's overlap was never asked of the first's records, and was written again
    /// with exit 0. An account new to the state whose records have the days and amounts of
    /// another's is said; one sharing a single price on one day is not.
    func testANewAccountWithAnotherAccountsMoneyIsSaid() throws {
        func run(_ name: String, _ csv: String) throws -> CommandResult {
            let path = try folder.write(name, csv)
            let result = try txfeed("run", "-s", "csv:\(path)", "--state", state, "--sink", "csv", "--no-progress")
            XCTAssertEqual(result.status, 0, result.stderr)
            return result
        }
        _ = try run(
            "2024-01.csv",
            "Date,Description,Amount\n2024-01-28,Coffee Corner,-3.50\n2024-01-30,Grocer,-20.00\n"
                + "2024-01-31,Rent,-700.00\n")
        let february = try run(
            "2024-02.csv",
            "Date,Description,Amount\n2024-01-30,Grocer,-20.00\n2024-01-31,Rent,-700.00\n"
                + "2024-02-02,Bakery,-4.10\n")
        XCTAssertTrue(
            february.stderr.contains(
                "txfeed: warning: account 2024-02, new to \(state), has 2 records with the day and amount of records "
                    + "it remembers of account 2024-01: if both are exports of one account (monthly files each "
                    + "named after itself, or two formats naming it otherwise), give their sources one account= name"),
            february.stderr)
        // One name on both, but a bank id on one: account= cannot join them, account-id= does.
        let withID = try run(
            "2024-02b.csv",
            "Account Number:,12345678\n\nDate,Description,Amount\n2024-01-30,Grocer,-20.00\n2024-01-31,Rent,-700.00\n"
                + "2024-02-03,Bakery,-4.10\n")
        XCTAssertTrue(
            withID.stderr.contains(
                "it is remembered without a bank id and this one has 12345678: give both sources account-id=12345678"),
            withID.stderr)
        let savings = try run(
            "savings.csv",
            "Date,Description,Amount\n2024-01-28,Coffee Corner,-3.50\n2024-02-05,Interest,1.20\n"
                + "2024-02-06,Fee,-1.00\n2024-02-07,Deposit,50.00\n2024-02-08,Deposit,60.00\n")
        XCTAssertFalse(savings.stderr.contains("new to"), savings.stderr)
    }

    func testAPayeeWordedOtherwiseInALaterExportIsNamedAndANewPaymentIsNot() throws {
        try run(
            "jan.csv", "Date,Description,Amount\n2024-01-02,Coffee Corner,-3.50\n2024-01-03,Grocer,-20.00\n")
        let later = try run(
            "later.csv",
            "Date,Description,Amount\n2024-01-02,COFFEE CORNER LTD,-3.50\n2024-01-03,Grocer,-20.00\n"
                + "2024-01-05,Bakery,-3.50\n")
        XCTAssertTrue(later.stderr.contains("written 2 + rejected 0 + duplicates 0 + seen 1"), later.stderr)
        let (warning, record) = try oneRecordWarning(later)
        XCTAssertEqual(
            warning,
            "txfeed: warning: 1 new record has the account, day and amount of a record batch 1 remembered in \(state) "
                + "that this run did not see again: likely that money a second time, its payee, memo or bank id "
                + "read otherwise (the bank's export changed, or txfeed reads it otherwise)")
        XCTAssertTrue(
            record.hasPrefix("txfeed:   Checking 2024-01-02 -3.50: \"COFFEE CORNER LTD\" (later, fp:"), record)
        XCTAssertTrue(record.hasSuffix("), like one of batch 1"), record)
        XCTAssertFalse(later.stderr.contains("Bakery"), "a new payment of a known amount on another day is new")
        XCTAssertTrue(later.output.contains("COFFEE CORNER LTD"), "written, never dropped on a guess")

        // Remembered in its turn: the same export again is all seen, and nothing is said.
        let again = try run(
            "later.csv",
            "Date,Description,Amount\n2024-01-02,COFFEE CORNER LTD,-3.50\n2024-01-03,Grocer,-20.00\n"
                + "2024-01-05,Bakery,-3.50\n")
        XCTAssertTrue(again.stderr.contains("written 0 + rejected 0 + duplicates 0 + seen 3"), again.stderr)
        XCTAssertFalse(again.stderr.contains("warning"), again.stderr)
    }

    /// Payments of one day and amount are counted: those seen again take their places first,
    /// so a third one beside two seen is new, and two seen before read otherwise are both named.
    func testPaymentsOfOneDayAndAmountAreCountedNotGuessed() throws {
        let header = "Date,Description,Amount\n"
        let bakery = "2024-01-05,Bakery,-4.00\n"
        try run("first.csv", header + bakery + bakery)
        let third = try run("second.csv", header + bakery + bakery + bakery)
        XCTAssertTrue(third.stderr.contains("written 1 + rejected 0 + duplicates 0 + seen 2"), third.stderr)
        XCTAssertFalse(third.stderr.contains("warning"), third.stderr)

        let otherwise = try run("third.csv", header + "2024-01-05,BAKERY LTD,-4.00\n2024-01-05,BAKERY LTD,-4.00\n")
        XCTAssertTrue(
            otherwise.stderr.contains(
                "txfeed: warning: 2 new records have the account, day and amount of a record batch 1 remembered"),
            otherwise.stderr)
    }

    /// An export downloaded again after the bank made its ids anew: every payment is new by its
    /// id, and each is named.
    func testBankIDsMadeAnewAreNamed() throws {
        let header = "Date,Reference,Description,Amount\n"
        try run("old.csv", header + "2024-02-01,A-1,Rent,-900.00\n2024-02-02,A-2,Salary,2500.00\n", ",id=Reference")
        let anew = try run(
            "new.csv", header + "2024-02-01,B-1,Rent,-900.00\n2024-02-02,B-2,Salary,2500.00\n", ",id=Reference")
        XCTAssertTrue(anew.stderr.contains("txfeed: warning: 2 new records have"), anew.stderr)
        XCTAssertTrue(anew.stderr.contains("\"Rent\" (new, B-1), like one of batch 1"), anew.stderr)
        XCTAssertTrue(anew.stderr.contains("\"Salary\" (new, B-2), like one of batch 1"), anew.stderr)
    }

    /// One export dates a payment by the day its money moved, a later one by the day it was
    /// booked: its identity and money change with the day, and it was written a second time with
    /// exit 0 and not a word. Named now, with the day the earlier batch remembered, when the later
    /// export covers that day and no longer lists the payment there.
    func testAPaymentWhoseDateMovedBetweenExportsIsNamed() throws {
        let header = "Date,Description,Amount\n"
        try run("value.csv", header + "2024-01-02,Grocer,-20.00\n2024-01-05,Tesco,-45.20\n2024-01-08,Rent,-900.00\n")
        let booked = try run(
            "booked.csv", header + "2024-01-02,Grocer,-20.00\n2024-01-08,Tesco,-45.20\n2024-01-08,Rent,-900.00\n")
        XCTAssertTrue(booked.stderr.contains("written 1 + rejected 0 + duplicates 0 + seen 2"), booked.stderr)
        let (warning, record) = try oneRecordWarning(booked)
        XCTAssertEqual(
            warning,
            "txfeed: warning: 1 new record has the account and amount of a record batch 1 remembered in \(state) "
                + "a few days from it, on a day this run covers but no longer lists: likely that money a second "
                + "time, its date moved (one export gives the day the money moved, the other the day it was booked)")
        XCTAssertTrue(record.hasPrefix("txfeed:   Checking 2024-01-08 -45.20: \"Tesco\" (booked, fp:"), record)
        XCTAssertTrue(record.hasSuffix("), like batch 1's of 2024-01-05"), record)
        XCTAssertTrue(booked.output.contains("Tesco"), "written, never dropped on a guess")
    }

    /// Not named: a payment of the same amount beside one the export lists again, and one near a
    /// day the export does not reach (it may start later, so the day tells nothing).
    func testTheSameAmountNearARememberedDayIsNotNamedWhenTheExportListsItOrDoesNotReachIt() throws {
        let header = "Date,Description,Amount\n"
        try run("first.csv", header + "2024-01-02,Grocer,-20.00\n2024-01-05,Tesco,-45.20\n")
        let both = try run(
            "both.csv", header + "2024-01-02,Grocer,-20.00\n2024-01-05,Tesco,-45.20\n2024-01-07,Tesco,-45.20\n")
        XCTAssertTrue(both.stderr.contains("written 1 + rejected 0 + duplicates 0 + seen 2"), both.stderr)
        XCTAssertFalse(both.stderr.contains("warning"), both.stderr)
        let later = try run("later.csv", header + "2024-01-09,Cafe,-3.00\n2024-01-10,Grocer,-20.00\n")
        XCTAssertTrue(later.stderr.contains("written 2 + rejected 0 + duplicates 0 + seen 0"), later.stderr)
        XCTAssertFalse(later.stderr.contains("warning"), "01-07 and 01-09 are near, but the export starts on 01-09")
    }

    /// A state file an older txfeed wrote remembers no money: the first run after the upgrade
    /// names the new records of the days it had imported, the run a changed reading shows in.
    func testDaysAnOlderTxfeedImportedAreNamedWhereItRememberedNoMoney() throws {
        try run("jan.csv", "Date,Description,Amount\n2024-01-02,Coffee Corner,-3.50\n2024-01-04,Grocer,-20.00\n")
        // The blocks as a txfeed before money keys wrote them: kind 3 taken out.
        let strip = try runCommand(
            try TestPython.system(),
            [
                "-c",
                """
                import sqlite3, struct, sys
                db = sqlite3.connect(sys.argv[1])
                for rowid, keys, kinds in db.execute("SELECT rowid, keys, kinds FROM seen").fetchall():
                    pairs = [(k, t) for k, t in zip(struct.unpack("<%dq" % len(kinds), keys), kinds) if t != 3]
                    db.execute("UPDATE seen SET keys = ?, kinds = ? WHERE rowid = ?",
                               (struct.pack("<%dq" % len(pairs), *[k for k, _ in pairs]), bytes(t for _, t in pairs), rowid))
                db.commit()
                """,
                state,
            ])
        XCTAssertEqual(strip.status, 0, strip.stderr)
        let later = try run(
            "later.csv",
            "Date,Description,Amount\n2024-01-02,COFFEE CORNER LTD,-3.50\n2024-01-03,Bakery,-4.00\n"
                + "2024-01-04,Grocer,-20.00\n2024-01-05,Cafe,-2.00\n")
        XCTAssertTrue(
            later.stderr.contains(
                "txfeed: warning: 2 new records fall on days batch 1 imported, whose records an older txfeed "
                    + "remembered in \(state) without their amounts: if the bank's export or txfeed's reading of it "
                    + "changed since, they are likely that money a second time"), later.stderr)
        XCTAssertTrue(later.stderr.contains("\"COFFEE CORNER LTD\" (later, fp:"), later.stderr)
        XCTAssertTrue(later.stderr.contains("\"Bakery\" (later, fp:"), "a day inside what batch 1 covered")
        XCTAssertFalse(later.stderr.contains("Cafe"), "a day after it is new")
        XCTAssertFalse(later.stderr.contains("like one of"), later.stderr)
    }

    /// The seen blocks count records, not keys: a record is remembered by its identity and its
    /// money key.
    func testTheFileCountsRecordsNotKeys() throws {
        try run(
            "jan.csv", "Date,Reference,Description,Amount\n2024-01-02,R1,Coffee,-3.50\n2024-01-03,,Grocer,-20.00\n",
            ",id=Reference")
        let counts = try runCommand(
            try TestPython.system(),
            [
                "-c",
                "import sqlite3,sys; db=sqlite3.connect(sys.argv[1]); "
                    + "print(db.execute('SELECT sum(transactions), sum(length(kinds)) FROM seen').fetchone())",
                state,
            ])
        XCTAssertEqual(counts.output, "(2, 5)\n", counts.stderr)
    }
}
