import CSVReading
import XCTest

/// Rows the bank has not booked yet are pending, whichever way the file says so.
final class PendingRowsTests: XCTestCase {
    /// DKB writes `Nicht gebucht` ("not booked") beside `Gebucht`.
    func testDKBsNichtGebuchtIsPending() throws {
        let text = """
            "Buchungsdatum";"Status";"Zahlungsempfänger*in";"Betrag (€)"
            "29.03.24";"Nicht gebucht";"REWE Markt GmbH";"-23,40"
            "27.03.24";"Gebucht";"ACME GmbH";"2.450,00"

            """
        let result = try CSVReading.read(text, options: ["default-currency": "EUR"])
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.pending), [true, false])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-23.40", "2450.00"])
    }

    /// PayPal's Italian activity export: its `Stato` says `In sospeso` (pending) beside
    /// `Completata`; the column was not known as a status, and a pending payment read as booked.
    func testPayPalsItalianPendingStatus() throws {
        let text = """
            Data,Nome,Tipo,Stato,Valuta,Netto
            28/01/2026,Negozio Rossi,Pagamento Express Checkout,In sospeso,EUR,"-45,00"
            27/01/2026,Libreria Bianchi,Pagamento Express Checkout,Completata,EUR,"-12,90"
            26/01/2026,Mario Verdi,Pagamento ricevuto,Completata,EUR,"30,00"

            """
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.pending), [true, false, false])
        XCTAssertEqual(result.entries[0].map(\.vendor), ["Negozio Rossi", "Libreria Bianchi", "Mario Verdi"])
    }
}

/// Nordea's Nordic netbank writes a card payment it holds but has not booked in place of the
/// booking date: `Reserverat` (Swedish), `Varaus` (Finnish), with no balance of its own. Such a
/// row read as booked is written a second time when the booking arrives; it has no date to be
/// read with, so it is rejected for its date, and it is no evidence against the dates' format.
final class NordeaHoldTests: XCTestCase {
    /// Nordea Sweden's layout (`Bokföringsdag;Belopp;Avsändare;Mottagare;Namn;Rubrik;Saldo;Valuta;`),
    /// newest first, the holds on top; figures our own.
    func testSwedishReserveratInTheDateColumnIsAHoldNotADateError() throws {
        let text = """
            Bokföringsdag;Belopp;Avsändare;Mottagare;Namn;Rubrik;Saldo;Valuta;
            Reserverat;-199,00;;;;Reservation Kortköp FOODORA AB;;SEK;
            Reserverat;-42,00;;;;Reservation Kortköp PRESSBYRAN;;SEK;
            2026/01/28;-1245,50;;;;Kortköp 260128 ICA MAXI;43686,00;SEK;
            2026/01/27;-389,05;;;;Kortköp 260127 NETFLIX.COM;44931,50;SEK;
            2026/01/25;31788,40;;;Arbetsgivare AB;Lön Januari;45320,55;SEK;

            """
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-1245.50", "-389.05", "31788.40"])
        XCTAssertEqual(result.entries[0].map(\.pending), [false, false, false])
        XCTAssertEqual(result.rejects[0].map(\.line), [2, 3])
        XCTAssertEqual(result.reportLine("date format")?.hasPrefix("%Y/%m/%d"), true, result.report)
    }

    /// Nordea Finland's layout (`Kirjauspäivä;Määrä;Maksaja;Maksunsaaja;Nimi;Otsikko;…`): `Varaus`.
    func testFinnishVarausInTheDateColumnIsAHold() throws {
        let text = """
            Kirjauspäivä;Määrä;Maksaja;Maksunsaaja;Nimi;Otsikko;Viitenumero;Valuutta
            Varaus;-12,90;;;;Korttiosto K-MARKET;;EUR
            Varaus;-4,50;;;;Korttiosto R-KIOSKI;;EUR
            2026/01/28;-56,20;;;;Korttiosto PRISMA;;EUR
            2026/01/27;-9,99;;;;Korttiosto SPOTIFY;;EUR
            2026/01/25;2450,00;Työnantaja Oy;;;Palkka;;EUR

            """
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-56.20", "-9.99", "2450.00"])
        XCTAssertEqual(result.rejects[0].map(\.line), [2, 3])
    }

    /// Nordea Denmark (`Bogføringsdato;Beløb;…;Saldo;Valuta;Afstemt;`) writes `Reserveret`, Nordea
    /// Norway (`Bokføringsdato;Beløp;…;Valuta;Betalingstype`, no balance) `Reservert`.
    func testDanishAndNorwegianHoldsInTheDateColumn() throws {
        let danish = """
            Bogføringsdato;Beløb;Afsender;Modtager;Navn;Beskrivelse;Saldo;Valuta;Afstemt;
            Reserveret;-39,95;9040111111;;;REMA 1000 AARHUS;;DKK;;
            Reserveret;-12,00;9040111111;;;7-ELEVEN;;DKK;;
            2026/09/07;-33,00;9040111111;;NETTO;NETTO;10577,22;DKK;;
            2026/08/31;7000,00;;9040111111;;Fra Lønkonto;10610,22;DKK;;

            """
        let norwegian = """
            Bokføringsdato;Beløp;Avsender;Mottaker;Navn;Tittel;Valuta;Betalingstype
            Reservert;-115,70;6219.00.11111;;;JOKER OSLO;NOK;Varekjøp
            Reservert;-42,10;6219.00.11111;;;KIWI OSLO;NOK;Varekjøp
            2026/09/03;-300,00;6219.00.11111;;;Ola Nordmann;NOK;Straksutbetaling
            2026/08/17;10000,00;;6219.00.11111;;Kari Nordmann;NOK;Overførsel

            """
        for (text, amounts) in [(danish, ["-33.00", "7000.00"]), (norwegian, ["-300.00", "10000.00"])] {
            let result = try CSVReading.read(text)
            XCTAssertEqual(result.problems, [])
            XCTAssertEqual(result.entries[0].map(\.amount), amounts)
            XCTAssertEqual(result.rejects[0].map(\.line), [2, 3])
        }
    }

    /// The same words in a status column are pending, in Danish and Norwegian as well.
    func testReservedWordsInAStatusColumnArePending() throws {
        let text = """
            Date,Status,Description,Amount
            2026-01-28,Reserverat,ICA MAXI,-45.00
            2026-01-28,Varaus,K-MARKET,-12.90
            2026-01-27,Reserveret,NETTO,-30.00
            2026-01-27,Reservert,REMA 1000,-25.00
            2026-01-26,Booked,SPOTIFY,-9.99

            """
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.pending), [true, true, true, true, false])
    }

    /// A payee's text that opens with such a word is no status: the text is never read for one.
    func testTheWordInThePayeeIsNoHold() throws {
        let text = """
            Datum,Transaktion,Kategori,Belopp,Saldo
            2024-01-15,SPOTIFY AB,,"-99,00","12 345,67"
            2024-01-14,Reserverat Bord AB,,"-199,00","12 444,67"
            2024-01-13,VARAUS OY,,"25 000,00","12 643,67"

            """
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.pending), [false, false, false])
        XCTAssertEqual(result.entries[0].map(\.vendor), ["SPOTIFY AB", "Reserverat Bord AB", "VARAUS OY"])
    }

    /// Satispay's `state` (bennesp/ofxstatement-satispay's test file, MIT: `APPROVED`, `NOT
    /// APPROVED`) and Cash App's `CARD DECLINED`: money that never moved, left out. Booked before,
    /// exit 0, as any word not known.
    func testNotApprovedAndCardDeclinedNeverMoved() throws {
        let text = """
            id,date,name,state,amount
            1,2024-07-15,Mario Rossi,APPROVED,10.00
            2,2024-07-16,Conte Dracula,NOT APPROVED,-5.00
            3,2024-07-17,Bar Centrale,CARD DECLINED,-1.20
            4,2024-07-18,Negozio,APPROVED,-1.01

            """
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.amount), ["10.00", "-1.01"])
        XCTAssertTrue(
            result.notes.contains("lines 3, 4 not imported: money that never moved (NOT APPROVED, CARD DECLINED)"),
            "\(result.notes)")
    }

    /// A status no list has is read as booked, and said: it may be money that never moved.
    func testAStatusNotKnownIsReadAsBookedAndSaid() throws {
        let text = """
            Date,Description,Amount,Status
            2024-07-15,Shop A,-10.00,Completed
            2024-07-16,Shop B,-5.00,On hold by bank
            2024-07-17,Shop C,-1.20,On hold by bank

            """
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-10.00", "-5.00", "-1.20"])
        XCTAssertEqual(result.entries[0].map(\.pending), [false, false, false])
        XCTAssertTrue(
            result.notes.contains(
                "read as booked: the status \"On hold by bank\" (lines 3, 4) is none txfeed knows as booked, pending or "
                    + "money that never moved; if it never moved, leave those rows out of the file"), "\(result.notes)")
    }
}
