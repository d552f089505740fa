import CSVReading
import XCTest

/// ING (Germany) writes `Saldo;Währung;Betrag;Währung`: each currency names the money before
/// it, and the amount's is the second.
final class TwoCurrencyColumnsTests: XCTestCase {
    /// The layout of beancount-ing's test_duplicate_waehrung_field_handled_correctly (MIT,
    /// siddhantgoel/beancount-ing tests/test_ec_importer.py: its preamble, its header, its row,
    /// which expects -500.00 EUR beside a balance in USD), with rows added so that the table is
    /// found without options, and value dates a week before the booking dates.
    static let ing = """
        Umsatzanzeige;Datei erstellt am: 25.07.2018 12:00

        IBAN;DE99 9999 9999 9999 9999 99
        Kontoname;Extra-Konto
        Bank;ING
        Kunde;Max Mustermann
        Zeitraum;01.06.2018 - 30.06.2018
        Saldo;5.000,00;EUR

        Sortierung;Datum absteigend

        In der CSV-Datei finden Sie alle bereits gebuchten Umsätze. Die vorgemerkten Umsätze werden \
        nicht aufgenommen, auch wenn sie in Ihrem Internetbanking angezeigt werden.

        "Buchung";"Valuta";"Auftraggeber/Empfänger";"Buchungstext";"Kategorie";"Verwendungszweck";\
        "Saldo";"Währung";"Betrag";"Währung"
        15.06.2018;08.06.2018;REWE Filialen Voll;Gutschrift;Kategorie;REWE SAGT DANKE;1.234,00;USD;-500,00;EUR
        14.06.2018;07.06.2018;LIDL;Lastschrift;Kategorie;LIDL SAGT DANKE;1.734,00;USD;-10,00;EUR
        13.06.2018;06.06.2018;LIDL;Lastschrift;Kategorie;LIDL SAGT DANKE;1.744,00;USD;-10,00;EUR
        12.06.2018;05.06.2018;LIDL;Lastschrift;Kategorie;LIDL SAGT DANKE;1.754,00;USD;-10,00;EUR
        11.06.2018;04.06.2018;LIDL;Lastschrift;Kategorie;LIDL SAGT DANKE;1.764,00;USD;-10,00;EUR
        10.06.2018;03.06.2018;LIDL;Lastschrift;Kategorie;LIDL SAGT DANKE;1.774,00;USD;-10,00;EUR

        """

    func testTheProfileTakesTheAmountsCurrencyAndTheBookingDate() throws {
        let bytes = Array(Self.ing.utf8)
        let result = try bytes.withUnsafeBytes { buffer in
            CSVReading.result(
                of: try CSVDocument.read(
                    bytes: buffer, origin: "ing.csv", stem: "ing", options: [:], profiles: BankProfiles.builtIn))
        }
        XCTAssertEqual(result.problems, [])
        XCTAssertTrue(result.report.contains("profile       ing-de ("), result.report)
        XCTAssertEqual(result.accounts.map(\.currency), ["EUR"])
        XCTAssertEqual(
            result.entries[0].first,
            ReadEntry(
                line: 15, date: "2018-06-15", vendor: "REWE Filialen Voll", amount: "-500.00", memo: "REWE SAGT DANKE"))
        XCTAssertEqual(result.entries[0].map(\.date).last, "2018-06-10")
        XCTAssertEqual(result.entries[0].map(\.amount).last, "-10.00")
    }

    /// Without a profile (ING's layout without `Kategorie`), the currency right after the amount.
    func testWithoutAProfileTheCurrencyAfterTheAmount() throws {
        let text = """
            Buchung;Valuta;Auftraggeber/Empfänger;Buchungstext;Verwendungszweck;Saldo;Währung;Betrag;Währung
            15.06.2018;08.06.2018;LIDL;Lastschrift;LIDL SAGT DANKE;1.000,00;USD;-100,00;EUR
            15.06.2018;08.06.2018;LIDL;Lastschrift;LIDL SAGT DANKE;1.100,00;USD;-100,00;EUR
            08.06.2018;08.06.2018;REWE;Gutschrift;REWE SAGT DANKE;1.200,00;USD;-34,00;EUR

            """
        let result = try CSVReading.read(text, origin: "ing.csv", stem: "ing")
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.accounts.map(\.currency), ["EUR"])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-100.00", "-100.00", "-34.00"])
        XCTAssertTrue(result.report.contains("Währung → currency (after the amount)"), result.report)
    }
}
