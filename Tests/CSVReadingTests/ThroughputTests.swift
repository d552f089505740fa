import CSVReading
import XCTest

/// Both passes over a large plain file. Runs only when `CSV_READING_ROWS` is set (e.g. to
/// 1000000, with a release build): a debug build says nothing about speed. The limit is
/// `CSV_READING_SECONDS` (1 by default); set it to 0 to see the time in the failure.
final class ThroughputTests: XCTestCase {
    func testBothPassesOverManyRows() throws {
        guard let rows = ProcessInfo.processInfo.environment["CSV_READING_ROWS"].flatMap(Int.init) else {
            throw XCTSkip("set CSV_READING_ROWS to run")
        }
        var bytes = Array("Date,Payee,Amount,Reference,Memo\n".utf8)
        bytes.reserveCapacity(rows * 56)
        for row in 0..<rows {
            let day = row % 28 + 1
            let line =
                "2024-03-\(day < 10 ? "0" : "")\(day),Vendor \(row % 997),-\(row % 5000).\(row % 90 + 10),R\(row),note\n"
            bytes += line.utf8
        }
        let settings = try CSVSettings(options: [:])
        let clock = ContinuousClock()
        var entries = 0
        var arena = 0
        let elapsed = clock.measure {
            bytes.withUnsafeBytes { buffer in
                let document = CSVDocument(bytes: buffer, origin: "big.csv", stem: "big", settings: settings)
                XCTAssertEqual(document.problems, [])
                document.forEachBatch(account: 0, batchSize: 4_096) { batch in
                    entries += batch.entries.count
                    arena = max(arena, batch.bytes.count)
                    return true
                }
            }
        }
        XCTAssertEqual(entries, rows)
        let limit = Double(ProcessInfo.processInfo.environment["CSV_READING_SECONDS"] ?? "1") ?? 1
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        XCTAssertLessThan(seconds, limit, "\(rows) rows took \(elapsed), arena up to \(arena) bytes")
    }
}
