import CSVReading
import XCTest

/// A card statement whose amounts are all positive, with nothing in the file to say which way
/// they run: csv2ofx's `pcmastercard.csv` (a `Card Used For Transaction` column, charges of 36.33
/// and 13.98 that its OFX writes negative) and an Axis card statement (`Credit Limit` in its
/// preamble) were written as money in with exit 0. They are refused, naming `sign`.
final class CardStatementSignTests: XCTestCase {
    static let mastercard = """
        "Merchant Name","Card Used For Transaction","Date","Time","Amount"
        "Mobil","**** 1234","01/10/2019","06:50 PM","36.33"
        "APL*ITUNES.COM/BILL","**** 4567","12/15/2018","05:08 PM","13.98"

        """

    static let preambled = """
        MONTHLY STATEMENT
        Minimum Payment Due INR: 0100.00
        Transaction Date,Transaction Details,Amount in INR
        14/09/2022,TIFFIN EXPRESS BANGALORE,419.00
        13/09/2022,Swiggy Bengaluru,180.00
        09/09/2022,DECATHLON SPORTS,399.00

        """

    func testACardStatementOfPositiveAmountsAsksWhichWayTheyRun() throws {
        for (text, card) in [
            (Self.mastercard, #"its column "Card Used For Transaction""#),
            (Self.preambled, #""minimum payment" on line 2 of its preamble"#),
        ] {
            let result = try CSVReading.read(text)
            XCTAssertEqual(
                result.problems,
                [
                    "bank.csv: which way the amounts run is not settled: the file is a card statement (\(card)), its "
                        + "amounts are mostly positive as a card issuer writes charges, and no balance column or "
                        + "payment row tells: set sign=inverted if they are charges, sign=as-is if they are money in"
                ])
        }
        let charges = try CSVReading.read(Self.mastercard, options: ["sign": "inverted"])
        XCTAssertEqual(charges.problems, [])
        XCTAssertEqual(charges.entries.first?.map(\.amount), ["-36.33", "-13.98"])
        let asWritten = try CSVReading.read(Self.mastercard, options: ["sign": "as-is"])
        XCTAssertEqual(asWritten.entries.first?.map(\.amount), ["36.33", "13.98"])
    }

    /// The holder's view (charges negative) and a file that shows no card are read as written,
    /// as before.
    func testAHoldersCardExportAndAPlainFileAreReadAsWritten() throws {
        let holders = Self.mastercard.replacingOccurrences(of: #""36.33""#, with: #""-36.33""#)
            .replacingOccurrences(of: #""13.98""#, with: #""-13.98""#)
        XCTAssertEqual(try CSVReading.read(holders).entries.first?.map(\.amount), ["-36.33", "-13.98"])
        let plain = Self.mastercard.replacingOccurrences(of: "Card Used For Transaction", with: "Branch")
        let read = try CSVReading.read(plain)
        XCTAssertEqual(read.problems, [])
        XCTAssertEqual(read.entries.first?.map(\.amount), ["36.33", "13.98"])
    }
}

/// Discover's card export (`Trans. Date,Post Date,Description,Amount,Category`) writes charges
/// positive and its autopay `DIRECTPAY FULL BALANCE` and cashback `AUTOMATIC STATEMENT CREDIT`
/// negative, words no list knew: read as written with exit 0, every charge was money in. Amex
/// NL's `Kaartlid` (card member) column said nothing either. Rows made up, in the layouts a
/// reconciling app's tests and MyMoney.Net's CSV test carry.
final class DiscoverSignTests: XCTestCase {
    static let header = "Trans. Date,Post Date,Description,Amount,Category\n"

    func testDiscoversPaymentAndCreditWordsReadItInverted() throws {
        let text =
            Self.header + """
                03/10/2026,03/10/2026,"CORNER GROCER #12 SAN JOSE CA",57.60,"Supermarkets"
                03/14/2026,03/14/2026,"DIRECTPAY FULL BALANCE",-22.00,"Payments and Credits"
                03/27/2026,03/27/2026,"AUTOMATIC STATEMENT CREDIT",-12.14,"Awards and Rebate Credits"

                """
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries.first?.map(\.amount), ["-57.60", "22.00", "12.14"])
    }

    func testACardsTwoDatesAndPositiveAmountsAskWhichWayTheyRun() throws {
        let text =
            Self.header + """
                09/23/2022,09/23/2022,"STREAMING SVC 373313066733",14.35,"Services"
                09/22/2022,09/22/2022,"APP STORE/BILL 866-712-7753",5.42,"Merchandise"

                """
        XCTAssertEqual(
            try CSVReading.read(text).problems,
            [
                "bank.csv: which way the amounts run is not settled: the header has a card's dates (the columns "
                    + #""Trans. Date" and "Post Date"), its amounts are mostly positive as a card issuer writes "#
                    + "charges, and no balance column or payment row tells: set sign=inverted if they are charges, "
                    + "sign=as-is if they are money in"
            ])
        XCTAssertEqual(
            try CSVReading.read(text, options: ["sign": "inverted"]).entries.first?.map(\.amount), ["-14.35", "-5.42"])
    }

    func testAmexNetherlandsCardMemberColumnSaysItIsACard() throws {
        let text = """
            Datum,Omschrijving,Kaartlid,Rekening #,Bedrag
            01/15/2024,SUPERMARKT 1234 AMSTERDAM,J JANSEN,-12345,"23,45"
            01/20/2024,HARTELIJK BEDANKT VOOR UW BETALING,J JANSEN,-12345,"-150,00"
            01/22/2024,WEBWINKEL UTRECHT,J JANSEN,-12345,"49,99"

            """
        let problems = try CSVReading.read(text, options: ["date-format": "%m/%d/%Y"]).problems
        XCTAssertEqual(problems.count, 1)
        XCTAssertTrue(
            problems.first?.contains(#"the file is a card statement (its column "Kaartlid")"#) ?? false, "\(problems)")
    }
}

/// A row that is the account's balance, not a transaction: CertoOne's card export (a Swiss
/// Mastercard, c-vigo/beancount-importers' sample) opens with `2025-10-24;540.15;BALANCE`,
/// which was imported as money in (exit 0, the month's sum +206.85 where it is −333.30).
final class BalanceRowTests: XCTestCase {
    static let certo = """
        Date;Amount;Description
        2025-10-24;540.15;BALANCE
        2025-10-07;206.85;Ihre Zahlung
        2025-09-24;-121.58;Interflexio AG Zürich CHE
        2025-10-06;-30.30;BALANCE TRANSFER
        2025-10-07;-49.70;Coop-1511 Stadelhofen Zürich CHE

        """

    func testABalanceRowIsSkippedWithANoteAndABalanceTransferIsNot() throws {
        let result = try CSVReading.read(Self.certo)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(
            result.entries.first?.map(\.vendor),
            ["Ihre Zahlung", "Interflexio AG Zürich CHE", "BALANCE TRANSFER", "Coop-1511 Stadelhofen Zürich CHE"])
        XCTAssertEqual(result.neverMoved.first?.map(\.line), [2])
        XCTAssertEqual(result.neverMoved.first?.map(\.reason), ["the account's balance (BALANCE)"])
        XCTAssertTrue(
            result.notes.contains("line 2 not imported: the account's balance (BALANCE), not money that moved"),
            "\(result.notes)")
        // Found by the reading pass, the note is whole across batches, and a balance row without
        // a date that reads is still a balance, not a reject.
        let undated = try CSVReading.read(
            Self.certo.replacingOccurrences(of: "2025-10-24;540.15", with: "Stand;540.15") + "2025-10-31;1.00;Saldo\n",
            batchSize: 1)
        XCTAssertEqual(undated.rejects.first, [])
        XCTAssertEqual(undated.neverMoved.first?.map(\.line), [2, 7])
        XCTAssertTrue(
            undated.notes.contains("lines 2, 7 not imported: the account's balance (BALANCE), not money that moved"),
            "\(undated.notes)")
        XCTAssertEqual(undated.reportLine("skipped"), "lines 2, 7 (a balance)")
        // A balance's name without an amount is no row of it (and no transaction either).
        let empty = try CSVReading.read(Self.certo.replacingOccurrences(of: "540.15;BALANCE", with: ";BALANCE"))
        XCTAssertEqual(empty.neverMoved.first, [])
    }

    /// Swedbank's Baltic export (ofxstatement-lithuanian's test file, figures our own) dates its
    /// opening and closing balances and the period's turnover as rows: read as payments, they
    /// added the balances to the money that moved.
    func testSwedbanksBalanceAndTurnoverRowsAreNotPayments() throws {
        let text = """
            "LT000000000000000001","10","2025-01-01","","Likutis pradžiai","1000.00","EUR","K","","AS",
            "LT000000000000000001","20","2025-01-02","KAVINE","PIRKINYS 2024.12.30 KAVINE Vilnius","4.30","EUR","D","2025010200041787","K",
            "LT000000000000000001","20","2025-01-10","Company","Salary","1600.00","EUR","K","2025011000673562","MK",
            "LT000000000000000001","82","2025-01-31","","Apyvarta","4.30","EUR","D","","K2",
            "LT000000000000000001","82","2025-01-31","","Apyvarta","1600.00","EUR","K","","K2",
            "LT000000000000000001","86","2025-01-31","","Likutis pabaigai","2595.70","EUR","K","","LS",

            """
        let result = try CSVReading.read(
            text, options: ["amount": "6", "indicator": "8", "debit-words": "D", "credit-words": "K", "vendor": "5"])
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-4.30", "1600.00"])
        XCTAssertEqual(result.neverMoved[0].map(\.line), [1, 4, 5, 6])
    }
}

/// Brazilian card bills (faturas): the payment is `PAGAMENTO FATURA` (Inter) or `Inclusao de
/// Pagamento` (C6), negative beside the purchases, and no word on the list said so: Inter's
/// bill was read with every purchase as money in, exit 0. C6's `Nome no Cartão` names a card.
/// Layouts as importers' test strings; rows made up.
final class BrazilianCardBillTests: XCTestCase {
    func testInterOnePaymentRowAsksWhichWayTheAmountsRun() throws {
        let text = """
            Data;Lançamento;Categoria;Tipo;Valor
            15/08/2026;POSTO CENTRAL;Transporte;Compra;R$ 180,00
            16/08/2026;STREAMING.COM;Lazer;Compra;R$ 55,90
            20/08/2026;PAGAMENTO FATURA;Outros;Pagamento;-R$ 1.000,00

            """
        let problems = try CSVReading.read(text).problems
        assertOneProblem(problems, "the one payment row (line 4) is negative")
        let charges = try CSVReading.read(text, options: ["sign": "inverted"])
        XCTAssertEqual(charges.entries.first?.map(\.amount), ["-180.00", "-55.90", "1000.00"])
    }

    func testC6sCardColumnAndPaymentReadTheIssuersView() throws {
        let text = """
            Data de Compra;Nome no Cartão;Final do Cartão;Categoria;Descrição;Parcela;Valor (em R$)
            17/04/2026;MARIA SILVA;0469;Varejo;LOJA PET;2/2;83.40
            20/04/2026;MARIA SILVA;0469;Mercado;MERCADO BOM;Única;120.10
            11/05/2026;MARIA SILVA;3641;-;Inclusao de Pagamento;Única;-203.50

            """
        let result = try CSVReading.read(text, options: ["amount": "Valor (em R$)"])
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries.first?.map(\.amount), ["-83.40", "-120.10", "203.50"])
    }
}
