import XCTest

@testable import TxFeedOutput

/// The writer's buffer lent out as a local array: whatever went in before, every row appended
/// to the local, each flush past the threshold, and what is left at the end come out in order.
final class OutputWriterTests: XCTestCase {
    func testALentBufferKeepsWhatCameBeforeAndFlushesInOrder() throws {
        let writer = OutputWriter.capturing(name: "test")
        writer.write("header\n" as StaticString)
        let row = Array("0123456789abcdef\n".utf8)
        let rows = (1 << 20) / row.count * 3  // past the flush threshold three times
        try writer.withBuffer { buffer in
            for _ in 0..<rows {
                buffer.append(contentsOf: row)
                try writer.rowDone(&buffer)
            }
        }
        XCTAssertGreaterThan(writer.captured.count, 2 << 20, "flushed while rows were appended")
        writer.write("footer\n" as StaticString)
        try writer.flush()
        var expected = Array("header\n".utf8)
        for _ in 0..<rows { expected += row }
        expected += Array("footer\n".utf8)
        XCTAssertEqual(writer.captured.count, expected.count)
        XCTAssertTrue(writer.captured == expected)
    }
}
