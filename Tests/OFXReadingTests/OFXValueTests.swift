import OFXReading
import XCTest

/// Dates and amounts as OFX writes them, in the host's forms.
final class OFXValueTests: XCTestCase {
    func testDatesWithoutATimeAreCivilDays() {
        XCTAssertEqual(OFXDate.converted("20240102"), "2024-01-02")
        XCTAssertEqual(OFXDate.converted(" 20240102\r\n"), "2024-01-02")
        XCTAssertEqual(OFXDate.converted("20240102[-5:EST]"), "2024-01-02")
    }

    func testTimesWithoutABracketAreUTC() {
        XCTAssertEqual(OFXDate.converted("20240102120000"), "2024-01-02T12:00:00Z")
        XCTAssertEqual(OFXDate.converted("20240102120000.123"), "2024-01-02T12:00:00Z")
        XCTAssertEqual(OFXDate.converted("202401021230"), "2024-01-02T12:30:00Z")
    }

    func testBracketsGiveTheOffset() {
        XCTAssertEqual(OFXDate.converted("20240102120000[-5:EST]"), "2024-01-02T12:00:00-05:00")
        XCTAssertEqual(OFXDate.converted("20240102120000.000[-5:EST]"), "2024-01-02T12:00:00-05:00")
        XCTAssertEqual(OFXDate.converted("20240102120000[0:GMT]"), "2024-01-02T12:00:00+00:00")
        XCTAssertEqual(OFXDate.converted("20240102120000[+10]"), "2024-01-02T12:00:00+10:00")
    }

    func testFractionalHoursAreQuarterHoursOrMinutes() {
        XCTAssertEqual(OFXDate.converted("20240102120000[+5.45]"), "2024-01-02T12:00:00+05:45")
        XCTAssertEqual(OFXDate.converted("20240102120000[5.75]"), "2024-01-02T12:00:00+05:45")
        XCTAssertEqual(OFXDate.converted("20240102120000[-3.5:NST]"), "2024-01-02T12:00:00-03:30")
        XCTAssertEqual(OFXDate.converted("20240102120000[+9.30]"), "2024-01-02T12:00:00+09:30")
    }

    func testWhatIsNoDate() {
        for text in [
            "", "2024-01-02", "2024010", "20241302", "20240100", "20240102120000[-5", "20240102x",
            "20240102120000[abc]", "20240102120000[+24]", "20240102120000.",
        ] {
            XCTAssertNil(OFXDate.converted(text), text)
        }
    }

    func testAmountsBecomePlainSignedDecimals() {
        XCTAssertEqual(OFXAmount.normalized("-12.50"), "-12.50")
        XCTAssertEqual(OFXAmount.normalized("+100"), "100")
        XCTAssertEqual(OFXAmount.normalized(".5"), "0.5")
        XCTAssertEqual(OFXAmount.normalized("-.99"), "-0.99")
        XCTAssertEqual(OFXAmount.normalized("-12,50"), "-12.50")
        XCTAssertEqual(OFXAmount.normalized(" 7.\n"), "7")
    }

    func testWhatIsNoAmount() {
        for text in ["", "abc", "-", ".", "1.2.3", "1,234.50", "1 000", "12e3", "--1", "$5"] {
            XCTAssertNil(OFXAmount.normalized(text), text)
        }
    }
}
