import Foundation
import TxFeedTestSupport
import XCTest

/// Issue 40: OFX read by txfeed and by an established independent parser, ofxparse (PyPI
/// `ofxparse==0.21`, MIT; in the tests' venv), through `Tests/Fixtures/differential/ofxparse_read.py`,
/// on five of ofxparse's own test files from ANZ, Suncorp, a US bank, Fidelity and Vanguard
/// (`Tests/Fixtures/statements/ofx/ofxparse/`, attributed in its README), and on asgrim/ofxparser's
/// Schwab brokerage file (`…/ofxparser/`, MIT, attributed in its README). Each transaction's
/// FITID, instant (UTC), signed amount and payee, and each account's currency and ledger balance
/// with its day, must agree; where they do not, the test says which and why.
final class OFXDifferentialTests: XCTestCase {
    static let folder = BuiltProducts.fixtures + "/statements/ofx/ofxparse/"
    /// asgrim/ofxparser's (PHP) test files: `Tests/Fixtures/statements/ofx/ofxparser/`.
    static let ofxparserFolder = BuiltProducts.fixtures + "/statements/ofx/ofxparser/"

    struct Entry: Hashable, Comparable, CustomStringConvertible {
        var id: String
        var date: String
        /// Minor units, or the decimal text of an amount that is not whole cents.
        var amount: String
        var payee: String?
        var description: String { "\(id) \(date) \(amount) \(payee ?? "-")" }
        static func < (a: Entry, b: Entry) -> Bool { a.id < b.id }
    }

    struct Account: Equatable {
        var currency: String
        var balance: String?
        var balanceDay: String?
    }

    struct Reading {
        var entries: [Entry]
        var accounts: [Account]
    }

    private func ofxparse(_ name: String, in folder: String = folder) throws -> Reading {
        let script = BuiltProducts.fixtures + "/differential/ofxparse_read.py"
        let result = try runCommand(try TestPython.importing("ofxparse"), [script, folder + name])
        XCTAssertEqual(result.status, 0, result.stderr)
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        XCTAssertNil(root["error"], "ofxparse could not read \(name)")
        var reading = Reading(entries: [], accounts: [])
        for account in try XCTUnwrap(root["accounts"] as? [[String: Any]]) {
            for entry in try XCTUnwrap(account["transactions"] as? [[String: Any]]) {
                let amount = (entry["minor"] as? NSNumber).map { "\($0.intValue)" } ?? entry["minor"] as? String
                reading.entries.append(
                    Entry(
                        id: entry["id"] as? String ?? "", date: entry["date"] as? String ?? "", amount: amount ?? "",
                        payee: entry["payee"] as? String))
            }
            reading.accounts.append(
                Account(
                    currency: account["currency"] as? String ?? "", balance: account["balance"] as? String,
                    balanceDay: (account["balance_date"] as? String).map { String($0.prefix(10)) }))
        }
        return reading
    }

    /// txfeed's JSON feed (a date-only `DTPOSTED` is midnight UTC, as ofxparse reads it) and the
    /// ledger balance's day from `sniff`.
    private func txfeedReading(_ name: String, in folder: String = folder, status: Int32 = 0) throws
        -> (reading: Reading, run: CommandResult)
    {
        let run = try txfeed("run", folder + name, "--sink", "json")
        XCTAssertEqual(run.status, status, run.stderr)
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: run.stdout) as? FeedRow)
        let rows = try XCTUnwrap(root["transactions"] as? [FeedRow])
        let entries = rows.map { row in
            let date = text(row, "date") ?? ""
            return Entry(
                id: text(row, "id") ?? "", date: date.count == 10 ? date + "T00:00:00Z" : date, amount: "\(minor(row))",
                payee: text(row, "vendor"))
        }
        let sniff = try txfeed("sniff", folder + name)
        let day = sniff.output.firstMatch(of: /ledger balance -?[0-9.]+ on ([0-9-]{10})/).map { String($0.1) }
        let accounts = try XCTUnwrap(root["accounts"] as? [FeedRow]).map {
            Account(currency: text($0, "currency") ?? "", balance: text($0, "balance"), balanceDay: day)
        }
        return (Reading(entries: entries, accounts: accounts), run)
    }

    /// - Parameter halves: the suffixes of ids txfeed writes beside a trade that ofxparse does
    ///   not (`.payout`), left out of the comparison.
    private func assertAgree(
        _ name: String, payees: Bool = true, halves: [String] = [], file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        let theirs = try ofxparse(name)
        let ours = try txfeedReading(name).reading
        XCTAssertFalse(theirs.entries.isEmpty, file: file, line: line)
        func compared(_ entries: [Entry]) -> [Entry] {
            entries.filter { entry in !halves.contains { entry.id.hasSuffix($0) } }
                .map { payees ? $0 : Entry(id: $0.id, date: $0.date, amount: $0.amount, payee: nil) }.sorted()
        }
        XCTAssertEqual(
            compared(ours.entries), compared(theirs.entries), "transactions of \(name)", file: file, line: line)
        XCTAssertEqual(ours.accounts, theirs.accounts, "accounts of \(name)", file: file, line: line)
    }

    /// Suncorp (OFX 2 XML, a date-only `DTPOSTED`, `NAME` in CDATA with trailing blanks) and a
    /// US bank's OFX 1.02 (`NAME` cut at 32 characters by the bank, a one-cent dividend).
    func testBankStatementsAgree() throws {
        try assertAgree("suncorp.ofx")
        try assertAgree("checking.ofx")
    }

    /// ANZ's card statement has no `NAME`: ofxparse's payee is empty, txfeed's vendor is the
    /// `MEMO` (docs/OFX.md); everything else agrees.
    func testANZCardWithoutANameAgreesButForThePayee() throws {
        try assertAgree("anzcc.ofx", payees: false)
        XCTAssertEqual(try ofxparse("anzcc.ofx").entries.map(\.payee), [""])
        XCTAssertEqual(try txfeedReading("anzcc.ofx").reading.entries.map(\.payee), ["SOME MEMO"])
    }

    /// A Vanguard `SELLMF`: its `TOTAL` on `DTTRADE` in both. ofxparse names no payee for an
    /// investment transaction (txfeed's is the security), and reads no investment balance. Its
    /// `SUBACCTFUND` is `OTHER`, the proceeds paid out of the account: txfeed writes that payout
    /// beside the sale (docs/OFX.md), which ofxparse does not.
    func testAVanguardFundSaleAgrees() throws {
        try assertAgree("vanguard.ofx", payees: false, halves: [".payout"])
        XCTAssertEqual(try ofxparse("vanguard.ofx").entries.map(\.amount), ["421230"])
        let ours = try txfeedReading("vanguard.ofx").reading.entries
        XCTAssertEqual(ours.filter { $0.id.hasSuffix(".payout") }.map(\.amount), ["-421230"])
    }

    /// Fidelity writes `TRNAMT` with four decimals; three of its four are not whole cents
    /// (`+00000000000115.8331` USD), and the file states no balance to tell which cent they are.
    /// ofxparse keeps 115.8331; txfeed rejects each such line, naming the file, the field, the
    /// FITID and the value as written (the host's `amount has more than 2 decimals` named none of
    /// them), and exits 3. The whole-cent cheque agrees.
    func testFidelityAmountsInFractionsOfACentAreRejected() throws {
        let theirs = try ofxparse("fidelity-savings.ofx")
        let (ours, run) = try txfeedReading("fidelity-savings.ofx", status: 3)
        XCTAssertEqual(theirs.entries.map(\.amount), ["-150000", "115.8331", "-197.1063", "-197.1220"])
        XCTAssertEqual(ours.entries, theirs.entries.prefix(1).map { $0 })
        XCTAssertEqual(ours.accounts, theirs.accounts, "USD, no balance in either")
        for (index, amount) in [(1, "+00000000000115.8331"), (2, "-00000000000197.1063"), (3, "-00000000000197.1220")] {
            let reject =
                "fidelity-savings.ofx INVSTMTRS[0].STMTTRN[\(index)].TRNAMT: \"\(amount)\" (FITID "
                + "X000000000000000000000\(index + 1)) has more decimals than USD's 2: not rounded, not read"
            XCTAssertTrue(run.stderr.contains(reject), "\(reject)\n\(run.stderr)")
        }
        XCTAssertFalse(run.stderr.contains("amount has more than 2 decimals"), run.stderr)
    }

    /// Schwab's brokerage file (asgrim/ofxparser's, MIT): its `INVBANKTRAN` deposit of 151.62
    /// carries `CORRECTACTION` without `CORRECTFITID`, and txfeed rejected it as a correction
    /// where ofxparse reads it. Now both read the same 8 amounts, which sum to the file's
    /// `AVAILCASH` 4.88; txfeed notes the `CORRECTACTION`. Dates differ where `DTSETTLE` is not
    /// `DTTRADE` (txfeed takes the day the cash moves), and ofxparse names no investment payee.
    func testSchwabBrokerageAmountsAgreeWithTheDepositMarkedReplace() throws {
        let name = "ofxdata-schwab-brokerage.ofx"
        let theirs = try ofxparse(name, in: Self.ofxparserFolder)
        let (ours, run) = try txfeedReading(name, in: Self.ofxparserFolder)
        func amounts(_ reading: Reading) -> [String] { reading.entries.sorted().map { "\($0.id) \($0.amount)" } }
        XCTAssertEqual(amounts(ours), amounts(theirs))
        XCTAssertEqual(ours.entries.compactMap { Int($0.amount) }.reduce(0, +), 488)
        XCTAssertEqual(ours.accounts.map(\.currency), theirs.accounts.map(\.currency))
        XCTAssertTrue(
            run.stderr.contains("INVSTMTRS[0].STMTTRN[0].CORRECTACTION: REPLACE without CORRECTFITID"), run.stderr)
    }
}
