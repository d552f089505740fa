import CSVReading
import XCTest

/// A US card export and a UK current-account export: the two shapes English banks write.
final class CardAndUKExportTests: XCTestCase {
    // MARK: - US card: MM/DD/YYYY, signed amounts, a DEBIT/CREDIT column, a trailing empty column

    static let card = """
        Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #,
        DEBIT,01/16/2024,STARBUCKS STORE 123,-4.50,DEBIT_CARD,1995.50,,
        CREDIT,01/15/2024,PAYROLL ACME CORP,2000.00,ACH_CREDIT,2000.00,,
        DEBIT,01/14/2024,"AMAZON.COM, INC.","-1,234.56",DEBIT_CARD,0.00,,

        """

    func testCardEntries() throws {
        let result = try CSVReading.read(Self.card, origin: "chase.csv", stem: "chase")
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(
            result.entries,
            [
                [
                    ReadEntry(line: 2, date: "2024-01-16", vendor: "STARBUCKS STORE 123", amount: "-4.50"),
                    ReadEntry(line: 3, date: "2024-01-15", vendor: "PAYROLL ACME CORP", amount: "2000.00"),
                    ReadEntry(line: 4, date: "2024-01-14", vendor: "AMAZON.COM, INC.", amount: "-1234.56"),
                ]
            ])
    }

    func testCardRolesAndNotes() throws {
        let result = try CSVReading.read(Self.card, origin: "chase.csv", stem: "chase")
        let lines = result.report.split(separator: "\n").map(String.init)
        // Details holds DEBIT/CREDIT: the indicator, never the payee or the memo.
        XCTAssertTrue(lines.contains("              1 Details → indicator (debit/credit words)  (DEBIT, CREDIT)"))
        XCTAssertTrue(lines.contains("              6 Balance → balance (running total)  (1995.50, 2000.00)"))
        XCTAssertEqual(result.reportLine("columns"), "2 Posting Date → date  (01/16/2024, 01/15/2024)")
        XCTAssertTrue(lines.contains("              ignored: 5 Type, 7 Check or Slip #"))
        XCTAssertTrue(lines.contains("              dropped (empty): 8"))
        XCTAssertEqual(result.reportLine("date format")?.hasPrefix("%m/%d/%Y (day > 12 on lines 2, 3, 4"), true)
        XCTAssertEqual(result.notes, ["column 8 dropped: empty in the header and every row"])
        XCTAssertEqual(result.reportLine("header"), "line 1: Details,Posting Date,Description,Amount,Type,Balance,…")
        XCTAssertNil(result.reportLine("skipped"))
    }

    /// An indicator with unsigned amounts: the debit word makes the money go out.
    func testIndicatorSignsUnsignedAmounts() throws {
        let text = """
            Date;Payee;Amount;Af Bij
            20-01-2024;Albert Heijn;12,50;Af
            23-01-2024;Werkgever BV;1500,00;Bij
            24-01-2024;Tikkie;3,00;AF

            """
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-12.50", "1500.00", "-3.00"])
        XCTAssertEqual(result.entries[0].map(\.vendor), ["Albert Heijn", "Werkgever BV", "Tikkie"])
    }

    // MARK: - UK: preamble, £, 02 Jan 2024, Paid out / Paid in

    static let uk = """
        "Account Name:","FlexAccount ****12345"
        "Account Balance:","£2,677.06"
        "Available Balance: ","£2,677.06"

        "Date","Transaction type","Description","Paid out","Paid in","Balance"
        "02 Jan 2024","Contactless payment","TESCO STORES 3297","£12.50","","£1,222.06"
        "03 Jan 2024","Bank credit","ACME LTD","","£1,500.00","£2,722.06"
        "05 Jan 2024","Direct debit","THAMES WATER","£45.00","","£2,677.06"

        """

    func testUKEntries() throws {
        let result = try CSVReading.read(Self.uk, options: ["default-currency": "GBP"], origin: "nw.csv", stem: "nw")
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.accounts, [CSVAccount(name: "nw", currency: "GBP", id: nil)])
        XCTAssertEqual(
            result.entries[0],
            [
                ReadEntry(line: 6, date: "2024-01-02", vendor: "TESCO STORES 3297", amount: "-12.50"),
                ReadEntry(line: 7, date: "2024-01-03", vendor: "ACME LTD", amount: "1500.00"),
                ReadEntry(line: 8, date: "2024-01-05", vendor: "THAMES WATER", amount: "-45.00"),
            ])
        let lines = result.report.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains("              4 Paid out → debit  (£12.50, £45.00)"))
        XCTAssertTrue(lines.contains("              5 Paid in → credit  (£1,500.00)"))
        XCTAssertTrue(lines.contains("              6 Balance → balance (running total)  (£1,222.06, £2,722.06)"))
        XCTAssertEqual(result.reportLine("skipped"), "lines 1-4 (preamble)")
        XCTAssertEqual(result.reportLine("date format")?.hasPrefix("%d %b %Y"), true)
        XCTAssertEqual(result.reportLine("rows"), "3 transactions, 0 rejected")
    }

    /// Both columns filled, or neither: the row is rejected, naming both.
    func testDebitAndCreditBothOrNeither() throws {
        let text = """
            Date,Description,Money out,Money in
            2024-01-02,Shop,5.00,
            2024-01-03,Odd,5.00,6.00
            2024-01-04,Empty,,
            2024-01-05,Refund,-2.00,

            """
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-5.00", "-2.00"])
        XCTAssertEqual(
            result.rejects[0],
            [
                ReadReject(
                    line: 3, reason: #"debit "5.00" and credit "6.00" are both filled"#, raw: "2024-01-03,Odd,5.00,6.00"
                ),
                ReadReject(line: 4, reason: "debit and credit are both empty", raw: "2024-01-04,Empty,,"),
            ])
    }

    /// A credit column says the money came in, whichever sign the cell has: Citi writes a card
    /// payment as `,,-412.75` under Credit, and it is money in, as a debit cell is money out.
    func testACreditCellIsMoneyInWhateverItsSign() throws {
        let text = """
            Status,Date,Description,Debit,Credit
            Cleared,03/19/2024,"SHELL OIL 57442",38.40,
            Cleared,03/15/2024,"ONLINE PAYMENT, THANK YOU",,-412.75
            Cleared,03/11/2024,"TARGET 00023",,19.99

            """
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-38.40", "412.75", "19.99"])
    }

    // MARK: - HSBC's UK cards (M&S Bank, John Lewis): charges bare, `CR` beside the payments

    /// The layout of bank2ynab's and ofxstatement-jl-partnership's test files, figures our own:
    /// an unnamed fourth column holds `CR` beside a payment and nothing beside a charge, the
    /// payment is written `+ £1,100.00`, and charges not booked yet have `Pending` for a date.
    static let hsbcCard = """
        Date Processed,Description,Amount,
        Pending,CORNER CAFE              LONDON       GBR,£6.40,
        Pending,STREAMING CO             ONLINE       GBR,£8.99,
        12-Dec-2025,HOME INSURANCE LTD     01234 56789   GBR,"£1,183.23",
        12-Dec-2025,FOOD DELIVERY          LONDON        GBR,£18.89,
        03-Dec-2025,CITY TRANSPORT         LONDON        GBR,£1.50,
        02-Dec-2025,PAYMENT RECEIVED - THANK YOU,"+ £1,100.00",CR
        01-Dec-2025,GROCER 0602            LONDON        GBR,£8.20,

        """

    func testHSBCCardChargesAreDebitsBesideCreditMarks() throws {
        let result = try CSVReading.read(Self.hsbcCard, options: ["default-currency": "GBP"])
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.line), [4, 5, 6, 7, 8])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-1183.23", "-18.89", "-1.50", "1100.00", "-8.20"])
        XCTAssertEqual(result.entries[0].map(\.date).first, "2025-12-12")
        XCTAssertTrue(
            result.notes.contains(
                "amounts beside a blank indicator are debits: a credit word marks the credits (line 7) "
                    + "and no row has a debit word or a minus"), "\(result.notes)")
    }

    /// `Pending` for a date at the top was evidence against the date column: no date column
    /// was found. It is none now; the rows are rejected for their date, as at the end.
    func testHSBCCardPendingRowsWithoutADateAreRejectedNotAgainstTheDateColumn() throws {
        let result = try CSVReading.read(Self.hsbcCard, options: ["default-currency": "GBP"])
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.reportLine("date format")?.hasPrefix("%d-%b-%Y"), true)
        XCTAssertEqual(result.rejects[0].map(\.line), [2, 3])
        XCTAssertEqual(result.rejects[0].first?.reason, #"date "Pending" does not read as %d-%b-%Y"#)
    }

    /// A minus on any amount, or a debit word anywhere, and a blank indicator keeps the cell's sign.
    func testBlankIndicatorKeepsTheSignWhereDebitsAreMarked() throws {
        let text = """
            Date,Description,Amount,Type
            13/12/2025,GROCER,-8.20,
            14/12/2025,PAYMENT RECEIVED,100.00,CR
            15/12/2025,REFUND,5.00,

            """
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-8.20", "100.00", "5.00"])
    }
}
