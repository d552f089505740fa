import CSVReading
import XCTest

/// Currency columns named by an abbreviation.
final class CurrencyHeaderTests: XCTestCase {
    /// UBS's French export (csv2ofx's `ubs-ch-fr_trimmed.csv`, MIT, its layout; figures made up)
    /// heads its currency `Monn.`: every row was read with no currency though each says CHF.
    /// Its German, Italian and English exports write `Whrg.`, `Mon.` and `Ccy.`.
    func testUBSsAbbreviatedCurrencyHeaders() throws {
        for header in ["Monn.", "Whrg.", "Mon.", "Ccy."] {
            let result = try CSVReading.read(
                """
                Produit;\(header);Description;Date de comptabilisation;Description 1;Débit;Crédit;Solde
                0123 45678901.23A;CHF;Compte personnel UBS;31.03.2019;Solde prix prestations;10.00;;1'373.94
                0123 45678901.23A;CHF;Compte personnel UBS;28.02.2019;Virement postal;;240.00;1'383.94
                0123 45678901.23A;CHF;Compte personnel UBS;27.02.2019;Ordre e-banking;200.00;;1'143.94

                """)
            XCTAssertEqual(result.problems, [], header)
            XCTAssertEqual(result.accounts.map(\.currency), ["CHF"], header)
            XCTAssertTrue(result.report.contains("2 \(header) → currency"), "\(header): \(result.report)")
        }
    }

    /// The abbreviation is taken over cells of codes only, as every currency header is.
    func testAnAbbreviationOverTextIsNoCurrency() throws {
        let result = try CSVReading.read(
            """
            Date;Mon.;Description;Amount
            2024-03-04;Monday;Bakery;-3.40
            2024-03-05;Tuesday;Grocer;-2.90
            2024-03-06;Wednesday;Cafe;-12.00

            """)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.accounts.map(\.currency), [nil])
    }

    /// Up's export (figures made up): `Currency` is a purchase abroad's, beside `Subtotal
    /// (Transaction Currency)`; the AUD columns name theirs. With `amount=Total (AUD)`, the
    /// Patreon row's AUD total was written as USD, in an account of its own.
    func testAForeignCurrencyColumnIsNotTheAmountsWhoseHeaderNamesItsOwn() throws {
        let result = try CSVReading.read(
            """
            Time,Transaction Type,Payee,Subtotal (AUD),Currency,Subtotal (Transaction Currency),Fee (AUD),Total (AUD)
            2023-03-01 09:12:44,Purchase,Coffee Shop,-4.50,AUD,-4.50,0.00,-4.50
            2023-03-02 11:05:10,International Purchase,Patreon,-7.17,USD,-5.50,-0.21,-7.38
            2023-03-15 08:00:00,Salary,ACME PTY LTD,2000.00,AUD,2000.00,0.00,2000.00

            """, options: ["amount": "Total (AUD)"])
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.accounts.map(\.currency), ["AUD"])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-4.50", "-7.38", "2000.00"])
    }
}
