/// The state file's layout, version 1 (docs/STATE.md explains every table).
///
/// What a batch imported into an account is kept as blocks of identity keys, not a row per
/// transaction: a million remembered transactions are about 10 MB and load in milliseconds,
/// where a row each cost a second to write and a third of one to read.
///
/// Versioned with SQLite's own header fields: `application_id` says the file is txfeed's
/// state, `user_version` which layout it has. A newer layout is refused, never rewritten.
enum StateSchema {
    /// `txfd` in ASCII.
    static let applicationID: Int64 = 0x7478_6664
    static let version: Int64 = 1

    static let create = """
        CREATE TABLE accounts (
            id INTEGER PRIMARY KEY,
            key TEXT NOT NULL UNIQUE,
            name TEXT NOT NULL,
            bank_id TEXT,
            currency TEXT
        );
        CREATE TABLE batches (
            id INTEGER PRIMARY KEY,
            started TEXT NOT NULL,
            finished TEXT NOT NULL,
            txfeed TEXT NOT NULL,
            read INTEGER NOT NULL,
            written INTEGER NOT NULL,
            remembered INTEGER NOT NULL,
            pending INTEGER NOT NULL,
            seen INTEGER NOT NULL,
            duplicates INTEGER NOT NULL,
            rejected INTEGER NOT NULL,
            undone TEXT
        );
        CREATE TABLE batch_sources (
            batch INTEGER NOT NULL REFERENCES batches (id),
            position INTEGER NOT NULL,
            name TEXT NOT NULL,
            plugin TEXT NOT NULL,
            status TEXT NOT NULL,
            error TEXT,
            path TEXT,
            sha256 TEXT,
            bytes INTEGER,
            read INTEGER NOT NULL,
            written INTEGER NOT NULL,
            rejected INTEGER NOT NULL,
            duplicates INTEGER NOT NULL,
            seen INTEGER NOT NULL,
            PRIMARY KEY (batch, position)
        ) WITHOUT ROWID;
        CREATE TABLE seen (
            id INTEGER PRIMARY KEY,
            account INTEGER NOT NULL REFERENCES accounts (id),
            batch INTEGER NOT NULL REFERENCES batches (id),
            transactions INTEGER NOT NULL,
            first_day INTEGER NOT NULL,
            last_day INTEGER NOT NULL,
            keys BLOB NOT NULL,
            kinds BLOB NOT NULL
        );
        CREATE INDEX seen_by_account ON seen (account, batch);
        PRAGMA application_id = \(applicationID);
        PRAGMA user_version = \(version);
        """

    /// Keys in one `seen` row at most (≈ 590 KB of blob).
    static let blockSize = 65_536

    /// The tables a version-1 file must have.
    static let tables = ["accounts", "batch_sources", "batches", "seen"]
}
