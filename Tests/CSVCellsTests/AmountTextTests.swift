import XCTest

@testable import CSVCells

final class AmountTextTests: XCTestCase {
    private func amount(_ text: String, _ mark: DecimalMark = .point) throws -> DecimalAmount {
        try withCell(text) { cell throws(AmountTextError) in try AmountText.parse(cell, mark: mark) }
    }

    private func written(_ text: String, _ mark: DecimalMark = .point, negated: Bool = false) throws -> String {
        var out: [UInt8] = []
        try amount(text, mark).write(negated: negated, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private func assertError(
        _ text: String, _ mark: DecimalMark, _ message: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertThrowsError(try amount(text, mark), text, file: file, line: line) { error in
            XCTAssertEqual((error as? AmountTextError)?.description, message, file: file, line: line)
        }
    }

    // MARK: - Reading

    func testGroupedAmountsWithEitherMark() throws {
        XCTAssertEqual(try amount("1.000,50", .comma), DecimalAmount(negative: false, units: 100_050, decimals: 2))
        XCTAssertEqual(try amount("1,234.56"), DecimalAmount(negative: false, units: 123_456, decimals: 2))
        XCTAssertEqual(
            try amount("1 234 567,8", .comma), DecimalAmount(negative: false, units: 12_345_678, decimals: 1))
        XCTAssertEqual(try amount("1'234.50").units, 123_450)
        XCTAssertEqual(try amount("1\u{00A0}234,50", .comma).units, 123_450)
        XCTAssertEqual(try amount("1\u{202F}234,50", .comma).units, 123_450)
        XCTAssertEqual(try amount("1\u{2009}234.50").units, 123_450)
        XCTAssertEqual(try amount("12,345,678").units, 12_345_678)
    }

    /// India's lakh and crore (Kotak's and SBI's `1,00,000.00`): groups of two before the last
    /// three. One way or the other in a cell, never both; `1,23,4` is still no amount.
    func testLakhGrouping() throws {
        XCTAssertEqual(try amount("1,00,000.00"), DecimalAmount(negative: false, units: 10_000_000, decimals: 2))
        XCTAssertEqual(try amount("12,34,567.89").units, 123_456_789)
        XCTAssertEqual(try amount("1,23,45,678").units, 12_345_678)
        XCTAssertEqual(try amount("-₹ 1,09,550.00").units, 10_955_000)
        assertError("123,45,678", .point, "\"123,45,678\": thousands separators out of place")
        assertError("1,000,00,000", .point, "\"1,000,00,000\": thousands separators out of place")
        assertError("1,00,000,000", .point, "\"1,00,000,000\": thousands separators out of place")
        assertError("1,00,00", .point, "\"1,00,00\": thousands separators out of place")
    }

    func testCurrencySymbolsAndCodesOnEitherSide() throws {
        XCTAssertEqual(try amount("£1,234.56"), DecimalAmount(negative: false, units: 123_456, decimals: 2))
        XCTAssertEqual(try amount("-€5"), DecimalAmount(negative: true, units: 5, decimals: 0))
        XCTAssertEqual(try amount("€-5"), DecimalAmount(negative: true, units: 5, decimals: 0))
        XCTAssertEqual(try amount("5,00 €", .comma), DecimalAmount(negative: false, units: 500, decimals: 2))
        XCTAssertEqual(try amount("5,00\u{00A0}€", .comma).units, 500)
        XCTAssertEqual(try amount("EUR 12.00"), DecimalAmount(negative: false, units: 1200, decimals: 2))
        XCTAssertEqual(try amount("12.00 USD").units, 1200)
        XCTAssertEqual(try amount("CHF12.00").units, 1200)
        XCTAssertEqual(try amount("$3.5").units, 35)
        XCTAssertEqual(try amount("¥1,000").units, 1000)
        XCTAssertEqual(try amount("₹12.25").units, 1225)
        XCTAssertEqual(try amount("US$ 7").units, 7)
    }

    func testSignsParenthesesAndTrailingMinus() throws {
        XCTAssertEqual(try amount("(75.00)"), DecimalAmount(negative: true, units: 7500, decimals: 2))
        XCTAssertEqual(try amount("75.00-"), DecimalAmount(negative: true, units: 7500, decimals: 2))
        XCTAssertEqual(try amount("+12.5"), DecimalAmount(negative: false, units: 125, decimals: 1))
        XCTAssertEqual(try amount("(£75.00)").negative, true)
        XCTAssertEqual(try amount(" \t 42 \u{00A0}"), DecimalAmount(negative: false, units: 42, decimals: 0))
        XCTAssertEqual(try amount(".50"), DecimalAmount(negative: false, units: 50, decimals: 2))
    }

    /// HSBC's UK cards (M&S Bank, John Lewis) write a payment `+ £1,100.00`: a blank after the sign.
    func testBlankAfterALeadingSign() throws {
        XCTAssertEqual(try amount("+ £1,234.56"), DecimalAmount(negative: false, units: 123_456, decimals: 2))
        XCTAssertEqual(try amount("- 12.50"), DecimalAmount(negative: true, units: 1250, decimals: 2))
    }

    /// U+2212, the typographic minus (Handelsbanken's `−1 234,50`), is a minus before or after the
    /// number; such rows were rejected as no amount.
    func testTheTypographicMinusIsAMinus() throws {
        XCTAssertEqual(
            try amount("\u{2212}1 234,50", .comma), DecimalAmount(negative: true, units: 123_450, decimals: 2))
        XCTAssertEqual(try amount("\u{2212} 12.50"), DecimalAmount(negative: true, units: 1250, decimals: 2))
        XCTAssertEqual(try amount("12.50\u{2212}"), DecimalAmount(negative: true, units: 1250, decimals: 2))
        XCTAssertThrowsError(try amount("-\u{2212}12.50"))
        XCTAssertTrue(withCell("\u{2212}3,00") { AmountText.looksNegative($0) })
        XCTAssertTrue(withCell("3,00\u{2212}") { AmountText.looksNegative($0) })
        XCTAssertFalse(withCell("3,00") { AmountText.looksNegative($0) })
    }

    /// `CR` and `DR` after the number are its sign; `IDR` is still a currency.
    func testCreditAndDebitSuffixes() throws {
        XCTAssertEqual(try amount("45.00 DR"), DecimalAmount(negative: true, units: 4500, decimals: 2))
        XCTAssertEqual(try amount("2,000.00 cr"), DecimalAmount(negative: false, units: 200000, decimals: 2))
        XCTAssertEqual(try amount("12.50Dr"), DecimalAmount(negative: true, units: 1250, decimals: 2))
        XCTAssertEqual(try amount("5 IDR"), DecimalAmount(negative: false, units: 5, decimals: 0))
        let negative = { (text: String) in withCell(text) { AmountText.looksNegative($0) } }
        XCTAssertTrue(negative("45.00 DR"))
        XCTAssertFalse(negative("45.00 CR"))
        XCTAssertFalse(negative("5 IDR"))
    }

    func testEighteenDigitsFitAndNineteenDoNot() throws {
        XCTAssertEqual(try amount("999999999999999999").units, 999_999_999_999_999_999)
        XCTAssertEqual(try amount("0000012.50").units, 1250)  // leading zeros are not significant
        assertError("1234567890123456789", .point, "\"1234567890123456789\": amount has too many digits")
    }

    func testErrorsQuoteTheCell() {
        assertError("1,23,4", .point, "\"1,23,4\": thousands separators out of place")
        assertError("12,5", .point, "\"12,5\": thousands separators out of place")
        assertError("1.2.3", .point, "\"1.2.3\": more than one decimal mark")
        assertError("1.2.3", .comma, "\"1.2.3\": thousands separators out of place")
        assertError("abc", .point, "\"abc\": not an amount")
        assertError("", .point, "\"\": empty")
        assertError("   ", .comma, "\"\": empty")
        assertError("1,234.567,8", .point, "\"1,234.567,8\": thousands separators out of place")
        assertError("1.234,5", .point, "\"1.234,5\": thousands separators out of place")
        assertError("0,123", .point, "\"0,123\": thousands separators out of place")
        assertError("1 234.567", .comma, "\"1 234.567\": thousands separators out of place")
        assertError("(75.00", .point, "\"(75.00\": unbalanced parenthesis")
        assertError("-75.00-", .point, "\"-75.00-\": more than one sign")
        assertError("€5 EUR", .point, "\"€5 EUR\": more than one currency")
        assertError("-75.00 CR", .point, "\"-75.00 CR\": more than one sign")
        assertError("75.00 CRED", .point, "\"75.00 CRED\": not an amount")
        assertError("5.", .point, "\"5.\": not an amount")
        assertError("12,", .point, "\"12,\": not an amount")
    }

    func testInvalidUTF8IsQuotedRepaired() {
        XCTAssertThrowsError(
            try withBytes([0x31, 0xFF, 0x32]) { cell throws(AmountTextError) in
                try AmountText.parse(cell, mark: .point)
            }
        ) { error in
            XCTAssertEqual((error as? AmountTextError)?.description, "\"1\u{FFFD}2\": not an amount")
        }
        let long = String(repeating: "x", count: 100)
        XCTAssertThrowsError(try amount(long)) { error in
            XCTAssertEqual(
                (error as? AmountTextError)?.description, "\"\(String(repeating: "x", count: 40))…\": not an amount")
        }
        // A NUL would end the C string the host prints: it is shown as `\0`.
        XCTAssertThrowsError(try withBytes([0x31, 0x00, 0x32]) { try AmountText.parse($0, mark: .point) }) { error in
            XCTAssertEqual((error as? AmountTextError)?.description, #""1\02": not an amount"#)
        }
    }

    func testBlankCells() {
        XCTAssertTrue(withCell("") { AmountText.isBlank($0) })
        XCTAssertTrue(withCell(" \t\u{00A0}\u{202F}\u{2009} ") { AmountText.isBlank($0) })
        XCTAssertFalse(withCell(" 0 ") { AmountText.isBlank($0) })
    }

    func testLooksLikeAmount() {
        for text in ["1.000,50", "12,5", "-€5", "(75.00)", "42"] {
            XCTAssertTrue(withCell(text) { AmountText.looksLikeAmount($0) }, text)
        }
        for text in ["01.02.2024", "2024-03-01", "20240301", "Coffee", "", "1,23,4"] {
            XCTAssertFalse(withCell(text) { AmountText.looksLikeAmount($0) }, text)
        }
        // No date any candidate reads looks like an amount, with or without separators.
        for text in DatePatternTests.examples.map(\.text) + ["1.1.24", "05 MAY 2024", "MAY 05, 2024", "05-MAY-24"] {
            XCTAssertFalse(withCell(text) { AmountText.looksLikeAmount($0) }, text)
        }
    }

    // MARK: - Writing

    func testWriteKeepsTheWrittenDecimals() throws {
        XCTAssertEqual(try written("-1.234,56", .comma), "-1234.56")
        XCTAssertEqual(try written("0.50"), "0.50")
        XCTAssertEqual(try written(".05"), "0.05")
        XCTAssertEqual(try written("75"), "75")
        XCTAssertEqual(try written("(75.00)"), "-75.00")
        XCTAssertEqual(try written("75.00", negated: true), "-75.00")
        XCTAssertEqual(try written("-75.00", negated: true), "75.00")
        XCTAssertEqual(try written("-0.00"), "0.00")
        XCTAssertEqual(try written("0", negated: true), "0")
        XCTAssertEqual(try written("999999999999999999"), "999999999999999999")
    }

    func testWriteAppends() {
        var out = Array("x=".utf8)
        DecimalAmount(negative: true, units: 7, decimals: 3).write(into: &out)
        XCTAssertEqual(String(decoding: out, as: UTF8.self), "x=-0.007")
    }
}
