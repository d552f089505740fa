import Foundation
import TxFeedModel
import TxFeedSQLite
import TxFeedTestSupport
import XCTest

@testable import TxFeedOutput

/// The sqlite sink in process: its tables against what the JSON and NDJSON sinks write for the
/// same feed, its header, and a failure that names the file the user asked for.
final class SQLiteSinkTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try temporaryFolder()
    }

    /// A bank id, a memo that looks like a formula, a pending record, a JPY account, a negative
    /// balance, and an account with neither balance nor currency.
    func awkwardFeed() throws -> Feed {
        let details = try String(
            contentsOfFile: BuiltProducts.repository + "/Tests/Fixtures/feed/details.json", encoding: .utf8)
        return SinkTestFeed.make([
            ("bank", details),
            (
                "mixed",
                SinkTestFeed.envelope(
                    name: "Overdrawn", balance: "-10.5", currency: "USD",
                    [(1, "=SUM(A1)", "4.5", "2024-02-01 08:00:00"), (0, "Caf\u{E9}", "0", "2024-01-31")])
            ),
            (
                "yen",
                SinkTestFeed.envelope(
                    name: "Yen", balance: "88000", currency: "JPY", [(1, "Ramen", "1500", "2024-01-15 12:00:00")])
            ),
            (
                "bare",
                SinkTestFeed.envelope(name: "Bare", balance: nil, currency: nil, [(0, "Cents", "0.1", "2023-12-31")])
            ),
        ])
    }

    /// Writes `feed` as `txfeed run -o FILE.db` does: into an atomic file, then committed.
    func written(_ feed: Feed, name: String = "feed.db") throws -> SQLiteDatabase {
        let file = try AtomicFile(path: folder.path + "/" + name)
        try SQLiteSink().write(feed, context: FeedContext.legacy(feed), into: file)
        try file.commit()
        return try SQLiteDatabase(path: folder.path + "/" + name, mode: .readOnly)
    }

    /// A value as SQLite stores it, and as JSON gives it.
    enum Cell: Equatable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
        case null
        case integer(Int64)
        case text(String)

        init(stringLiteral text: String) { self = .text(text) }
        init(integerLiteral value: Int64) { self = .integer(value) }

        /// A member of a JSONSerialization object: absent or null is NULL.
        init(json value: Any?) {
            switch value {
            case let text as String: self = .text(text)
            case let number as Int: self = .integer(Int64(number))
            case let number as NSNumber: self = .integer(number.int64Value)
            default: self = .null
            }
        }
    }

    /// Each row of `sql`; `kinds` says per column whether it is read as an integer (`i`) or
    /// text (`t`).
    func rows(_ database: SQLiteDatabase, _ sql: String, kinds: String) throws -> [[Cell]] {
        let statement = try database.prepare(sql)
        var rows: [[Cell]] = []
        while try statement.step() {
            rows.append(
                kinds.enumerated().map { column, kind in
                    let column = Int32(column)
                    if statement.isNull(column) { return .null }
                    return kind == "i" ? .integer(statement.int64(column)) : .text(statement.text(column) ?? "")
                })
        }
        return rows
    }

    /// The members `columns` of each object of a JSON array, as cells.
    func cells(ofJSONArray text: String, _ columns: [String]) throws -> [[Cell]] {
        let objects = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        return objects.map { object in columns.map { Cell(json: object[$0]) } }
    }

    static let transactionColumns = [
        "position", "date", "day", "account", "vendor", "type", "amount", "amount_minor", "currency", "colour",
        "source", "id", "status", "memo", "batch",
    ]
    static let accountColumns = ["name", "id", "balance", "balance_minor", "currency", "source"]
    static let sourceColumns = [
        "name", "plugin", "status", "error", "count", "rejected", "duplicates", "seen", "skipped", "elapsed_ms",
    ]

    func testTablesHoldWhatTheJSONSinksWrite() throws {
        let plain = try awkwardFeed()
        var state = plain
        state.deduplicated = true
        state.batch = 7
        for (name, feed) in [("plain", plain), ("with --dedupe and --state", state)] {
            let database = try written(feed, name: "\(name).db")
            let ndjson = String(decoding: try SinkTestFeed.render(NDJSONSink(), feed), as: UTF8.self)
            var expected = try cells(
                ofJSONArray: "[" + ndjson.split(separator: "\n").joined(separator: ",") + "]", Self.transactionColumns)
            for index in expected.indices {
                expected[index][0] = .integer(Int64(index + 1))  // position, from 1
                // An account without a currency: "" in JSON (the empty CSV cell), NULL here.
                if expected[index][8] == "" { expected[index][8] = .null }
            }
            let got = try rows(
                database,
                "SELECT \(Self.transactionColumns.joined(separator: ", ")) FROM transactions ORDER BY position",
                kinds: "ittttttitttttti")
            XCTAssertEqual(got.count, feed.transactions.count, name)
            for (index, (row, object)) in zip(got, expected).enumerated() {
                for (column, (value, want)) in zip(Self.transactionColumns, zip(row, object)) {
                    XCTAssertEqual(value, want, "\(name): row \(index + 1), \(column)")
                }
            }
            XCTAssertEqual(
                try rows(
                    database, "SELECT \(Self.accountColumns.joined(separator: ", ")) FROM accounts", kinds: "tttitt"),
                try cells(ofJSONArray: FeedJSON.accounts(feed), Self.accountColumns), name)
            XCTAssertEqual(
                try rows(
                    database, "SELECT \(Self.sourceColumns.joined(separator: ", ")) FROM sources", kinds: "ttttiiiiii"),
                try cells(ofJSONArray: FeedJSON.sources(feed), Self.sourceColumns), name)
        }
        // The columns the JSON sink leaves out without --dedupe and --state are NULL, not 0.
        let database = try written(plain, name: "again.db")
        XCTAssertEqual(try rows(database, "SELECT DISTINCT batch FROM transactions", kinds: "i"), [[.null]])
        XCTAssertEqual(
            try rows(database, "SELECT DISTINCT duplicates, seen FROM sources", kinds: "ii"), [[.null, .null]])
    }

    func testAmountsAreExactTextAndIntegersNeverReal() throws {
        let database = try written(try awkwardFeed())
        let types = try rows(
            database,
            "SELECT DISTINCT typeof(position), typeof(date), typeof(amount), typeof(amount_minor), typeof(id) FROM transactions",
            kinds: "ttttt")
        XCTAssertEqual(types, [["integer", "text", "text", "integer", "text"]])
        XCTAssertEqual(
            try rows(
                database, "SELECT vendor, amount, amount_minor, currency FROM transactions WHERE account = 'Yen'",
                kinds: "ttit"),
            [["Ramen", "-1500", -1500, "JPY"]])
        XCTAssertEqual(
            try rows(
                database, "SELECT balance, typeof(balance), balance_minor FROM accounts WHERE name = 'Overdrawn'",
                kinds: "tti"),
            [["-10.50", "text", -1050]])
        XCTAssertEqual(
            try rows(
                database, "SELECT vendor, memo FROM transactions WHERE memo IS NOT NULL ORDER BY position", kinds: "tt"),
            [["Hotel", "=pre-authorisation"], ["B\u{E4}ckerei", "Card 1234"]],
            "no formula guard: this is not a spreadsheet")
    }

    func testHeaderSaysWhatTheFileIs() throws {
        let database = try written(try awkwardFeed())
        XCTAssertEqual(try database.integer("PRAGMA application_id"), 0x7478_6673, "'txfs'")
        XCTAssertEqual(try database.integer("PRAGMA user_version"), 4)
        XCTAssertEqual(folder.contents(), ["feed.db"], "no journal and no temporary file beside it")
    }

    /// Two accounts of one name in one source (a camt file of two IBANs under one owner): a join
    /// on name and source gave each row twice; `account_row` names the one row of each.
    func testEachRowNamesItsOwnAccountsRow() throws {
        let one = SinkTestFeed.envelope(name: "Muster", balance: "100", [(1, "Shop", "4.5", "2024-01-15")])
        let other = SinkTestFeed.envelope(name: "Muster", balance: "200", [(1, "Cafe", "3", "2024-01-16")])
        let database = try written(SinkTestFeed.make([("camt", "[\(one), \(other)]")]))
        XCTAssertEqual(
            try rows(
                database,
                "SELECT t.vendor, a.balance FROM transactions t JOIN accounts a ON a.rowid = t.account_row "
                    + "ORDER BY t.position", kinds: "tt"),
            [["Cafe", "200.00"], ["Shop", "100.00"]])
    }

    func testAFailureNamesTheDestinationAndLeavesNothing() throws {
        let feed = try awkwardFeed()
        let path = folder.path + "/feed.db"
        let file = try AtomicFile(path: path)
        // Not empty, and not a database: SQLite refuses it.
        file.writer.write(String(repeating: "not a database ", count: 400))
        try file.writer.flush()
        XCTAssertThrowsError(try SQLiteSink().write(feed, context: FeedContext.legacy(feed), into: file)) { error in
            XCTAssertTrue("\(error)".hasPrefix(path + ": "), "\(error)")
            XCTAssertFalse("\(error)".contains(".txfeed-"), "the temporary name means nothing to the user: \(error)")
        }
        file.discard()
        XCTAssertEqual(folder.contents(), [])
    }
}
