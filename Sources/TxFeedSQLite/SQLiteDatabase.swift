import CSQLite

/// One connection to a SQLite file, used from one thread at a time.
///
/// Thin on purpose: txfeed's two users (the state file and the sqlite sink) write their own
/// SQL, and every failure comes back as a ``SQLiteError`` naming the file.
public final class SQLiteDatabase {
    public let path: String
    let handle: OpaquePointer

    public enum Mode: Sendable {
        /// Reads only; the file must exist.
        case readOnly
        /// Reads and writes; the file must exist.
        case readWrite
        /// Reads and writes, creating the file when it is missing.
        case create
    }

    /// - Parameters:
    ///   - path: the file's name as messages show it.
    ///   - fileName: the bytes the file system knows it by, when they differ from `path`'s
    ///     UTF-8 (a name that is not UTF-8, shown escaped): SQLite opens bytes, and names its
    ///     journal after them.
    ///   - mode: whether a missing file is created; `state show` must never create one.
    public init(path: String, fileName: [UInt8]? = nil, mode: Mode) throws(SQLiteError) {
        self.path = path
        _ = Self.withoutMemoryCount
        // Links are followed: a state file in a folder reached through one is an ordinary case.
        var flags = SQLITE_OPEN_NOMUTEX
        switch mode {
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        case .readWrite: flags |= SQLITE_OPEN_READWRITE
        case .create: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        }
        var opened: OpaquePointer?
        let name = (fileName ?? Array(path.utf8)) + [0]
        let code = name.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { sqlite3_open_v2($0.baseAddress, &opened, flags, nil) }
        }
        guard code == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(opened)
            throw SQLiteError(code: code, message: message, path: path)
        }
        handle = opened
        sqlite3_extended_result_codes(handle, 0)
    }

    deinit { sqlite3_close_v2(handle) }

    /// Set once, before the first connection initialises the library.
    private static let withoutMemoryCount: Int32 = txfeed_sqlite_without_memory_count()

    /// How long a statement waits for another connection's lock before failing with
    /// `SQLITE_BUSY`: two runs on one state file wait for each other, boundedly.
    public func setBusyTimeout(seconds: Double) {
        sqlite3_busy_timeout(handle, Int32(min(seconds * 1000, Double(Int32.max))))
    }

    /// Runs one or more statements that return no rows we need.
    public func execute(_ sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        guard code == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_free(message)
            throw SQLiteError(code: code, message: text, path: path)
        }
    }

    public func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else { throw error(code) }
        return SQLiteStatement(statement, database: self)
    }

    /// The single integer a query such as `PRAGMA user_version` returns (nil without a row).
    public func integer(_ sql: String) throws(SQLiteError) -> Int64? {
        let statement = try prepare(sql)
        return try statement.step() ? statement.int64(0) : nil
    }

    func error(_ code: Int32) -> SQLiteError {
        SQLiteError(code: code, message: String(cString: sqlite3_errmsg(handle)), path: path)
    }
}
