import Foundation
import TxFeedTestSupport
import XCTest

/// `--sink csv:dialect=excel-eu`, `neutralise=false`, and what never reaches a cell raw.
final class CSVDialectTests: XCTestCase {
    let checking = BuiltProducts.repository + "/samples/accounts/checking.json"

    func testExcelEUIsSemicolonsDecimalCommasAndABOM() throws {
        let result = try txfeed("run", checking, "--sink", "csv:dialect=excel-eu", "--no-progress")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(Array(result.stdout.prefix(3)), [0xEF, 0xBB, 0xBF])
        let text = String(decoding: result.stdout.dropFirst(3), as: UTF8.self)
        let lines = text.components(separatedBy: "\r\n")
        XCTAssertEqual(lines[0], "date;day;account;vendor;type;amount;currency;colour;source;id;status;memo")
        XCTAssertTrue(
            lines[1].hasPrefix("2021-09-01T08:15:00Z;Wed, Sep 01;Everyday Checking;Starbucks;debit;-4,50;USD;"),
            lines[1])
        XCTAssertTrue(text.contains(";Smith, Jones & Co.;debit;-120,00;"), "a comma needs no quotes: \(text)")
        XCTAssertTrue(text.contains(#";"'=HYPERLINK(""http://example.com"")";debit;-0,99;"#), text)
        // Read back as a European spreadsheet would: ';' and a decimal comma.
        let script = """
            import csv, sys
            rows = list(csv.reader(open(sys.argv[1], encoding='utf-8-sig', newline=''), delimiter=';'))
            print(len(rows) - 1, sum(int(r[5].replace(',', '')) for r in rows[1:]))
            """
        let folder = try TemporaryFolder()
        let path = try folder.write("eu.csv", result.stdout)
        let python = try runCommand(try TestPython.system(), ["-c", script, path])
        XCTAssertEqual(python.output, "7 237745\n", python.stderr)
    }

    func testNeutraliseFalseWritesFormulasAsTheyCame() throws {
        let result = try txfeed("run", checking, "--sink", "csv:neutralise=false", "--no-progress")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.output.contains(#","=HYPERLINK(""http://example.com"")",debit,"#), result.output)
        let guarded = try txfeed("run", checking, "--sink", "csv", "--no-progress")
        XCTAssertTrue(guarded.output.contains(#","'=HYPERLINK("#), "on by default")
        let bad = try txfeed("run", checking, "--sink", "csv:dialect=klingon", "--no-progress")
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("dialect must be excel-eu or rfc4180"), bad.stderr)
    }

    /// An escape sequence in a vendor never reaches a cell raw: C0 controls other than tab, CR
    /// and LF are dropped (a leading one does not hide a formula from the guard either).
    func testControlCharactersNeverReachACell() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(
            "esc.json",
            #"{"body": {"name": "Checking", "transactions": [{"type": 1, "vendor": "\u001b[31mRed\u001b[0m", "amount": 1, "date": "2024-01-02"}, {"type": 1, "vendor": "\u0007=SUM(A1)", "amount": 2, "date": "2024-01-03"}]}}"#
        )
        let result = try txfeed("run", file, "--sink", "csv", "--no-progress")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stdout.contains(0x1B))
        XCTAssertFalse(result.stdout.contains(0x07))
        XCTAssertTrue(result.output.contains(",[31mRed[0m,"), result.output)
        XCTAssertTrue(result.output.contains(",'=SUM(A1),"), result.output)
    }
}
