import CSVReading
import XCTest

/// Exports of banks in Israel, Turkey, South Africa and Indonesia whose words the lists did
/// not know: each read a figure wrong with exit 0. Layouts as other projects' test strings
/// carry them; rows made up.
final class RegionalExportTests: XCTestCase {
    /// Max's card export: its column `4 ספרות אחרונות של כרטיס האשראי` (the card's last four
    /// digits) says it is a card's, whose charges are positive. Unknown, the charges were money in.
    func testAHebrewCardColumnAsksWhichWayTheAmountsRun() throws {
        let text = """
            תאריך עסקה,שם בית העסק,קטגוריה,4 ספרות אחרונות של כרטיס האשראי,סוג עסקה,סכום חיוב
            03-05-2026,סופר שכונתי,מזון,1234,רגילה,17.00
            05-05-2026,תחנת דלק,רכב,1234,רגילה,50.00

            """
        let problems = try CSVReading.read(
            text, options: ["date": "1", "vendor": "2", "amount": "6", "date-format": "%d-%m-%Y"]
        ).problems
        XCTAssertEqual(problems.count, 1)
        XCTAssertTrue(problems[0].contains("the file is a card statement (its column"), problems[0])
    }

    /// Turkish banks' `Tarih`, `Tutar` and `Bakiye`: the balance unknown, unsigned amounts
    /// beside it were all read as money in (rent as income). Known, the balance is checked, and
    /// amounts that run both ways unsigned are refused, not read.
    func testTurkishHeadersAndABalanceThatRunsAgainstUnsignedAmounts() throws {
        let text = """
            Tarih;Açıklama;Tutar;Bakiye
            05.10.2026;MAAŞ;38.000,00;48.000,00
            04.10.2026;MARKET;150,00;10.000,00
            03.10.2026;KİRA;12.000,00;10.150,00
            02.10.2026;AÇILIŞ;0,00;22.150,00

            """
        let result = try CSVReading.read(text)
        assertOneProblem(result.problems, "does not follow from")
        let signed = text.replacingOccurrences(of: ";150,00;", with: ";-150,00;")
            .replacingOccurrences(of: ";12.000,00;", with: ";-12.000,00;")
        XCTAssertEqual(
            try CSVReading.read(signed).entries.first?.map(\.amount), ["38000.00", "-150.00", "-12000.00", "0.00"])
    }

    /// A Russian bank's `Тип операции` of `Приход` (income) and `Расход` (expense) beside
    /// unsigned amounts, with no balance: the words unknown, every amount was money in.
    func testRussianIncomeAndExpenseWordsSignTheAmounts() throws {
        let text = """
            Дата;Описание;Сумма;Тип операции
            01.03.2026;Зарплата ООО Ромашка;50000,00;Приход
            02.03.2026;Пятёрочка;1234,56;Расход
            03.03.2026;Аптека;500,00;Расход

            """
        XCTAssertEqual(try CSVReading.read(text).entries.first?.map(\.amount), ["50000.00", "-1234.56", "-500.00"])
    }

    /// Unsigned amounts beside a column of two words txfeed does not know (a Polish bank's `Typ`
    /// of `Uznanie`, credit, and `Obciążenie`, debit): every one was money in, with exit 0. The
    /// column is named with the options that read it; without such a column, a note says the
    /// amounts were read as money in.
    func testUnsignedAmountsBesideTwoUnknownWordsAreNotSettled() throws {
        let text = """
            Date;Opis;Kwota;Typ
            01.03.2026;Pensja;5000,00;Uznanie
            02.03.2026;Biedronka;123,45;Obciążenie
            03.03.2026;Apteka;50,00;Obciążenie

            """
        let problems = try CSVReading.read(text).problems
        assertOneProblem(
            problems,
            "column \"Typ\" holds two words (Uznanie, Obciążenie): if they say which way the money goes, "
                + "set indicator=4 with debit-words and credit-words")
        XCTAssertEqual(
            try CSVReading.read(
                text, options: ["indicator": "4", "debit-words": "Obciążenie", "credit-words": "Uznanie"]
            ).entries.first?.map(\.amount), ["5000.00", "-123.45", "-50.00"])
        XCTAssertEqual(
            try CSVReading.read(text, options: ["sign": "as-is"]).entries.first?.map(\.amount),
            ["5000.00", "123.45", "50.00"])
        let alone = try CSVReading.read("Date,Payee,Amount\n2024-03-01,A,5.00\n2024-03-02,B,6.00\n")
        XCTAssertEqual(alone.problems, [])
        XCTAssertTrue(
            alone.notes.contains { $0.hasPrefix("every amount is unsigned and read as money in") }, "\(alone.notes)")
    }

    /// Korean banks' `찾으신금액` (withdrawn) and `맡기신금액` (deposited), the other cell 0: the
    /// headers unknown, the deposit column alone followed the balance on every row but the
    /// first, whose withdrawal was written as 0.00 with exit 0. The running balance follows the
    /// two as money out and money in. A layout of signed amounts beside another figure is not
    /// such a pair (ING's `Kwota blokady`), nor one without a header (a card's charges and
    /// payments run with the balance owed just so).
    func testTwoUnknownMoneyColumnsThatTheBalanceFollowsAreOutAndIn() throws {
        let text = """
            거래일시,적요,찾으신금액,맡기신금액,잔액
            2026-09-01,체크카드,5000,0,10000
            2026-09-02,급여,0,90000,100000

            """
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries.first?.map(\.amount), ["-5000", "90000"])
        XCTAssertEqual(result.reportLine("sign"), "as-is (the balance column: 1 of 1 rows)")
        // Without the header, nothing says whose view: refused as before.
        let headerless = try CSVReading.read(String(text.drop { $0 != "\n" }.dropFirst()))
        XCTAssertEqual(headerless.entries.first ?? [], [])
    }

    /// Revolut's Portuguese export: `Taxa` is its fee, `Moeda` the currency, `REVERTIDO` a
    /// payment reverted. Unknown, the fee was lost, and the reverted row was read as booked,
    /// with exit 0 (the importer these rows come from leaves it out).
    func testRevolutsPortugueseFeeCurrencyAndRevertedRow() throws {
        let text = """
            Tipo,Produto,Data de início,Data de conclusão,Descrição,Montante,Taxa,Moeda,Estado,Saldo
            CARD_PAYMENT,Current,2026-06-02 10:00:00,2026-06-02 10:00:05,Pingo Doce Lisboa,-23.40,1.00,EUR,CONCLUÍDO,976.60
            TRANSFER,Current,2026-06-05 09:00:00,2026-06-05 09:00:01,Ordenado,1800.00,0.00,EUR,CONCLUÍDO,2776.60
            CARD_PAYMENT,Current,2026-06-07 20:00:00,,Bolt PT,-6.20,0.00,EUR,REVERTIDO,

            """
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries.first?.map(\.amount), ["-24.40", "1800.00"])
        XCTAssertEqual(result.accounts.map(\.currency), ["EUR"])
        XCTAssertEqual(result.neverMoved.first?.map(\.line), [4])
    }

    /// Swedbank's Estonian `Valuuta` (and its Latvian, Lithuanian, Finnish, Polish, Hungarian,
    /// Spanish and Portuguese twins): unknown, a EUR row and a USD row were one account without
    /// a currency, 1025.00 of nothing.
    func testCurrencyHeadersInMoreLanguagesSplitTheAccounts() throws {
        for header in ["Valuuta", "Valūta", "Valiuta", "Valuutta", "Waluta", "Pénznem", "Divisa", "Moeda"] {
            let result = try CSVReading.read(
                """
                "Kuupäev","Saaja/maksja nimi","Deebet/Kreedit (D/C)","Summa","Selgitus","\(header)"
                "2026-05-05","Mari","C","25.00","Course","EUR"
                "2026-05-06","John","C","1000.00","Invoice","USD"

                """)
            XCTAssertEqual(result.accounts.map(\.currency), ["EUR", "USD"], header)
        }
    }

    /// EnterCard's Swedish card export: charges positive, its one payment `INBETALNING, TACK`
    /// negative. The word unknown, every charge was read as money in with exit 0; now the one
    /// payment row asks which way the amounts run, as an English one does.
    func testASwedishCardPaymentWordAsksWhichWayTheAmountsRun() throws {
        let text = """
            Transaktionsdatum;Bokföringsdatum;Beskrivning;Belopp
            2026-06-26;2026-06-28;BAUHAUS SICKLA;1249,00
            2026-06-20;2026-06-22;SAS STOCKHOLM;3890,00
            2026-06-15;2026-06-16;SPOTIFY AB;169,00
            2026-06-10;2026-06-11;INBETALNING, TACK;-8450,00

            """
        let problems = try CSVReading.read(text).problems
        assertOneProblem(problems, "the one payment row (line 5) is negative")
    }

    /// Capitec marks a hold by `(Pending)` before its payee, its balance cell empty: read as
    /// booked, it was written again once booked.
    func testCapitecsPendingMarkIsAHold() throws {
        let text = """
            Nr,Account,Posting Date,Transaction Date,Description,Original Description,Parent Category,Category,Money In,Money Out,Fee,Balance
            1,1768000098,2026-07-01,2026-07-01,Salary,Salary,Income,Salary,40000.00,,,40000.00
            2,1768000098,2026-07-02,2026-07-02,Grocer One Cityville,Grocer One,Food,Groceries,,-515.00,,39485.00
            3,1768000098,2026-07-07,2026-07-07,(Pending) Garden Shop,Garden,,,,-52.25,,

            """
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries.first?.map(\.pending), [false, false, true])
    }

    /// Capitec writes a fee charged alone (`Monthly Account Admin Fee`) and its correction in
    /// the `Fee` column, the money columns empty: rejected, the account's fees were lost (66 of
    /// a real statement's 299 rows). Such a row moved its fee, as the balance shows.
    func testCapitecsFeeRowsMoveTheirFee() throws {
        let text = """
            Nr,Account,Posting Date,Transaction Date,Description,Original Description,Parent Category,Category,Money In,Money Out,Fee,Balance
            1,1234567890,2025-02-03,2025-02-01,Salary,ACME SALARY,Income,Salary,15000.00,,,16000.00
            2,1234567890,2025-02-05,2025-02-05,Cash Withdrawal,ATM CASH,Cash,Cash,,-1000.00,-10.00,14990.00
            3,1234567890,2025-02-06,2025-02-06,SMS Notification Fee,SMS,Fees,Fees,,,-0.35,14989.65
            4,1234567890,2025-02-07,2025-02-07,Correction: SMS Notification Fee,Correction,Fees,Fees,,,0.35,14990.00
            5,1234567890,2025-02-08,2025-02-08,Monthly Account Admin Fee,ADMIN FEE,Fees,Bank Fees,,,-7.50,14982.50

            """
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.rejects.first?.count, 0)
        XCTAssertEqual(result.entries.first?.map(\.amount), ["15000.00", "-1010.00", "-0.35", "0.35", "-7.50"])
        XCTAssertEqual(result.reportLine("balance chain"), "4 of 4 rows agree (oldest first)")
    }

    /// BCA (Indonesia) writes `DB` and `CR` beside unsigned amounts.
    func testBCAsDBAndCRSayWhichWay() throws {
        let text = """
            Tanggal Transaksi,Keterangan,Cabang,Jumlah,,Saldo
            05/09/2026,TRSF E-BANKING DB IBU SITI,0000,"1,500,000.00",DB,"8,500,000.00"
            10/09/2026,SETORAN TUNAI,0123,"2,000,000.00",CR,"10,500,000.00"
            30/09/2026,BIAYA ADM,0000,"15,000.00",DB,"10,485,000.00"

            """
        let result = try CSVReading.read(text, options: ["amount": "Jumlah"])
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries.first?.map(\.amount), ["-1500000.00", "2000000.00", "-15000.00"])
    }
}
