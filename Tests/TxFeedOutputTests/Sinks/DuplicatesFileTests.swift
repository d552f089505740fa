import Foundation
import TxFeedModel
import XCTest

@testable import TxFeedOutput

final class DuplicatesFileTests: XCTestCase {
    /// A file read twice with `--dedupe --duplicates FILE` drops every record of the second
    /// copy: a million drops are half a gigabyte of lines, which were built whole in memory
    /// before the first byte was written (15 s and 1 GB more than the run without the file).
    func testTheFileIsWrittenAsItGoesNotBuiltWholeFirst() throws {
        let records = 5000
        let rows = (0..<records).map { (1, "Vendor \($0)", "\($0).25", "2021-09-01 10:00:00") }
        let text = SinkTestFeed.envelope(name: "Checking", rows)
        let feed = SinkTestFeed.make([("first", text), ("second", text)], dedupe: true)
        XCTAssertEqual(feed.duplicates.count, records)

        let writer = OutputWriter.capturing(name: "duplicates.ndjson")
        try DuplicatesFile.write(feed, context: .legacy(feed), to: writer)
        XCTAssertGreaterThan(writer.captured.count, 1 << 20, "a megabyte and more was passed on before the end")
        XCTAssertLessThan(writer.buffer.count, 1 << 20 + 4096, "what is held is at most the writer's megabyte")

        let lines = (writer.captured + writer.buffer).split(separator: UInt8(ascii: "\n"))
        XCTAssertEqual(lines.count, records, "one line a drop, none lost on the way")
        let last = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(lines[records - 1])) as? [String: Any])
        XCTAssertEqual(last["source"] as? String, "second")
        XCTAssertEqual(last["index"] as? Int, records - 1)
        XCTAssertEqual((last["record"] as? [String: Any])?["vendor"] as? String, "Vendor \(records - 1)")
        XCTAssertEqual((last["kept"] as? [String: Any])?["source"] as? String, "first")
    }
}
