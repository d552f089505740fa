import Foundation
import TxFeedTestSupport
import XCTest

/// `csv:columns=` and the `local_date` column, read back by Python's `csv` module and held
/// against the default columns of the same run.
final class CSVColumnsTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try temporaryFolder()
        let python = try runCommand(try TestPython.system(), ["-c", "import csv, json"])
        try XCTSkipUnless(python.status == 0, "python3 is needed to read the CSV back")
    }

    /// The day `date` (a CSV `date` cell) falls on in `zone`, as `YYYY-MM-DD`.
    static func localDate(_ date: String, in zone: String) throws -> String {
        guard date.count > 10 else { return date }
        let instant = try XCTUnwrap(ISO8601DateFormatter().date(from: date), date)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: zone)
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: instant)
    }

    /// Chosen columns hold the default columns' cells, in the order asked; `local_date` is the
    /// day `day` names, in the zone, even across midnight (Auckland is ahead of UTC), and a civil
    /// date's own day; in both dialects.
    func testChosenColumnsAreTheDefaultCellsInTheirOrder() throws {
        let zone = "Pacific/Auckland"
        let inputs = ["Tests/Fixtures/feed/details.json", "samples/accounts/", "--tz", zone, "--no-progress"]
        let all = try txfeed(arguments: ["run"] + inputs + ["-o", folder.path + "/all.csv"])
        XCTAssertEqual(all.status, 3, all.stderr)
        let chosen = ["local_date", "memo", "vendor", "day", "amount", "id"]
        for dialect in ["rfc4180", "excel-eu"] {
            let result = try txfeed(
                arguments: ["run"] + inputs + [
                    "--sink",
                    "csv:dialect=\(dialect),columns=\(chosen.joined(separator: ",")),path=\(folder.path)/chosen.csv",
                ])
            XCTAssertEqual(result.status, 3, result.stderr)
            let reference = try CSVReadBack.rows(try folder.read("all.csv"), folder: folder)
            var bytes = try folder.read("chosen.csv")
            if dialect == "excel-eu" {
                XCTAssertEqual(Array(bytes.prefix(3)), [0xEF, 0xBB, 0xBF])
                bytes = bytes.dropFirst(3)
            }
            let rows = try Self.read(bytes, separator: dialect == "excel-eu" ? ";" : ",")
            XCTAssertEqual(rows.first, chosen, dialect)
            XCTAssertEqual(rows.count, reference.count)
            var crossedMidnight = false
            for (row, full) in zip(rows.dropFirst(), reference.dropFirst()) {
                func cell(_ name: String) -> String { full[CSVReadBack.header.firstIndex(of: name)!] }
                XCTAssertEqual(row[1], cell("memo"))
                XCTAssertEqual(row[2], cell("vendor"))
                XCTAssertEqual(row[3], cell("day"))
                XCTAssertEqual(
                    row[4],
                    dialect == "excel-eu" ? cell("amount").replacingOccurrences(of: ".", with: ",") : cell("amount"))
                XCTAssertEqual(row[5], cell("id"))
                XCTAssertEqual(row[0], try Self.localDate(cell("date"), in: zone), "\(row)")
                XCTAssertTrue(row[0].wholeMatch(of: /[0-9]{4}-[0-9]{2}-[0-9]{2}/) != nil, row[0])
                if row[0] != String(cell("date").prefix(10)) { crossedMidnight = true }
            }
            XCTAssertTrue(crossedMidnight, "some local day differs from the UTC one")
        }
    }

    /// Every record of `bytes`, with `separator` between cells.
    static func read(_ bytes: Data, separator: String) throws -> [[String]] {
        let script = """
            import csv, io, json, sys
            text = sys.stdin.buffer.read().decode('utf-8')
            print(json.dumps(list(csv.reader(io.StringIO(text, newline=''), delimiter=sys.argv[1], strict=True))))
            """
        let result = try runCommand(try TestPython.system(), ["-c", script, separator], input: bytes)
        XCTAssertEqual(result.status, 0, result.stderr)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdout) as? [[String]])
    }

    func testTheDefaultColumnsAreUnchanged() throws {
        let result = try txfeed("run", "samples/accounts/checking.json", "--sink", "csv", "--no-progress")
        XCTAssertTrue(
            result.output.hasPrefix("date,day,account,vendor,type,amount,currency,colour,source,id,status,memo\r\n"))
        let named = try txfeed(
            "run", "samples/accounts/checking.json", "--sink",
            "csv:columns=date,day,account,vendor,type,amount,currency,colour,source,id,status,memo", "--no-progress")
        XCTAssertEqual(named.stdout, result.stdout, "naming the default columns changes nothing")
    }

    func testUnknownColumnsAreUsageErrors() throws {
        let known =
            "known columns: date, local_date, day, account, vendor, type, amount, currency, colour, source, id, status, memo"
        for columns in ["date,Vendor", "date,,amount", "localdate"] {
            let result = try txfeed("run", "samples/accounts/checking.json", "--sink", "csv:columns=\(columns)")
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertTrue(result.stderr.contains("in columns=; \(known)"), result.stderr)
            XCTAssertTrue(result.stdout.isEmpty)
        }
    }
}
