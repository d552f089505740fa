import Glibc
import TxFeedModel
import TxFeedSQLite

/// `-o FILE.db`: the merged feed as a SQLite database, so it can be queried with `sqlite3` or
/// anything else that reads SQLite. Three tables, as docs/FEED.md describes them: `accounts`,
/// `transactions` (the CSV columns, plus `position`, `amount_minor` and `batch`) and `sources`.
///
/// Not a ``FeedSink``: SQLite writes its file itself, so there is no stream to write into.
/// The sink fills the temporary file of an ``AtomicFile`` through its own connection, closed
/// before ``write(_:context:into:)`` returns; the caller commits (fsync, rename) with the other
/// sinks. So SQLite needs no journal and no sync of its own: a write that fails leaves only a
/// temporary file, which is discarded, and the commit makes the file appear whole.
public struct SQLiteSink {
    /// `PRAGMA application_id`, `txfs`: tells a feed from a state file (`txfd`) and from other
    /// programs' databases.
    public static let applicationID: Int32 = 0x7478_6673
    /// `PRAGMA user_version`: the schema's version, raised whenever a table or column changes.
    public static let schemaVersion = 4

    public init() {}

    /// Writes the whole feed into `file`'s temporary file, which must be empty, in one
    /// transaction. Failures name `file`'s destination, the file the user asked for.
    public func write(_ feed: Feed, context: FeedContext, into file: AtomicFile) throws(OutputError) {
        do {
            try fill(file.temporaryPath, with: feed, context: context)
        } catch {
            throw .failed(path: file.path, reason: error.message)
        }
    }

    /// The connection lives only in here: once this returns, SQLite has closed its handle.
    private func fill(_ path: String, with feed: Feed, context: FeedContext) throws(SQLiteError) {
        let database = try SQLiteDatabase(path: path, mode: .readWrite)
        try database.execute(
            """
            PRAGMA journal_mode = OFF;
            PRAGMA synchronous = OFF;
            PRAGMA application_id = \(Self.applicationID);
            PRAGMA user_version = \(Self.schemaVersion);
            BEGIN;
            \(Self.schema)
            """)
        try Self.insertAccounts(of: feed, into: database)
        try Self.insertTransactions(of: feed, context: context, into: database)
        try Self.insertSources(of: feed, into: database)
        try database.execute("COMMIT")
    }

    /// Amounts are exact decimal text beside integer minor units, never REAL. No index beyond
    /// `position`: a query of a personal feed reads a million rows in a fraction of a second,
    /// and each index would slow every run.
    static let schema = """
        CREATE TABLE accounts (
            name TEXT NOT NULL,
            id TEXT,
            balance TEXT,
            balance_minor INTEGER,
            currency TEXT,
            source TEXT NOT NULL
        );
        CREATE TABLE transactions (
            position INTEGER PRIMARY KEY,
            date TEXT NOT NULL,
            day TEXT NOT NULL,
            account TEXT NOT NULL,
            vendor TEXT NOT NULL,
            type TEXT NOT NULL,
            amount TEXT NOT NULL,
            amount_minor INTEGER NOT NULL,
            currency TEXT,
            colour TEXT NOT NULL,
            source TEXT NOT NULL,
            id TEXT,
            status TEXT NOT NULL,
            memo TEXT,
            batch INTEGER,
            category TEXT,
            tags TEXT,
            original_vendor TEXT,
            transfer TEXT,
            transfer_account TEXT,
            account_row INTEGER NOT NULL
        );
        CREATE TABLE sources (
            name TEXT NOT NULL,
            plugin TEXT NOT NULL,
            status TEXT NOT NULL,
            error TEXT,
            count INTEGER NOT NULL,
            rejected INTEGER NOT NULL,
            duplicates INTEGER,
            seen INTEGER,
            skipped INTEGER,
            elapsed_ms INTEGER NOT NULL
        );
        """

    /// In feed order, with the JSON sink's values (`balance` signed text, NULL without one).
    static func insertAccounts(of feed: Feed, into database: SQLiteDatabase) throws(SQLiteError) {
        let insert = try database.prepare("INSERT INTO accounts VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
        for account in feed.accounts {
            insert.bind(1, account.name)
            insert.bind(2, account.id)
            insert.bind(3, account.balance?.plainDecimalSigned)
            if let balance = account.balance { insert.bind(4, balance.minorUnits) } else { insert.bindNull(4) }
            insert.bind(5, account.currency)
            insert.bind(6, feed.sources[account.source].name)
            try insert.run()
        }
    }

    /// In run order; `duplicates` only with `--dedupe`, `seen` only with `--state` and `skipped`
    /// only when it is counted, else NULL, as the JSON sink leaves those members out.
    static func insertSources(of feed: Feed, into database: SQLiteDatabase) throws(SQLiteError) {
        let insert = try database.prepare("INSERT INTO sources VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)")
        let countsSkipped = feed.countsSkipped  // asked once: it looks at every source
        for source in feed.sources {
            insert.bind(1, source.name)
            insert.bind(2, source.plugin)
            insert.bind(3, source.status.rawValue)
            insert.bind(4, source.error)
            insert.bind(5, Int64(source.count))
            insert.bind(6, Int64(source.rejected))
            if feed.deduplicated { insert.bind(7, Int64(source.duplicates)) } else { insert.bindNull(7) }
            if feed.batch != nil { insert.bind(8, Int64(source.seen)) } else { insert.bindNull(8) }
            if countsSkipped { insert.bind(9, Int64(source.skipped)) } else { insert.bindNull(9) }
            insert.bind(10, Int64(source.elapsedMilliseconds))
            try insert.run()
        }
    }
}
