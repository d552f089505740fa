import Foundation
import TxFeedTestSupport
import XCTest

/// The sqlite sink read back by an independent reader, Python's `sqlite3` module, and held
/// against the CSV sink's output of the same run; how the file is chosen, replaced and kept.
final class SQLiteSinkRunTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try temporaryFolder()
        let python = try runCommand(try TestPython.system(), ["-c", "import csv, json, sqlite3"])
        try XCTSkipUnless(python.status == 0, "python3 with its sqlite3 module is needed to read the database back")
    }

    /// What Python's `sqlite3` reads from `database`: the header's two numbers, each table's
    /// rows (NULL as `NSNull`), and every column type found in `transactions`.
    struct ReadBack {
        var applicationID: Int
        var userVersion: Int
        var tables: [String]
        var transactions: [[Any]]
        var accounts: [[Any]]
        var sources: [[Any]]
        var types: [String: [String]]
    }

    static let transactionColumns = [
        "date", "day", "account", "vendor", "type", "amount", "currency", "colour", "source", "id", "status", "memo",
        "amount_minor", "position", "batch",
    ]

    func readBack(_ database: String) throws -> ReadBack {
        let script = """
            import json, sqlite3, sys
            db = sqlite3.connect('file:' + sys.argv[1] + '?mode=ro', uri=True)
            columns = sys.argv[2].split(',')
            rows = lambda sql: [list(r) for r in db.execute(sql).fetchall()]
            print(json.dumps({
                'application_id': db.execute('PRAGMA application_id').fetchone()[0],
                'user_version': db.execute('PRAGMA user_version').fetchone()[0],
                'tables': [r[0] for r in rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")],
                'transactions': rows('SELECT ' + ', '.join(columns) + ' FROM transactions ORDER BY position'),
                'accounts': rows('SELECT name, id, balance, balance_minor, currency, source FROM accounts'),
                'sources': rows('SELECT name, plugin, status, error, count, rejected, duplicates, seen FROM sources'),
                'types': {c: [r[0] for r in rows('SELECT DISTINCT typeof(' + c + ') FROM transactions ORDER BY 1')]
                          for c in columns},
            }))
            """
        let result = try runCommand(
            try TestPython.system(), ["-c", script, database, Self.transactionColumns.joined(separator: ",")])
        guard result.status == 0 else {
            throw CSVReadBack.Failure(description: "python3 could not read \(database):\n\(result.stderr)")
        }
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        return ReadBack(
            applicationID: try XCTUnwrap(object["application_id"] as? Int),
            userVersion: try XCTUnwrap(object["user_version"] as? Int),
            tables: try XCTUnwrap(object["tables"] as? [String]),
            transactions: try XCTUnwrap(object["transactions"] as? [[Any]]),
            accounts: try XCTUnwrap(object["accounts"] as? [[Any]]),
            sources: try XCTUnwrap(object["sources"] as? [[Any]]),
            types: try XCTUnwrap(object["types"] as? [String: [String]]))
    }

    /// Vendors and an account name that CSV quotes or guards as formulas, which the database
    /// must hold exactly as they came.
    func awkwardFixture() throws -> String {
        let vendors = ["=SUM(A1)", "Smith, Jones & Co.", "Line one\nLine two", "東京ストア", "-2", "Plain"]
        let transactions: [[String: Any]] = vendors.enumerated().map { i, vendor in
            ["type": i % 2, "vendor": vendor, "amount": 4.5, "date": "2021-08-\(20 + i) 12:34:56"]
        }
        let envelope: [String: Any] = [
            "status": 200, "message": "ok",
            "body": ["name": "-Awkward, \"Account\"", "currency": "EUR", "transactions": transactions],
        ]
        return try folder.write("awkward.json", try JSONSerialization.data(withJSONObject: envelope))
    }

    /// A bank id, a memo, a pending record (details.json), JPY, KWD and an account without a
    /// currency (money.ndjson), the samples, and the awkward names; days in New York.
    func testEveryRowMatchesTheCSVOfTheSameRun() throws {
        let result = try txfeed(
            "run", "Tests/Fixtures/feed/details.json", "Tests/Fixtures/feed/money.ndjson", "samples/accounts/",
            try awkwardFixture(), "--tz", "America/New_York", "-o", folder.path + "/out.db", "-o",
            folder.path + "/out.csv", "--no-progress")
        XCTAssertEqual(result.status, 3, "the fixtures hold rejects: \(result.stderr)")
        XCTAssertEqual(folder.contents(), ["awkward.json", "out.csv", "out.db"], "no journal, no temporary file")

        let database = try readBack(folder.path + "/out.db")
        let csv = try CSVReadBack.rows(try folder.read("out.csv"), folder: folder)
        XCTAssertEqual(csv.first, CSVReadBack.header)
        XCTAssertEqual(database.transactions.count, csv.count - 1)
        XCTAssertGreaterThan(database.transactions.count, 20)
        for (index, (row, cells)) in zip(database.transactions, csv.dropFirst()).enumerated() {
            for (column, (value, cell)) in zip(CSVReadBack.header, zip(row, cells)) {
                let expected = Self.csvCell(value, guarded: !["date", "type", "amount", "colour"].contains(column))
                XCTAssertEqual(
                    expected, cell, "row \(index + 1), \(column): \(value) against CSV \(cell.debugDescription)")
            }
            // memo and currency: NULL for the empty cell, never "".
            for column in [6, 11] where cells[column].isEmpty {
                XCTAssertTrue(
                    row[column] is NSNull, "row \(index + 1), \(CSVReadBack.header[column]): \(row[column])")
            }
            let amount = try XCTUnwrap(row[5] as? String)
            XCTAssertEqual(
                row[12] as? Int, Int(amount.replacingOccurrences(of: ".", with: "")), "amount_minor: \(amount)")
            XCTAssertEqual(row[13] as? Int, index + 1, "position")
            XCTAssertTrue(row[14] is NSNull, "batch without --state")
        }
        XCTAssertEqual(database.types["amount"], ["text"], "amounts are never REAL")
        XCTAssertEqual(database.types["amount_minor"], ["integer"])
        XCTAssertEqual(database.types["id"], ["text"], "a numeric bank id (77) stays text")
        XCTAssertEqual(database.types["memo"], ["null", "text"])
        XCTAssertEqual(database.applicationID, 0x7478_6673)
        XCTAssertEqual(database.userVersion, 4)
        XCTAssertEqual(database.tables, ["accounts", "sources", "transactions"])

        XCTAssertEqual(database.accounts.count, 8)
        let girokonto = try XCTUnwrap(database.accounts.first)
        XCTAssertEqual(girokonto[0] as? String, "Girokonto")
        XCTAssertEqual(girokonto[1] as? String, "DE89370400440532013000")
        XCTAssertEqual(girokonto[2] as? String, "100.00")
        XCTAssertEqual(girokonto[3] as? Int, 10000)
        let dinar = try XCTUnwrap(database.accounts.first { $0[0] as? String == "Dinar" })
        XCTAssertEqual(dinar[2] as? String, "-10.500")
        XCTAssertEqual(dinar[3] as? Int, -10500)
        let cents = try XCTUnwrap(database.accounts.first { $0[0] as? String == "Cents" })
        XCTAssertTrue(cents[4] is NSNull, "no currency")
        XCTAssertEqual(
            database.sources.map { $0[0] as? String }, ["details", "money", "checking", "savings", "awkward"])
        XCTAssertEqual(database.sources.first?[5] as? Int, 3, "details.json: three rejects")
        XCTAssertTrue(database.sources.allSatisfy { $0[6] is NSNull && $0[7] is NSNull }, "no --dedupe, no --state")
    }

    /// The CSV cell the sink writes for a database value: NULL is empty, and a text cell that
    /// a spreadsheet would evaluate gets its `'` (quoting is the CSV reader's business).
    static func csvCell(_ value: Any, guarded: Bool) -> String {
        let text = value as? String ?? ""
        guard guarded, let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else {
            return text
        }
        return "'" + text
    }

    func testSinkSpecAndExtensionsPickTheSQLiteSink() throws {
        let spec = try txfeed(
            "run", "samples/accounts/checking.json", "--sink", "sqlite:path=\(folder.path)/spec.out", "--no-progress")
        XCTAssertEqual(spec.status, 0, spec.stderr)
        XCTAssertTrue(spec.stdout.isEmpty, "nothing on stdout")
        XCTAssertEqual(try readBack(folder.path + "/spec.out").transactions.count, 7)

        for name in ["feed.sqlite3", "FEED.SQLITE", "feed.db"] {
            let result = try txfeed("run", "samples/accounts/checking.json", "-o", "\(folder.path)/\(name)")
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(try folder.read(name).prefix(16), Data("SQLite format 3\0".utf8), name)
        }
        // Paired with -o by --sink, whatever the extension.
        let paired = try txfeed(
            "run", "samples/accounts/checking.json", "--sink", "sqlite", "-o", "\(folder.path)/paired.out")
        XCTAssertEqual(paired.status, 0, paired.stderr)
        XCTAssertEqual(try readBack(folder.path + "/paired.out").applicationID, 0x7478_6673)
        XCTAssertEqual(folder.contents(), ["FEED.SQLITE", "feed.db", "feed.sqlite3", "paired.out", "spec.out"])
    }

    /// SQLite refuses a symbolic link anywhere in a path it opens; `-o` through a linked folder
    /// must work as it does for the other sinks.
    func testAFolderReachedThroughASymbolicLink() throws {
        try FileManager.default.createDirectory(atPath: folder.path + "/real", withIntermediateDirectories: false)
        XCTAssertEqual(symlink(folder.path + "/real", folder.path + "/link"), 0)
        let result = try txfeed("run", "samples/accounts/checking.json", "-o", folder.path + "/link/feed.db")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try readBack(folder.path + "/real/feed.db").transactions.count, 7)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder.path + "/real"), ["feed.db"], "nothing else")
    }

    func testWithoutAFileIsAUsageError() throws {
        let message = "sink 'sqlite' needs a file: -o FILE.db or --sink sqlite:path=FILE"
        for arguments in [["--sink", "sqlite"], ["--sink", "sqlite", "--sink", "csv"]] {
            let result = try txfeed(arguments: ["run", "samples/accounts/checking.json"] + arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message), result.stderr)
            XCTAssertFalse(
                result.stderr.contains("checking (fixture)"), "found before any source ran: \(result.stderr)")
            XCTAssertTrue(result.stdout.isEmpty)
        }
        let config = try folder.write("pipeline.json", #"{"sinks": [{"sink": "sqlite"}]}"#)
        let configured = try txfeed("run", "samples/accounts/checking.json", "--config", config)
        XCTAssertEqual(configured.status, 2, configured.stderr)
        XCTAssertTrue(configured.stderr.contains(message), configured.stderr)

        let option = try txfeed("run", "samples/accounts/checking.json", "--sink", "sqlite:bom=true,path=x.db")
        XCTAssertEqual(option.status, 2, option.stderr)
        XCTAssertTrue(option.stderr.contains("sink 'sqlite': unknown option 'bom'; valid options: path"), option.stderr)
    }

    func testAnExistingDatabaseIsReplacedWhole() throws {
        let path = folder.path + "/feed.db"
        let first = try txfeed("run", "samples/accounts/", "-o", path, "--no-progress")
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(try readBack(path).transactions.count, 11)
        // Something only the old file has: a table of the user's own.
        let added = try runCommand(
            try TestPython.system(),
            [
                "-c",
                "import sqlite3, sys; db = sqlite3.connect(sys.argv[1]); db.execute('CREATE TABLE mine (x)'); db.commit()",
                path,
            ])
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertEqual(chmod(path, 0o600), 0)

        let second = try txfeed("run", "samples/accounts/checking.json", "-o", path, "--no-progress")
        XCTAssertEqual(second.status, 0, second.stderr)
        let database = try readBack(path)
        XCTAssertEqual(database.transactions.count, 7, "only this run's rows")
        XCTAssertEqual(database.accounts.count, 1)
        XCTAssertEqual(database.tables, ["accounts", "sources", "transactions"], "the old file is gone whole")
        XCTAssertEqual(folder.contents(), ["feed.db"], "no journal, no temporary file")
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o600, "a replaced file keeps its mode")
    }

    func testAFailedRunLeavesTheDatabaseUntouched() throws {
        let path = folder.path + "/feed.db"
        let first = try txfeed("run", "samples/accounts/checking.json", "-o", path, "--no-progress")
        XCTAssertEqual(first.status, 0, first.stderr)
        let before = try folder.read("feed.db")

        let strict = try txfeed("run", "Tests/Fixtures/feed/details.json", "--strict", "-o", path, "--no-progress")
        XCTAssertEqual(strict.status, 1, strict.stderr)
        XCTAssertTrue(strict.stderr.contains("nothing written"), strict.stderr)
        XCTAssertEqual(try folder.read("feed.db"), before, "byte for byte what it was")

        // A later sink that cannot be written discards the database already rendered.
        let blocked = try txfeed(
            "run", "Tests/Fixtures/feed/details.json", "--sink", "sqlite:path=\(path)", "--sink", "csv:path=/dev/full",
            "--no-progress")
        XCTAssertEqual(blocked.status, 1, blocked.stderr)
        XCTAssertEqual(try folder.read("feed.db"), before)
        XCTAssertEqual(folder.contents(), ["feed.db"], "no temporary file left")
    }
}
