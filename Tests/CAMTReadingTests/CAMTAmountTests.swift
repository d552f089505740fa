import CAMTReading
import StatementText
import XCTest

/// Amounts are read exactly from their digits and written back with the currency's decimals.
final class StatementAmountTests: XCTestCase {
    func testReadsPlainDecimalsExactly() throws {
        XCTAssertEqual(StatementAmount(text: "1234.56")?.units, 123_456_000)
        XCTAssertEqual(StatementAmount(text: "0.1")?.units, 10_000)
        XCTAssertEqual(StatementAmount(text: "12")?.units, 1_200_000)
        XCTAssertEqual(StatementAmount(text: "4.500")?.significantDecimals, 1)
        XCTAssertEqual(StatementAmount(text: "1.005")?.significantDecimals, 3)
        // xs:decimal's lexical form allows a plus: `+10.00` is ten (it was refused).
        XCTAssertEqual(StatementAmount(text: "+10.00")?.units, 1_000_000)
    }

    func testRefusesWhatIsNotAnXSDecimalAmount() {
        for text in ["12,5", "1e3", "-4", "", ".", "1.2.3", "1.123456", "1234567890123456789", "+", "++1", "+-1"] {
            XCTAssertNil(StatementAmount(text: text), text)
        }
    }

    func testWritesWithAtLeastTheCurrencyDecimals() throws {
        let amount = try XCTUnwrap(StatementAmount(text: "925.5"))
        XCTAssertEqual(amount.plain(decimals: 2), "925.50")
        XCTAssertEqual(amount.negated.plain(decimals: 2), "-925.50")
        XCTAssertEqual(try XCTUnwrap(StatementAmount(text: "1.005")).plain(decimals: 2), "1.005")
        XCTAssertEqual(try XCTUnwrap(StatementAmount(text: "12")).plain(decimals: 0), "12")
        XCTAssertEqual(try XCTUnwrap(StatementAmount(text: "0.07")).negated.plain(decimals: 2), "-0.07")
    }

    /// 0.1 + 0.2 is 0.3 here, as it never is in binary floating point.
    func testSumsAreExact() throws {
        let sum = try XCTUnwrap(StatementAmount(text: "0.1")) + XCTUnwrap(StatementAmount(text: "0.2"))
        XCTAssertEqual(sum, StatementAmount(text: "0.3"))
        XCTAssertEqual(sum.plain(decimals: 2), "0.30")
    }
}
