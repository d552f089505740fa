/// The state file's layout, version 1 (docs/STATE.md explains every table).
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
            account INTEGER NOT NULL REFERENCES accounts (id),
            batch INTEGER NOT NULL REFERENCES batches (id),
            key INTEGER NOT NULL,
            kind INTEGER NOT NULL,
            day INTEGER NOT NULL,
            PRIMARY KEY (account, batch, key, kind)
        ) WITHOUT ROWID;
        PRAGMA application_id = \(applicationID);
        PRAGMA user_version = \(version);
        """

    /// The tables a version-1 file must have.
    static let tables = ["accounts", "batch_sources", "batches", "seen"]
}
