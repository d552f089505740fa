import CSVReading
import XCTest

/// The balance chain walked over exact integers (ten-thousandths), then whole files through the
/// document: the order, the sign, a missing or repeated row, an opening balance, `check-balance`.
final class BalanceChainTests: XCTestCase {
    /// Rows of (line, day, amount, balance) in units of 0.01.
    private func rows(_ values: [(Int, Int, Int64?, Int64?)]) -> [BalanceChain.Row] {
        values.map { line, day, amount, balance in
            BalanceChain.Row(line: line, day: day, amount: amount.map { $0 * 100 }, balance: balance.map { $0 * 100 })
        }
    }

    func testOldestFirstAsIs() throws {
        let verdict = try XCTUnwrap(
            BalanceChain.walk(rows([(2, 1, 2000_00, 2500_00), (3, 2, -45_20, 2454_80), (4, 5, -900_00, 1554_80)])))
        XCTAssertEqual(verdict.order, .oldestFirst)
        XCTAssertFalse(verdict.inverted)
        XCTAssertEqual([verdict.agreeing, verdict.checked], [2, 2])
        XCTAssertNil(verdict.firstBreak)
    }

    func testNewestFirstAsIs() throws {
        let verdict = try XCTUnwrap(
            BalanceChain.walk(rows([(2, 5, -900_00, 1554_80), (3, 2, -45_20, 2454_80), (4, 1, 2000_00, 2500_00)])))
        XCTAssertEqual(verdict.order, .newestFirst)
        XCTAssertFalse(verdict.inverted)
        XCTAssertEqual([verdict.agreeing, verdict.checked], [2, 2])
    }

    /// The bank's view: every amount runs against the balances.
    func testInverted() throws {
        let verdict = try XCTUnwrap(
            BalanceChain.walk(rows([(2, 1, -2000_00, 2500_00), (3, 2, 45_20, 2454_80), (4, 5, 900_00, 1554_80)])))
        XCTAssertTrue(verdict.inverted)
        XCTAssertTrue(verdict.holds)
        XCTAssertEqual([verdict.agreeing, verdict.checked], [2, 2])
    }

    /// Two direct debits of one day (ING's export, newest first): newest first as written and
    /// oldest first inverted fit the balances alike, and the inverted reading was taken, both
    /// debits money in with exit 0. Of readings alike, the amounts as written.
    func testATieBetweenReadingsKeepsTheAmountsAsWritten() throws {
        let verdict = try XCTUnwrap(BalanceChain.walk(rows([(2, 9, -2_90, 322_80), (3, 9, -2_90, 325_70)])))
        XCTAssertEqual(verdict.order, .newestFirst)
        XCTAssertFalse(verdict.inverted)
        XCTAssertEqual([verdict.agreeing, verdict.checked], [1, 1])
        let document = try CSVReading.read(
            """
            Buchung;Valuta;Auftraggeber/Empfänger;Buchungstext;Verwendungszweck;Saldo;Währung;Betrag;Währung
            09.12.2018;10.12.2018;INFOPAY;Lastschrift;OnlineTicket;322,8;EUR;-2,90;EUR
            09.12.2018;10.12.2018;INFOPAY;Lastschrift;OnlineTicket;325,7;EUR;-2,90;EUR

            """)
        XCTAssertEqual(document.problems, [])
        XCTAssertEqual(document.entries.first?.map(\.amount), ["-2.90", "-2.90"])
    }

    /// The Grocer row between lines 3 and 4 is gone: line 4's balance does not follow from line 3's.
    func testDroppedRowBreaksNamingBothLines() throws {
        let verdict = try XCTUnwrap(
            BalanceChain.walk(
                rows([
                    (2, 1, 2000_00, 2500_00), (3, 2, -45_20, 2454_80), (4, 5, -900_00, 1500_00), (5, 6, -4_80, 1495_20),
                ])
            ))
        XCTAssertFalse(verdict.holds)
        XCTAssertEqual([verdict.agreeing, verdict.checked], [2, 3])
        XCTAssertEqual(verdict.firstBreak, BalanceChain.Break(line: 4, previousLine: 3, amountLines: [4]))
    }

    /// A row exported twice: the second copy's balance repeats the first's.
    func testDuplicatedRowBreaks() throws {
        let verdict = try XCTUnwrap(
            BalanceChain.walk(
                rows([
                    (2, 1, 2000_00, 2500_00), (3, 2, -45_20, 2454_80), (4, 2, -45_20, 2454_80),
                    (5, 5, -900_00, 1554_80),
                ])
            ))
        XCTAssertEqual(verdict.firstBreak?.line, 4)
        XCTAssertEqual(verdict.firstBreak?.previousLine, 3)
    }

    /// An opening balance (no amount) starts the chain: the first transaction is checked against it.
    func testOpeningBalanceStartsTheChain() throws {
        let verdict = try XCTUnwrap(
            BalanceChain.walk(rows([(2, 1, nil, 500_00), (3, 2, 2000_00, 2500_00), (4, 3, -45_20, 2454_80)])))
        XCTAssertEqual([verdict.agreeing, verdict.checked], [2, 2])
        XCTAssertTrue(verdict.holds)
    }

    /// A credit word beside a negative cell: the balances choose the word's reading.
    func testAlternativeReadingChosenByTheBalances() throws {
        var chain = rows([(2, 1, 100_00, 100_00), (3, 2, -123_50, -23_50), (4, 4, -1533_50, 1510_00)])
        chain[2].alternative = 1533_50 * 100
        let verdict = try XCTUnwrap(BalanceChain.walk(chain))
        XCTAssertTrue(verdict.holds)
        XCTAssertEqual(verdict.alternatives, [4])
    }

    func testOneRowHasNothingToCheck() {
        XCTAssertNil(BalanceChain.walk(rows([(2, 1, 100_00, 100_00)])))
    }

    // MARK: - Whole files

    static let dropped = """
        Date,Description,Amount,Balance
        2024-03-01,Salary,2000.00,2500.00
        2024-03-02,Grocer,-45.20,2454.80
        2024-03-05,Rent,-900.00,1500.00
        2024-03-06,Cafe,-4.80,1495.20

        """

    func testDocumentWithDroppedRowFails() throws {
        let result = try CSVReading.read(Self.dropped)
        XCTAssertEqual(
            result.problems,
            [
                "bank.csv: line 4: balance 1500.00 does not follow from 2454.80 (line 3) and amount -900.00: "
                    + "a row missing or repeated, or a figure misread; set check-balance=false to read the file unchecked"
            ])
        XCTAssertEqual(result.entries, [[]], "nothing is handed out")
        XCTAssertEqual(result.reportLine("balance chain"), "2 of 3 rows agree (oldest first)")
    }

    /// A payee with an unquoted comma: the row has a field too many, its amount read as its
    /// balance, and the break named a figure of the wrong column alone.
    func testABreakBesideARejectedRowNamesItsReason() throws {
        let shifted = """
            Date,Description,Amount,Balance
            2024-01-05,Coffee,-3.50,96.50
            2024-01-04,Shop, Inc,-12.50,100.00
            2024-01-03,Salary,112.50,112.50

            """
        let result = try CSVReading.read(shifted)
        XCTAssertEqual(
            result.problems,
            [
                "bank.csv: line 2: balance 96.50 does not follow from -12.50 (line 3) and amount -3.50: "
                    + "line 3 is rejected (5 fields, the header has 4); set check-balance=false to read the file unchecked"
            ])
    }

    func testCheckBalanceFalseReadsTheFileUnchecked() throws {
        let result = try CSVReading.read(Self.dropped, options: ["check-balance": "false"])
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.amount), ["2000.00", "-45.20", "-900.00", "-4.80"])
        XCTAssertEqual(result.reportLine("balance chain"), "not checked (check-balance=false)")
        XCTAssertEqual(result.reportLine("sign"), "not checked (the balance column not checked, no payment words)")
        XCTAssertEqual(
            result.reportLine("spec"),
            "-s 'csv:bank.csv,separator=,,date-format=%Y-%m-%d,decimal-mark=.,check-balance=false'")
    }

    /// A card export in Capital One's columns with the balance owed beside them: the balance runs
    /// against Debit and Credit, which the chain took for the bank's view, so every charge came
    /// out as money in and the payment as money out (exit 0, a note). Debit and credit say which
    /// way the money runs: on a card the balance is what is owed, and without a card's marks the
    /// file is refused naming both readings.
    func testABalanceRunningAgainstDebitAndCreditIsOwedOnACardAndAskedElsewhere() throws {
        let card = """
            Transaction Date,Posted Date,Card No.,Description,Category,Debit,Credit,Balance
            2024-03-01,2024-03-02,1234,STARBUCKS,Dining,4.50,,104.50
            2024-03-03,2024-03-04,1234,SHELL OIL,Gas,40.00,,144.50
            2024-03-05,2024-03-06,1234,CAPITAL ONE MOBILE PYMT,Payment,,100.00,44.50
            2024-03-07,2024-03-08,1234,AMAZON,Shopping,20.00,,64.50

            """
        let read = try CSVReading.read(card)
        XCTAssertEqual(read.problems, [])
        XCTAssertEqual(read.entries.first?.map(\.amount), ["-4.50", "-40.00", "100.00", "-20.00"])
        XCTAssertEqual(
            read.notes,
            [
                "the balance column runs against the debit and credit columns (3 of 3 rows): read as what is owed "
                    + "on a card (its column \"Card No.\"), the amounts as the columns say"
            ])
        let unmarked = try CSVReading.read(card.replacingOccurrences(of: "Card No.", with: "Ref"))
        XCTAssertEqual(
            unmarked.problems,
            [
                "bank.csv: the balance column runs against the debit and credit columns (3 of 3 rows): if it is "
                    + "what is owed "
                    + "(a card, a loan), set sign=as-is with check-balance=false; if the columns are the bank's "
                    + "view, set sign=inverted"
            ])
        XCTAssertEqual(unmarked.entries.first, [])
    }

    /// A card export in the holder's view (charges negative, payments positive) beside the
    /// balance owed: the chain runs against the amounts, and read inverted every charge was money
    /// in. On a card, the payment rows say whose view the amounts are in; the balance is owed.
    func testOnACardThePaymentRowsSayWhoseViewTheAmountsAreIn() throws {
        let card = """
            Date,Description,Card Member,Amount,Balance
            2024-03-01,STARBUCKS,J DOE,-4.50,104.50
            2024-03-03,SHELL OIL,J DOE,-40.00,144.50
            2024-03-05,PAYMENT THANK YOU,J DOE,100.00,44.50
            2024-03-07,AMAZON,J DOE,-20.00,64.50
            2024-03-09,AUTOPAY PAYMENT,J DOE,50.00,14.50

            """
        let read = try CSVReading.read(card)
        XCTAssertEqual(read.problems, [])
        XCTAssertEqual(read.entries.first?.map(\.amount), ["-4.50", "-40.00", "100.00", "-20.00", "50.00"])
        XCTAssertEqual(
            read.reportLine("sign"),
            "as-is (payment words: 2 of 2 rows run against the other 3; the balance is what is owed on the card)")
        // Without a card's marks the chain decides, as for a current account in the bank's view.
        let giro = try CSVReading.read(card.replacingOccurrences(of: "Card Member", with: "Member"))
        XCTAssertEqual(giro.entries.first?.map(\.amount), ["4.50", "40.00", "-100.00", "20.00", "-50.00"])
    }

    /// A card's signed amounts beside the balance owed, no payment row: a card issuer's charges
    /// (positive, the balance rising with them) were read as money in. Mostly positive, they are
    /// refused naming both readings; mostly negative (the holder's charges), they are read as
    /// written and the balance is what is owed, where the chain had inverted them.
    func testACardWithoutPaymentRowsIsReadByItsChargesNotByTheChainAlone() throws {
        let issuer = """
            Date,Description,Card Member,Amount,Balance
            2024-03-01,STARBUCKS,J DOE,4.50,104.50
            2024-03-03,SHELL OIL,J DOE,40.00,144.50
            2024-03-07,AMAZON,J DOE,20.00,164.50

            """
        let refused = try CSVReading.read(issuer)
        XCTAssertEqual(refused.entries.first, [])
        XCTAssertTrue(
            refused.problems.first?.hasSuffix(
                "no payment rows tell: set sign=inverted with check-balance=false if they are charges, sign=as-is "
                    + "if they are money in") ?? false, "\(refused.problems)")
        let told = try CSVReading.read(issuer, options: ["sign": "inverted", "check-balance": "false"])
        XCTAssertEqual(told.entries.first?.map(\.amount), ["-4.50", "-40.00", "-20.00"])
        let holder = try CSVReading.read(issuer.replacingOccurrences(of: ",J DOE,", with: ",J DOE,-"))
        XCTAssertEqual(holder.problems, [])
        XCTAssertEqual(holder.entries.first?.map(\.amount), ["-4.50", "-40.00", "-20.00"])
        XCTAssertEqual(
            holder.reportLine("sign"), "as-is (mostly charges, negative; the balance is what is owed on the card)")
    }

    /// A German export in the bank's view: salary negative, spending positive, the Saldo says otherwise.
    func testDocumentInvertedByTheChain() throws {
        let text = """
            Buchungstag;Empfänger;Betrag;Saldo
            02.01.2024;Gehalt;-2500,00;2600,00
            03.01.2024;Bäckerei;7,35;2592,65
            05.01.2024;Miete;900,00;1692,65

            """
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.amount), ["2500.00", "-7.35", "-900.00"])
        XCTAssertEqual(result.reportLine("balance chain"), "2 of 2 rows agree (oldest first)")
        XCTAssertEqual(result.reportLine("sign"), "inverted (the balance column: 2 of 2 rows)")
        XCTAssertEqual(
            result.notes,
            [
                "amounts read inverted: the balance column says every one runs the other way (2 of 2 rows); "
                    + "set sign=as-is with check-balance=false to keep them"
            ])
        // Given the other way, the chain refuses rather than print the bank's figures.
        let forced = try CSVReading.read(text, options: ["sign": "as-is"])
        XCTAssertEqual(
            forced.problems,
            [
                "bank.csv: sign=as-is, but the balance column says the amounts run the other way (2 of 2 rows): "
                    + "set sign=inverted, or check-balance=false"
            ])
    }

    /// A newest-first checking export whose last row is its opening balance, with no amount.
    func testOpeningBalanceRowIsNeitherEntryNorReject() throws {
        let text = """
            Date,Description,Amount,Balance
            2024-01-16,STARBUCKS,-4.50,3245.50
            2024-01-15,PAYROLL,2000.00,3250.00
            2024-01-01,Beginning balance,,1250.00

            """
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-4.50", "2000.00"])
        XCTAssertEqual(result.rejects, [[]])
        XCTAssertEqual(result.reportLine("balance chain"), "2 of 2 rows agree (newest first)")
        XCTAssertEqual(result.reportLine("skipped"), "line 4 (opening balance)")
        XCTAssertEqual(result.notes, ["line 4 skipped: an opening balance, where the balance chain starts"])
    }

    /// Without a balance column the row is still no transaction and no reject, and the note says so.
    func testOpeningBalanceRowWithoutABalanceColumn() throws {
        let text = """
            Fecha;Concepto;Importe
            01/03/2024;Saldo anterior;
            02/03/2024;Mercadona;-45,10
            15/03/2024;Nómina;1.800,00

            """
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-45.10", "1800.00"])
        XCTAssertEqual(result.rejects, [[]])
        XCTAssertEqual(result.notes, ["line 2 skipped: an opening balance, not a transaction"])
        XCTAssertEqual(result.reportLine("sign"), "not checked (no balance column, no payment words)")
    }

    func testSignOptionValues() {
        XCTAssertThrowsError(try CSVSettings(options: ["sign": "flipped"])) { error in
            XCTAssertEqual("\(error)", "sign \"flipped\": expected as-is, inverted or auto")
        }
        XCTAssertThrowsError(try CSVSettings(options: ["check-balance": "no"])) { error in
            XCTAssertEqual("\(error)", "check-balance \"no\": expected true or false")
        }
    }
}
