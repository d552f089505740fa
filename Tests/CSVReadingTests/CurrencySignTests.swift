import CSVReading
import XCTest

/// A file that names its currency nowhere but beside its amounts (`12,50 €`, `£5.00`). Read with
/// no currency, a pound file's and a euro file's amounts were one commodity in a journal: a
/// category's total added pounds to euros, exit 0.
final class CurrencySignTests: XCTestCase {
    private func currency(_ amounts: [String], header: String = "Amount", options: [String: String] = [:]) throws
        -> (String?, String?)
    {
        var text = "Date;Description;\(header)\n"
        for (n, amount) in amounts.enumerated() { text += "2024-03-\(10 + n);Shop \(n);\(amount)\n" }
        let result = try CSVReading.read(text, options: options)
        XCTAssertEqual(result.problems, [])
        return (result.accounts.first?.currency, result.reportLine("currency"))
    }

    func testOneSignOrCodeNamesTheCurrency() throws {
        let euro = try currency(["-12,50 €", "1.500,00 €"])
        XCTAssertEqual(euro.0, "EUR")
        XCTAssertEqual(euro.1, "EUR (the amounts' €, line 2)")
        XCTAssertEqual(try currency(["-£12.50", "£1,500.00"]).0, "GBP")
        XCTAssertEqual(try currency(["CHF -12.50", "CHF 1'500.00"]).0, "CHF")
        XCTAssertEqual(try currency(["-12.50", "1500.00 €"]).0, "EUR", "a cell without a sign is no other currency")
    }

    /// `$` is a dozen countries' dollar, `¥` both the yen and the yuan; two currencies name none.
    func testAmbiguousOrMixedSignsNameNone() throws {
        XCTAssertEqual(try currency(["-$12.50", "$1,500.00"]).0, nil)
        XCTAssertEqual(try currency(["-¥1250", "¥150000"]).0, nil)
        XCTAssertEqual(try currency(["-12.50 €", "£1500.00"]).0, nil)
        XCTAssertEqual(try currency(["-12.50", "1500.00"]).0, nil)
    }

    /// The header's and the option's currency come first; Qonto's `(incl. VAT)` names a tax.
    func testTheHeaderAndTheOptionComeFirst() throws {
        XCTAssertEqual(try currency(["-12,50 €", "1.500,00 €"], header: "Total amount (incl. VAT)").0, "EUR")
        XCTAssertEqual(try currency(["-12,50 €", "1.500,00 €"], header: "Amount (CHF)").0, "CHF")
        XCTAssertEqual(try currency(["-12,50 €", "1.500,00 €"], options: ["default-currency": "USD"]).0, "USD")
    }
}
