import Foundation
import TxFeedModel
import XCTest

@testable import TxFeedOutput

/// With many accounts the sinks ask the cache for the rows ahead (``FeedCells/prefetch(ahead:distance:)``):
/// every row still names its own account, rows whose accounts are far apart in memory and
/// names that are empty (all of them: a table of no bytes at all) included.
final class FeedCellsTests: XCTestCase {
    /// `count` accounts of one transaction each, the amount `n + 1` for account `n`, its date
    /// shuffled so that rows, newest first, visit the accounts in no order.
    func feed(count: Int, name: (Int) -> String) -> Feed {
        var lines: [String] = []
        for n in 0..<count {
            let (year, month, day) = (2020 + n % 5, 1 + (n * 7) % 12, 1 + (n * 13) % 28)
            let (hour, minute, second) = ((n / 3600) % 24, (n / 60) % 60, n % 60)
            let date = String(format: "%04d-%02d-%02d %02d:%02d:%02d", year, month, day, hour, minute, second)
            lines.append(SinkTestFeed.envelope(name: name(n), [(0, "Shop", "\(n + 1)", date)]))
        }
        return SinkTestFeed.make([("many", lines.joined(separator: "\n"))])
    }

    func testEveryRowNamesItsAccountWhenTheSinksPrefetch() throws {
        let count = 20_000
        let feed = feed(count: count) { $0 % 3 == 0 ? "" : "Account \($0)" }
        XCTAssertTrue(FeedCells(feed) { _, _ in }.prefetches)
        let csv = String(decoding: try SinkTestFeed.render(CSVSink(), feed), as: UTF8.self)
        var rows = 0
        for line in csv.split(separator: "\r\n").dropFirst() {
            let cells = line.split(separator: ",", omittingEmptySubsequences: false)
            // date, day ("Mon, Sep 14": two cells), account, vendor, type, amount…
            let amount = Int(cells[6].split(separator: ".")[0])!
            let n = abs(amount) - 1
            XCTAssertEqual(String(cells[3]), n % 3 == 0 ? "" : "Account \(n)", String(line))
            rows += 1
        }
        XCTAssertEqual(rows, count)
        let ndjson = String(decoding: try SinkTestFeed.render(NDJSONSink(), feed), as: UTF8.self)
        for line in ndjson.split(separator: "\n").prefix(2000) {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            let n = abs(object["amount_minor"] as! Int) / 100 - 1
            XCTAssertEqual(object["account"] as? String, n % 3 == 0 ? "" : "Account \(n)")
        }
    }

    func testNamesAllEmptyAreNoBytesToAskForAndStillRows() throws {
        let feed = feed(count: 17_000) { _ in "" }
        let csv = try SinkTestFeed.render(CSVSink(), feed)
        XCTAssertEqual(csv.split(separator: 0x0A).count, 17_001)
        let json = try SinkTestFeed.render(JSONSink(), feed)
        XCTAssertNotNil(try JSONSerialization.jsonObject(with: Data(json)))
    }
}
