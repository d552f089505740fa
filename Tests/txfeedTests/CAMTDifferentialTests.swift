import Foundation
import TxFeedTestSupport
import XCTest

/// ISO 20022 camt read by txfeed and by an established independent parser, the ISO 20022 plugin
/// of ofxstatement (PyPI `ofxstatement-iso20022==0.8.1`, GPLv3, by ofxstatement's author; run in
/// the tests' venv, nothing of it copied here), through
/// `Tests/Fixtures/differential/iso20022_read.py`. It reads camt.053 and camt.052, not camt.054;
/// its repository's sample statements are GPL and stay there, so the files are the repository's
/// own, an overdrawn camt.052 report (`statements/camt/differential/`) and a year of entries from
/// `bench/gen_camt.py`.
///
/// Each entry's booking day (else its value day), signed amount, currency and status, and each
/// statement's account, currency, entry count, opening and closing balances and whether they
/// reconcile, must agree; where they do not, the test says which is right and what in the file
/// decides it.
final class CAMTDifferentialTests: XCTestCase {
    static let camt = BuiltProducts.fixtures + "/statements/camt/"

    struct Line: Hashable, Comparable, CustomStringConvertible {
        var date: String
        var minor: Int
        var currency: String
        /// `booked` or `pending`.
        var status: String
        var description: String { "\(date) \(minor) \(currency) \(status)" }
        static func < (a: Line, b: Line) -> Bool {
            (a.date, a.minor, a.currency, a.status) < (b.date, b.minor, b.currency, b.status)
        }
    }

    struct Statement: Equatable, CustomStringConvertible {
        var account: String
        var currency: String
        /// Every `Ntry`, booked, pending and `INFO`.
        var entries: Int
        var opening: String?
        var closing: String?
        var reconciles: Bool?
        var description: String {
            "\(account) \(currency) \(entries) entries, \(opening ?? "-") -> \(closing ?? "-"), "
                + "reconciles \(reconciles.map { "\($0)" } ?? "-")"
        }
    }

    struct Reading {
        var lines: [Line]
        /// The lines' `Ntry` status as the file gives it (`BOOK`, `PDNG`, `INFO`), the plugin's
        /// lines in file order.
        var codes: [String]
        var references: [String]
        var statements: [Statement]
        /// Per statement, the sum of its lines (minor units) and of its booked lines.
        var sums: [(all: Int, booked: Int)]
    }

    /// What the plugin reads, or its error. Its lines are every `Ntry` (it reads no status); a
    /// `Line`'s status here is the `Ntry`'s own, and `INFO` lines are left out of `lines`.
    private func plugin(_ file: String) throws -> (reading: Reading?, error: String?) {
        let script = BuiltProducts.fixtures + "/differential/iso20022_read.py"
        let result = try runCommand(try TestPython.importing("ofxstatement.plugins.iso20022"), [script, file])
        XCTAssertEqual(result.status, 0, result.stderr)
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        if let error = root["error"] as? String { return (nil, error) }
        var reading = Reading(lines: [], codes: [], references: [], statements: [], sums: [])
        for statement in try XCTUnwrap(root["statements"] as? [[String: Any]]) {
            let currency = try XCTUnwrap(statement["currency"] as? String)
            let lines = try XCTUnwrap(statement["lines"] as? [[String: Any]])
            var sums = (all: 0, booked: 0)
            for line in lines {
                let code = line["status"] as? String ?? ""
                let minor = try XCTUnwrap((line["minor"] as? NSNumber)?.intValue, "not in whole cents: \(line)")
                reading.codes.append(code)
                sums.all += minor
                if code == "BOOK" { sums.booked += minor }
                if let reference = line["reference"] as? String { reading.references.append(reference) }
                guard code == "BOOK" || code == "PDNG" else { continue }
                let date = try XCTUnwrap((line["booking_date"] as? String) ?? (line["value_date"] as? String))
                reading.lines.append(
                    Line(date: date, minor: minor, currency: currency, status: code == "BOOK" ? "booked" : "pending"))
            }
            reading.sums.append(sums)
            reading.statements.append(
                Statement(
                    account: statement["account"] as? String ?? "", currency: currency, entries: lines.count,
                    opening: statement["opening"] as? String, closing: statement["closing"] as? String,
                    reconciles: statement["reconciles"] as? Bool))
        }
        return (reading, nil)
    }

    /// What txfeed reads, exiting `status`: the run's feed (an instant's day is its UTC day) and
    /// the statements `sniff` lists.
    private func txfeedReading(_ file: String, status: Int32 = 0) throws -> (reading: Reading, run: CommandResult) {
        let run = try txfeed("run", file, "--sink", "ndjson")
        XCTAssertEqual(run.status, status, run.stderr)
        let rows = try feedRows(run)
        var reading = Reading(
            lines: rows.map {
                Line(
                    date: String((text($0, "date") ?? "").prefix(10)), minor: minor($0),
                    currency: text($0, "currency") ?? "", status: text($0, "status") ?? "")
            },
            codes: [], references: rows.compactMap { text($0, "id") }, statements: [], sums: [])
        let sniff = try txfeed("sniff", file)
        for line in sniff.output.split(separator: "\n") {
            guard let head = line.firstMatch(of: /^  (Stmt|Rpt|Ntfctn)\[[0-9]+\] +([A-Z0-9]+) ([A-Z]{3}),/) else {
                continue
            }
            let entries = try XCTUnwrap(
                line.firstMatch(of: /, ([0-9]+) entr(y|ies)/).flatMap { Int($0.1) }, String(line))
            let reconciles: Bool? =
                line.hasSuffix(": reconciles") ? true : line.contains("does NOT reconcile") ? false : nil
            reading.statements.append(
                Statement(
                    account: String(head.2), currency: String(head.3), entries: entries,
                    opening: line.firstMatch(of: /opening (-?[0-9.]+)/).map { String($0.1) },
                    closing: line.firstMatch(of: /closing (-?[0-9.]+)/).map { String($0.1) }, reconciles: reconciles))
        }
        return (reading, run)
    }

    /// Same statements, booked and pending lines, and the plugin's references among txfeed's ids.
    private func assertAgree(_ file: String, file call: StaticString = #filePath, line: UInt = #line) throws {
        let theirs = try XCTUnwrap(try plugin(file).reading, file: call, line: line)
        let ours = try txfeedReading(file).reading
        XCTAssertEqual(ours.statements, theirs.statements, "statements of \(file)", file: call, line: line)
        XCTAssertFalse(theirs.lines.isEmpty, file: call, line: line)
        XCTAssertEqual(ours.lines.sorted(), theirs.lines.sorted(), "entries of \(file)", file: call, line: line)
        XCTAssertEqual(
            Set(theirs.references).subtracting(ours.references), [], "the bank's references as ids", file: call,
            line: line)
    }

    /// A year of 2,000 booked entries in one camt.053 statement, with OPBD and CLBD.
    func testAGeneratedYearOfEntriesAgrees() throws {
        let folder = try TemporaryFolder()
        let file = folder.path + "/year.xml"
        let made = try runCommand(
            try TestPython.importing("ofxstatement.plugins.iso20022"),
            [BuiltProducts.repository + "/bench/gen_camt.py", "2000", file])
        XCTAssertEqual(made.status, 0, made.stderr)
        try assertAgree(file)
        XCTAssertEqual(try plugin(file).reading?.statements.map(\.reconciles), [true])
    }

    /// `camt053-two-statements.xml`, statement 1: booked entries only, one dated by `ValDt` alone,
    /// a `PRCD` opening. Statement 0 holds the one disagreement: the plugin reads no `Sts`, so it
    /// counts the `PDNG` entry (-12.50) and the `INFO` one (+100.00) with the booked ones and
    /// finds 2000.00 + 13.06 ≠ 1925.56. The file's own balances side with txfeed: its booked
    /// entries alone, -74.44, take 2000.00 to the stated 1925.56 (the ISO 20022 Account Statement
    /// Guide calls CLBD the closing book balance). With that, both agree on every entry and balance.
    func testTwoStatementsAgreeOnceThePluginsPendingAndInfoEntriesAreNotBooked() throws {
        let file = Self.camt + "camt053-two-statements.xml"
        var theirs = try XCTUnwrap(try plugin(file).reading)
        XCTAssertEqual(theirs.statements.map(\.reconciles), [false, true])
        XCTAssertEqual(theirs.codes.filter { $0 != "BOOK" }, ["PDNG", "INFO"])
        XCTAssertEqual(theirs.sums.map(\.all), [1306, 1234])
        XCTAssertEqual(theirs.sums.map(\.booked), [-7444, 1234])
        XCTAssertEqual(theirs.statements[0].opening, "2000.00")
        XCTAssertEqual(theirs.statements[0].closing, "1925.56")
        XCTAssertEqual(200_000 + theirs.sums[0].booked, 192_556, "opening + booked entries = closing")
        theirs.statements[0].reconciles = true
        let ours = try txfeedReading(file).reading
        XCTAssertEqual(ours.statements, theirs.statements)
        XCTAssertEqual(ours.lines.sorted(), theirs.lines.sorted())
        XCTAssertEqual(Set(theirs.references).subtracting(ours.references), [])
        XCTAssertTrue(ours.lines.contains(Line(date: "2024-03-30", minor: -1250, currency: "EUR", status: "pending")))
        XCTAssertTrue(ours.lines.contains(Line(date: "2024-03-31", minor: 1234, currency: "EUR", status: "booked")))
    }

    /// The booking `DtTm` `2024-03-10T14:32:05+01:00`: the plugin drops the offset (a naive
    /// 14:32:05), txfeed keeps the instant (13:32:05Z). The same moment; both on 10 March.
    func testABookingInstantIsTheSameMomentAndDay() throws {
        let file = Self.camt + "camt053-two-statements.xml"
        XCTAssertTrue(try String(contentsOfFile: file, encoding: .utf8).contains("2024-03-10T14:32:05+01:00"))
        let run = try txfeed("run", file, "--sink", "ndjson")
        let rows = try feedRows(run).filter { minor($0) == -8999 }
        XCTAssertEqual(rows.compactMap { text($0, "date") }, ["2024-03-10T13:32:05Z"])
        let theirs = try XCTUnwrap(try plugin(file).reading)
        XCTAssertTrue(theirs.lines.contains(Line(date: "2024-03-10", minor: -8999, currency: "EUR", status: "booked")))
    }

    /// `overdrawn-052.xml`, a camt.052 report: its opening balance is 150.00 with
    /// `CdtDbtInd` `DBIT`. The plugin drops a balance's sign and reads 150.00, so 150.00 + 174.50
    /// ≠ 24.50; txfeed reads -150.00, and the file's entries (+200.00, -25.50) take -150.00 to the
    /// stated closing 24.50 `CRDT` exactly: the sign is the file's, txfeed is right. The entries
    /// themselves agree.
    func testThePluginDropsADebitBalancesSign() throws {
        let file = Self.camt + "differential/overdrawn-052.xml"
        var theirs = try XCTUnwrap(try plugin(file).reading)
        XCTAssertEqual(theirs.statements.map(\.opening), ["150.00"])
        XCTAssertEqual(theirs.statements.map(\.reconciles), [false])
        XCTAssertEqual(-15_000 + theirs.sums[0].all, 2450, "-150.00 + entries = the closing 24.50")
        theirs.statements[0].opening = "-150.00"
        theirs.statements[0].reconciles = true
        let ours = try txfeedReading(file).reading
        XCTAssertEqual(ours.statements, theirs.statements)
        XCTAssertEqual(ours.lines.sorted(), theirs.lines.sorted())
        XCTAssertEqual(Set(theirs.references).subtracting(ours.references), [])
    }

    /// Both find that `camt053-off-balance.xml`'s statement does not reconcile (opening 2000.00 +
    /// -1074.44 ≠ 1925.56); txfeed fails it and imports none of it.
    func testTheStatementThatDoesNotReconcileIsTheSameOne() throws {
        let file = Self.camt + "camt053-off-balance.xml"
        let theirs = try XCTUnwrap(try plugin(file).reading)
        XCTAssertEqual(theirs.statements.map(\.reconciles), [false])
        let (ours, run) = try txfeedReading(file, status: 1)
        XCTAssertEqual(ours.statements, theirs.statements)
        XCTAssertEqual(ours.lines, [])
        XCTAssertTrue(run.stderr.contains("balances do not reconcile"), run.stderr)
    }

    /// Where txfeed refuses, the plugin cannot read the file either, and names the same line: the
    /// cut file ends inside line 190, the garbled one closes `Cdtr` with `Cdtor` on line 95. txfeed
    /// still keeps the cut file's first statement, whole, which the plugin reads like txfeed from
    /// the good file. camt.054 and a file without balances the plugin refuses outright.
    func testWhatTxfeedRefusesThePluginCannotReadEither() throws {
        let cut = Self.camt + "camt053-truncated.xml"
        XCTAssertEqual(try plugin(cut).error, "ParseError: no element found: line 190, column 21")
        let (kept, run) = try txfeedReading(cut, status: 3)
        XCTAssertTrue(run.stderr.contains("line 190: Stmt[1].Ntry[1]: the file is cut short"), run.stderr)
        let good = try XCTUnwrap(try plugin(Self.camt + "camt053-two-statements.xml").reading)
        let first = good.lines.prefix(good.codes.prefix(good.statements[0].entries).filter { $0 != "INFO" }.count)
        XCTAssertEqual(kept.lines.sorted(), first.sorted())

        let garbled = Self.camt + "camt053-garbled.xml"
        XCTAssertEqual(try plugin(garbled).error, "ParseError: mismatched tag: line 95, column 56")
        let refused = try txfeedReading(garbled, status: 1).run
        XCTAssertTrue(
            refused.stderr.contains(
                "line 95: Stmt[0].Ntry[2]: </Cdtor> where </Cdtr> of line 95 is due: a tag misspelt, or one left open"),
            refused.stderr)

        XCTAssertEqual(
            try plugin(Self.camt + "camt054-v08-prtry.xml").error, "ParseError: (0, 'Cannot recognize ISO20022 XML')")
        XCTAssertNotNil(try plugin(Self.camt + "camt053-v08-prtry.xml").error, "no balance: the plugin refuses")
    }
}
