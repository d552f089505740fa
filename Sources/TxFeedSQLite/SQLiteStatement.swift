import CSQLite

/// A prepared statement: bind, step, read columns, reset for the next row.
///
/// Parameters and columns are numbered as SQLite numbers them: parameters from 1, columns
/// from 0. Text is bound as a copy (`SQLITE_TRANSIENT`), so the Swift buffer may go at once.
public final class SQLiteStatement {
    let handle: OpaquePointer
    private let database: SQLiteDatabase

    init(_ handle: OpaquePointer, database: SQLiteDatabase) {
        self.handle = handle
        self.database = database
    }

    deinit { sqlite3_finalize(handle) }

    public func bind(_ index: Int32, _ value: Int64) {
        sqlite3_bind_int64(handle, index, value)
    }

    public func bind(_ index: Int32, _ value: String?) {
        guard let value else { return bindNull(index) }
        var text = value
        text.withUTF8 { bytes in bind(index, text: UnsafeRawBufferPointer(bytes)) }
    }

    /// Binds UTF-8 bytes as text, without making a `String` of them first.
    public func bind(_ index: Int32, text bytes: UnsafeRawBufferPointer) {
        guard let start = bytes.baseAddress, !bytes.isEmpty else {
            sqlite3_bind_text(handle, index, "", 0, Self.transient)
            return
        }
        sqlite3_bind_text(handle, index, start.assumingMemoryBound(to: CChar.self), Int32(bytes.count), Self.transient)
    }

    /// Binds UTF-8 bytes (a part of an array's, where they lie) as text.
    public func bind(_ index: Int32, text bytes: Span<UInt8>) {
        bytes.withUnsafeBytes { bind(index, text: $0) }
    }

    public func bind(_ index: Int32, text bytes: [UInt8]) {
        bytes.withUnsafeBytes { bind(index, text: $0) }
    }

    /// Binds the bytes of `values` as they lie in memory as a blob.
    public func bind<Element: BitwiseCopyable>(_ index: Int32, blob values: ArraySlice<Element>) {
        values.withUnsafeBytes { bind(index, blob: $0) }
    }

    /// Binds bytes as a blob, copied.
    public func bind(_ index: Int32, blob bytes: UnsafeRawBufferPointer) {
        sqlite3_bind_blob(
            handle, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(bytes.count), Self.transient)
    }

    public func bindNull(_ index: Int32) {
        sqlite3_bind_null(handle, index)
    }

    /// Runs the statement one step: true while it has a row to read, false once done.
    @discardableResult
    public func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(handle)
        if code == SQLITE_ROW { return true }
        if code == SQLITE_DONE { return false }
        let error = database.error(code)
        sqlite3_reset(handle)
        throw error
    }

    /// Ready for the next set of parameters (bindings are kept until rebound).
    public func reset() {
        sqlite3_reset(handle)
    }

    /// Binds, runs to the end and resets: one insert or update.
    public func run(_ bind: (SQLiteStatement) -> Void = { _ in }) throws(SQLiteError) {
        bind(self)
        defer { sqlite3_reset(handle) }
        while try step() {}
    }

    public func int64(_ column: Int32) -> Int64 {
        sqlite3_column_int64(handle, column)
    }

    public func isNull(_ column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    public func text(_ column: Int32) -> String? {
        guard let bytes = sqlite3_column_text(handle, column) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// A blob column's bytes, valid until the next step, reset or read of the same column.
    public func blob(_ column: Int32) -> UnsafeRawBufferPointer {
        let count = Int(sqlite3_column_bytes(handle, column))
        guard let start = sqlite3_column_blob(handle, column), count > 0 else {
            return UnsafeRawBufferPointer(start: nil, count: 0)
        }
        return UnsafeRawBufferPointer(start: start, count: count)
    }

    /// SQLITE_TRANSIENT, which the C macro spells as a cast Swift cannot import.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
