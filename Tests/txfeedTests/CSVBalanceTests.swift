import Foundation
import TxFeedTestSupport
import XCTest

/// Issue 39: bank CSV whose figures can be trusted. Small files in real banks' published layouts,
/// run as the CLI runs them: the balance chain settles the sign (or fails naming both lines), an
/// opening balance row is not a reject, and a card export's payment words say whose view it is in.
final class CSVBalanceTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try temporaryFolder()
    }

    private func feed(_ result: CommandResult) throws -> [[String: Any]] {
        try result.output.split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], String($0))
        }
    }

    /// Vendor to signed `amount_minor`, in feed order.
    private func amounts(_ result: CommandResult) throws -> [String: Int] {
        var amounts: [String: Int] = [:]
        for row in try feed(result) {
            amounts[row["vendor"] as? String ?? "?"] = (row["amount_minor"] as? NSNumber)?.intValue
        }
        return amounts
    }

    /// The value beside `label` in `txfeed sniff`'s report.
    private func sniffLine(_ result: CommandResult, _ label: String) -> String? {
        result.output.split(separator: "\n").first { $0.hasPrefix("  " + label + " ") }.map {
            String($0.dropFirst(2 + 14))
        }
    }

    /// The run failed its one source (exit 1), wrote nothing, and said `message`.
    private func assertSourceFailed(
        _ result: CommandResult, _ message: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(result.status, 1, result.stderr, file: file, line: line)
        XCTAssertEqual(result.output, "", file: file, line: line)
        XCTAssertTrue(result.stderr.contains(message), result.stderr, file: file, line: line)
    }

    // MARK: - A card export in the issuer's view (American Express: charges positive)

    static let amex = """
        Date,Description,Amount
        01/28/2024,WHOLE FOODS MARKET #10234 NEW YORK NY,84.23
        01/26/2024,AMAZON MARKETPLACE REFUND,-25.99
        01/24/2024,UBER TRIP HELP.UBER.COM,23.10
        01/22/2024,AUTOPAY PAYMENT - THANK YOU,-500.00
        01/19/2024,DELTA AIR LINES ATLANTA,412.60
        01/15/2024,STARBUCKS STORE 08812,6.45
        01/12/2024,NETFLIX.COM LOS GATOS CA,15.49

        """

    func testCardExportIsReadInvertedByItsPaymentWords() throws {
        let path = try folder.write("amex.csv", Self.amex)
        let result = try txfeed("run", path, "--sink", "ndjson")
        XCTAssertEqual(result.status, 0, result.stderr)
        let amounts = try amounts(result)
        XCTAssertEqual(amounts.count, 7)
        XCTAssertEqual(amounts.values.reduce(0, +), 52599 - 54187)
        XCTAssertEqual(amounts["AUTOPAY PAYMENT - THANK YOU"], 50000)
        XCTAssertEqual(amounts["AMAZON MARKETPLACE REFUND"], 2599)
        XCTAssertEqual(amounts["DELTA AIR LINES ATLANTA"], -41260)
        XCTAssertTrue(
            result.stderr.contains(
                "amex.csv: amounts read inverted: payments and refunds (lines 3, 5) are negative and most rows "
                    + "positive, as a card issuer writes them; set sign=as-is to keep them"), result.stderr)
        XCTAssertTrue(result.stderr.contains("amex (csv): ok, read 7 = written 7 + rejected 0"), result.stderr)
        let sniff = try txfeed("sniff", path)
        XCTAssertEqual(sniff.status, 0, sniff.stderr)
        XCTAssertEqual(sniffLine(sniff, "sign"), "inverted (payment words: 2 of 2 rows run against the other 5)")
        XCTAssertNil(sniffLine(sniff, "balance chain"))
    }

    func testSignOptionForcesEitherReading() throws {
        let path = try folder.write("amex.csv", Self.amex)
        let asIs = try txfeed("run", "-s", "csv:\(path),sign=as-is", "--sink", "ndjson")
        XCTAssertEqual(asIs.status, 0, asIs.stderr)
        XCTAssertEqual(try amounts(asIs).values.reduce(0, +), 54187 - 52599)
        XCTAssertEqual(try amounts(asIs)["AUTOPAY PAYMENT - THANK YOU"], -50000)
        XCTAssertFalse(asIs.stderr.contains("inverted"), asIs.stderr)
        let inverted = try txfeed("run", "-s", "csv:\(path),sign=inverted", "--sink", "ndjson")
        XCTAssertEqual(inverted.status, 0, inverted.stderr)
        XCTAssertEqual(try amounts(inverted).values.reduce(0, +), 52599 - 54187)
        let sniff = try txfeed("sniff", "-s", "csv:\(path),sign=inverted")
        XCTAssertEqual(sniffLine(sniff, "sign"), "inverted (given)")
        XCTAssertEqual(
            sniffLine(sniff, "spec"), "-s 'csv:\(path),separator=,,date-format=%m/%d/%Y,decimal-mark=.,sign=inverted'")
        let wrong = try txfeed("run", "-s", "csv:\(path),sign=backwards", "--sink", "ndjson")
        XCTAssertEqual(wrong.status, 2, wrong.stderr)
        XCTAssertTrue(wrong.stderr.contains("sign \"backwards\": expected as-is, inverted or auto"), wrong.stderr)
        XCTAssertEqual(wrong.output, "")
    }

    /// One payment row is too few for the payment-word rule, but negative against charges written
    /// positive and thanking the holder, it is a card issuer's: read inverted, and sniff says why
    /// (read as written, every charge was money in).
    func testOnePaymentRowThatThanksTheHolderDecides() throws {
        let text = Self.amex.replacingOccurrences(of: "AMAZON MARKETPLACE REFUND", with: "AMAZON MARKETPLACE")
        let path = try folder.write("amex.csv", text)
        let sniff = try txfeed("sniff", path)
        XCTAssertEqual(
            sniffLine(sniff, "sign"),
            "inverted (payment words: the one row, line 5, runs against the other 6; "
                + "the row thanks the holder for it (THANK YOU))")
        let result = try txfeed("run", path, "--sink", "ndjson")
        XCTAssertEqual(try amounts(result)["AUTOPAY PAYMENT - THANK YOU"], 50000)
    }

    // MARK: - A checking export in the bank's view, with a running balance

    func testCheckingExportInTheBanksViewIsInvertedByTheChain() throws {
        let path = try folder.write(
            "giro.csv",
            """
            Buchungstag;Empfänger;Verwendungszweck;Betrag;Saldo
            02.01.2024;ACME GmbH;Gehalt Januar;-2.500,00;2.600,00
            03.01.2024;Bäckerei Müller;Kartenzahlung;7,35;2.592,65
            05.01.2024;Wohnungsbau Süd;Miete;900,00;1.692,65
            08.01.2024;Stadtwerke;Abschlag;61,20;1.631,45

            """)
        let result = try txfeed("run", path, "--sink", "ndjson")
        XCTAssertEqual(result.status, 0, result.stderr)
        let amounts = try amounts(result)
        XCTAssertEqual(
            amounts, ["ACME GmbH": 250000, "Bäckerei Müller": -735, "Wohnungsbau Süd": -90000, "Stadtwerke": -6120])
        XCTAssertTrue(
            result.stderr.contains(
                "giro.csv: amounts read inverted: the balance column says every one runs the other way (3 of 3 rows)"),
            result.stderr)
        let sniff = try txfeed("sniff", path)
        XCTAssertEqual(sniffLine(sniff, "balance chain"), "3 of 3 rows agree (oldest first)")
        XCTAssertEqual(sniffLine(sniff, "sign"), "inverted (the balance column: 3 of 3 rows)")
    }

    // MARK: - A spreadsheet export: a credit word beside a negative cell

    static let spreadsheet = """
        Date,Description,Amount,Type,Balance
        2024-03-01,Transfer from savings,100.00,C,100.00
        2024-03-02,Grocer,-123.50,D,-23.50
        2024-03-04,Salary,"-1,533.50",C,"1,510.00"
        2024-03-05,Rent,-500.00,D,"1,010.00"

        """

    /// −23.50 → 1,510.00 on `"-1,533.50","C"`: the C reading agrees with the balances and wins.
    func testCreditWordThatTheBalancesAgreeWithWins() throws {
        let path = try folder.write("sheet.csv", Self.spreadsheet)
        let result = try txfeed("run", path, "--sink", "ndjson")
        XCTAssertEqual(result.status, 0, result.stderr)
        let amounts = try amounts(result)
        XCTAssertEqual(amounts["Salary"], 153350)
        XCTAssertEqual(amounts.values.reduce(0, +), 10000 - 12350 + 153350 - 50000)
        XCTAssertTrue(
            result.stderr.contains(
                "sheet.csv: line 4: a credit word beside a negative amount, read as money in: the balances say so"),
            result.stderr)
    }

    /// When neither reading of the row follows, the source fails naming both lines and figures.
    func testRowThatNeitherReadingExplainsFailsTheSource() throws {
        let text = Self.spreadsheet.replacingOccurrences(of: "\"1,510.00\"", with: "\"1,410.00\"")
            .replacingOccurrences(of: "\"1,010.00\"", with: "910.00")
        let path = try folder.write("sheet.csv", text)
        let result = try txfeed("run", path, "--sink", "ndjson")
        assertSourceFailed(
            result,
            "sheet.csv: line 4: balance 1,410.00 does not follow from -23.50 (line 3) and amount -1,533.50 C: "
                + "a row missing or repeated, or a figure misread; set check-balance=false to read the file unchecked")
    }

    // MARK: - A missing row

    func testDroppedRowFailsNamingBothLinesAndCheckBalanceFalseOverrides() throws {
        let path = try folder.write(
            "current.csv",
            """
            "Date","Transaction type","Description","Paid out","Paid in","Balance"
            "02 Jan 2024","Contactless payment","TESCO STORES 3297","£12.50","","£1,222.06"
            "03 Jan 2024","Bank credit","ACME LTD","","£1,500.00","£2,722.06"
            "05 Jan 2024","Direct debit","THAMES WATER","£45.00","","£2,597.06"
            "06 Jan 2024","Card payment","PRET A MANGER","£4.50","","£2,592.56"

            """)
        let result = try txfeed("run", path, "--sink", "ndjson")
        assertSourceFailed(
            result,
            "current (csv): FAILED: \(path): line 4: balance £2,597.06 does not follow from £2,722.06 (line 3) "
                + "and debit £45.00: a row missing or repeated, or a figure misread; "
                + "set check-balance=false to read the file unchecked")
        let sniff = try txfeed("sniff", path)
        XCTAssertEqual(sniff.status, 2)
        XCTAssertEqual(sniffLine(sniff, "balance chain"), "2 of 3 rows agree (oldest first)")
        let unchecked = try txfeed("run", "-s", "csv:\(path),check-balance=false", "--sink", "ndjson")
        XCTAssertEqual(unchecked.status, 0, unchecked.stderr)
        XCTAssertEqual(try amounts(unchecked).values.reduce(0, +), -1250 + 150000 - 4500 - 450)
    }

    /// `debit=` and `credit=` given the wrong way round against the balances: an error, not a flipped feed.
    func testDebitAndCreditNamedTheWrongWayRoundIsAnError() throws {
        let path = try folder.write(
            "current.csv",
            """
            "Date","Description","Paid out","Paid in","Balance"
            "02 Jan 2024","TESCO STORES 3297","£12.50","","£1,222.06"
            "03 Jan 2024","ACME LTD","","£1,500.00","£2,722.06"
            "05 Jan 2024","THAMES WATER","£45.00","","£2,677.06"

            """)
        let result = try txfeed("run", "-s", "csv:\(path),debit=Paid in,credit=Paid out", "--sink", "ndjson")
        assertSourceFailed(
            result,
            "debit and credit run against the balance column (2 of 2 rows run the other way): if the balance is "
                + "what is owed (a card, a loan), set check-balance=false; if they are the wrong way round, swap them")
    }

    /// TD Canada's headerless card layout (date, description, debit, credit, balance owed): the
    /// balance rises with the charges. Named as they are, the columns ran against it and the
    /// error said "swap them", which read every charge as money in with exit 0. The payment in
    /// the credit column says the columns are right: read as named, with a note.
    func testACardsDebitAndCreditNamedAgainstTheBalanceOwedAreReadAsNamed() throws {
        let path = try folder.write(
            "td-visa.csv",
            """
            08/01/2024,COFFEE SHOP #4412,4.25,,504.25
            08/02/2024,PAYMENT - THANK YOU,,500.00,4.25
            08/05/2024,GROCER #123 HALIFAX,96.40,,100.65
            08/17/2024,STREAMING.COM,16.49,,117.14

            """)
        let result = try txfeed("run", "-s", "csv:\(path),debit=3,credit=4", "--sink", "ndjson")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try amounts(result).values.sorted(), [-9640, -1649, -425, 50000])
        XCTAssertTrue(
            result.stderr.contains(
                "but the payments (line 2) are money in as they say: read as named, the balance what is owed"),
            result.stderr)
    }

    // MARK: - An opening balance row

    /// Chase's checking layout, newest first, ending on a "Beginning balance" row with no amount.
    func testBeginningBalanceRowIsTheChainsStartNotAReject() throws {
        let path = try folder.write(
            "chase.csv",
            """
            Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #,
            DEBIT,01/16/2024,STARBUCKS STORE 123,-4.50,DEBIT_CARD,"3,245.50",,
            CREDIT,01/15/2024,PAYROLL ACME CORP,2000.00,ACH_CREDIT,"3,250.00",,
            DEBIT,01/14/2024,"AMAZON.COM, INC.","-1,234.56",DEBIT_CARD,"1,250.00",,
            DEBIT,01/03/2024,CITY WATER,-15.44,ACH_DEBIT,"2,484.56",,
            ,01/01/2024,Beginning balance,,,"2,500.00",,

            """)
        let result = try txfeed("run", path, "--sink", "ndjson")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("chase (csv): ok, read 4 = written 4 + rejected 0"), result.stderr)
        XCTAssertTrue(
            result.stderr.contains("chase.csv: line 6 skipped: an opening balance, where the balance chain starts"),
            result.stderr)
        XCTAssertEqual(try amounts(result).values.reduce(0, +), -450 + 200000 - 123456 - 1544)
        let sniff = try txfeed("sniff", path)
        XCTAssertEqual(sniffLine(sniff, "balance chain"), "4 of 4 rows agree (newest first)")
        XCTAssertEqual(sniffLine(sniff, "sign"), "as-is (the balance column: 4 of 4 rows)")
        XCTAssertEqual(sniffLine(sniff, "rows"), "4 transactions, 0 rejected")
    }
}
