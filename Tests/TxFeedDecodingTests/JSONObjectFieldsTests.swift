import XCTest

@testable import TxFeedDecoding

/// The merge's reader of a transaction's strings: the hand-read flat case and jansson agree.
final class JSONObjectFieldsTests: XCTestCase {
    private func read(_ text: String, _ keys: [String]) -> [String?]? {
        JSONObjectFields.strings(in: Array(text.utf8), keys: keys)?.map {
            $0.map { String(decoding: $0, as: UTF8.self) }
        }
    }

    func testStringsNumbersAndNulls() {
        let record =
            #"{"date":"2024-01-02","amount_minor":-450,"vendor":"Caf\u00e9 \"Zo\u00eb\"\n","memo":null,"id":"fp:1-1"}"#
        XCTAssertEqual(
            read(record, ["vendor", "memo", "date", "amount_minor", "absent"]),
            ["Café \"Zoë\"\n", nil, "2024-01-02", nil, nil])
    }

    func testEscapesAgreeWithJansson() {
        // The flat reader and jansson (given a nested member, which sends it there) agree.
        let value = #"a\/b\\c\td\u0041\ud83c\udf55é"#
        let flat = read(#"{"k":"\#(value)"}"#, ["k"])
        let nested = read(#"{"k":"\#(value)","n":{"x":1}}"#, ["k"])
        XCTAssertEqual(flat, ["a/b\\c\tdA🍕é"])
        XCTAssertEqual(nested, flat)
    }

    func testWhatIsNotAnObject() {
        XCTAssertNil(read("[1]", ["k"]))
        XCTAssertNil(read(#"{"k":"unterminated}"#, ["k"]))
        XCTAssertNil(read(#"{"k":"\ud83c"}"#, ["k"]), "a lone surrogate is not a string")
        XCTAssertEqual(read("{}", ["k"]), [nil])
    }
}
