import TxFeedDecoding
import TxFeedModel
import TxFeedPipeline
import TxFeedPluginHost
import XCTest

@testable import TxFeedOutput

final class AmountFormatTests: XCTestCase {
    private func text(_ minor: Int64, scale: Int = 2, debit: Bool) -> String {
        var bytes = Array("[".utf8)
        AmountFormat.appendText(Money(minorUnits: minor, scale: scale), isDebit: debit, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    func testSignComesFromTheType() {
        XCTAssertEqual(text(450, debit: false), "[+ 4.50")
        XCTAssertEqual(text(450, debit: true), "[- 4.50")
        XCTAssertEqual(text(0, debit: true), "[- 0.00")
        XCTAssertEqual(text(5, debit: false), "[+ 0.05")
    }

    func testCurrencyMinorUnits() {
        XCTAssertEqual(text(1200, scale: 0, debit: true), "[- 1200")
        XCTAssertEqual(text(1234, scale: 3, debit: false), "[+ 1.234")
        XCTAssertEqual(text(9_999_999_999_999, debit: false), "[+ 99999999999.99")
    }

    func testNeverTwoSigns() {
        // A negative count of minor units (not produced by parsing) still prints one sign.
        XCTAssertEqual(text(-450, debit: true), "[- 4.50")
    }
}
