import Foundation
import Glibc
import TxFeedTestSupport
import XCTest

/// The xlsx sink read back by an independent reader, openpyxl (in `.build/venv`, made by
/// `bin/test`), and held against the CSV and JSON sinks' output of the same run.
final class XLSXSinkEndToEndTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try temporaryFolder()
        _ = try TestPython.openpyxl()
    }

    /// Names that CSV quotes or guards as formulas, which the workbook must hold as plain strings.
    func awkwardFixture() throws -> String {
        let vendors = ["=SUM(A1)", "Smith, Jones & Co.", "Line one\nLine two", "東京ストア", "-2", "@cmd", "+1"]
        let transactions: [[String: Any]] = vendors.enumerated().map { i, vendor in
            ["type": i % 2, "vendor": vendor, "amount": 4.5, "date": "2021-08-\(20 + i) 12:34:56"]
        }
        let envelope: [String: Any] = [
            "status": 200, "message": "ok",
            "body": ["name": "-Awkward, \"Account\"", "currency": "KWD", "transactions": transactions],
        ]
        return try folder.write("awkward.json", try JSONSerialization.data(withJSONObject: envelope))
    }

    /// `2021-09-01T08:15:00Z` as the wall clock in `zone` (`2021-09-01T04:15:00`), the way
    /// openpyxl gives a date-time cell back; a civil date is its own midnight.
    static func localTime(_ csvDate: String, in zone: String) throws -> String {
        guard csvDate.count > 10 else { return csvDate + "T00:00:00" }
        let instant = try XCTUnwrap(ISO8601DateFormatter().date(from: csvDate), csvDate)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: zone)
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        return formatter.string(from: instant)
    }

    /// Bank ids, memos and a pending record (details.json), JPY, KWD and an account without a
    /// currency (money.ndjson), the samples and the awkward names, in New York: every cell of
    /// `Transactions` against the CSV of the same run (without its formula guard), `Accounts`
    /// and `Sources` against the JSON.
    func testEveryCellMatchesTheCSVAndJSONOfTheSameRun() throws {
        let zone = "America/New_York"
        let old = try folder.write("out.xlsx", "not yet a workbook")
        chmod(old, 0o640)
        let result = try txfeed(
            "run", "Tests/Fixtures/feed/details.json", "Tests/Fixtures/feed/money.ndjson", "samples/accounts/",
            try awkwardFixture(), "--tz", zone, "-o", folder.path + "/out.xlsx", "--sink",
            "csv:neutralise=false,path=\(folder.path)/out.csv", "-o", folder.path + "/out.json", "--no-progress")
        XCTAssertEqual(result.status, 3, "the fixtures hold rejects: \(result.stderr)")
        XCTAssertEqual(
            folder.contents(), ["awkward.json", "out.csv", "out.json", "out.xlsx"], "no temporary file is left")
        var mode = stat()
        stat(old, &mode)
        XCTAssertEqual(mode.st_mode & 0o777, 0o640, "a replaced file keeps its mode")

        let book = try XLSXReadBack.read(folder.path + "/out.xlsx")
        XCTAssertEqual(book.sheets.map(\.title), ["Transactions", "Accounts", "Sources"])
        for sheet in book.sheets {
            XCTAssertEqual(sheet.freezePanes, "A2", "\(sheet.title): the header row is frozen")
            XCTAssertFalse(sheet.rows.joined().contains { $0.type == "f" }, "\(sheet.title): no formula cell")
            let header = try XCTUnwrap(sheet.rows.first)
            XCTAssertEqual(
                sheet.autofilter, "A1:\(Self.columnLetter(header.count - 1))\(sheet.rows.count)", sheet.title)
            XCTAssertEqual(sheet.widths.count, header.count, "\(sheet.title): every column fitted")
        }

        let csv = try CSVReadBack.rows(try folder.read("out.csv"), folder: folder)
        let sheet = try XCTUnwrap(book["Transactions"])
        // The vendor's swatch sits beside it, a column without a name.
        var header = CSVReadBack.header
        header.insert("", at: 4)
        XCTAssertEqual(sheet.rows.first?.map { $0.string ?? "" }, header)
        XCTAssertEqual(sheet.rows.count, csv.count)
        XCTAssertGreaterThan(sheet.rows.count, 25)
        XCTAssertGreaterThan(sheet.widths["D"] ?? 0, sheet.widths["F"] ?? 0, "vendor is wider than type")
        for (index, (row, cells)) in zip(sheet.rows.dropFirst(), csv.dropFirst()).enumerated() {
            var cells = cells
            cells.insert("", at: 4)
            let at = "row \(index + 2)"
            for (n, (cell, text)) in zip(row, cells).enumerated() {
                switch header[n] {
                case "date":
                    XCTAssertEqual(cell.type, "d", "\(at): a date cell")
                    XCTAssertEqual(cell.string, try Self.localTime(text, in: zone), at)
                    XCTAssertEqual(cell.numberFormat, text.count == 10 ? "yyyy-mm-dd" : "yyyy-mm-dd hh:mm", at)
                case "amount":
                    XCTAssertEqual(cell.type, "n", at)
                    XCTAssertEqual(cell.number, Double(text), "\(at): amount \(text)")
                    let decimals = text.split(separator: ".").dropFirst().first?.count ?? 0
                    XCTAssertEqual(
                        cell.numberFormat, decimals == 0 ? "#,##0" : "#,##0." + String(repeating: "0", count: decimals),
                        "\(at): the currency's decimals")
                case "":
                    XCTAssertNil(cell.value, at)
                    XCTAssertEqual(cell.fill, "FF" + cells[8].dropFirst().uppercased(), "\(at): the colour's swatch")
                default:
                    // Strings as strings, the formula-like ones too; an empty CSV cell is no cell.
                    XCTAssertEqual(cell.string ?? "", text, "\(at), \(header[n])")
                    XCTAssertTrue(cell.type == "s" || (text.isEmpty && cell.value == nil), "\(at), \(header[n])")
                }
            }
        }
        XCTAssertTrue(sheet.rows.contains { $0[3].string == "=SUM(A1)" }, "the formula is a string")

        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: try folder.read("out.json")) as? [String: Any])
        let accounts = try XCTUnwrap(json["accounts"] as? [[String: Any]])
        let accountRows = try XCTUnwrap(book["Accounts"]).rows
        XCTAssertEqual(accountRows.first?.map { $0.string ?? "" }, ["name", "id", "balance", "currency", "source"])
        XCTAssertEqual(accountRows.count, accounts.count + 1)
        for (row, account) in zip(accountRows.dropFirst(), accounts) {
            XCTAssertEqual(row[0].string, account["name"] as? String)
            XCTAssertEqual(row[1].string, account["id"] as? String)
            if let balance = account["balance"] as? String {
                XCTAssertEqual(row[2].number, Double(balance), "balance \(balance)")
                let decimals = balance.split(separator: ".").dropFirst().first?.count ?? 0
                XCTAssertTrue(
                    row[2].numberFormat.hasSuffix(decimals == 0 ? "0" : "." + String(repeating: "0", count: decimals)))
            } else {
                XCTAssertNil(row[2].value)
            }
            XCTAssertEqual(row[3].string, account["currency"] as? String)
            XCTAssertEqual(row[4].string, account["source"] as? String)
        }
        let sources = try XCTUnwrap(json["sources"] as? [[String: Any]])
        let sourceRows = try XCTUnwrap(book["Sources"]).rows
        XCTAssertEqual(
            sourceRows.first?.map { $0.string ?? "" },
            [
                "name", "plugin", "status", "read", "written", "rejected", "duplicates", "seen", "skipped",
                "elapsed_ms",
                "error",
            ])
        XCTAssertEqual(sourceRows.count, sources.count + 1)
        for (row, source) in zip(sourceRows.dropFirst(), sources) {
            XCTAssertEqual(row[0].string, source["name"] as? String)
            XCTAssertEqual(row[2].string, source["status"] as? String)
            let written = try XCTUnwrap(source["count"] as? Int), rejected = try XCTUnwrap(source["rejected"] as? Int)
            XCTAssertEqual(row[3].number, Double(written + rejected), "read = written + rejected")
            XCTAssertEqual(row[4].number, Double(written))
            XCTAssertEqual(row[5].number, Double(rejected))
            XCTAssertNil(row[6].value, "duplicates only with --dedupe")
            XCTAssertEqual(row[10].string, source["error"] as? String)
        }
    }

    /// `columns=` chooses and orders the columns; `local_date` is a date cell of the day in
    /// `--tz`, the swatch follows the vendor wherever it is.
    func testColumnsAndLocalDate() throws {
        let result = try txfeed(
            "run", "samples/accounts/checking.json", "--tz", "Asia/Tokyo", "--sink",
            "xlsx:columns=local_date,amount,vendor,path=\(folder.path)/chosen.xlsx", "--sink",
            "csv:columns=local_date,day,path=\(folder.path)/chosen.csv", "--no-progress")
        XCTAssertEqual(result.status, 0, result.stderr)
        let rows = try XCTUnwrap(try XLSXReadBack.read(folder.path + "/chosen.xlsx")["Transactions"]).rows
        XCTAssertEqual(rows.first?.map { $0.string ?? "" }, ["local_date", "amount", "vendor", ""])
        let csv = try CSVReadBack.rows(try folder.read("chosen.csv"), folder: folder)
        XCTAssertEqual(csv.first, ["local_date", "day"])
        XCTAssertEqual(rows.count, 8)
        for (row, cells) in zip(rows.dropFirst(), csv.dropFirst()) {
            XCTAssertEqual(row[0].type, "d")
            XCTAssertEqual(row[0].numberFormat, "yyyy-mm-dd")
            XCTAssertEqual(row[0].string, cells[0] + "T00:00:00", "the CSV's local_date, as a date")
            XCTAssertNotNil(row[3].fill)
        }
    }

    func testMistakesAreUsageErrorsBeforeAnySourceRuns() throws {
        func expect(_ arguments: [String], _ message: String, file: StaticString = #filePath, line: UInt = #line) throws
        {
            let result = try txfeed(arguments: ["run", "samples/accounts/checking.json"] + arguments)
            XCTAssertEqual(result.status, 2, result.stderr, file: file, line: line)
            XCTAssertTrue(result.stderr.contains(message), result.stderr, file: file, line: line)
            XCTAssertFalse(result.stderr.contains("checking (fixture)"), "no source ran", file: file, line: line)
        }
        try expect(["--sink", "xlsx"], "sink 'xlsx' needs a file: -o FILE.xlsx or --sink xlsx:path=FILE")
        try expect(["--sink", "xlsx:path=/dev/stdout"], "sink 'xlsx' needs a regular file, not the stream /dev/stdout")
        try expect(["-o", "-", "--sink", "xlsx"], "sink 'xlsx' needs a regular file, not the stream -")
        try expect(
            ["--sink", "xlsx:columns=date,nope,path=x.xlsx"],
            "sink 'xlsx': unknown column 'nope' in columns=; known columns: date, local_date, day, account, vendor, type, amount, currency, colour, source, id, status, memo"
        )
        try expect(
            ["--sink", "csv:columns=date,amount,date"], "sink 'csv': column 'date' is named twice in columns=")
        try expect(
            ["--sink", "xlsx:bom=true,path=x.xlsx"], "sink 'xlsx': unknown option 'bom'; valid options: path, columns")
        XCTAssertEqual(folder.contents(), [])
    }

    /// 1,048,580 transactions: the first 1,048,575 fill `Transactions` to Excel's last row, the
    /// other five go on `Transactions (2)` under their own header; the run's peak memory stays
    /// bounded (95 MiB measured; 640 with libxlsxwriter's sheet held in memory). Date, vendor
    /// (and its swatch) and amount, not the default twelve columns: the row limit, the second
    /// sheet and the bound are the same, and a debug build writes them in half the time.
    func testAMillionRowsContinueOnASecondSheetInBoundedMemory() throws {
        let count = 1_048_580
        let path = folder.path + "/big.xlsx"
        let script = """
            import json, re, resource, subprocess, sys, zipfile
            run = subprocess.run(sys.argv[2:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024
            if run.returncode != 0:
                print(json.dumps({'status': run.returncode, 'stderr': run.stderr.decode()}))
                sys.exit(0)
            z = zipfile.ZipFile(sys.argv[1])
            names = re.findall(r'<sheet name="([^"]+)"', z.read('xl/workbook.xml').decode())
            rows = []
            for n in range(1, 3):
                count, tail = 0, b''
                with z.open('xl/worksheets/sheet%d.xml' % n) as f:
                    while True:
                        chunk = f.read(1 << 20)
                        if not chunk:
                            break
                        count += (tail + chunk).count(b'<row ') - tail.count(b'<row ')
                        tail = chunk[-8:]
                rows.append(count)
            import openpyxl
            wb = openpyxl.load_workbook(sys.argv[1], read_only=True)
            second = [[c.value if not hasattr(c.value, 'isoformat') else c.value.isoformat() for c in r]
                      for r in wb['Transactions (2)'].iter_rows()]
            print(json.dumps({'status': 0, 'peak_mib': peak, 'sheets': names, 'rows': rows, 'second': second}))
            """
        let result = try runCommand(
            try TestPython.openpyxl(),
            [
                "-c", script, path, BuiltProducts.txfeed, "run", "-s",
                "random-users:seed=3,users=1,transactions=\(count)", "--sink",
                "xlsx:columns=date,vendor,amount,path=\(path)", "--no-progress",
            ],
            // Writing and reading back a million rows takes a debug build some 30 s of CPU (64 s
            // with every column, alone on an idle 2-core machine); bin/test starts it first,
            // beside the other long classes, where it has half a core or less: on a 2-core
            // machine loaded to 12 it went past 300 s (with every column). It is a hang guard:
            // ten minutes, still inside bin/test's limit.
            deadline: 600)
        XCTAssertEqual(result.status, 0, result.stderr)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        XCTAssertEqual(report["status"] as? Int, 0, "\(report["stderr"] ?? "")")
        XCTAssertEqual(report["sheets"] as? [String], ["Transactions", "Transactions (2)", "Accounts", "Sources"])
        XCTAssertEqual(report["rows"] as? [Int], [1_048_576, 6], "a header and every row, on two sheets")
        let peak = try XCTUnwrap(report["peak_mib"] as? Int)
        XCTAssertLessThan(peak, 250, "peak memory (MiB) of txfeed writing \(count) rows")
        let second = try XCTUnwrap(report["second"] as? [[Any]])
        XCTAssertEqual(second.first?.compactMap { $0 as? String }.first, "date")
        XCTAssertEqual(second.count, 6)
        XCTAssertTrue(second.dropFirst().allSatisfy { $0[0] is String && $0[3] is NSNumber }, "\(second)")
        XCTAssertEqual(folder.contents(), ["big.xlsx"], "libxlsxwriter's temporary files are gone")
    }

    static func columnLetter(_ index: Int) -> String {
        String(UnicodeScalar(UInt8(ascii: "A") + UInt8(index)))
    }
}
