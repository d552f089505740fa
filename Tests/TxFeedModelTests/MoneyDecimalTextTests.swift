import TxFeedModel
import XCTest

/// Plugins hand amounts over as plain decimal text (`emit_entries`): read digit by digit, exact.
final class MoneyDecimalTextTests: XCTestCase {
    private func parse(_ text: String, scale: Int = 2) throws(AmountError) -> (Int64, Bool) {
        let bytes = Array(text.utf8)
        let (money, negative) = try Money.parse(decimalText: bytes.span, scale: scale)
        return (money.minorUnits, negative)
    }

    func testSignsDecimalsAndSpellingsOfOneValue() throws {
        XCTAssertTrue(try parse("-1234.56") == (123456, true))
        XCTAssertTrue(try parse("+3.5") == (350, false))
        XCTAssertTrue(try parse("75") == (7500, false))
        XCTAssertTrue(try parse("4.500") == (450, false), "the value counts, not the spelling")
        XCTAssertTrue(try parse(".5") == (50, false))
        XCTAssertTrue(try parse("5.") == (500, false))
        XCTAssertTrue(try parse("-0.00") == (0, false), "a zero is never money out")
        XCTAssertTrue(try parse("0.1", scale: 3) == (100, false))
        XCTAssertTrue(try parse("12", scale: 0) == (12, false))
        XCTAssertTrue(try parse("9999999999999.99") == (999_999_999_999_999, false), "the largest amount, exactly")
    }

    func testWhatIsNotAPlainDecimalOrTooPreciseOrTooLarge() {
        for text in ["", "-", ".", "1,234.56", "12 EUR", "1e3", "--1", "1.2.3", " 1", "١٢"] {
            XCTAssertThrowsError(try parse(text), text) { error in
                XCTAssertEqual(error as? AmountError, .notPlainDecimal(text), text)
            }
        }
        XCTAssertThrowsError(try parse("1.005")) { XCTAssertEqual($0 as? AmountError, .tooManyDecimals(scale: 2)) }
        XCTAssertThrowsError(try parse("12.5", scale: 0)) {
            XCTAssertEqual($0 as? AmountError, .tooManyDecimals(scale: 0))
        }
        XCTAssertThrowsError(try parse("10000000000000")) { XCTAssertEqual($0 as? AmountError, .tooLarge) }
        XCTAssertThrowsError(try parse("99999999999999999999999")) { XCTAssertEqual($0 as? AmountError, .tooLarge) }
        XCTAssertEqual(
            AmountError.notPlainDecimal("1,2").description,
            "amount \"1,2\" is not a plain decimal (expected digits, one '.', an optional sign: -1234.56)")
    }
}
