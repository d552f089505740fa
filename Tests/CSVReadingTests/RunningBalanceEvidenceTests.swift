import XCTest

@testable import CSVReading

/// A running balance is found where money moves: a column with one value on every row, or a
/// chain over amounts of zero, is no evidence of one.
final class RunningBalanceEvidenceTests: XCTestCase {
    /// csv2ofx's data/test/sumup.csv (MIT, reubano/csv2ofx): `Wechselkurs` is 1.00 and `Gebühr`
    /// 0.00 on every row; the money is in `Rechnungsbetrag ausgehend` / `eingehend`.
    static let sumup = """
        Datum der Transaktion,Transaktions-ID,Art der Transaktion,Referenz,Zahlungsreferenz,Status,\
        Rechnungsbetrag ausgehend,Rechnungsbetrag eingehend,Währung der Karte,Zahlungsbetrag ausgehend,\
        Zahlungsbetrag eingehend,Zahlungswährung,Wechselkurs,Gebühr,Verfügbares Guthaben
        "29.12.24, 13:56",CONPWBBZPL,Ausgehende Banküberweisung,Angelika Theissen DE35500105174283248935,\
        Hier ist dein Geld,Genehmigt,840.12,0.00,EUR,840.12,0.00,EUR,1.00,0.00,890.12
        "26.12.24, 16:30",C9VK7VXVJN,Ausgehende Banküberweisung,Paul Simon Dreher DE64500105175197789342,\
        Gesendet durch SumUp,Genehmigt,500.00,0.00,EUR,500.00,0.00,EUR,1.00,0.00,50.00
        "26.12.24, 16:25",CDJ2XPQY2K,Ausgehende Banküberweisung,Niklas Furst-Walter DE51500105177191661339,\
        Auszahlung eines beliebigen Betrags,Genehmigt,500.00,0.00,EUR,500.00,0.00,EUR,1.00,0.00,550.00
        "15.03.24, 09:19",C9B7E6PMEQ,Eingehende Banküberweisung,Sara Dietrich DE11500105173122451822,\
        Kohle,Genehmigt,0.00,40.00,EUR,0.00,40.00,EUR,1.00,0.00,1050.00
        "20.01.24, 12:15",COWMKB43BJ,Eingehende Banküberweisung,Hans-Peter König DE14500105173896376453,\
        Hallo,Genehmigt,0.00,10.00,EUR,0.00,10.00,EUR,1.00,0.00,1010.00

        """

    static let sumupOptions = ["date": "1", "date-format": "%d.%m.%y, %H:%M"]

    /// Before: the exchange rate was the balance and the fee the amount, every row 0.00 with the
    /// chain "agreeing". Now no column is the amount by a chain of zeros: the money out and in
    /// (`Rechnungsbetrag ausgehend`, `eingehend`) are the pair the balance follows, and the run
    /// refuses where the file's newest row breaks it (50.00 − 840.12 is not 890.12).
    func testConstantColumnIsNoBalanceAndZerosAreNoAmount() throws {
        let result = try CSVReading.read(Self.sumup, options: Self.sumupOptions, origin: "sumup.csv", stem: "sumup")
        XCTAssertEqual(result.entries.flatMap { $0 }, [])
        XCTAssertEqual(result.problems.count, 1, "\(result.problems)")
        let problem = result.problems.first ?? ""
        XCTAssertTrue(
            problem.hasPrefix("sumup.csv: line 2: balance 890.12 does not follow from 50.00 (line 3) and debit 840.12"),
            problem)
        XCTAssertTrue(problem.contains("set check-balance=false"), problem)
        XCTAssertFalse(result.report.contains("14 Gebühr → amount"), result.report)
        XCTAssertTrue(result.report.contains("7 Rechnungsbetrag ausgehend → debit"), result.report)
    }

    /// With the money's columns named, `Verfügbares Guthaben` is the running total of four rows
    /// of five, and the newest breaks it (50.00 − 840.12 is not 890.12): said, not read. Unchecked,
    /// the figures are csv2ofx's.
    func testSumupWithDebitAndCreditNamed() throws {
        var options = Self.sumupOptions
        options["debit"] = "Rechnungsbetrag ausgehend"
        options["credit"] = "Rechnungsbetrag eingehend"
        options["balance"] = "Verfügbares Guthaben"
        let checked = try CSVReading.read(Self.sumup, options: options, origin: "sumup.csv", stem: "sumup")
        XCTAssertEqual(
            checked.problems,
            [
                "sumup.csv: line 2: balance 890.12 does not follow from 50.00 (line 3) and debit 840.12: a row missing "
                    + "or repeated, or a figure misread; set check-balance=false to read the file unchecked"
            ])
        options["check-balance"] = "false"
        let result = try CSVReading.read(Self.sumup, options: options, origin: "sumup.csv", stem: "sumup")
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(
            result.entries.flatMap { $0 }.map(\.amount), ["-840.12", "-500.00", "-500.00", "40.00", "10.00"])
    }

    /// The shape of hledger's examples/csv/csb43.csv (written here, not copied): a bank code the
    /// same on every row and an item code of zeros made a "balance" that then broke the run.
    func testConstantCodeBesideZerosIsNoBalance() throws {
        let text = """
            bank_code,account_number,short_name,currency,own_item,item1,transaction_date,amount
            4321,1234567890,J.DOE,EUR,000,SALARY NOVEMBER,2019-11-02,1500.00
            4321,1234567890,J.DOE,EUR,000,RENT NOVEMBER,2019-11-10,-500.00
            4321,1234567890,J.DOE,EUR,000,GROCERIES,2019-11-12,-42.10

            """
        let result = try CSVReading.read(text, origin: "csb43.csv", stem: "csb43")
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries.flatMap { $0 }.map(\.amount), ["1500.00", "-500.00", "-42.10"])
        XCTAssertFalse(result.report.contains("running total"), result.report)
    }

    // MARK: - A short file with a row misread

    /// Schwab's checking export (its columns and `$` amounts, as in csv2ofx's schwab test files;
    /// the figures mine), the deposit read as 20.01 where the balances say 20.00.
    static let schwab = """
        "Date","Status","Type","CheckNumber","Description","Withdrawal","Deposit","RunningBalance"
        "08/04/2022","Posted","ACH","","PAYPAL INST XFER","$57.27","","$1,036.47"
        "08/09/2022","Posted","CHECK","558","Check Paid #558","$75.00","","$961.47"
        "08/17/2022","Posted","ATM","","BMO HARRIS BANK","$103.00","","$858.47"
        "08/17/2022","Posted","DEPOSIT","","Deposit Mobile Banking","","$20.01","$878.47"

        """

    /// `RunningBalance` is the balance by its name: its break is said. Before, the header named
    /// nothing and the column, the running total of two rows of three, was no balance: the file
    /// was read unchecked with exit 0, the deposit as 20.01.
    func testACamelCaseBalanceHeaderIsCheckedAndItsBreakSaid() throws {
        XCTAssertEqual(HeaderVocabulary.roles(of: "RunningBalance").map(\.role), [.balance])
        XCTAssertEqual(HeaderVocabulary.normaliseHeader("RunningBalance"), "running balance")
        let result = try CSVReading.read(Self.schwab, origin: "schwab.csv", stem: "schwab")
        XCTAssertEqual(
            result.problems,
            [
                "schwab.csv: line 5: balance $878.47 does not follow from $858.47 (line 4) and credit $20.01: a row "
                    + "missing or repeated, or a figure misread; set check-balance=false to read the file unchecked"
            ])
        XCTAssertEqual(result.entries, [[]], "nothing is handed out")
    }

    /// A column no header names is the balance when all but one of at least two steps follow
    /// from the amounts: in a short file, the one row missing or misread is what the check is
    /// for. Before, two steps of three were too few, and the break went unsaid.
    func testAShortFilesUnnamedRunningTotalWithOneBreakIsCheckedAndItsBreakSaid() throws {
        let text = Self.schwab.replacingOccurrences(of: "\"RunningBalance\"", with: "\"Stand\"")
        let result = try CSVReading.read(text, origin: "schwab.csv", stem: "schwab")
        XCTAssertEqual(result.problems.count, 1, "\(result.problems)")
        XCTAssertTrue(result.problems.first?.hasPrefix("schwab.csv: line 5: balance $878.47 does not follow") ?? false)
        XCTAssertTrue(result.report.contains("8 Stand → balance (running total)"), result.report)
        XCTAssertTrue(ColumnRoles.isRunningTotal([100, 90, 80, 81], of: [nil, -10, -10, 2]))
        XCTAssertFalse(ColumnRoles.isRunningTotal([100, 90, 81], of: [nil, -10, 2]), "one step of two is too few")
        XCTAssertFalse(ColumnRoles.isRunningTotal([100, 90, 80, 81, 85], of: [nil, -10, -10, 2, 3]), "two of four")
    }

    /// Revolut's columns (the figures mine): a declined payment, which shows no balance, between
    /// two rows that moved money, and the row before it missing. The declined row restarted the
    /// chain, so the ATM row after it was never checked and the file read with exit 0.
    func testARowThatNeverMovedDoesNotRestartTheChain() throws {
        let text = """
            Type,Product,Started Date,Completed Date,Description,Amount,Fee,Currency,State,Balance
            TOPUP,Current,2026-09-01 09:00:00,2026-09-01 09:00:05,Payment from Mario Rossi,200.00,0.00,EUR,COMPLETED,250.00
            CARD_PAYMENT,Current,2026-09-02 12:00:00,2026-09-03 08:00:00,Esselunga Milano,-23.40,0.00,EUR,COMPLETED,226.60
            CARD_PAYMENT,Current,2026-09-06 10:00:00,,Netflix,-7.99,0.00,EUR,DECLINED,
            ATM,Current,2026-09-07 10:00:00,2026-09-07 10:00:00,Cash at Bancomat,-50.00,1.00,EUR,COMPLETED,135.60

            """
        let missing = try CSVReading.read(text, origin: "revolut.csv", stem: "revolut")
        XCTAssertEqual(
            missing.problems,
            [
                "revolut.csv: line 5: balance 135.60 does not follow from 226.60 (line 3) and amount -50.00: a row "
                    + "missing or repeated, or a figure misread; set check-balance=false to read the file unchecked"
            ])
        let whole = try CSVReading.read(
            text.replacingOccurrences(of: ",135.60", with: ",175.60"), origin: "revolut.csv", stem: "revolut")
        XCTAssertEqual(whole.problems, [])
        XCTAssertEqual(whole.reportLine("balance chain"), "2 of 2 rows agree (oldest first)")
        XCTAssertEqual(whole.entries[0].map(\.amount), ["200.00", "-23.40", "-51.00"])
    }

    /// Revolut lists a hold among the booked rows, sorted by when it started, with no balance of
    /// its own, and its balance leaves holds out: the hold's amount was summed into the next step,
    /// and the whole file was refused as a row missing.
    func testAHoldWithoutABalanceAmongBookedRowsMayBeLeftOutOfTheNextStep() throws {
        let text = """
            Type,Product,Started Date,Completed Date,Description,Amount,Fee,Currency,State,Balance
            TOPUP,Current,2026-09-01 09:00:00,2026-09-01 09:00:05,Payment from Mario Rossi,200.00,0.00,EUR,COMPLETED,250.00
            CARD_PAYMENT,Current,2026-09-02 12:00:00,,Uber,-14.20,0.00,EUR,PENDING,
            CARD_PAYMENT,Current,2026-09-02 13:00:00,2026-09-03 08:00:00,Esselunga Milano,-23.40,0.00,EUR,COMPLETED,226.60
            ATM,Current,2026-09-07 10:00:00,2026-09-07 10:00:00,Cash at Bancomat,-50.00,1.00,EUR,COMPLETED,175.60

            """
        let result = try CSVReading.read(text, origin: "revolut.csv", stem: "revolut")
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.reportLine("balance chain"), "2 of 2 rows agree (oldest first)")
        XCTAssertEqual(result.entries[0].map(\.amount), ["200.00", "-14.20", "-23.40", "-51.00"])
        XCTAssertEqual(result.entries[0].map(\.pending), [false, true, false, false])
        // A booked row is never left out: without its balance, a step that leaves it out breaks.
        let booked = try CSVReading.read(
            text.replacingOccurrences(of: "PENDING", with: "COMPLETED"), origin: "revolut.csv", stem: "revolut")
        XCTAssertEqual(booked.problems.count, 1, "\(booked.problems)")
    }
}
