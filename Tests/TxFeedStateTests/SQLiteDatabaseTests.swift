import CSQLite
import TxFeedSQLite
import TxFeedTestSupport
import XCTest

final class SQLiteDatabaseTests: XCTestCase {
    /// SQLite counts the memory it holds unless told not to, under a global mutex taken on every
    /// malloc and free: a tenth of the sqlite sink's time writing a million rows. The first
    /// connection turns the count off; a library whose count runs reports what it holds.
    func testSQLiteKeepsNoCountOfItsMemory() throws {
        let folder = try temporaryFolder()
        let database = try SQLiteDatabase(path: folder.path + "/count.db", mode: .create)
        try database.execute("CREATE TABLE t (x TEXT); INSERT INTO t VALUES (hex(randomblob(100000)))")
        XCTAssertEqual(
            sqlite3_memory_used(), 0, "SQLite counted the memory it holds: its mutex is taken on each malloc")
    }
}
