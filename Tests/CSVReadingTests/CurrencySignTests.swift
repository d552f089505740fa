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
        XCTAssertEqual(try currency(["-12.50", "1500.00"]).0, nil)
    }

    /// Two currencies' amounts in one account without a currency (Coinbase's `€70.00` beside
    /// `$70.00`; Degiro's codes beside its unheaded amounts) were added as one with exit 0:
    /// refused, naming the option that splits them.
    func testAmountsOfTwoCurrenciesInOneAccountAreRefused() throws {
        let signs = try CSVReading.read("Date;Description;Amount\n2024-03-10;Shop;-12.50 €\n2024-03-11;Pay;$70.00\n")
        XCTAssertEqual(
            signs.problems,
            [
                #"bank.csv: the amounts are in more than one currency (€ on line 2, "$70.00" on line 3) and no column says which each row's is: set currency to the column that does (an account per currency)"#
            ])
        let degiro = """
            Datum,Tijd,Product,Omschrijving,Mutatie,,Saldo,
            16-12-2022,09:05,COCA-COLA,Dividend,USD,"0,44",USD,"1,36"
            15-12-2022,16:55,VICI,Valuta Debitering,EUR,"-31,91",EUR,"0,07"

            """
        let codes = try CSVReading.read(degiro, options: ["amount": "6"])
        XCTAssertEqual(codes.problems.count, 1)
        XCTAssertTrue(
            codes.problems[0].contains(
                #"column 5 "Mutatie" holds the codes of 2 currencies (USD, EUR) and the account none: if it is each row's currency, set currency=5"#
            ),
            codes.problems[0])
        let split = try CSVReading.read(degiro, options: ["amount": "6", "currency": "5"])
        XCTAssertEqual(split.problems, [])
        XCTAssertEqual(split.accounts.map(\.currency), ["USD", "EUR"])
    }

    /// The header's and the option's currency come first; Qonto's `(incl. VAT)` names a tax.
    func testTheHeaderAndTheOptionComeFirst() throws {
        XCTAssertEqual(try currency(["-12,50 €", "1.500,00 €"], header: "Total amount (incl. VAT)").0, "EUR")
        XCTAssertEqual(try currency(["-12,50 €", "1.500,00 €"], header: "Amount (CHF)").0, "CHF")
        XCTAssertEqual(try currency(["-12,50 €", "1.500,00 €"], options: ["default-currency": "USD"]).0, "USD")
    }
}
