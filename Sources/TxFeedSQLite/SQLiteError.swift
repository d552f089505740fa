import CSQLite

/// A failed SQLite call: its result code and SQLite's own message, naming the file.
public struct SQLiteError: Error, CustomStringConvertible, Sendable {
    /// The primary result code (`SQLITE_BUSY`, `SQLITE_CORRUPT`, …), extended bits dropped.
    public var code: Int32
    public var message: String
    public var path: String

    public init(code: Int32, message: String, path: String) {
        self.code = code & 0xFF
        self.message = message
        self.path = path
    }

    /// Another connection holds the lock longer than the busy timeout.
    public var isBusy: Bool { code == SQLITE_BUSY || code == SQLITE_LOCKED }

    /// The file is damaged, truncated, or not a database at all.
    public var isDamaged: Bool { code == SQLITE_CORRUPT || code == SQLITE_NOTADB }

    public var description: String { "\(path): \(message)" }
}
