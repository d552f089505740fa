import CSVReading
import XCTest

/// Payment apps' exports in other languages than English, whose fee, net, status and name
/// columns the vocabulary did not know. Layouts from real downloads other projects test with
/// (Banana's Revolut imports, beancount-paypal, mapp, zaim-csv-converter); rows made up.
final class PaymentAppExportTests: XCTestCase {
    /// Revolut's Italian `Costo` is its `Fee`: the amount with the fee taken is what left the
    /// account. Unknown, a fee on the first row was lost with exit 0 (no step of the chain
    /// before it to see it).
    func testRevolutsItalianFeeIsTaken() throws {
        let text = """
            Tipo,Prodotto,Data di inizio,Data di completamento,Descrizione,Importo,Costo,Valuta,State,Saldo
            Pagamento con carta,Attuale,2025-07-31 13:33:15,2025-08-01 07:16:26,Bar Centrale,-27.00,1.50,CHF,COMPLETATO,687.36
            Pagamento,Attuale,2025-08-01 16:06:07,2025-08-01 16:06:08,Affitto,-160.00,0.00,CHF,COMPLETATO,527.36

            """
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries.first?.map(\.amount), ["-28.50", "-160.00"])
        XCTAssertFalse(result.notes.contains { $0.contains("COMPLETATO") }, "\(result.notes)")
    }

    /// Revolut's and PayPal's German `Ausstehend` is pending: read as booked, the hold was
    /// written again when it was booked.
    func testGermanAusstehendIsPending() throws {
        let text = """
            Art,Produkt,Datum des Beginns,Datum des Abschlusses,Beschreibung,Betrag,Gebühr,Währung,Status,Kontostand
            Kartenbezahlung,Giro,2026-06-30 17:11:27,2026-07-01 03:27:38,Muster Shop,-4.00,0.00,CHF,ABGESCHLOSSEN,96.00
            Kartenbezahlung,Giro,2026-07-31 19:00:00,2026-07-31 19:00:00,Muster Kiosk,-7.00,0.00,CHF,AUSSTEHEND,89.00

            """
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries.first?.map(\.pending), [false, true])
        XCTAssertEqual(result.entries.first?.map(\.vendor), ["Muster Shop", "Muster Kiosk"])
    }

    /// PayPal's German download leaves `Name` empty on a bank top-up; its kind (`Typ`) names
    /// the row, where it was rejected for an empty payee. (The older 18-field layout, whose kind
    /// is `Beschreibung`, has a profile: `Beschreibung` is the payee in DKB's and Revolut's.)
    func testPayPalsGermanTopUpIsNamedByItsKind() throws {
        for kind in ["Typ"] {
            let text = """
                "Datum","Uhrzeit","Zeitzone","Name","\(kind)","Status","Währung","Brutto","Gebühr","Netto"
                "07.09.2026","10:12:00","Europe/Berlin","Nussladen GmbH","Express-Zahlung","Abgeschlossen","EUR","-24,90","0,00","-24,90"
                "07.09.2026","10:12:00","Europe/Berlin","","Bankgutschrift auf PayPal-Konto","Abgeschlossen","EUR","24,90","0,00","24,90"

                """
            let result = try CSVReading.read(text)
            XCTAssertEqual(result.problems, [], kind)
            XCTAssertEqual(result.rejects.first?.count, 0, kind)
            XCTAssertEqual(
                result.entries.first?.map(\.vendor), ["Nussladen GmbH", "Bankgutschrift auf PayPal-Konto"], kind)
            XCTAssertEqual(result.entries.first?.map(\.amount), ["-24.90", "24.90"], kind)
        }
    }

    /// PayPal's Japanese download: `合計` (gross), `手数料` (fee), `正味` (net), `残高` (balance).
    /// The net is what moved; taken from the gross, a receipt's fee was lost with exit 0.
    func testPayPalsJapaneseNetAmountNameAndCurrency() throws {
        let text = """
            日付,時間,タイムゾーン,名前,タイプ,ステータス,通貨,合計,手数料,正味,残高
            2018/10/05,10:00:00,JST,山田太郎,ウェブペイメント,完了,JPY,10000,-399,9601,9601
            2018/10/11,19:35:53,JST,書店,ウェブペイメント,完了,JPY,-2246,0,-2246,7355

            """
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries.first?.map(\.amount), ["9601", "-2246"])
        XCTAssertEqual(result.entries.first?.map(\.vendor), ["山田太郎", "書店"])
        XCTAssertEqual(result.accounts.map(\.currency), ["JPY"])
    }

    /// Finom writes a card payment's amount in the shop's currency (`Ursprungsbetrag`) before
    /// the account's (`Zahlungsbetrag`, `Zahlungswährung`): the first was taken, and a USD amount
    /// read as the account's broke its balance chain (with `check-balance=false`, USD as EUR).
    func testFinomsAmountIsTheAccountsCurrencys() throws {
        let text = """
            Buchungsdatum,Status,Auftraggeber/Empfänger,Verwendungszweck,Ursprungswährung,Ursprungsbetrag,Zahlungswährung,Zahlungsbetrag,Wallet-Saldo nach Transaktion,Transaktions-ID
            03.03.2026,Completed,Max Mustermann,Rechnung 2026-001,EUR,500.00,EUR,500.00,500.00,TX-001
            04.03.2026,Completed,SumUp *Haendler GmbH,N/A,USD,-21.80,EUR,-20.00,480.00,TX-002

            """
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries.first?.map(\.amount), ["500.00", "-20.00"])
        XCTAssertEqual(result.accounts.map(\.currency), ["EUR"])
    }

    /// A column of times of day is never the payee: PayPal's Czech `Čas` was, beside a `Název`
    /// (the name) and a `Měna` (the currency) the vocabulary did not know.
    func testATimeColumnIsNoPayee() throws {
        let text = """
            "Datum","Čas","Časové pásmo","Měna","Brutto ","Poplatek ","Netto","Zůstatek","Název"
            "10/6/2023","11:52:55","Europe/Prague","CZK","-500,00","0,00","-500,00","-500,00","Obchod s.r.o."
            "10/7/2023","09:01:12","Europe/Prague","CZK","-20,00","0,00","-20,00","-520,00","Pekárna"

            """
        let result = try CSVReading.read(text, options: ["date-format": "%m/%d/%Y"])
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries.first?.map(\.vendor), ["Obchod s.r.o.", "Pekárna"])
        XCTAssertEqual(result.accounts.map(\.currency), ["CZK"])

        // Headers no list knows: the times are the most distinct text, and still no payee.
        let unknown = """
            Den,Hodina,Zpráva,Suma
            2023-10-06,11:52:55,Platba kartou,-500.00
            2023-10-07,09:01:12,Platba kartou,-20.00
            2023-10-08,6:50 PM,Vklad,30.00

            """
        XCTAssertEqual(
            try CSVReading.read(unknown).entries.first?.map(\.vendor), ["Platba kartou", "Platba kartou", "Vklad"])
    }
}

/// Alipay's and WeChat Pay's bill exports: every amount unsigned, the `收/支` column saying
/// which way (`支出` expense, `收入` income, `不计收支` or `/` for money between the holder's
/// own accounts). Ignored, every expense was read as money in with exit 0. Layout as
/// deb-sig/double-entry-generator's test exports; rows made up.
final class ChinesePaymentAppTests: XCTestCase {
    func testTheIncomeExpenseColumnSignsTheAmounts() throws {
        let text = """
            交易时间,交易分类,交易对方,对方账号,商品说明,收/支,金额,收/付款方式,交易状态,交易订单号
            2023-02-12 21:32:14,日用百货,便利店,/,饮料,支出,49.74,余额,交易成功,2023021200001
            2023-02-08 14:16:52,餐饮美食,面馆,/,午饭,支出,20.00,余额,交易成功,2023020800002
            2023-02-02 15:24:35,投资理财,基金,/,卖出至余额宝,不计收支,99.34,余额宝,交易成功,2023020200003
            2023-01-18 10:17:29,转账红包,朋友,/,转账,收入,228.50,余额,交易成功,2023011800004

            """
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries.first?.map(\.amount), ["-49.74", "-20.00", "228.50"])
        XCTAssertEqual(result.rejects.first?.map(\.line), [4])
        XCTAssertEqual(
            result.reportLine("sign"), "not checked (no balance column; the indicator column says which way)")
    }
}
