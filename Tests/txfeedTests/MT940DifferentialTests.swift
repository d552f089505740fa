import Foundation
import TxFeedTestSupport
import XCTest

/// Issue 40: MT940/MT942 read by txfeed and by an established independent parser, the mt-940
/// library (PyPI `mt-940==5.1.1`, BSD; in the tests' venv), through
/// `Tests/Fixtures/differential/mt940_read.py`. Its sdist ships no test files, so the files are
/// the repository's own and a year of statements from bench/gen_mt940.py.
///
/// Each transaction's date is compared as the entry date, else the value date — the day the
/// bank booked it, which the `:62F:` closing balance is dated by and includes (`dutch.sta`: value
/// date 31 December, booked and closed 2 January) — with its signed amount, currency and bank
/// reference; each statement's entry count, opening and closing balances, and whether it
/// reconciles (sniff's figures against sums of the library's).
final class MT940DifferentialTests: XCTestCase {
    static let mt940 = BuiltProducts.fixtures + "/statements/mt940/"

    struct Line: Hashable, Comparable, CustomStringConvertible {
        var date: String
        var minor: Int
        var currency: String
        var description: String { "\(date) \(minor) \(currency)" }
        static func < (a: Line, b: Line) -> Bool { (a.date, a.minor, a.currency) < (b.date, b.minor, b.currency) }
    }

    struct Statement: Equatable, CustomStringConvertible {
        var entries: Int
        var opening: String?
        var closing: String?
        /// nil for an MT942, which has no balances.
        var reconciles: Bool?
        var description: String {
            "\(entries) entries, \(opening ?? "-") -> \(closing ?? "-"), reconciles \(reconciles.map { "\($0)" } ?? "-")"
        }
    }

    struct Reading {
        var lines: [Line]
        /// The bank references the lines carry.
        var references: [String]
        var statements: [Statement]
    }

    /// What the mt-940 library reads, or its error; `legacy` is its release-5.0.0 default output.
    private func library(_ file: String, legacy: Bool = false) throws -> (reading: Reading?, error: String?) {
        let script = BuiltProducts.fixtures + "/differential/mt940_read.py"
        let result = try runCommand(try TestPython.importing("mt940"), [script, file] + (legacy ? ["--legacy"] : []))
        XCTAssertEqual(result.status, 0, result.stderr)
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        if let error = root["error"] as? String { return (nil, error) }
        var reading = Reading(lines: [], references: [], statements: [])
        for statement in try XCTUnwrap(root["statements"] as? [[String: Any]]) {
            let lines = try XCTUnwrap(statement["transactions"] as? [[String: Any]])
            for line in lines {
                let date = try XCTUnwrap((line["entry_date"] as? String) ?? (line["value_date"] as? String))
                let minor = try XCTUnwrap((line["minor"] as? NSNumber)?.intValue, "not in whole cents: \(line)")
                reading.lines.append(Line(date: date, minor: minor, currency: line["currency"] as? String ?? ""))
                if let reference = line["bank_reference"] as? String { reading.references.append(reference) }
            }
            reading.statements.append(
                Statement(
                    entries: lines.count, opening: statement["opening"] as? String,
                    closing: statement["closing"] as? String, reconciles: statement["reconciles"] as? Bool))
        }
        return (reading, nil)
    }

    /// What txfeed reads, exiting `status`: the run's feed and the statements `sniff` lists.
    private func txfeedReading(_ file: String, status: Int32 = 0) throws -> (reading: Reading, run: CommandResult) {
        let run = try txfeed("run", file, "--sink", "ndjson")
        XCTAssertEqual(run.status, status, run.stderr)
        let rows = try feedRows(run)
        var reading = Reading(
            lines: rows.map {
                Line(date: text($0, "date") ?? "", minor: minor($0), currency: text($0, "currency") ?? "")
            },
            references: rows.compactMap { text($0, "id") }, statements: [])
        let sniff = try txfeed("sniff", file)
        for line in sniff.output.split(separator: "\n") where line.hasPrefix("  statement ") {
            let opening = line.firstMatch(of: /opening (-?[0-9.]+) \(/).map { String($0.1) }
            let closing = line.firstMatch(of: /closing (-?[0-9.]+) \(/).map { String($0.1) }
            let entries = try XCTUnwrap(
                line.firstMatch(of: /, ([0-9]+) entr(y|ies)/).flatMap { Int($0.1) }, String(line))
            let reconciles: Bool? =
                line.contains("): reconciles") ? true : line.contains("does NOT reconcile") ? false : nil
            reading.statements.append(
                Statement(entries: entries, opening: opening, closing: closing, reconciles: reconciles))
        }
        return (reading, run)
    }

    /// Same lines, references and statements; the lines of statements txfeed fails are left out
    /// of its feed, so only `fed` statements' lines (by index) are compared.
    private func assertAgree(
        _ file: String, status: Int32 = 0, fed: Set<Int>? = nil, file call: StaticString = #filePath, line: UInt = #line
    ) throws {
        let theirs = try XCTUnwrap(try library(file).reading, file: call, line: line)
        let (ours, _) = try txfeedReading(file, status: status)
        XCTAssertEqual(ours.statements, theirs.statements, "statements of \(file)", file: call, line: line)
        var expected = theirs.lines
        if let fed {
            var start = 0
            expected = []
            for (index, statement) in theirs.statements.enumerated() {
                if fed.contains(index) { expected += theirs.lines[start..<start + statement.entries] }
                start += statement.entries
            }
        }
        XCTAssertFalse(expected.isEmpty, file: call, line: line)
        XCTAssertEqual(ours.lines.sorted(), expected.sorted(), "transactions of \(file)", file: call, line: line)
        if fed == nil {
            XCTAssertEqual(
                Set(theirs.references).subtracting(ours.references), [], "bank references as ids", file: call,
                line: line)
        }
    }

    func testTheRepositorysStatementsAgree() throws {
        for name in ["german.sta", "dutch.sta", "plain-pages.sta", "interim.942", "interim-ing.942"] {
            try assertAgree(Self.mt940 + name)
        }
    }

    /// wolph/mt940's Citi statement (four spaces for each entry date, no bank references): the
    /// same five lines and the same reconciled statement, 17376.67 − 1142.75 = 16233.92.
    func testCitisStatementWithBlankEntryDatesAgrees() throws {
        let file = Self.mt940 + "citi.txt"
        let theirs = try XCTUnwrap(try library(file).reading)
        let (ours, _) = try txfeedReading(file)
        XCTAssertEqual(theirs.lines.map(\.minor), [-21239, -36928, 0, 0, -56108])
        XCTAssertEqual(ours.statements, theirs.statements)
        XCTAssertEqual(ours.statements.map(\.reconciles), [true])
        XCTAssertEqual(ours.lines.sorted(), theirs.lines.sorted())
    }

    /// 366 statements, one a day of 2024, German `?NN` details, windows-1252, CRLF.
    func testAGeneratedYearOfStatementsAgrees() throws {
        let folder = try TemporaryFolder()
        let file = folder.path + "/year.sta"
        let made = try runCommand(
            try TestPython.importing("mt940"), [BuiltProducts.repository + "/bench/gen_mt940.py", "500", file])
        XCTAssertEqual(made.status, 0, made.stderr)
        try assertAgree(file)
        XCTAssertEqual(try txfeedReading(file).reading.statements.count, 366)
    }

    /// Both find that statement 2 does not reconcile; txfeed fails it and keeps statement 1.
    func testTheStatementThatDoesNotReconcileIsTheSameOne() throws {
        try assertAgree(Self.mt940 + "off-balance.sta", status: 3, fed: [0])
        let theirs = try XCTUnwrap(try library(Self.mt940 + "off-balance.sta").reading)
        XCTAssertEqual(theirs.statements.map(\.reconciles), [true, false])
    }

    /// mt-940 5.1.1 by default (5.0.0's output) gives `RC` a positive amount; its
    /// `Options(reversal_sign=True)` and txfeed make it a debit, as SWIFT defines it and as the
    /// file's own `:90D:2EUR57,50` (45.00 + 12.50) counts it.
    func testAReversedCreditIsADebitAsTheFilesTotalsCountIt() throws {
        let file = Self.mt940 + "interim-ing.942"
        let legacy = try XCTUnwrap(try library(file, legacy: true).reading).lines.map(\.minor)
        let fixed = try XCTUnwrap(try library(file).reading).lines.map(\.minor)
        XCTAssertEqual(legacy, [-4500, 1250, 100000, 725])
        XCTAssertEqual(fixed, [-4500, -1250, 100000, 725])
        XCTAssertEqual(try txfeedReading(file).reading.lines.map(\.minor).sorted(), fixed.sorted())
        let debits = fixed.filter { $0 < 0 }
        XCTAssertEqual(debits.count, 2)
        XCTAssertEqual(debits.reduce(0, +), -5750, "the file's :90D:")
        XCTAssertTrue(try String(contentsOfFile: file, encoding: .utf8).contains(":90D:2EUR57,50"))
    }

    /// Where txfeed refuses, the library's reading shows the same flaw in the file: the cut
    /// statement has no closing balance, the garbled date no month 13, the binary file no message.
    func testWhatTxfeedRefusesTheLibraryCannotReadWhole() throws {
        let cut = Self.mt940 + "broken/german-truncated.sta"
        let theirs = try XCTUnwrap(try library(cut).reading)
        XCTAssertEqual(theirs.statements.map(\.closing), ["3204.80", nil])
        let (kept, run) = try txfeedReading(cut, status: 3)
        XCTAssertTrue(
            run.stderr.contains(
                "statement 2: the file ends inside the statement, before its closing balance (:62F:): it was cut short"),
            run.stderr)
        XCTAssertEqual(kept.lines.sorted(), theirs.lines.prefix(theirs.statements[0].entries).sorted())

        let garbled = Self.mt940 + "broken/dutch-garbled.sta"
        XCTAssertEqual(try library(garbled).error, "ValueError: month must be in 1..12")
        let rejected = try txfeedReading(garbled, status: 3).run
        XCTAssertTrue(
            rejected.stderr.contains(
                #"line 9: :61: "2313310102C100,00N654NONREF//0102AB12" starts with no value date YYMMDD"#),
            rejected.stderr)

        let binary = Self.mt940 + "broken/not-mt940.sta"
        XCTAssertEqual(try library(binary).reading?.statements.count, 0, "the library reads nothing, silently")
        let none = try txfeedReading(binary, status: 1).run
        XCTAssertTrue(none.stderr.contains("no MT940 message: no :20: field"), none.stderr)
    }
}
