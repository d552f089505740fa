import OFXReading
import XCTest

/// Investment statements (`INVSTMTRS`) read as their account's cash movements: `INVBANKTRAN`
/// as bank transactions, each investment transaction as its `TOTAL`, what moves no cash counted.
final class OFXInvestmentTests: XCTestCase {
    private func entry(_ result: ReadResult, _ id: String) throws -> OFXTransaction {
        try XCTUnwrap(result.transactions.first { $0.id == id }, "\(id) in \(result.transactions.map(\.id))")
    }

    func testABrokerageStatementIsOneEntryPerCashEffectWithItsSecurityInTheMemo() throws {
        let result = read(try fixture("brokerage-220.ofx"), origin: "brokerage-220.ofx")
        XCTAssertNil(result.failure)
        XCTAssertTrue(result.rejects.isEmpty, "\(result.rejects)")
        let statement = try XCTUnwrap(result.statementsEnded.first)
        XCTAssertEqual(result.statementsEnded.map(\.path), ["INVSTMTRS[0]"])
        XCTAssertEqual(statement.defaultName, "INVESTMENT U1234567")
        XCTAssertEqual(statement.accountID, "U1234567")
        XCTAssertEqual(statement.currency, "USD")
        XCTAssertNil(statement.balance, "INVBAL is not a ledger balance")
        XCTAssertEqual(
            result.transactions.map(\.id),
            [
                "B-DEP-1", "T-BUYSTK", "T-BUYDEBT", "T-SELLSTK", "T-BUYOPT", "T-BUYMF", "T-SELLMF", "T-BUYOTH", "T-DIV",
                "T-REINV.income", "T-REINV", "T-SELLOPT", "T-EXP", "T-SELLDEBT", "T-ROC", "T-SELLOTH", "T-MARGIN",
            ])
        XCTAssertEqual(statement.transactions, 17)
        XCTAssertEqual(minorSum(result.transactions), 794406, "the REINVEST's two halves cancel")

        let deposit = try entry(result, "B-DEP-1")
        XCTAssertEqual([deposit.amount, deposit.vendor, deposit.date], ["25000.00", "ACH DEPOSIT", "2024-01-02"])
        XCTAssertEqual(deposit.location, "INVSTMTRS[0].STMTTRN[0]")
        let buy = try entry(result, "T-BUYSTK")
        XCTAssertEqual(buy.amount, "-18554.95", "a buy's TOTAL is the cash it took")
        XCTAssertEqual(buy.date, "2024-01-05", "DTSETTLE, not DTTRADE")
        XCTAssertEqual(buy.vendor, "Apple Inc.", "the SECLIST's name")
        XCTAssertEqual(buy.memo, "BUYSTOCK 100 units of AAPL (CUSIP 037833100) at 185.50; Opening buy")
        XCTAssertEqual(buy.location, "INVSTMTRS[0].BUYSTOCK[0]")
        XCTAssertTrue(buy.raw.hasPrefix("<BUYSTOCK><INVBUY><INVTRAN><FITID>T-BUYSTK</FITID>"), buy.raw)
        XCTAssertTrue(buy.raw.hasSuffix("<BUYTYPE>BUY</BUYTYPE></BUYSTOCK>"), buy.raw)
        let sell = try entry(result, "T-SELLSTK")
        XCTAssertEqual([sell.amount, sell.date], ["7595.05", "2024-01-12"])
        XCTAssertEqual(sell.memo, "SELLSTOCK -40 units of AAPL (CUSIP 037833100) at 190.00")
        let dividend = try entry(result, "T-DIV")
        XCTAssertEqual(dividend.amount, "14.40")
        XCTAssertEqual(dividend.memo, "INCOME DIV AAPL (CUSIP 037833100); Quarterly dividend")
        // A REINVEST is the dividend and its purchase at once: the cash moves by nothing.
        let reinvested = try entry(result, "T-REINV")
        XCTAssertEqual(reinvested.amount, "-31.50")
        XCTAssertEqual(reinvested.memo, "REINVEST DIV 0.0684 units of VFIAX (CUSIP 922908710) at 460.53")
        let income = try entry(result, "T-REINV.income")
        XCTAssertEqual([income.amount, income.date, income.vendor], ["31.50", reinvested.date, reinvested.vendor])
        XCTAssertEqual(income.memo, "income reinvested: REINVEST DIV 0.0684 units of VFIAX (CUSIP 922908710) at 460.53")
        let option = try entry(result, "T-BUYOPT")
        XCTAssertEqual(option.vendor, "AAPL Apr 19 2024 190 Call", "an option's own SECID, not its underlying's")
        XCTAssertEqual(option.memo, "BUYOPT 2 units of OCC AAPL240419C00190000 at 3.20")
        let expense = try entry(result, "T-EXP")
        XCTAssertEqual([expense.amount, expense.date], ["-25.00", "2024-03-05"], "DTTRADE without DTSETTLE")
        XCTAssertEqual(expense.memo, "INVEXPENSE VFIAX (CUSIP 922908710); Account fee")
        let interest = try entry(result, "T-MARGIN")
        XCTAssertEqual(
            [interest.amount, interest.vendor, interest.memo], ["-12.34", "MARGININTEREST", "MARGININTEREST"])
        XCTAssertEqual(try entry(result, "T-BUYDEBT").vendor, "US Treasury Note 0.25% 2025")
        XCTAssertEqual(try entry(result, "T-SELLOTH").vendor, "Bank CD 5.0% 2024")

        XCTAssertEqual(statement.skipped, ["CLOSUREOPT": 1, "JRNLFUND": 1, "JRNLSEC": 1, "SPLIT": 1, "TRANSFER": 1])
        XCTAssertEqual(statement.positions, 3)
        XCTAssertEqual(
            statement.notes,
            [
                "skipped 5 investment transactions without a cash effect (units or sub-accounts only): "
                    + "1 CLOSUREOPT, 1 JRNLFUND, 1 JRNLSEC, 1 SPLIT, 1 TRANSFER",
                "3 positions in INVPOSLIST not read: holdings are not transactions",
                "no balance checked: INVBAL's AVAILCASH 4317.86 is not a ledger balance the cash movements "
                    + "could be checked against",
            ])
    }

    /// A `REINVEST` of nothing (its `TOTAL` 0.00) is two halves of 0.00: the income it reinvests,
    /// the same amount the other way, was written `-0.00`.
    func testAReinvestmentOfZeroIsNoNegativeZero() {
        let body = """
            <INVSTMTMSGSRSV1><INVSTMTTRNRS><TRNUID>1<INVSTMTRS><DTASOF>20180622<CURDEF>USD
            <INVACCTFROM><BROKERID>vanguard.com<ACCTID>88</INVACCTFROM><INVTRANLIST><DTSTART>20180101<DTEND>20180622
            <REINVEST><INVTRAN><FITID>R1<DTTRADE>20180621</INVTRAN><SECID><UNIQUEID>E1A7917D1<UNIQUEIDTYPE>CUSIP
            </SECID><INCOMETYPE>DIV<TOTAL>0.00<SUBACCTSEC>CASH<UNITS>0<UNITPRICE>2.94</REINVEST>
            </INVTRANLIST></INVSTMTRS></INVSTMTTRNRS></INVSTMTMSGSRSV1>
            """
        let result = read(sgmlFile(body))
        XCTAssertEqual(result.rejects.map(\.reason), [])
        XCTAssertEqual(result.transactions.map(\.id), ["R1.income", "R1"])
        XCTAssertEqual(result.transactions.map(\.amount), ["0.00", "0.00"])
    }

    /// A 401(k) statement in SGML: contributions are buys paid from outside the account's cash
    /// (`SUBACCTFUND` `OTHER`, an `INV401KSOURCE`), each written with its funding beside it so
    /// the cash moves by nothing (read as cash alone, the account spent 737.70 it never had);
    /// a fee taken by selling units is the sale and its payout; dates are the trade's when
    /// there is no settlement date, and an exchange (`TRANSFER`) is counted, not read.
    func testA401kStatementInSGML() throws {
        let result = read(try fixture("401k-102.ofx"))
        XCTAssertNil(result.failure)
        let statement = try XCTUnwrap(result.statementsEnded.first)
        XCTAssertEqual(statement.defaultName, "INVESTMENT 401K-778899")
        XCTAssertEqual(
            result.transactions.map(\.id),
            [
                "K-0115-PRE.funding", "K-0115-PRE", "K-0115-MATCH.funding", "K-0115-MATCH", "K-0131-DIV.income",
                "K-0131-DIV", "K-0201-FEE", "K-0201-FEE.payout",
            ])
        XCTAssertEqual(
            result.transactions.map(\.amount),
            ["500.00", "-500.00", "250.00", "-250.00", "18.22", "-18.22", "12.30", "-12.30"])
        XCTAssertEqual(minorSum(result.transactions), 0)
        XCTAssertEqual(
            result.transactions.map(\.location),
            [
                "INVSTMTRS[0].BUYMF[0].funding", "INVSTMTRS[0].BUYMF[0].purchase", "INVSTMTRS[0].BUYMF[1].funding",
                "INVSTMTRS[0].BUYMF[1].purchase", "INVSTMTRS[0].REINVEST[0].income",
                "INVSTMTRS[0].REINVEST[0].purchase",
                "INVSTMTRS[0].SELLMF[0].sale", "INVSTMTRS[0].SELLMF[0].payout",
            ])
        XCTAssertEqual(
            result.transactions.map(\.date),
            [
                "2024-01-15", "2024-01-15", "2024-01-15", "2024-01-15", "2024-01-31", "2024-01-31", "2024-02-02",
                "2024-02-02",
            ])
        XCTAssertEqual(Set(result.transactions.map(\.vendor)), ["Fidelity Contrafund"])
        XCTAssertEqual(
            result.transactions.map(\.memo),
            [
                "paid in from outside the account's cash (SUBACCTFUND OTHER, 401(k) source PRETAX): BUYMF 12.3456 "
                    + "units of FCNTX (CUSIP 316071109) at 40.50; Employee contribution",
                "BUYMF 12.3456 units of FCNTX (CUSIP 316071109) at 40.50; Employee contribution",
                "paid in from outside the account's cash (SUBACCTFUND OTHER, 401(k) source MATCH): BUYMF 6.1728 "
                    + "units of FCNTX (CUSIP 316071109) at 40.50; Employer match",
                "BUYMF 6.1728 units of FCNTX (CUSIP 316071109) at 40.50; Employer match",
                "income reinvested: REINVEST DIV .4456 units of FCNTX (CUSIP 316071109) at 40.89",
                "REINVEST DIV .4456 units of FCNTX (CUSIP 316071109) at 40.89",
                "SELLMF -.3 units of FCNTX (CUSIP 316071109) at 41.00; Recordkeeping fee",
                "paid out of the account (SUBACCTFUND OTHER, 401(k) source PRETAX): SELLMF -.3 units of FCNTX "
                    + "(CUSIP 316071109) at 41.00; Recordkeeping fee",
            ])
        XCTAssertEqual(statement.skipped, ["TRANSFER": 1])
        XCTAssertEqual(statement.positions, 1)
        XCTAssertEqual(statement.availableCash, "0.00")
    }

    /// A cash-management account: its cheques and bill payments are `INVBANKTRAN`s, read as any
    /// bank transaction; interest without a SECLIST is named by its security's id.
    func testACashManagementAccountReadsItsChequesAndBillPayments() throws {
        let result = read(try fixture("cash-management.qfx"))
        XCTAssertNil(result.failure)
        XCTAssertEqual(
            result.transactions.map(\.id),
            ["CMA-0301-1", "CMA-0305-1", "CMA-0312-1", "CMA-0315-1", "CMA-0320-1", "CMA-0331-INT"])
        XCTAssertEqual(minorSum(result.transactions), 171573)
        XCTAssertEqual(
            result.transactions.map(\.vendor),
            ["ACME PAYROLL", "Landlord LLC", "CHECK 1002", "City Water Utility", "ATM WITHDRAWAL", "CUSIP 09248U718"])
        XCTAssertEqual(result.transactions.map(\.memo).last, "INCOME INTEREST CUSIP 09248U718")
        XCTAssertEqual(
            result.transactions.map(\.location).suffix(2), ["INVSTMTRS[0].STMTTRN[4]", "INVSTMTRS[0].INCOME[0]"])
        XCTAssertEqual(
            result.statementsEnded.first?.notes,
            [
                "no balance checked: INVBAL's AVAILCASH 5230.41 is not a ledger balance the cash movements "
                    + "could be checked against"
            ])
    }

    func testAStatementOfPositionsOnlySaysSo() throws {
        let body = """
            <INVSTMTMSGSRSV1><INVSTMTTRNRS><TRNUID>1<INVSTMTRS><DTASOF>20240331<CURDEF>USD
            <INVACCTFROM><BROKERID>b.example<ACCTID>P1</INVACCTFROM>
            <INVTRANLIST><DTSTART>20240101<DTEND>20240331</INVTRANLIST>
            <INVPOSLIST><POSSTOCK><INVPOS><SECID><UNIQUEID>1<UNIQUEIDTYPE>CUSIP</SECID><UNITS>1</INVPOS></POSSTOCK>
            <POSMF><INVPOS><SECID><UNIQUEID>2<UNIQUEIDTYPE>CUSIP</SECID><UNITS>2</INVPOS></POSMF></INVPOSLIST>
            </INVSTMTRS></INVSTMTTRNRS></INVSTMTMSGSRSV1>
            """
        let result = read(sgmlFile(body))
        XCTAssertNil(result.failure)
        let statement = try XCTUnwrap(result.statementsEnded.first)
        XCTAssertEqual(statement.transactions, 0)
        XCTAssertEqual(
            statement.notes,
            [
                "investment positions only: no transactions in INVTRANLIST",
                "2 positions in INVPOSLIST not read: holdings are not transactions",
                "no balance checked: no LEDGERBAL or INVBAL/AVAILCASH",
            ])
    }

    func testAnInvestmentTransactionWithoutATotalOrADateIsRejectedWithItsPath() {
        let body = """
            <INVSTMTMSGSRSV1><INVSTMTTRNRS><TRNUID>1<INVSTMTRS><DTASOF>20240331<CURDEF>USD
            <INVACCTFROM><BROKERID>b.example<ACCTID>R1</INVACCTFROM>
            <INVTRANLIST><DTSTART>20240101<DTEND>20240331
            <BUYSTOCK><INVBUY><INVTRAN><FITID>A<DTTRADE>20240102</INVTRAN><SECID><UNIQUEID>1<UNIQUEIDTYPE>CUSIP</SECID>
            <UNITS>1<UNITPRICE>2</INVBUY><BUYTYPE>BUY</BUYSTOCK>
            <INCOME><INVTRAN><FITID>B<DTSETTLE>2024-01-03</INVTRAN><INCOMETYPE>DIV<TOTAL>1.00</INCOME>
            <INCOME><INVTRAN><FITID>C<DTSETTLE>20240104</INVTRAN><INCOMETYPE>DIV<TOTAL>x</INCOME>
            <INCOME><INVTRAN><FITID>D<DTSETTLE>20240105</INVTRAN><INCOMETYPE>DIV<TOTAL>2.00</INCOME>
            </INVTRANLIST></INVSTMTRS></INVSTMTTRNRS></INVSTMTMSGSRSV1>
            """
        let result = read(sgmlFile(body))
        XCTAssertNil(result.failure)
        XCTAssertEqual(result.transactions.map(\.id), ["D"])
        XCTAssertEqual(
            result.rejects.map(\.location),
            [
                "INVSTMTRS[0].BUYSTOCK[0].TOTAL", "INVSTMTRS[0].INCOME[0].INVTRAN.DTSETTLE",
                "INVSTMTRS[0].INCOME[1].TOTAL",
            ])
        XCTAssertEqual(
            result.rejects.map(\.reason),
            [
                "missing TOTAL", #""2024-01-03" is not an OFX date (YYYYMMDD[HHMMSS[.XXX][[±H:TZ]]])"#,
                #""x" is not an amount"#,
            ])
        XCTAssertEqual(result.statementsEnded.first?.rejects, 3)
    }

    func testSniffCountsAnInvestmentStatementAndShowsItsNotes() throws {
        let bytes = try fixture("brokerage-220.ofx")
        let report = bytes.withUnsafeBytes { OFXReport.make(OFXDocument(bytes: $0, origin: "brokerage-220.ofx")) }
        XCTAssertEqual(report.problems, [])
        for line in [
            "statements    1",
            "INVSTMTRS[0]  INVESTMENT U1234567 USD, 2024-01-02 … 2024-03-31, 17 transactions, 5 skipped, "
                + "3 positions, available cash 4317.86",
            "note          INVSTMTRS[0]: skipped 5 investment transactions",
            "              INVSTMTRS[0]: 3 positions in INVPOSLIST not read",
        ] {
            XCTAssertTrue(report.text.contains(line), "\(line)\n\(report.text)")
        }
    }

    /// A file cut inside an investment transaction fails with the transaction's path, as a cut
    /// bank statement does: never a short `ok`.
    func testAFileCutInsideAnInvestmentTransactionFailsWithItsPath() throws {
        let whole = try fixture("brokerage-220.ofx")
        let text = String(decoding: whole, as: UTF8.self)
        let cut = String(text[..<text.range(of: "<UNITS>-2.5")!.upperBound])
        let result = read(cut, origin: "cut.ofx")
        let failure = try XCTUnwrap(result.failure)
        XCTAssertEqual(
            failure.path, "OFX.INVSTMTMSGSRSV1.INVSTMTTRNRS.INVSTMTRS[0].INVTRANLIST.SELLMF[0].INVSELL.UNITS")
        XCTAssertTrue(failure.message.contains("cut short"), failure.message)
        XCTAssertEqual(result.transactions.count, 6, "the entries before the cut were read")
        XCTAssertTrue(result.statementsEnded.isEmpty)
    }
}
