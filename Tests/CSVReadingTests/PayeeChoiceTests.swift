import CSVReading
import XCTest

/// Issue 39, item 6: the payee is text a person wrote. Identifiers, a value repeated on every
/// row and a column naming the entry's kind lose to it; sniff names the runner-up.
final class PayeeChoiceTests: XCTestCase {
    private func vendorLine(_ result: ReadResult) -> String? {
        result.report.split(separator: "\n").map(String.init).first { $0.contains("→ vendor") }
    }

    func testIdentifiersAreNeverThePayee() throws {
        let result = try CSVReading.read(
            """
            Date,Transaction,Payee,Amount
            2024-01-02,9f1c2a7e-3b4d-4e5f-8a9b-0c1d2e3f4a5b,Bakery,-3.40
            2024-01-03,4a5b6c7d-8e9f-4a1b-9c2d-3e4f5a6b7c8d,Bakery,-2.90
            2024-01-04,0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f,Grocer,-12.00

            """)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.vendor), ["Bakery", "Bakery", "Grocer"])

        let numbered = try CSVReading.read(
            """
            Date,Sequence,Text,Amount
            2024-01-02,2024-0015,Bakery,-3.40
            2024-01-03,2024-0016,Bakery,-2.90
            2024-01-04,2024-0017,Grocer,-12.00

            """)
        XCTAssertEqual(numbered.entries[0].map(\.vendor), ["Bakery", "Bakery", "Grocer"])
        XCTAssertEqual(vendorLine(numbered), "              3 Text → vendor (most distinct text)  (Bakery, Grocer)")
    }

    /// A short file's kind column has as many words as rows; its header still says what it is.
    func testAColumnNamingTheKindOfEntryIsNotThePayee() throws {
        let result = try CSVReading.read(
            """
            Datum;Gegenseite;Umsatzart;Betrag
            02.01.2024;Stadtwerke;Lastschrift;-80,00
            03.01.2024;Arbeitgeber AG;Gutschrift;2000,00
            05.01.2024;Bäckerei;Kartenzahlung;-3,40

            """)
        XCTAssertEqual(result.entries[0].map(\.vendor), ["Stadtwerke", "Arbeitgeber AG", "Bäckerei"])
    }

    /// Commerzbank's export before `Kategorie` (bank2ynab's test file, figures our own): on one
    /// row no column can show it is all alike or all different, but an IBAN is an account, and
    /// the own account's IBAN was the payee.
    func testAnIBANIsNeverThePayeeEvenOnOneRow() throws {
        let result = try CSVReading.read(
            """
            Buchungstag;Wertstellung;Umsatzart;Buchungstext;Betrag;Währung;Auftraggeberkonto;Bankleitzahl Auftraggeberkonto;IBAN Auftraggeberkonto
            02.03.2025;02.03.2025;Lastschrift;"Kartenzahlung BAECKEREI 41400673//Hamburg";-7,40;EUR;123456700;20040000;DE12200400000123456700

            """)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.vendor), ["Kartenzahlung BAECKEREI 41400673//Hamburg"])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-7.40"])
    }

    /// Knab (ofxstatement-dutch's test file, figures our own): `Omschrijving` is the payer's
    /// text, empty on most money in; every such row was rejected for an empty payee beside
    /// `Tegenrekeninghouder`, the other party. `Valutacode` is the currency.
    func testKnabsOtherPartyIsThePayeeAndItsDescriptionTheMemo() throws {
        let result = try CSVReading.read(
            """
            KNAB EXPORT;;;;;;;;;;;;;;;;
            Rekeningnummer;Transactiedatum;Valutacode;CreditDebet;Bedrag;Tegenrekeningnummer;Tegenrekeninghouder;Valutadatum;Betaalwijze;Omschrijving;Type betaling;Machtigingsnummer;Incassant ID;Adres;Referentie;Boekdatum;
            "NL00KNAB0000000001";"21-06-2025";"EUR";"D";"82,75";"NL00ABNA0000000002";"Huisbaas BV";"21-06-2025";"Overboeking";"Huur juni";"";"";"";"";"B5F21PGYA068V2KD";"21-06-2025";
            "NL00KNAB0000000001";"20-06-2025";"EUR";"C";"1500";"NL00INGB0000000003";"Werkgever NV";"20-06-2025";"Ontvangen betaling";"";"";"";"";"";"B5F20PGUJE88SFDR";"20-06-2025";

            """)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.vendor), ["Huisbaas BV", "Werkgever NV"])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-82.75", "1500"])
        XCTAssertEqual(result.entries[0].map(\.memo), ["Huur juni", nil])
        XCTAssertEqual(result.accounts.map(\.currency), ["EUR"])
    }

    /// bunq: `Naam` is the other party, `Omschrijving` the text; the text was the payee.
    func testBunqsNameIsThePayeeOverItsDescription() throws {
        let result = try CSVReading.read(
            """
            "Datum","Bedrag","Rekening","Tegenrekening","Naam","Omschrijving"
            "2025-03-01","-2,56","NL00BUNQ0000000001","NL00BUNQ0000000002","bunq","invoice 410408"
            "2025-03-09","750,00","NL00BUNQ0000000001","NL00RABO0000000003","J. Jansen","Naar Bunq"

            """)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.vendor), ["bunq", "J. Jansen"])
        XCTAssertEqual(result.entries[0].map(\.memo), ["invoice 410408", "Naar Bunq"])
    }

    /// BNP Paribas Fortis and Fintro (ofxstatement-be-fintro's test file, figures our own): the
    /// running `Volgnummer` (`2025-` on rows not yet on a statement) was the payee, and the value
    /// date the date, as `Uitvoeringsdatum` was no known name; `Valuta rekening` is the currency.
    func testFintrosDetailsAreThePayeeAndItsExecutionDateTheDate() throws {
        let result = try CSVReading.read(
            """
            Volgnummer;Uitvoeringsdatum;Valutadatum;Bedrag;Valuta rekening;Details;Rekeningnummer
            2025-;27/02/2025;26/02/2025;-91,13;EUR;MET KAART 5555 04XX XXXX X100 2 KLEDINGZAAK 26/02/2025;BE00123456789012
            2025-;25/02/2025;27/02/2025;-12,48;EUR;ZIEKENHUIS VIA MOBILE BANKING MEDEDELING : 847564737563;BE00123456789012
            2025-0102;24/02/2025;24/02/2025;-7,97;EUR;MET KAART 5555 04XX XXXX X200 0 BAKKER 24-02-2025;BE00123456789012

            """)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(
            result.entries[0].map(\.vendor),
            [
                "MET KAART 5555 04XX XXXX X100 2 KLEDINGZAAK 26/02/2025",
                "ZIEKENHUIS VIA MOBILE BANKING MEDEDELING : 847564737563",
                "MET KAART 5555 04XX XXXX X200 0 BAKKER 24-02-2025",
            ])
        XCTAssertEqual(result.entries[0].map(\.date), ["2025-02-27", "2025-02-25", "2025-02-24"])
        XCTAssertEqual(result.accounts.map(\.currency), ["EUR"])
    }

    /// The account's own number on every row is no payee; with nothing else, the memo is.
    func testOneValueOnEveryRowLosesToTheMemo() throws {
        let result = try CSVReading.read(
            """
            Date,Account,Amount,Memo
            02/01/2024,20-32-06 13152170,-4.50,COSTA COFFEE
            15/01/2024,20-32-06 13152170,-62.00,THAMES WATER

            """)
        XCTAssertEqual(result.entries[0].map(\.vendor), ["COSTA COFFEE", "THAMES WATER"])
        XCTAssertEqual(
            vendorLine(result),
            "              4 Memo → vendor (the memo: no other column holds a payee)  (COSTA COFFEE, THAMES WATER)")
    }

    func testSniffNamesTheRunnerUp() throws {
        let result = try CSVReading.read(
            """
            Date,Shop,Note,Amount
            2024-01-02,Bakery,bread,-3.40
            2024-01-03,Grocer,bread,-2.90
            2024-01-04,Cafe,coffee,-12.00

            """)
        XCTAssertEqual(
            vendorLine(result), "              2 Shop → vendor (most distinct text, over 3 \"Note\")  (Bakery, Grocer)")
    }

    /// Three-letter names in mixed case are payees; currency codes are written in capitals.
    func testThreeLetterNamesAreNotCurrencies() throws {
        let result = try CSVReading.read(
            """
            Date,Who,Amount
            2024-01-02,Bob,-3.40
            2024-01-03,Ann,-2.90
            2024-01-04,Bob,12.00

            """)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.vendor), ["Bob", "Ann", "Bob"])
        XCTAssertEqual(result.accounts.map(\.currency), [nil])
    }

    /// PayPal names a bank deposit only by its `Type` (`Bank Deposit to PP Account`, Name
    /// empty): the row is named so, not rejected for no payee (its money was lost with a reject).
    /// The layout is the one hledger's `paypal-custom.csv` example has; the figures are made up.
    func testARowWithoutANameIsNamedByItsType() throws {
        let result = try CSVReading.read(
            """
            "Date","Time","TimeZone","Name","Type","Status","Currency","Gross","Fee","Net","Transaction ID","Balance"
            "10/01/2024","03:46:20","PDT","Radio Stream","Subscription Payment","Completed","USD","-6.99","0.00","-6.99","TX1","-6.99"
            "10/01/2024","03:46:20","PDT","","Bank Deposit to PP Account ","Pending","USD","6.99","0.00","6.99","TX2","0.00"
            "10/19/2024","08:57:01","PDT","Encyclopedia Fund","Donation Payment","Completed","USD","-2.00","0.00","-2.00","TX3","-2.00"
            "10/19/2024","08:57:01","PDT","","Bank Deposit to PP Account ","Pending","USD","2.00","0.00","2.00","TX4","0.00"

            """)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.rejects[0], [])
        XCTAssertEqual(
            result.entries[0].map(\.vendor),
            ["Radio Stream", "Bank Deposit to PP Account", "Encyclopedia Fund", "Bank Deposit to PP Account"])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-6.99", "6.99", "-2.00", "2.00"])
        XCTAssertEqual(result.entries[0].map(\.pending), [false, true, false, true])
        XCTAssertEqual(result.reportLine("balance chain"), "3 of 3 rows agree (oldest first)")
        XCTAssertEqual(
            vendorLine(result),
            #"              4 Name → vendor (5 "Type" where empty)  (Radio Stream, Encyclopedia Fund)"#)
    }

    /// Without a kind column, a row with no payee and no memo is still a reject that says so.
    func testARowWithNoPayeeMemoOrKindIsRejected() throws {
        let result = try CSVReading.read(
            """
            Date,Name,Amount
            2024-01-02,Bakery,-3.40
            2024-01-03,,-2.90
            2024-01-04,Cafe,-12.00

            """)
        XCTAssertEqual(result.rejects[0].map(\.reason), ["vendor is empty, and there is no memo to use"])
    }

    /// OTP's export (Hungarian, windows-1250) writes `2026.09.15.`, a date no known format reads:
    /// with `date=1` given, the value date beside it was taken for the payee. A column of
    /// date-shaped cells is no payee; the partner's name is.
    func testAColumnOfDateShapedCellsIsNoPayee() throws {
        // Three value dates (one twice, so no column of identifiers), three payees: on the tie
        // the value date, the first column, won.
        let text = """
            Könyvelés dátuma;Értéknap;Terhelés;Jóváírás;Partner neve;Közlemény
            2026.09.14.;2026.09.14.;2 300;;PÉKSÉG KFT;Kártyás vásárlás
            2026.09.15.;2026.09.14.;2 300;;PÉKSÉG KFT;Kártyás vásárlás
            2026.09.16.;2026.09.16.;;450 000;MUNKÁLTATÓ KFT;Munkabér 2026/09
            2026.09.17.;2026.09.17.;3 990,00;;NETFLIX;Előfizetés "havi"

            """
        let bytes = try XCTUnwrap(text.data(using: .windowsCP1250)).map { $0 }
        let result = try CSVReading.read(
            bytes,
            options: [
                "encoding": "windows-1250", "date": "1", "date-format": "%Y.%m.%d.", "debit": "Terhelés",
                "credit": "Jóváírás", "decimal-mark": ",",
            ])
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(
            result.entries[0].map(\.vendor), ["PÉKSÉG KFT", "PÉKSÉG KFT", "MUNKÁLTATÓ KFT", "NETFLIX"])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-2300", "-2300", "450000", "-3990.00"])
        XCTAssertEqual(result.entries[0].map(\.date), ["2026-09-14", "2026-09-15", "2026-09-16", "2026-09-17"])
    }

    /// comdirect (go-homebank-csv's test file, figures our own): `Vorgang` is the kind of entry
    /// (`Lastschrift / Belastung`), and it was the payee of every row beside `Buchungstext`.
    func testComdirectsVorgangIsTheKindNotThePayee() throws {
        let result = try CSVReading.read(
            """
            "Buchungstag";"Wertstellung (Valuta)";"Vorgang";"Buchungstext";"Umsatz in EUR";
            "06.10.2023";"06.10.2023";"Lastschrift / Belastung";"Auftraggeber: Stadtwerke Buchungstext: Abschlag Oktober";"-40,01";
            "05.10.2023";"05.10.2023";"Übertrag / Überweisung";"Auftraggeber: Arbeitgeber AG Buchungstext: Gehalt";"1.265,64";
            "04.10.2023";"04.10.2023";"Übertrag / Überweisung";"Empfänger: Vermieter Buchungstext: Miete";"-734,56";

            """)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(
            result.entries[0].map(\.vendor),
            [
                "Auftraggeber: Stadtwerke Buchungstext: Abschlag Oktober",
                "Auftraggeber: Arbeitgeber AG Buchungstext: Gehalt",
                "Empfänger: Vermieter Buchungstext: Miete",
            ])
        XCTAssertEqual(
            result.entries[0].map(\.memo),
            ["Lastschrift / Belastung", "Übertrag / Überweisung", "Übertrag / Überweisung"])
    }

    /// DKB since 2023, a file that does not match the profile (bank-csv-rs's test file leaves
    /// out `IBAN`; figures our own): the payer's column was the payee of every row, the
    /// account holder's own name on money out.
    func testDKBsPayeeAndPayerColumnsAreReadPerSideWithoutTheProfile() throws {
        let result = try CSVReading.read(
            """
            "Buchungsdatum";"Wertstellung";"Status";"Zahlungspflichtige*r";"Zahlungsempfänger*in";"Verwendungszweck";"Umsatztyp";"Betrag (€)";"Gläubiger-ID";"Mandatsreferenz";"Kundenreferenz"
            "15.01.24";"15.01.24";"Gebucht";"Erika Muster";"REWE Markt";"Einkauf";"Ausgang";"-23,45";"";"";"485210393446001"
            "20.01.24";"20.01.24";"Gebucht";"Acme GmbH";"Erika Muster";"Lohn";"Eingang";"1500,00";"";"";"SEPAREF000001"

            """)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.vendor), ["REWE Markt", "Acme GmbH"])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-23.45", "1500.00"])
    }
}
