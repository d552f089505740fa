import XCTest

@testable import TxFeedOutput

/// `amount_minor` and `batch` are written digit by digit: every width, both signs and the ends
/// of Int64 read back as Swift prints them.
final class NDJSONIntegerTests: XCTestCase {
    func testIntegersAreWrittenAsSwiftPrintsThem() {
        var values: [Int64] = [0, 1, -1, 9, 10, -10, .max, .min, .max - 1, .min + 1]
        var power: Int64 = 1
        for _ in 0..<18 {
            power *= 10
            values += [power - 1, power, -power, -(power - 1)]
        }
        for value in values {
            var out: [UInt8] = [UInt8(ascii: "x")]
            TransactionJSON.appendInteger(value, to: &out)
            XCTAssertEqual(String(decoding: out, as: UTF8.self), "x\(value)")
        }
    }
}
