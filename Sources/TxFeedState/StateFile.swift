import Glibc
import TxFeedModel
import TxFeedSQLite

/// `--state FILE`: the SQLite file that remembers what earlier runs imported.
///
/// A run opens it before any source runs and holds its write lock to the end, so two runs on
/// one file take turns (the second waits up to `wait` seconds, then gives up with exit 2). What
/// the run imports is written by ``record(_:sources:started:keepEmpty:)`` in one transaction,
/// after every sink has committed; any other ending (``abandon()``, a crash, a signal) leaves
/// the file as it was.
public final class StateFile {
    public let path: String
    /// The batch this run is recorded as: one more than the last, known while the lock is held.
    public let batch: Int64
    let database: SQLiteDatabase
    /// The file's row id of each account key met so far.
    var accountIDs: [String: Int64] = [:]
    /// The accounts this run added or updated (``accountID(of:)``), and the statement that does it.
    var recordedAccounts: [String: Int64] = [:]
    var accountUpsert: SQLiteStatement?
    /// The statement ``storedAccountID(of:)`` looks an account up with.
    var accountLookup: SQLiteStatement?
    private var inTransaction = false

    /// Opens the file (creating it when missing), checks it is a txfeed state file of a layout
    /// this txfeed reads, and takes the write lock.
    ///
    /// - Parameters:
    ///   - wait: seconds to wait for another run holding the lock; long enough for a run to
    ///     finish, short enough that a stuck one is reported rather than waited on forever.
    public init(path: String, wait: Double) throws(StateError) {
        self.path = path
        try Self.checkWhole(path)
        do {
            database = try SQLiteDatabase(path: path, fileName: ByteNames.bytes(of: path), mode: .create)
            database.setBusyTimeout(seconds: wait)
            try database.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL")
            try database.execute("BEGIN IMMEDIATE")
            inTransaction = true
            switch try Self.checkLayout(database, path: path) {
            case .empty: try database.execute(StateSchema.create)
            case .older(let version): try database.execute(StateSchema.upgrades[version]!)
            case .current: break
            }
            batch = (try database.integer("SELECT coalesce(max(id), 0) + 1 FROM batches")) ?? 1
        } catch {
            throw StateError(error, path: path, wait: wait)
        }
    }

    deinit { abandon() }

    /// Gives up the run's changes and the lock: the file stays as it was.
    public func abandon() {
        guard inTransaction else { return }
        inTransaction = false
        try? database.execute("ROLLBACK")
    }

    func commit() throws(SQLiteError) {
        try database.execute("COMMIT")
        inTransaction = false
    }

    // MARK: - Checks

    enum Layout: Equatable {
        case empty, current
        /// A layout this txfeed brings up to date (``StateSchema/upgrades``).
        case older(Int64)
    }

    /// A new (empty) file, or a txfeed state file of this layout or an older one; anything else
    /// is refused.
    static func checkLayout(_ database: SQLiteDatabase, path: String) throws -> Layout {
        let application = try database.integer("PRAGMA application_id") ?? 0
        let version = try database.integer("PRAGMA user_version") ?? 0
        let tables = try database.integer("SELECT count(*) FROM sqlite_schema") ?? 0
        if application == 0 && version == 0 && tables == 0 { return .empty }
        guard application == StateSchema.applicationID else {
            throw StateError(
                path: path,
                reason: "not a txfeed state file (a SQLite database of something else); it was left as it is")
        }
        guard version <= StateSchema.version else {
            throw StateError(
                path: path,
                reason:
                    "written by a newer txfeed (layout \(version); this one reads \(StateSchema.version)); it was left as it is"
            )
        }
        let found = try database.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
        var names: [String] = []
        while try found.step() { names.append(found.text(0) ?? "") }
        guard names == StateSchema.tablesOfVersion[version] else {
            throw StateError(
                path: path,
                reason:
                    "damaged (its tables are \(names.joined(separator: ", "))); it was left as it is: restore it from a backup, or start a new state file"
            )
        }
        return version == StateSchema.version ? .current : .older(version)
    }

    /// Refuses a file that is not SQLite at all, or shorter than its own header says (a copy
    /// cut short), before SQLite is let near it: it would only notice on the missing pages.
    static func checkWhole(_ path: String) throws(StateError) {
        let fd = ByteNames.withCString(ByteNames.bytes(of: path)) { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { return }  // missing: created; unreadable: SQLite says why
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size > 0 else { return }
        var header = [UInt8](repeating: 0, count: 100)
        let n = read(fd, &header, 100)
        let magic = Array("SQLite format 3\u{0}".utf8)
        guard n == 100, Array(header[0..<16]) == magic else {
            throw StateError(
                path: path, reason: "not a txfeed state file (not a SQLite database); it was left as it is")
        }
        func bigEndian(_ at: Int, _ count: Int) -> Int {
            header[at..<(at + count)].reduce(0) { $0 << 8 | Int($1) }
        }
        let pageSize = bigEndian(16, 2) == 1 ? 65_536 : bigEndian(16, 2)
        let pages = bigEndian(28, 4)
        // The page count is only meaningful when the header says it is current.
        guard bigEndian(24, 4) == bigEndian(92, 4), pages > 0 else { return }
        if Int(info.st_size) < pages * pageSize {
            throw StateError(
                path: path,
                reason:
                    "damaged: \(info.st_size) bytes where its header promises \(pages * pageSize) (cut short?); it was left as it is: restore it from a backup, or start a new state file"
            )
        }
    }
}
