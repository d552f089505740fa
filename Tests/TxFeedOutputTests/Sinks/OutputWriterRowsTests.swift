import Foundation
import TxFeedModel
import XCTest

@testable import TxFeedOutput

/// A feed in memory is rendered a block of rows at a time on several threads and written in
/// its order (``OutputWriter/writeRows(of:threads:blockRows:_:)``): the bytes never depend on
/// the thread count or on where a block ends.
final class OutputWriterRowsTests: XCTestCase {
    /// One account of `count` transactions, three a day (a day's rows cross the blocks' ends),
    /// a few vendors and both signs.
    func feed(count: Int) -> Feed {
        let rows = (0..<count).map { n -> (Int, String, String, String) in
            let day = n / 3
            let date = String(
                format: "%04d-%02d-%02d %02d:00:00", 2000 + day / 336, 1 + day / 28 % 12, 1 + day % 28, n % 3)
            return (n % 2, "Vendor \(n % 7)", "\(n).\(n % 100)", date)
        }
        return SinkTestFeed.make([("big", SinkTestFeed.envelope(name: "Current", rows))])
    }

    func testBlocksOnAnyNumberOfThreadsAreWrittenInTheFeedsOrder() throws {
        let feed = feed(count: 101)
        func write(threads: Int, blockRows: Int) throws -> [UInt8] {
            let writer = OutputWriter(fd: -1, name: "/dev/null")
            writer.write("header\n")
            try writer.writeRows(of: feed, threads: threads, blockRows: blockRows) { rows, buffer, rowDone in
                while let row = try rows.next() {
                    buffer.append(contentsOf: "\(row.transaction.signedMinor)\n".utf8)
                    try rowDone(&buffer)
                }
            }
            try writer.flush()
            return writer.captured
        }
        let expected = "header\n" + feed.transactions.map { "\($0.signedMinor)\n" }.joined()
        // One block, blocks of one row, a last block short of the others, waves short of the threads.
        for blockRows in [1, 7, 10, 50, 51, 200] {
            for threads in [1, 2, 3, 4, 8] {
                XCTAssertEqual(
                    String(decoding: try write(threads: threads, blockRows: blockRows), as: UTF8.self), expected,
                    "\(threads) threads, blocks of \(blockRows)")
            }
        }
    }

    /// The CSV, NDJSON and JSON sinks at their own block size: their caches (the day's cell, the
    /// day's text) start afresh in each block, and the JSON array's first row alone has no comma.
    func testTheSinksWriteTheSameBytesOnAnyNumberOfThreads() throws {
        let feed = feed(count: 4 * 4096 + 777)
        for sink in [CSVSink() as FeedSink, NDJSONSink(), JSONSink()] {
            let one = try SinkTestFeed.render(sink, feed, threads: 1)
            XCTAssertGreaterThanOrEqual(one.filter { $0 == 0x0A }.count, feed.transactions.count, "\(sink)")
            for threads in [2, 3] {
                let many = try SinkTestFeed.render(sink, feed, threads: threads)
                XCTAssertTrue(many == one, "\(sink), \(threads) threads")
                if sink is JSONSink {
                    let document = try JSONSerialization.jsonObject(with: Data(many)) as? [String: Any]
                    XCTAssertEqual((document?["transactions"] as? [Any])?.count, feed.transactions.count)
                }
            }
        }
    }
}
