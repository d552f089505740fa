import CSVReading
import XCTest

/// Exports from Italy, Portugal, Argentina, Norway, Finland and France whose headers no name of
/// ours knew. BancoPosta's rows are its own (the test files of ofxstatement-bancoposta); the
/// other layouts are their banks', the figures our own.
final class SouthernAndNordicHeaderTests: XCTestCase {
    /// BancoPosta (Italy): `Addebiti` (money out) and `Accrediti` (money in), between a
    /// `SALDO INIZIALE` and a `|SALDO FINALE` row. `Addebiti` was taken as a signed amount: the
    /// debits were written as money in and the credit rejected.
    func testBancoPostasDebitsAndCreditsBetweenItsBalanceRows() throws {
        let result = try CSVReading.read(
            """
            Data,Valuta,Addebiti,Accrediti,Descrizione operazioni
            31/12/17,,,26851.95|,SALDO INIZIALE
            03/01/18,03/01/18,2.90,,IMPOSTA DI BOLLO
            13/01/18,13/01/18,250.00,,ADDEBITO PER RICARICA CARTA PREPAGATA DA APP/WEB Ricarica Postepay da APP addebito su conto
            13/01/18,13/01/18,1.00,,COMMISSIONE RICARICA PREPAGATA ADDEBITO IN CONTO DA APP/WEB Ricarica Postepay da APP addebito su conto
            23/01/18,23/01/18,,250.00,BONIFICO A VOSTRO FAVORE TRN BBBBBBBB XXXXXXXXXXXXXXXXXXXXXXXXXXXXIT DA NOME_MITTENTE PER CAUSALE_BONIFICO
            31/08/18,,,28359.05,|SALDO FINALE
            """)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.rejects[0], [])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-2.90", "-250.00", "-1.00", "250.00"])
        XCTAssertEqual(result.entries[0].map(\.date), ["2018-01-03", "2018-01-13", "2018-01-13", "2018-01-23"])
        XCTAssertEqual(result.entries[0].first?.vendor, "IMPOSTA DI BOLLO")
    }

    /// BancoPosta's export with `;` and decimal commas (`2.000,00`): refused, two amount columns.
    func testBancoPostasSemicolonExport() throws {
        let result = try CSVReading.read(
            """
            Data;Valuta;Addebiti;Accrediti;Descrizione operazioni
            31/12/17;;;100,95|;SALDO INIZIALE
            01/08/18;01/08/18;100,00;;VOSTRA DISPOS. DI BONIFICO TRN XXXXXXXXXXXXXXXXXXXXXXXXXXXXIT BENEF Lorenzo Giudici PER Buon compleanno!
            02/08/18;02/08/18;;2.000,00;BONIFICO A VOSTRO FAVORE TRN BBBBBBBB XXXXXXXXXXXXXXXXXXXXXXXXXXXXIT DA Lorenzo Giudici PER Tanti Auguri!
            03/08/18;03/08/18;;100,55;BONIFICO TRN BBBBBBBB XXXXXXXXXXXXXXXXXXXXXXXXXXXXIT DA Lorenzo Giudici PER Buon Natale
            04/08/18;04/08/18;100,55;;BONIFICO TRN XXXXXXXXXXXXXXXXXXXXXXXXXXXXIT BENEF Lorenzo Giudici PER Buon Natale
            31/08/18;;;2.000,95;|SALDO FINALE
            """)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.rejects[0], [])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-100.00", "2000.00", "100.55", "-100.55"])
        XCTAssertEqual(result.entries[0].map(\.date), ["2018-08-01", "2018-08-02", "2018-08-03", "2018-08-04"])
    }

    /// Fineco (Italy): `Entrate` (money in) and `Uscite` (money out), the full text beside.
    func testFinecosIncomeAndOutgoingsColumns() throws {
        let result = try CSVReading.read(
            """
            Data_Operazione;Data_Valuta;Entrate;Uscite;Descrizione;Descrizione_Completa
            15/03/2024;15/03/2024;35,00;;Bonifico SEPA Italia;Ord: MARIO BIANCHI
            13/03/2024;13/03/2024;;-1.200,00;Bonifico SEPA Italia;Ben: IMMOBILIARE ROSSI
            04/03/2024;04/03/2024;;-84,37;Pagamento Visa Debit;ESSELUNGA MILANO

            """)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.amount), ["35.00", "-1200.00", "-84.37"])
        XCTAssertEqual(result.entries[0].map(\.date), ["2024-03-15", "2024-03-13", "2024-03-04"])
    }

    /// Caixa Geral de Depósitos (Portugal): `Débito` and `Crédito` beside two balances, the
    /// booked one (`Saldo contabilístico`) first; headers end in a blank.
    func testCGDsDebitCreditAndBookedBalance() throws {
        let result = try CSVReading.read(
            """
            Data mov. ;Data valor ;Descrição ;Débito ;Crédito ;Saldo contabilístico ;Saldo disponível ;Categoria ;
            20-03-2024;20-03-2024;LEVANTAMENTO ATM 1234;100,00;;2.584,98;2.584,98;Outros;
            15-03-2024;15-03-2024;TRF MARIO BIANCHI;;35,00;2.684,98;2.684,98;Outros;
            12-03-2024;12-03-2024;DD ENEL ENERGIA;63,10;;2.649,98;2.649,98;Outros;

            """)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-100.00", "35.00", "-63.10"])
        XCTAssertEqual(
            result.entries[0].map(\.vendor), ["LEVANTAMENTO ATM 1234", "TRF MARIO BIANCHI", "DD ENEL ENERGIA"])
    }

    /// Banco Galicia (Argentina): `Débitos` and `Créditos`, a zero in the other.
    func testGaliciasDebitsAndCredits() throws {
        let result = try CSVReading.read(
            """
            Fecha;Descripción;Origen;Débitos;Créditos;Grupo de Conceptos;Concepto;Tipo de Movimiento;Saldo
            20/03/2024;EXTRACCION CAJERO;;100,00;0,00;;;Débito;2.584,98
            15/03/2024;TRANSFERENCIA RECIBIDA;;0,00;35,00;;;Crédito;2.684,98

            """)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-100.00", "35.00"])
        XCTAssertEqual(result.entries[0].map(\.vendor), ["EXTRACCION CAJERO", "TRANSFERENCIA RECIBIDA"])
    }

    /// DNB (Norway): `Ut fra konto` (out of the account) and `Inn på konto` (into it).
    func testDNBsOutAndInColumns() throws {
        let result = try CSVReading.read(
            """
            Dato;Forklaring;Rentedato;Ut fra konto;Inn på konto
            20.03.2024;Minibank 1234;21.03.2024;100,00;
            15.03.2024;Overføring Mario Bianchi;18.03.2024;;35,00

            """)
        XCTAssertEqual(result.problems, [])
        // `Dato`, not the interest date (`Rentedato`) beside it.
        XCTAssertEqual(result.entries[0].map(\.date), ["2024-03-20", "2024-03-15"])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-100.00", "35.00"])
        XCTAssertEqual(result.entries[0].map(\.vendor), ["Minibank 1234", "Overføring Mario Bianchi"])
    }

    /// SpareBank 1 (Norway): `Inn` and `Ut`.
    func testSpareBank1sInAndOutColumns() throws {
        let result = try CSVReading.read(
            """
            Dato;Beskrivelse;Rentedato;Inn;Ut;Til konto;Fra konto
            20.03.2024;Minibank 1234;20.03.2024;;-100,00;;12345678903
            15.03.2024;Overføring Mario Bianchi;15.03.2024;35,00;;12345678903;

            """)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-100.00", "35.00"])
    }

    /// OP (Finland): `Määrä EUROA` is the amount, `Laji` the kind of entry (a code, `106`),
    /// which was a second amount column; `Saaja/Maksaja` the other party.
    func testOPsAmountBesideItsKindCode() throws {
        let result = try CSVReading.read(
            """
            Kirjauspäivä;Arvopäivä;Määrä EUROA;Laji;Selitys;Saaja/Maksaja;Saajan tilinumero ja pankin BIC;Viite;Viesti;Arkistointitunnus
            20.03.2024;20.03.2024;-100,00;162;KORTTIOSTO;ATM 1234;;;"Nosto";20240320/5ERTTA/000001
            15.03.2024;15.03.2024;+35,00;106;TILISIIRTO;MARIO BIANCHI;FI1234567890123456 OKOYFIHH;;"Lounas";20240315/5ERTTA/000002

            """)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-100.00", "35.00"])
        XCTAssertEqual(result.entries[0].map(\.vendor), ["ATM 1234", "MARIO BIANCHI"])
    }

    /// S-Pankki (Finland): `Summa` is the amount; the payer (`Maksaja`) is the other party of
    /// money in, the payee (`Saajan nimi`) of money out, the holder's own name in the other.
    func testSPankkisSumAndSidedParties() throws {
        let result = try CSVReading.read(
            """
            Kirjauspäivä;Maksupäivä;Summa;Tapahtumalaji;Maksaja;Saajan nimi;Saajan tilinumero;Saajan BIC-tunnus;Viitenumero;Viesti;Arkistointitunnus
            20.03.2024;20.03.2024;-100,00;KORTTIOSTO;MATTI MEIKÄLÄINEN;ATM 1234;;;;Nosto;20240320SPA001
            15.03.2024;15.03.2024;+35,00;TILISIIRTO;MARIO BIANCHI;MATTI MEIKÄLÄINEN;FI1234;SBANFIHH;;Lounas;20240315SPA002

            """)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-100.00", "35.00"])
        XCTAssertEqual(result.entries[0].map(\.vendor), ["ATM 1234", "MARIO BIANCHI"])
    }

    /// Millennium bcp (Portugal), as its export is described: an unsigned `Montante` and a
    /// `Tipo` of `Débito` or `Crédito`. Neither was a side word: every row was money in, and
    /// beside a `Saldo` every row was read inverted, the credit (the chain's first row, which
    /// no balance checks) made money out. Both with exit 0.
    func testMillenniumsUnsignedAmountAndItsTypeWords() throws {
        for balance in [false, true] {
            let result = try CSVReading.read(
                """
                Data lançamento;Data valor;Descrição;Montante;Tipo\(balance ? ";Saldo" : "")
                28-03-2024;29-03-2024;COMPRA FARMACIA;12.50;Débito\(balance ? ";1000.00" : "")
                20-03-2024;20-03-2024;LEVANTAMENTO;100.00;Débito\(balance ? ";1012.50" : "")
                15-03-2024;15-03-2024;TRF MARIO BIANCHI;35.00;Crédito\(balance ? ";1112.50" : "")

                """)
            XCTAssertEqual(result.problems, [])
            XCTAssertEqual(result.entries[0].map(\.amount), ["-12.50", "-100.00", "35.00"], "balance: \(balance)")
            // The booking date (`Data lançamento`), not the value date beside it.
            XCTAssertEqual(result.entries[0].map(\.date), ["2024-03-28", "2024-03-20", "2024-03-15"])
        }
    }

    /// BNP Paribas (France): `Libellé opération` is the payee; its `Sous Catégorie` (the bank's
    /// category, `Pharmacie`) was taken for it, every row named after its category, exit 0.
    func testBNPParibasFrancesPayeeIsTheLabelNotTheSubcategory() throws {
        let result = try CSVReading.read(
            """
            Compte de chèques ****1234;Solde au 31/03/2024;2 548,48

            Date opération;Catégorie;Sous Catégorie;Libellé opération;Montant opération
            28/03/2024;Santé;Pharmacie;CB PHARMACIE CENTRALE;-12,50
            20/03/2024;Retraits;Retrait DAB;RETRAIT DAB PARIS;-100,00
            15/03/2024;Virements reçus;Virement;VIR SEPA RECU MARIO BIANCHI;35,00

            """)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(
            result.entries[0].map(\.vendor),
            ["CB PHARMACIE CENTRALE", "RETRAIT DAB PARIS", "VIR SEPA RECU MARIO BIANCHI"])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-12.50", "-100.00", "35.00"])
    }

    /// Banorte (Mexico): `Depósitos` (money in) and `Retiros` (money out), beside a `Referencia`
    /// of numbers: refused as three amount columns.
    func testBanortesDepositsAndWithdrawals() throws {
        let result = try CSVReading.read(
            """
            Fecha,Referencia,Descripción,Depósitos,Retiros,Saldo
            28/03/2024,000123,COMPRA FARMACIA,,12.50,"1,000.00"
            20/03/2024,000124,RETIRO CAJERO,,100.00,"1,012.50"
            15/03/2024,000125,SPEI RECIBIDO BIANCHI,35.00,,"1,112.50"

            """)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-12.50", "-100.00", "35.00"])
        XCTAssertEqual(result.entries[0].map(\.vendor), ["COMPRA FARMACIA", "RETIRO CAJERO", "SPEI RECIBIDO BIANCHI"])
    }

    /// Intesa Sanpaolo (its export saved as CSV): `Descrizione` is the kind of entry
    /// (`Pagamento Pos`), the merchant is in `Descrizione estesa`; Fineco's `Descrizione` and
    /// `Descrizione_Completa` alike. Hype's other party is its `Nome`, beside a `Tipologia`.
    func testItalianExtendedDescriptionAndNameAreThePayee() throws {
        let intesa = try CSVReading.read(
            """
            Data contabile;Data valuta;Descrizione;Accrediti;Addebiti;Descrizione estesa;Mezzo
            28/03/2024;27/03/2024;Pagamento Pos;;12,50;PAGAMENTO POS FARMACIA CENTRALE MILANO;Carta
            20/03/2024;20/03/2024;Prelievo Bancomat;;100,00;PRELIEVO BANCOMAT ATM 1234;Carta
            15/03/2024;15/03/2024;Bonifico In Entrata;35,00;;BONIFICO DA MARIO BIANCHI;Conto

            """)
        XCTAssertEqual(intesa.problems, [])
        XCTAssertEqual(
            intesa.entries[0].map(\.vendor),
            ["PAGAMENTO POS FARMACIA CENTRALE MILANO", "PRELIEVO BANCOMAT ATM 1234", "BONIFICO DA MARIO BIANCHI"])
        XCTAssertEqual(intesa.entries[0].map(\.memo), ["Pagamento Pos", "Prelievo Bancomat", "Bonifico In Entrata"])
        XCTAssertEqual(intesa.entries[0].map(\.amount), ["-12.50", "-100.00", "35.00"])

        let fineco = try CSVReading.read(
            """
            Data_Operazione;Data_Valuta;Entrate;Uscite;Descrizione;Descrizione_Completa
            15/03/2024;15/03/2024;35,00;;Bonifico SEPA Italia;Ord: MARIO BIANCHI
            04/03/2024;04/03/2024;;-84,37;Pagamento Visa Debit;ESSELUNGA MILANO

            """)
        XCTAssertEqual(fineco.problems, [])
        XCTAssertEqual(fineco.entries[0].map(\.vendor), ["Ord: MARIO BIANCHI", "ESSELUNGA MILANO"])

        let hype = try CSVReading.read(
            """
            Data operazione;Data contabile;Tipologia;Nome;Descrizione;Importo ( € )
            27/03/2024;28/03/2024;Pagamento;FARMACIA CENTRALE;Pagamento con carta;-12,50
            20/03/2024;20/03/2024;Prelievo;ATM;Prelievo contanti;-100,00
            15/03/2024;15/03/2024;Ricarica;MARIO BIANCHI;Bonifico ricevuto;35,00

            """)
        XCTAssertEqual(hype.problems, [])
        XCTAssertEqual(hype.entries[0].map(\.vendor), ["FARMACIA CENTRALE", "ATM", "MARIO BIANCHI"])
        XCTAssertEqual(hype.entries[0].map(\.amount), ["-12.50", "-100.00", "35.00"])
    }

    /// Danske Bank (Norway and Denmark; the layout a Kotlin importer checks for): `Tekst` is
    /// the payee; its `Kategori` (`Helse`, `Kontanter`) was taken for it, exit 0.
    func testDanskeBanksTextIsThePayeeNotItsCategory() throws {
        let result = try CSVReading.read(
            """
            Dato;Kategori;Underkategori;Tekst;Beløp;Saldo;Status;Avstemt
            15.03.2024;Inntekter;Overføring;Mario Bianchi;35,00;1112,50;Utført;Nei
            20.03.2024;Kontanter;Minibank;Minibank Oslo S;-100,00;1012,50;Utført;Nei
            28.03.2024;Helse;Apotek;Vitusapotek Majorstuen;-12,50;1000,00;Utført;Nei

            """)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.vendor), ["Mario Bianchi", "Minibank Oslo S", "Vitusapotek Majorstuen"])
        XCTAssertEqual(result.entries[0].map(\.amount), ["35.00", "-100.00", "-12.50"])
    }

    /// Bulder Bank (Norway; the layout a Kotlin importer checks for): `Inn på konto` and
    /// `Ut fra konto`, `Tekst` the payee beside a `Type` and two categories.
    func testBuldersInAndOutWithCategories() throws {
        let result = try CSVReading.read(
            """
            Dato;Inn på konto;Ut fra konto;Til konto;Til kontonummer;Fra konto;Fra kontonummer;Type;Tekst;KID;Hovedkategori;Underkategori
            2024-03-15;35,00;;Brukskonto;12345678903;;98765432109;Overføring;Mario Bianchi;;Inntekt;Overføring
            2024-03-20;;100,00;;;Brukskonto;12345678903;Varekjøp;Minibank Oslo S;;Kontanter;Minibank
            2024-03-28;;12,50;;;Brukskonto;12345678903;Varekjøp;Vitusapotek Majorstuen;;Helse;Apotek

            """)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.amount), ["35.00", "-100.00", "-12.50"])
        XCTAssertEqual(result.entries[0].map(\.vendor), ["Mario Bianchi", "Minibank Oslo S", "Vitusapotek Majorstuen"])
    }

    /// Nordea (Norway), as its netbank's export is described: `Beløp` beside a `Mottaker` of
    /// account numbers, refused as two amount columns.
    func testNordeaNorwaysAmountBesideAccountNumbers() throws {
        let result = try CSVReading.read(
            """
            Bokføringsdato;Beløp;Avsender;Mottaker;Navn;Tittel;Valuta;Betalingstype
            2024/03/28;-12,50;12345678903;;Vitusapotek;Varekjøp Vitusapotek Majorstuen;NOK;Kortkjøp
            2024/03/20;-100,00;12345678903;;Minibank;Minibank Oslo S;NOK;Uttak
            2024/03/15;35,00;;12345678903;Mario Bianchi;Overføring fra Mario;NOK;Overføring

            """)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-12.50", "-100.00", "35.00"])
        XCTAssertEqual(result.entries[0].map(\.vendor), ["Vitusapotek", "Minibank", "Mario Bianchi"])
    }

    /// Novo Banco (Portugal): `Data Operação` is the date, before the `Data valor` beside it.
    func testNovoBancosOperationDateBeatsItsValueDate() throws {
        let result = try CSVReading.read(
            """
            Data Operação;Data valor;Descrição;Débito;Crédito;Saldo contabilístico
            28-03-2024;29-03-2024;COMPRA FARMACIA CENTRAL;12,50;;1.000,00
            20-03-2024;21-03-2024;LEVANTAMENTO ATM;100,00;;1.012,50
            15-03-2024;15-03-2024;TRF MARIO BIANCHI;;35,00;1.112,50

            """)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.date), ["2024-03-28", "2024-03-20", "2024-03-15"])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-12.50", "-100.00", "35.00"])
    }

    /// N26 in Spanish: `Beneficiario` (the other party) is the payee, not its `Concepto` (the
    /// payer's text, `-` on every card payment), which had been.
    func testN26SpanishBeneficiaryBeatsItsConcept() throws {
        let result = try CSVReading.read(
            """
            "Fecha","Beneficiario","Número de cuenta","Tipo de transacción","Concepto","Importe (EUR)","Importe (Divisa extranjera)","Tipo de divisa extranjera","Tipo de cambio"
            "2024-03-28","Farmacia Central","","Pago con MasterCard","-","-12.5","-12.5","EUR","1.0"
            "2024-03-20","Pret a Manger London","","Pago con MasterCard","-","-23.45","-20.0","GBP","0.8529"
            "2024-03-15","Mario Bianchi","ES9121000418450200051332","Ingreso","Cena","35.0","","",""

            """)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.vendor), ["Farmacia Central", "Pret a Manger London", "Mario Bianchi"])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-12.5", "-23.45", "35.0"])
    }

    /// PayPal in Spanish: `Neto` is the net amount, the fee (`Comisión`) taken already. It was
    /// not known: the file was refused as two amount columns (`Bruto`, `Neto`), and beside a
    /// `Saldo`, the fee taken again from `Neto`, as a break in the balance chain.
    func testPayPalSpanishNetAmountHasItsFeeTakenAlready() throws {
        let result = try CSVReading.read(
            """
            "Fecha","Hora","Zona horaria","Nombre","Tipo","Estado","Divisa","Bruto","Comisión","Neto","Id. de transacción"
            "28/03/2024","10:15:00","CET","Farmacia Central","Pago en sitio web","Completado","EUR","-12,50","0,00","-12,50","1AB23456CD789012E"
            "20/03/2024","09:00:00","CET","Mario Bianchi","Pago recibido","Completado","EUR","100,00","-3,75","96,25","2AB23456CD789012E"

            """)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-12.50", "96.25"])
    }

    /// Spanish booking dates beside a `Fecha valor`: Bankinter's `FECHA CONTABLE`, Abanca's
    /// `Fecha ctble`, Ibercaja's `Fecha Oper`. None was known, and every row was dated by its
    /// value date (exit 0).
    func testSpanishBookingDatesBeatTheValueDate() throws {
        for header in ["FECHA CONTABLE;FECHA VALOR", "Fecha ctble;Fecha valor", "Fecha Oper;Fecha Valor"] {
            let result = try CSVReading.read(
                """
                \(header);Concepto;Importe;Saldo
                28/03/2024;29/03/2024;COMPRA FARMACIA CENTRAL;-12,50;1.000,00
                20/03/2024;21/03/2024;REINTEGRO CAJERO;-100,00;1.012,50
                15/03/2024;15/03/2024;TRANSFERENCIA MARIO BIANCHI;35,00;1.112,50

                """)
            XCTAssertEqual(result.problems, [], header)
            XCTAssertEqual(result.entries[0].map(\.date), ["2024-03-28", "2024-03-20", "2024-03-15"], header)
        }
    }

    /// A value date (`Fecha valor`) beside a column of dates under a name no list of ours knows:
    /// that column is the booking date. The value date had been taken as the only known one.
    func testAnUnknownDateColumnBeatsAKnownValueDate() throws {
        let result = try CSVReading.read(
            """
            Fecha de la operación contable;Fecha valor;Concepto;Importe;Saldo
            28/03/2024;29/03/2024;COMPRA FARMACIA CENTRAL;-12,50;1.000,00
            20/03/2024;21/03/2024;REINTEGRO CAJERO;-100,00;1.012,50
            15/03/2024;15/03/2024;TRANSFERENCIA MARIO BIANCHI;35,00;1.112,50

            """)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.date), ["2024-03-28", "2024-03-20", "2024-03-15"])
    }

    /// Nordea (Denmark): `Navn` is the other party, `Beskrivelse` the text. Naming SpareBank 1's
    /// `Beskrivelse` had made it Nordea's payee (`Dankort-køb` for every card payment).
    func testNordeaDenmarksNameBeatsItsDescription() throws {
        let result = try CSVReading.read(
            """
            Bogføringsdato;Beløb;Afsender;Modtager;Navn;Beskrivelse;Saldo;Valuta;Afstemt
            2024/03/28;-12,50;1234567890;;Matas Nørrebro;Dankort-køb;1000,00;DKK;
            2024/03/20;-100,00;1234567890;;Netto ATM;Dankort-køb;1012,50;DKK;
            2024/03/15;35,00;;1234567890;Mario Bianchi;Overførsel;1112,50;DKK;

            """)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.vendor), ["Matas Nørrebro", "Netto ATM", "Mario Bianchi"])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-12.50", "-100.00", "35.00"])
    }
}
