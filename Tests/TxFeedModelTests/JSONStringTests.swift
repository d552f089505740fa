import XCTest

@testable import TxFeedModel

/// `JSONString.object`: a plugin's configuration as JSON.
final class JSONStringTests: XCTestCase {
    func testAnObjectKeepsItsMembersInOrderAndEscapesThem() {
        XCTAssertEqual(JSONString.object([]), "{}")
        XCTAssertEqual(
            JSONString.object([(key: "path", value: #"a"b\c"#), (key: "note", value: "ü\n\u{1}")]),
            #"{"path":"a\"b\\c","note":"ü\n\u0001"}"#)
        let data = JSONString.object([(key: "b", value: "2"), (key: "a", value: "1")]).data(using: .utf8)!
        XCTAssertNotNil(try? JSONSerialization.jsonObject(with: data))
    }
}
