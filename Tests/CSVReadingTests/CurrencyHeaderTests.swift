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

    /// A money header naming its currency by a sign only one currency writes: Rakuten Bank's
    /// `入出金(円)` and `残高(円)`, a German `Betrag (€)`. With no currency, ¥1,200 was written as
    /// 1200.00 with 120000 minor units, beside JPY accounts' 1200.
    func testAMoneyHeadersCurrencySignNamesTheCurrency() throws {
        let rakuten = try CSVReading.read(
            """
            取引日,入出金(円),残高(円),入出金先内容
            20260901,-3300,96700,口座振替 トウキョウデンリョク
            20260902,50000,146700,振込 サトウ タロウ

            """, options: ["date-format": "%Y%m%d"])
        XCTAssertEqual(rakuten.problems, [])
        XCTAssertEqual(rakuten.accounts.map(\.currency), ["JPY"])
        XCTAssertEqual(rakuten.entries.first?.map(\.amount), ["-3300", "50000"])
        XCTAssertEqual(rakuten.reportLine("currency"), "JPY (the header \"入出金(円)\")")
        let euro = try CSVReading.read(
            "Datum;Empfänger;Betrag (€)\n01.03.2024;REWE;-12,50\n02.03.2024;Gehalt;2000,00\n")
        XCTAssertEqual(euro.accounts.map(\.currency), ["EUR"])
        // `$` is a dozen countries' dollar: no currency.
        let dollar = try CSVReading.read("Date,Payee,Amount ($)\n2024-03-01,Shop,-12.50\n2024-03-02,Pay,100.00\n")
        XCTAssertEqual(dollar.accounts.map(\.currency), [nil])
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
