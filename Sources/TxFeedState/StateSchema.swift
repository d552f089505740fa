/// The state file's layout, version 3 (docs/STATE.md explains every table).
///
/// What a batch imported into an account is kept as blocks of identity keys, not a row per
/// transaction: a million remembered transactions are about 10 MB and load in milliseconds,
/// where a row each cost a second to write and a third of one to read.
///
/// Versioned with SQLite's own header fields: `application_id` says the file is txfeed's
/// state, `user_version` which layout it has. A newer layout is refused, never rewritten; an
/// older one is brought up to date by the first run that opens it (``upgrades``), in that
/// run's transaction.
enum StateSchema {
    /// `txfd` in ASCII.
    static let applicationID: Int64 = 0x7478_6664
    static let version: Int64 = 3

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
        \(version2Tables)
        \(version3Tables)
        PRAGMA application_id = \(applicationID);
        PRAGMA user_version = \(version);
        """

    /// Version 2: a row per pending record a run wrote, until a booked record replaces it or
    /// the window passes, a few per account, so a row each; each batch's first drops with why
    /// (``listedDrops``); and what a person said of records (`state keep`, `state same`), each
    /// its own batch so that `state undo` forgets it.
    static let version2Tables = """
        CREATE TABLE pending (
            id INTEGER PRIMARY KEY,
            account INTEGER NOT NULL REFERENCES accounts (id),
            batch INTEGER NOT NULL REFERENCES batches (id),
            key INTEGER NOT NULL,
            bank_id TEXT,
            vendor TEXT NOT NULL,
            day INTEGER NOT NULL,
            amount INTEGER NOT NULL,
            last_batch INTEGER NOT NULL,
            ended TEXT,
            ended_batch INTEGER,
            evidence TEXT
        );
        CREATE INDEX pending_open ON pending (account) WHERE ended IS NULL;
        CREATE TABLE drops (
            batch INTEGER NOT NULL REFERENCES batches (id),
            position INTEGER NOT NULL,
            source TEXT NOT NULL,
            day TEXT NOT NULL,
            vendor TEXT NOT NULL,
            amount TEXT NOT NULL,
            id TEXT NOT NULL,
            by TEXT NOT NULL,
            kept TEXT NOT NULL,
            PRIMARY KEY (batch, position)
        ) WITHOUT ROWID;
        CREATE TABLE overrules (
            batch INTEGER PRIMARY KEY REFERENCES batches (id),
            kind TEXT NOT NULL,
            first TEXT NOT NULL,
            second TEXT,
            used_batch INTEGER
        );
        """

    /// Version 3: the records a batch wrote, its last ``halfDays`` days per account: those not
    /// linked wait for a transfer's other half until a later run links one (``RememberedHalf``),
    /// the others are taken by their batch; and where each listed drop is in its file.
    static let version3Tables = """
        CREATE TABLE halves (
            id INTEGER PRIMARY KEY,
            account INTEGER NOT NULL REFERENCES accounts (id),
            batch INTEGER NOT NULL REFERENCES batches (id),
            source TEXT NOT NULL,
            record TEXT NOT NULL,
            day INTEGER NOT NULL,
            amount INTEGER NOT NULL,
            scale INTEGER NOT NULL,
            vendor TEXT NOT NULL,
            memo TEXT,
            category TEXT,
            taken_batch INTEGER
        );
        CREATE INDEX halves_open ON halves (day) WHERE taken_batch IS NULL;
        ALTER TABLE drops ADD COLUMN path TEXT;
        """

    /// What brings a file of an older layout (the key) up to this one.
    static let upgrades: [Int64: String] = [
        1: version2Tables + version3Tables + "PRAGMA user_version = 3;",
        2: version3Tables + "PRAGMA user_version = 3;",
    ]

    /// How many days before its account's newest record of the batch a record not linked is
    /// remembered as a transfer half: the other account's statement may come weeks later.
    static let halfDays: Int64 = 31

    /// The tables of each layout.
    static let tablesOfVersion: [Int64: [String]] = [
        1: ["accounts", "batch_sources", "batches", "seen"],
        2: ["accounts", "batch_sources", "batches", "drops", "overrules", "pending", "seen"],
        3: ["accounts", "batch_sources", "batches", "drops", "halves", "overrules", "pending", "seen"],
    ]

    /// The drops a batch lists at most (`drops`): a rerun of a million records drops a million,
    /// and `--duplicates FILE` has them all.
    static let listedDrops = 1000

    /// Keys in one `seen` row at most (≈ 590 KB of blob).
    static let blockSize = 65_536
}
