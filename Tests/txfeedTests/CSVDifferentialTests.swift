import Foundation
import TxFeedTestSupport
import XCTest

/// Issue 39: bank CSV read by txfeed and by an established independent converter, csv2ofx
/// (PyPI, MIT; in the tests' venv), whose bank mappings were written from real exports. Where
/// both read the same layout, each transaction's payee and signed amount (and day, where both
/// take the same date column) must agree.
final class CSVDifferentialTests: XCTestCase {
    /// An empty profiles folder: a developer's own profiles never change what is compared.
    var profiles: TemporaryFolder!

    override func setUpWithError() throws {
        profiles = try temporaryFolder()
    }

    struct Transaction: Hashable, CustomStringConvertible {
        var day: String?
        var payee: String
        var amount: String
        var description: String { "\(day ?? "-") \(payee) \(amount)" }
    }

    /// csv2ofx's OFX: each STMTTRN's day, NAME and TRNAMT.
    private func csv2ofx(_ mapping: String, _ file: String, days: Bool) throws -> [Transaction] {
        let python = try TestPython.importing("csv2ofx")
        let tool = (python as NSString).deletingLastPathComponent + "/csv2ofx"
        let result = try runCommand(tool, ["-m", mapping, file])
        XCTAssertEqual(result.status, 0, result.stderr)
        var found: [Transaction] = []
        for block in result.output.components(separatedBy: "<STMTTRN>").dropFirst() {
            func field(_ tag: String) -> String? {
                guard let start = block.range(of: "<\(tag)>"), let end = block.range(of: "</\(tag)>") else {
                    return nil
                }
                return String(block[start.upperBound..<end.lowerBound])
            }
            let posted = field("DTPOSTED").map {
                "\($0.prefix(4))-\($0.dropFirst(4).prefix(2))-\($0.dropFirst(6).prefix(2))"
            }
            found.append(
                Transaction(day: days ? posted : nil, payee: field("NAME") ?? "", amount: field("TRNAMT") ?? ""))
        }
        return found
    }

    private func txfeedRead(_ file: String, days: Bool, options: String = "") throws -> [Transaction] {
        let source = options.isEmpty ? [file] : ["-s", "csv:\(file)\(options)"]
        let run = try txfeed(
            arguments: ["run"] + source + ["--sink", "ndjson"], environment: ["TXFEED_PROFILES": profiles.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        return try feedRows(run).map {
            Transaction(
                day: days ? text($0, "date") : nil, payee: text($0, "vendor") ?? "", amount: text($0, "amount") ?? "")
        }
    }

    private func assertSame(_ mapping: String, _ name: String, in folder: String = "profiles", days: Bool) throws {
        let file = BuiltProducts.fixtures + "/bank/\(folder)/\(name).csv"
        let theirs = try csv2ofx(mapping, file, days: days)
        let ours = try txfeedRead(file, days: days)
        XCTAssertFalse(theirs.isEmpty)
        XCTAssertEqual(Set(ours), Set(theirs), "txfeed against csv2ofx -m \(mapping)")
        XCTAssertEqual(ours.count, theirs.count)
    }

    func testRabobankAgreesWithCSV2OFX() throws {
        try assertSame("rabobank", "rabobank-nl", days: true)
    }

    /// csv2ofx dates Capital One rows by `Posted Date`, txfeed by `Transaction Date` (when the
    /// card was used): the amounts and payees are compared.
    func testCapitalOneAgreesWithCSV2OFX() throws {
        try assertSame("capitalone", "capital-one-card", days: false)
        try assertSame("capitalone", "capitalone", in: "csv2ofx", days: false)
    }

    /// csv2ofx's own Schwab test file: newest first, `$` amounts, a running balance that txfeed
    /// walks (4 rows, 3 steps) before it hands anything out.
    func testSchwabCheckingFromCSV2OFXsOwnTestFileAgrees() throws {
        try assertSame("schwabchecking", "schwab-checking", in: "csv2ofx", days: true)
        let sniff = try txfeed(
            "sniff", BuiltProducts.fixtures + "/bank/csv2ofx/schwab-checking.csv",
            environment: ["TXFEED_PROFILES": profiles.path])
        XCTAssertTrue(sniff.output.contains("balance chain 3 of 3 rows agree (newest first)"), sniff.output)
    }

    /// csv2ofx's Mint test file: one export of two accounts, named on each row by `Account
    /// Name`. csv2ofx files each row under its account; txfeed read all four into one account
    /// named after the file, exit 0. Compared account by account with csv2ofx's QIF.
    func testMintsTwoAccountsAgreeWithCSV2OFXAccountByAccount() throws {
        let file = BuiltProducts.fixtures + "/bank/csv2ofx/mint.csv"
        let python = try TestPython.importing("csv2ofx")
        let tool = (python as NSString).deletingLastPathComponent + "/csv2ofx"
        let qif = try runCommand(tool, ["-q", "-m", "mint", file])
        XCTAssertEqual(qif.status, 0, qif.stderr)
        var theirs: [String: [Transaction]] = [:]
        var account = ""
        for block in qif.output.components(separatedBy: "^") {
            let lines = block.split(whereSeparator: \.isNewline).map(String.init)
            if let name = lines.first(where: { $0.hasPrefix("N") }), lines.contains("!Account") {
                account = String(name.dropFirst())
                continue
            }
            func field(_ code: Character) -> String? { lines.first { $0.first == code }.map { String($0.dropFirst()) } }
            guard let date = field("D"), let amount = field("T") else { continue }
            // 06/12/2015
            let day = "\(date.suffix(4))-\(date.prefix(2))-\(date.dropFirst(3).prefix(2))"
            theirs[account, default: []].append(Transaction(day: day, payee: field("P") ?? "", amount: amount))
        }
        XCTAssertEqual(Set(theirs.keys), ["Checking", "Savings"])
        let run = try txfeed(
            arguments: ["run", file, "--sink", "ndjson"], environment: ["TXFEED_PROFILES": profiles.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        var ours: [String: [Transaction]] = [:]
        for row in try feedRows(run) {
            ours[text(row, "account") ?? "", default: []].append(
                Transaction(day: text(row, "date"), payee: text(row, "vendor") ?? "", amount: text(row, "amount") ?? "")
            )
        }
        XCTAssertEqual(ours.mapValues(Set.init), theirs.mapValues(Set.init))
        XCTAssertEqual(ours.values.map(\.count).reduce(0, +), 4)
    }

    /// csv2ofx's Sparkasse test file (the older CSV-MT940 layout, which it has no mapping for):
    /// one booked debit, the counterparty as payee. Its one date, `04.11.20`, reads as dd.mm.yy and
    /// as yy.mm.dd with no order of dates to decide: refused, naming both, then read as told.
    func testSparkasseFromCSV2OFXsTestFile() throws {
        let file = BuiltProducts.fixtures + "/bank/csv2ofx/sparkasse.csv"
        let refused = try txfeed("run", file, "--sink", "ndjson", environment: ["TXFEED_PROFILES": profiles.path])
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("%d.%m.%y and %y.%m.%d all read every cell"), refused.stderr)
        let read = try txfeedRead(file, days: true, options: ",date-format=%d.%m.%y")
        XCTAssertEqual(
            read, [Transaction(day: "2020-11-04", payee: "PayPal (Europe) S.a.r.l. et Cie., S.C.A.", amount: "-24.14")])
    }
}
