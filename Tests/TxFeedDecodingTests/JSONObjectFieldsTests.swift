import XCTest

@testable import TxFeedDecoding

/// The merge's reader of a transaction's strings: the plain reader (``EnvelopeHead``) and
/// jansson, which reads what that one declines, agree.
final class JSONObjectFieldsTests: XCTestCase {
    private func read(_ text: String, _ keys: [String]) -> [String?]? {
        var scratch: [UInt8] = []
        var ranges: [Range<Int>?] = []
        guard
            JSONObjectFields.strings(
                in: Array(text.utf8), keys: keys.map { Array($0.utf8) }, into: &scratch, ranges: &ranges)
        else { return nil }
        return ranges.map { $0.map { String(decoding: scratch[$0], as: UTF8.self) } }
    }

    func testStringsNumbersAndNulls() {
        let record =
            #"{"date":"2024-01-02","amount_minor":-450,"vendor":"Caf\u00e9 \"Zo\u00eb\"\n","memo":null,"id":"fp:1-1"}"#
        XCTAssertEqual(
            read(record, ["vendor", "memo", "date", "amount_minor", "absent"]),
            ["Café \"Zoë\"\n", nil, "2024-01-02", nil, nil])
    }

    func testEscapesAgreeWithJansson() {
        // A key with an escape is jansson's to read: the plain reader declines it.
        let value = #"a\/b\\c\td\u0041\ud83c\udf55é"#
        let plain = read(#"{"k":"\#(value)","n":{"x":1}}"#, ["k"])
        let jansson = read(#"{"k":"\#(value)","\u006e":{"x":1}}"#, ["k"])
        XCTAssertEqual(plain, ["a/b\\c\tdA🍕é"])
        XCTAssertEqual(jansson, plain)
    }

    func testAKeyGivenTwiceHasItsLastValueInBothReaders() {
        XCTAssertEqual(read(#"{"k":"first","k":"last"}"#, ["k"]), ["last"])
        XCTAssertEqual(read(#"{"k":"first","k":2}"#, ["k"]), [nil], "the last is no string")
        XCTAssertEqual(read(#"{"\u006b":"first","k":2}"#, ["k"]), [nil], "the same through jansson")
    }

    func testWhatIsNotAnObject() {
        XCTAssertNil(read("[1]", ["k"]))
        XCTAssertNil(read(#"{"k":"unterminated}"#, ["k"]))
        XCTAssertNil(read(#"{"k":"\ud83c"}"#, ["k"]), "a lone surrogate is not a string")
        XCTAssertEqual(read("{}", ["k"]), [nil])
    }
}
