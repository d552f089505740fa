import CSVReading
import XCTest

/// Exports whose headers no name of ours knew: each layout is its bank's (from the test files
/// of ofxstatement-ee-seb, ofxstatement-russian and bank2ynab), the figures our own.
final class MoreLanguagesHeaderTests: XCTestCase {
    /// SEB (Estonia): `Beneficiary's name` is the other party, in and out; `Description` was
    /// the payee, and a row without one was named after its `Type` (`MK`).
    func testSEBsBeneficiaryIsThePayee() throws {
        let result = try CSVReading.read(
            """
            Account;Document No.;Date;Beneficiary's account;"Beneficiary's name";BIC/SWIFT;Type;(D/C);Amount;Reference no.;Archive ID;"Description";Commission fee;Currency;ID code/Registry code 
            "EE000000000000000001";"69";"05.07.2025";"EE000000000000000002";"KAUBAMAJA AS";"EEUHEE2X";"MK";"D";12,85;"14589261";"RO3174046458";"Tellimus 458926";0;"EUR";
            "EE000000000000000001";"";"06.07.2025";"EE000000000000000003";"TOOANDJA OU";"HABAEE2X";"MK";"C";1500,00;"";"RMI15681171";"";0;"EUR";""
            "EE000000000000000001";"";"11.07.2025";"";"";"EEUHEE2X";"L";"D";99,22;"";"RO3178110189";"Lep. 2014020809/intress";0;"EUR";

            """)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.vendor), ["KAUBAMAJA AS", "TOOANDJA OU", "Lep. 2014020809/intress"])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-12.85", "1500.00", "-99.22"])
    }

    /// Alfa-Bank (Russia): `Приход` (money in) and `Расход` (money out), a zero in the other.
    func testAlfaBanksIncomeAndExpenseColumns() throws {
        let result = try CSVReading.read(
            """
            Тип счёта;Номер счета;Валюта;Дата операции;Референс проводки;Описание операции;Приход;Расход;
            Мой счет;40800000000000000001;RUR;31.05.25;ABCDEF11111111111;Перечисление ден. средств (зарплата за май);33123,56;0;
            Мой счет;40800000000000000001;RUR;03.05.25;ABCDEF22222222222;Комиссия за переводы в рублях;0;50;

            """)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.amount), ["33123.56", "-50"])
        XCTAssertEqual(
            result.entries[0].map(\.vendor),
            ["Перечисление ден. средств (зарплата за май)", "Комиссия за переводы в рублях"])
    }

    /// OTP (Hungary): `Terhelés` (debit) and `Jóváírás` (credit), the partner's name the payee.
    func testOTPsDebitAndCreditColumns() throws {
        let result = try CSVReading.read(
            """
            Könyvelés dátuma;Értéknap;Terhelés;Jóváírás;Partner neve;Közlemény
            2025.09.15.;2025.09.15.;12 450;;ABC ÁRUHÁZ BUDAPEST;Kártyás vásárlás
            2025.09.16.;2025.09.16.;;450 000;MUNKÁLTATÓ KFT;Munkabér 2025/09

            """)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-12450", "450000"])
        XCTAssertEqual(result.entries[0].map(\.vendor), ["ABC ÁRUHÁZ BUDAPEST", "MUNKÁLTATÓ KFT"])
        XCTAssertEqual(result.entries[0].map(\.date), ["2025-09-15", "2025-09-16"])
    }

    /// VTB (Russia): the amount in the account's currency beside the operation's own, and
    /// `В обработке` (being processed) a card payment not booked yet: two amount columns
    /// refused the file, and named, the pending row would have been booked.
    func testVTBsAccountCurrencyAmountAndItsPendingRows() throws {
        let result = try CSVReading.read(
            """
            Номер карты/счета/договора;Дата операции;Дата обработки;Сумма операции;Валюта операции;Сумма пересчитанная в валюту счета;Валюта счета;Основание;Статус
            '462235******7428;2025-07-06 00:00:00;2025-07-08;-4,50;EUR;-336,15;RUB;Карта *1234 КАФЕ;Исполнено
            '462235******7428;2025-07-05 00:00:00;2025-07-07;-300,00;RUB;-300,00;RUB;Карта *1234 MTS TOPUP;Исполнено
            '462235******7428;2025-07-13 10:48:55;;-600,00;RUB;-600,00;RUB;Карта *1234 MEGAFON TOPUP;В обработке

            """)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-336.15", "-300.00", "-600.00"])
        XCTAssertEqual(result.entries[0].map(\.pending), [false, false, true])
    }

    /// SEB (Sweden), private banking (the layout of a budget app's test file, figures our own):
    /// `Bokföringsdatum` is the booking date; the only known name was `Valutadatum`, and every
    /// row was dated by its value date with exit 0.
    func testSEBSwedensBookingDateBeatsItsValueDate() throws {
        let result = try CSVReading.read(
            """
            Bokföringsdatum;Valutadatum;Verifikationsnummer;Text;Belopp;Saldo
            2025-12-30;2025-12-31;0;RÄNTA;7,84;1241,16
            2025-09-15;2025-09-14;5484;SWISH ANNA;-50,00;1233,32

            """)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.date), ["2025-12-30", "2025-09-15"])
        XCTAssertEqual(result.entries[0].map(\.amount), ["7.84", "-50.00"])
    }

    /// mBank (Poland; the layout other converters document, figures our own): `#Nadawca/Odbiorca`
    /// is the other party, `#Tytuł` the text, and `#Opis operacji` the kind of entry, which
    /// was the payee of every row.
    func testMBanksOtherPartyIsThePayee() throws {
        let result = try CSVReading.read(
            """
            #Data operacji;#Data księgowania;#Opis operacji;#Tytuł;#Nadawca/Odbiorca;#Numer konta;#Kwota;#Saldo po operacji;
            2024-03-04;2024-03-04;PRZELEW MTRANSFER WYCHODZACY;"FV 12/2024";"PAYU SPOLKA AKCYJNA POZNAN";'81114020040000330261746759';-10,50;1,10;
            2024-03-02;2024-03-04;ZAKUP PRZY UŻYCIU KARTY;"STACJA WIELKOPOLSKA/POZNAN";"  ";'';-10,95;11,60;

            """)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.vendor), ["PAYU SPOLKA AKCYJNA POZNAN", "STACJA WIELKOPOLSKA/POZNAN"])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-10.50", "-10.95"])
    }

    /// SEB (Sweden), its `Transaktioner` export (the header of a budget app's test file,
    /// figures our own): `Insättningar` (money in) and `Uttag` (money out, written with its
    /// minus). Only `Uttag` read as the amount, and every deposit was rejected as empty.
    func testSEBSwedensDepositAndWithdrawalColumns() throws {
        let result = try CSVReading.read(
            "\u{FEFF}Bokförd;Valutadatum;Text;Typ;Insättningar;Uttag;Bokfört saldo\r\n"
                + "2026-07-21;2026-07-22;KAFE ZETA/26-07-20;Kortköp;;-89.44;4332.56\r\n"
                + "2026-07-18;2026-07-18;KUNDINBETALNING;Insättning;1250.00;;4422.00\r\n")
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.rejects[0], [])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-89.44", "1250.00"])
        XCTAssertEqual(result.entries[0].map(\.date), ["2026-07-21", "2026-07-18"])
    }

    /// Länsförsäkringar and Handelsbanken (Sweden; the layouts of a budget app's test file,
    /// figures our own): `Bokföringsdag` and `Reskontradatum` are the booking dates, beside
    /// the purchase's `Datum` and `Transaktionsdatum`. Länsförsäkringar's rows were dated by
    /// the purchase, a day or two before the booking the bank's other channels report.
    func testSwedishBookingDatesBeatThePurchaseDate() throws {
        let lansforsakringar = try CSVReading.read(
            """
            "Datum";"Bokföringsdag";"Typ";"Text";"Belopp";"Saldo"
            "2026-03-14";"2026-03-16";"Kortköp";"CLAS OHLSON";"-100,00";"5 000,00"
            "2026-03-11";"2026-03-12";"Kortköp";"ICA MAXI";"-432,50";"5 100,00"

            """)
        XCTAssertEqual(lansforsakringar.problems, [])
        XCTAssertEqual(lansforsakringar.entries[0].map(\.date), ["2026-03-16", "2026-03-12"])

        let handelsbanken = try CSVReading.read(
            """
            Transaktionsdatum;Reskontradatum;Text;Belopp;Saldo
            2026-03-14;2026-03-16;KORTKÖP CLAS OHLSON;-100,00;5000,00
            2026-03-11;2026-03-12;ICA MAXI;-50,00;5100,00

            """)
        XCTAssertEqual(handelsbanken.problems, [])
        XCTAssertEqual(handelsbanken.entries[0].map(\.date), ["2026-03-16", "2026-03-12"])
    }

    /// National Australia Bank (the layout of its export, figures our own): dates as `13 Aug 26`.
    /// No format read them, the `Date` column became the payee and the file failed with
    /// "no date column found".
    func testNABsDayMonthNameAndTwoDigitYear() throws {
        let result = try CSVReading.read(
            """
            Date,Amount,Account Number,,Transaction Type,Transaction Details,Balance,Category,Merchant Name
            13 Aug 26,-2.00,083-123 12345678,,FEE,ATM FEE,2722.57,Fees,
            07 Aug 26,-9.99,083-123 12345678,,EFTPOS DEBIT,ZETA SHOP MELBOURNE,2724.57,Entertainment,Zeta Shop
            05 Aug 26,1500.00,083-123 12345678,,DIRECT CREDIT,ACME PTY LTD SALARY,2734.56,Income,

            """)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.date), ["2026-08-13", "2026-08-07", "2026-08-05"])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-2.00", "-9.99", "1500.00"])
        XCTAssertEqual(result.entries[0].map(\.vendor), ["ATM FEE", "ZETA SHOP MELBOURNE", "ACME PTY LTD SALARY"])
    }

    /// PostFinance (Switzerland) before 2024 (the layout of its export, figures our own):
    /// `Gutschrift in CHF` (money in) and `Lastschrift in CHF` (money out, written with its
    /// minus). With more debits than credits, only `Lastschrift` read as the amount, and every
    /// credit was rejected as empty (exit 3).
    func testPostFinancesCreditAndDebitColumns() throws {
        let result = try CSVReading.read(
            """
            Buchungsdatum;Avisierungstext;Gutschrift in CHF;Lastschrift in CHF;Valuta;Saldo in CHF
            13.08.2026;"GEBÜHR KONTOFÜHRUNG";;-5.00;13.08.2026;2722.57
            07.08.2026;"KAUF/DIENSTLEISTUNG VOM 06.08.2026 KARTEN NR. XXXX1234 ZETA SHOP";;-9.99;07.08.2026;2727.57
            05.08.2026;"GUTSCHRIFT AUFTRAGGEBER: ACME AG LOHN";1500.00;;05.08.2026;2737.56
            02.08.2026;"KAUF/DIENSTLEISTUNG VOM 01.08.2026 KARTEN NR. XXXX1234 MIGROS";;-25.00;02.08.2026;1237.56

            """)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.rejects[0], [])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-5.00", "-9.99", "1500.00", "-25.00"])
    }

    /// HDFC Bank (India), its statement saved as a spreadsheet (the layout, figures our own):
    /// `Withdrawal Amt.` and `Deposit Amt.`. Neither was known, and the file failed with three
    /// amount columns to choose from.
    func testHDFCsWithdrawalAndDepositAmountColumns() throws {
        let result = try CSVReading.read(
            """
            Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance
            02/08/26,POS 416021XXXXXX1234 ZETA BAZAAR,0000521412345678,02/08/26,2500.00,,12095.60
            05/08/26,NEFT CR-ACME PVT LTD-SALARY AUG,N217252345678901,05/08/26,,150000.00,162095.60
            13/08/26,UPI-ZETA-ZETA@HDFCBANK-521912345678-PAYMENT,0000521912345678,13/08/26,649.00,,161446.60

            """)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-2500.00", "150000.00", "-649.00"])
        XCTAssertEqual(result.entries[0].map(\.date), ["2026-08-02", "2026-08-05", "2026-08-13"])
    }

    /// An M-Pesa statement's `Paid In` and `Withdrawn` (figures made up): money in and money out.
    func testMPesasPaidInAndWithdrawn() throws {
        let result = try CSVReading.read(
            """
            Receipt No.,Completion Time,Details,Transaction Status,Paid In,Withdrawn,Balance
            SGR45TXKLP,2023-05-24 13:15:00,Funds received from JOHN DOE,Completed,"1,234.00",,"28,429.00"
            SGR45TXKLQ,2023-05-24 14:00:00,Pay Bill to 888880 - KPLC PREPAID,Completed,,500.00,"27,929.00"

            """)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.amount), ["1234.00", "-500.00"])
    }
}
