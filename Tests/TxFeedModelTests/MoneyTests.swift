import StatementText
import XCTest

@testable import TxFeedModel

final class MoneyTests: XCTestCase {
    private func real(_ value: Double, _ scale: Int = 2) throws -> Money { try Money.parse(real: value, scale: scale) }

    private func assertRejects(
        _ value: Double, scale: Int = 2, _ expected: AmountError,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertThrowsError(try Money.parse(real: value, scale: scale), file: file, line: line) { error in
            XCTAssertEqual(error as? AmountError, expected, "\(value) at scale \(scale)", file: file, line: line)
        }
    }

    func testRealAmountsBecomeExactMinorUnits() throws {
        XCTAssertEqual(try real(4.5), Money(minorUnits: 450, scale: 2))
        XCTAssertEqual(try real(0.29).minorUnits, 29)  // 0.29 * 100 is 28.999999999999996 in binary
        XCTAssertEqual(try real(0.07).minorUnits, 7)
        XCTAssertEqual(try real(1.1).minorUnits, 110)
        XCTAssertEqual(try real(99_999_999_999.99).minorUnits, 9_999_999_999_999)
        XCTAssertEqual(try real(-0.0).minorUnits, 0)
        XCTAssertEqual(try real(12, 0).minorUnits, 12)
        XCTAssertEqual(try real(1.234, 3).minorUnits, 1234)
        XCTAssertEqual(try real(0.0001, 4).minorUnits, 1)
    }

    func testEveryTwoDecimalAmountSurvivesTheDouble() throws {
        // Whatever the binary noise, n/100 must come back as exactly n cents.
        for cents in stride(from: Int64(0), to: 2_000_000, by: 7) + [999_999_999_999_999, 123_456_789_012_345] {
            let text = "\(cents / 100).\(String(cents % 100).leftPadded(to: 2))"
            let value = try XCTUnwrap(Double(text))
            XCTAssertEqual(try real(value).minorUnits, cents, text)
        }
    }

    /// The tolerance must accept every amount with the allowed decimals and reject a half minor unit
    /// more, at every magnitude below 2^50 minor units (the text goes through strtod, as jansson's does).
    func testToleranceAcrossMagnitudes() throws {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func nextRandom() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        for scale in 1...4 {
            let unit = Int64([1, 10, 100, 1000, 10000][scale])
            let limit = UInt64(10_000_000_000_000 * unit)
            for _ in 0..<20_000 {
                // Spread over magnitudes: a random number of digits, then random digits.
                let minor = Int64(nextRandom() % (limit >> (nextRandom() % 40)))
                let fraction = String(minor % unit).leftPadded(to: scale)
                let exact = "\(minor / unit).\(fraction)"
                guard minor < (1 << 50) else { continue }  // beyond what a double can carry exactly
                XCTAssertEqual(
                    try Money.parse(real: try XCTUnwrap(Double(exact)), scale: scale).minorUnits,
                    minor, exact)
                let halfMore = exact + "5"
                XCTAssertThrowsError(try Money.parse(real: try XCTUnwrap(Double(halfMore)), scale: scale), halfMore)
            }
        }
    }

    func testTooManyDecimalsIsRejected() {
        assertRejects(1.005, .tooManyDecimals(scale: 2))
        assertRejects(0.005, .tooManyDecimals(scale: 2))
        assertRejects(0.001, .tooManyDecimals(scale: 2))
        assertRejects(4.5, scale: 0, .tooManyDecimals(scale: 0))
        assertRejects(1.2345, scale: 3, .tooManyDecimals(scale: 3))
        assertRejects(1e-12, .tooManyDecimals(scale: 2))
        assertRejects(9_000_000_000_000.005, .tooManyDecimals(scale: 2))  // large magnitude still checked
    }

    func testBadRealAmounts() {
        assertRejects(-1, .negative)
        assertRejects(-0.01, .negative)
        assertRejects(.nan, .notFinite)
        assertRejects(.infinity, .notFinite)
        assertRejects(-.infinity, .notFinite)
        assertRejects(1e13, .tooLarge)
        assertRejects(1e300, .tooLarge)
        assertRejects(9_999_999_999_999.999, .tooLarge)  // rounds up to 10^13 at scale 2
    }

    func testIntegerAmounts() throws {
        XCTAssertEqual(try Money.parse(integer: 12, scale: 2), Money(minorUnits: 1200, scale: 2))
        XCTAssertEqual(try Money.parse(integer: 12, scale: 0), Money(minorUnits: 12, scale: 0))
        XCTAssertEqual(try Money.parse(integer: 7, scale: 3).minorUnits, 7000)
        XCTAssertEqual(try Money.parse(integer: 0, scale: 2).minorUnits, 0)
        XCTAssertEqual(try Money.parse(integer: 9_999_999_999_999, scale: 4).minorUnits, 99_999_999_999_990_000)
        XCTAssertThrowsError(try Money.parse(integer: 10_000_000_000_000, scale: 2)) {
            XCTAssertEqual($0 as? AmountError, .tooLarge)
        }
        XCTAssertThrowsError(try Money.parse(integer: .max, scale: 2)) { XCTAssertEqual($0 as? AmountError, .tooLarge) }
        XCTAssertThrowsError(try Money.parse(integer: -1, scale: 2)) { XCTAssertEqual($0 as? AmountError, .negative) }
    }

    func testPointOnePlusPointTwoIsPointThree() throws {
        let sum = try real(0.1).minorUnits + real(0.2).minorUnits
        XCTAssertNotEqual(0.1 + 0.2, 0.3)  // the trap being avoided
        XCTAssertEqual(Money(minorUnits: sum, scale: 2).plainDecimal, "0.30")
    }

    func testPlainDecimal() {
        func text(_ minor: Int64, _ scale: Int, negative: Bool = false) -> String {
            var bytes = Array("x".utf8)  // appends, never overwrites
            Money(minorUnits: minor, scale: scale).appendPlainDecimal(to: &bytes, negative: negative)
            XCTAssertEqual(bytes.first, UInt8(ascii: "x"))
            return String(decoding: bytes.dropFirst(), as: UTF8.self)
        }
        XCTAssertEqual(text(450, 2, negative: true), "-4.50")
        XCTAssertEqual(text(450, 2), "4.50")
        XCTAssertEqual(text(5, 2), "0.05")
        XCTAssertEqual(text(123_456, 2), "1234.56")
        XCTAssertEqual(text(12, 0), "12")
        XCTAssertEqual(text(0, 0), "0")
        XCTAssertEqual(text(1234, 3), "1.234")
        XCTAssertEqual(text(1, 4), "0.0001")
        XCTAssertEqual(text(0, 2, negative: true), "0.00")
        XCTAssertEqual(text(9_999_999_999_999, 2), "99999999999.99")
        XCTAssertEqual(text(100_000, 5), "1.00000")
        XCTAssertEqual(text(-450, 2), "-4.50")
        XCTAssertEqual(text(-450, 2, negative: true), "4.50")
        XCTAssertEqual(text(.min, 2), "-92233720368547758.08")
        XCTAssertEqual(Money(minorUnits: 1_000_000, scale: 2).plainDecimal, "10000.00")
    }

    func testAmountErrorReasons() {
        XCTAssertEqual(AmountError.tooManyDecimals(scale: 2).description, "amount has more than 2 decimals")
        XCTAssertEqual(AmountError.tooManyDecimals(scale: 1).description, "amount has more than 1 decimal")
        XCTAssertEqual(AmountError.negative.description, "amount is negative")
        XCTAssertEqual(AmountError.tooLarge.description, "amount is 10^13 or more")
        XCTAssertTrue(AmountError.notFinite.description.contains("finite"))
        XCTAssertTrue(AmountError.tooManyDecimals(scale: 0).description.contains("no minor units"))
    }

    func testCurrencyScale() {
        XCTAssertEqual(CurrencyScale.decimals(forCurrencyCode: nil), 2)
        for code in [
            "JPY", "KRW", "VND", "CLP", "ISK", "UGX", "XAF", "XOF", "XPF", "PYG", "RWF", "KMF", "GNF",
            "DJF", "VUV", "BIF",
        ] {
            XCTAssertEqual(CurrencyScale.decimals(forCurrencyCode: code), 0, code)
        }
        for code in ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"] {
            XCTAssertEqual(CurrencyScale.decimals(forCurrencyCode: code), 3, code)
        }
        for code in ["CLF", "UYW"] { XCTAssertEqual(CurrencyScale.decimals(forCurrencyCode: code), 4, code) }
        for code in ["USD", "EUR", "GBP", "CHF", "CAD", "AUD", "CNY", "INR", "BRL", "MXN", "ZAR", "SEK"] {
            XCTAssertEqual(CurrencyScale.decimals(forCurrencyCode: code), 2, code)
        }
        for code in ["usd", "US", "USDX", "", "ZZZ", "XAU", "XXX", "U$D", "ÜSD"] {
            XCTAssertNil(CurrencyScale.decimals(forCurrencyCode: code), code)
        }
        // Withdrawn national currencies: an MT940 statement in DEM failed its source
        // ("not an ISO 4217 currency code") though its balances reconciled.
        for (code, decimals) in [("DEM", 2), ("FRF", 2), ("NLG", 2), ("ITL", 0), ("ESP", 0), ("BEF", 0), ("VEF", 2)] {
            XCTAssertEqual(CurrencyScale.decimals(forCurrencyCode: code), decimals, code)
        }
        XCTAssertEqual(CurrencyScale.refusal(of: "EURO"), #"currency "EURO" is not an ISO 4217 currency code"#)
        XCTAssertEqual(
            CurrencyScale.refusal(of: "XXX"),
            #"currency "XXX" is not one txfeed counts money in: ISO 4217 gives the X codes (XXX no currency, "#
                + "XAU and the other metals, XDR and the units of account) no minor units")
        XCTAssertTrue(CurrencyScale.refusal(of: "XAU").contains("XAU and the other metals"))
        XCTAssertTrue(CurrencyScale.refusal(of: "ZZZ").hasSuffix("is not an ISO 4217 currency code"))
    }

    /// Plain decimal text of minor units of any integer width: a 128-bit total, a rule's amount.
    func testPlainDecimalOfAnyIntegerWidth() {
        XCTAssertEqual(Money.plainDecimal(Int64(-450), scale: 2), "-4.50")
        XCTAssertEqual(Money.plainDecimal(Int64(5), scale: 2), "0.05")
        XCTAssertEqual(Money.plainDecimal(Int64(0), scale: 3), "0.000")
        XCTAssertEqual(Money.plainDecimal(Int64(12), scale: 0), "12")
        XCTAssertEqual(Money.plainDecimal(Int128(9_999_999_999_999_990) * 10_000, scale: 2), "999999999999999000.00")
        XCTAssertEqual(Money.plainDecimal(Int128(Int64.min) - 1, scale: 2), "-92233720368547758.09")
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}

/// The plugins hold their own list of currency codes (they link no part of the host): it is
/// the host's, code for code and decimal for decimal, so that a column a plugin reads as
/// currencies holds only codes the host takes.
final class CurrencyListsTests: XCTestCase {
    func testThePluginsCurrencyCodesAreTheHosts() {
        var hosts: Set<String> = []
        let letters = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { Character(UnicodeScalar($0)) }
        for a in letters {
            for b in letters {
                for c in letters {
                    let code = String([a, b, c])
                    guard let decimals = CurrencyScale.decimals(forCurrencyCode: code) else { continue }
                    hosts.insert(code)
                    XCTAssertEqual(CurrencyMinorUnits.decimals(of: code), decimals, code)
                }
            }
        }
        XCTAssertEqual(CurrencyMinorUnits.codes, hosts)
        XCTAssertGreaterThan(hosts.count, 150)
    }
}
