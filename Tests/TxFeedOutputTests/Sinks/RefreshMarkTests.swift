import TxFeedOutput
import XCTest

/// The line each `watch` refresh starts with on a pipe: one form per sink's readers.
final class RefreshMarkTests: XCTestCase {
    /// 2026-11-26 10:00:00 UTC.
    let mark = RefreshMark(number: 3, at: 1_795_687_200)

    func testTheTimeIsUTCToTheSecond() {
        XCTAssertEqual(mark.at, "2026-11-26T10:00:00Z")
        XCTAssertEqual(RefreshMark(number: 1, at: 0).at, "1970-01-01T00:00:00Z")
    }

    func testEachSinkMarksInItsOwnFormat() throws {
        XCTAssertEqual(TextSink().refreshMarkLine(mark), "--- refresh 3 at 2026-11-26T10:00:00Z ---\n")
        XCTAssertEqual(CSVSink().refreshMarkLine(mark), "--- refresh 3 at 2026-11-26T10:00:00Z ---\r\n")
        XCTAssertEqual(NDJSONSink().refreshMarkLine(mark), #"{"refresh":3,"at":"2026-11-26T10:00:00Z"}"# + "\n")
        let json = try XCTUnwrap(JSONSink().refreshMarkLine(mark))
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        XCTAssertEqual(object?["refresh"] as? Int, 3)
        XCTAssertEqual(object?["at"] as? String, "2026-11-26T10:00:00Z")
    }

    /// A part file is read by `txfeed merge`, which a line of ours would break.
    func testAPartFileGetsNoMark() {
        XCTAssertNil(PartSink(shard: (0, 2), sourceIndexes: [], run: PartRun(names: [])).refreshMarkLine(mark))
    }
}
