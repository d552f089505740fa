import CSVReading
import XCTest

/// Lines inside the table that head the rows under them (Charles Schwab's checking export:
/// `"Pending Transactions"`, `"Posted Transactions"`) and a total among the rows. The figures are
/// made up; the layout is Schwab's, as beancount_reds_importers' and beancount-import's test
/// files have it.
final class SectionLinesTests: XCTestCase {
    static let schwab = """
        "Transactions  for Checking account ...123 as of 03/10/2024 09:12:00 AM ET"
        "Date","Type","Check #","Description","Withdrawal (-)","Deposit (+)","RunningBalance"
        "Pending Transactions"
        "Total Pending Check and other Credit(s)","","","","","$0.00",""
        "03/09/2024","","","CORNER BAKERY SPRINGFIELD","$12.40","",""
        "03/08/2024","","","FUEL STOP 44","$45.00","",""
        "Posted Transactions"
        "02/29/2024","INTADJUST","","Interest Paid","","$0.52","$2,190.52"
        "02/20/2024","VISA","","Book Nook","$60.00","","$2,190.00"
        "02/13/2024","CHECK","1042","Check Paid #1042","$250.00","","$2,250.00"
        "02/01/2024","ACH","","Payroll Deposit","","$2,500.00","$2,500.00"

        """

    /// Rows under `Pending Transactions` are pending, rows under `Posted Transactions` booked;
    /// the section lines are no rows, and the total is skipped with a note, never imported. It
    /// was read as a file without a header and refused (no amount column).
    func testSchwabsSectionLinesSayWhichRowsArePendingAndTheTotalIsSkipped() throws {
        let result = try CSVReading.read(Self.schwab)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(
            result.reportLine("header"), #"line 2: "Date","Type","Check #","Description","Withdrawal (-)",…"#)
        let entries = result.entries[0]
        XCTAssertEqual(entries.map(\.line), [5, 6, 8, 9, 10, 11])
        XCTAssertEqual(entries.map(\.pending), [true, true, false, false, false, false])
        XCTAssertEqual(entries.map(\.amount), ["-12.40", "-45.00", "0.52", "-60.00", "-250.00", "2500.00"])
        XCTAssertEqual(entries.map(\.vendor).last, "Payroll Deposit")
        XCTAssertEqual(result.rejects[0], [])
        XCTAssertEqual(result.neverMoved[0].map(\.line), [4])
        XCTAssertEqual(
            result.neverMoved[0].first?.reason, "a total, not a transaction (Total Pending Check and other Credit(s))")
        // The posted rows' running balance checks the figures: 2,500.00 − 250.00 − 60.00 + 0.52.
        XCTAssertEqual(result.reportLine("balance chain"), "3 of 3 rows agree (newest first)")
        XCTAssertTrue(
            result.notes.contains(
                #"lines 3, 7 skipped: section lines inside the table, not rows: the rows under "Pending Transactions" (lines 5, 6) are pending"#
            ), "\(result.notes)")
        XCTAssertTrue(
            result.notes.contains(
                "line 4 not imported: a total of the rows (Total Pending Check and other Credit(s)), not a transaction"),
            "\(result.notes)")
        XCTAssertEqual(result.reportLine("skipped"), "line 1 (preamble), lines 3, 7 (section lines), line 4 (a total)")
    }

    /// beancount-import's export sorted by date says `Pending Transactions are not reflected
    /// within this sort criterion.`: a remark, not a section, so no row under it is pending.
    func testARemarkThatOpensLikeASectionHeadsNothing() throws {
        let text = """
            Transactions  for Checking account EAC as of 03/10/2024 16:00:10 ET
            "Date","Type","Check #","Description","Withdrawal (-)","Deposit (+)","RunningBalance"
            "Pending Transactions are not reflected within this sort criterion."
            "Posted Transactions"
            "02/29/2024","INTADJUST","","Interest Paid","","$0.52","$2,190.52"
            "02/20/2024","VISA","","Book Nook","$60.00","","$2,190.00"
            "02/13/2024","CHECK","1042","Check Paid #1042","$250.00","","$2,250.00"

            """
        let result = try CSVReading.read(text, options: ["check-balance": "false"])
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.pending), [false, false, false])
        XCTAssertEqual(result.entries[0].map(\.amount), ["0.52", "-60.00", "-250.00"])
        XCTAssertEqual(result.rejects[0], [])
        XCTAssertTrue(
            result.notes.contains("lines 3, 4 skipped: section lines inside the table, not rows"), "\(result.notes)")
    }

    /// A pending section wins over a booked status word, and a section line padded to the
    /// table's width (its other cells empty) is one too.
    func testAPaddedSectionLineIsASectionLine() throws {
        let text = """
            Date,Description,Amount,Status
            Pending Transactions,,,
            03/09/2024,CORNER BAKERY,-12.40,Posted
            Posted Transactions,,,
            02/20/2024,Book Nook,-60.00,Posted
            02/13/2024,Payroll,2500.00,Posted

            """
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.pending), [true, false, false])
        XCTAssertEqual(result.rejects[0], [])
    }
}

/// comdirect's export of all accounts: the current account's table, then the card's, one field
/// wider. The wider header was taken for the table and everything above it for a preamble: the
/// current account's booked rows were lost with exit 0. Layout as other projects' comdirect
/// parsers split it; rows made up.
final class TwoTablesTests: XCTestCase {
    static let text = """
        "Umsätze Girokonto";"Zeitraum: 30 Tage";
        "Buchungstag";"Wertstellung (Valuta)";"Vorgang";"Buchungstext";"Umsatz in EUR";
        "20.06.2023";"20.06.2023";"Lastschrift / Belastung";"Empfänger: Stadtwerke";"-84,76";
        "15.06.2023";"15.06.2023";"Gutschrift";"Auftraggeber: Arbeitgeber";"1.900,00";

        "Umsätze Visa-Karte (Kreditkarte)";"Zeitraum: 30 Tage";
        "Buchungstag";"Umsatztag";"Vorgang";"Referenz";"Buchungstext";"Umsatz in EUR";
        "18.06.2023";"16.06.2023";"Visa-Umsatz";"140803816503";" HOTEL EXAMPLE ";"-12,00";

        """

    func testAFirstTableBeforeTheHeaderIsRefusedNotLost() throws {
        let result = try CSVReading.read(Self.text)
        XCTAssertEqual(
            result.problems,
            [
                "bank.csv: lines 3, 4 before the table on line 7 are rows of a table of their own (its header on "
                    + "line 2): the file holds two tables, and read as a preamble the first one's rows would be lost; "
                    + "split the file, or set skip=6 to read the last table alone"
            ])
        let last = try CSVReading.read(Self.text, options: ["skip": "6"])
        XCTAssertEqual(last.problems, [])
        XCTAssertEqual(last.entries.first?.map(\.amount), ["-12.00"])
    }

    /// A labelled summary over its one line of values (Sparda's `Umsätze ab;Enddatum;
    /// Kontonummer;Saldo;Währung`) names no payments: a preamble, as before.
    func testALabelledSummaryAboveTheTableIsAPreamble() throws {
        let text = """
            "Kontoumsätze SpardaGiro Online"

            "Kontoinhaber:";"Max Mustermann"
            "Kundennummer:";"1234567"

            "Umsätze ab";"Enddatum";"Kontonummer";"Saldo";"Währung"
            "01.01.2024";"15.02.2024";"1234567";"12.345,67";"EUR"
            "Weitere gewählte Suchoptionen:";"keine"


            "Buchungstag";"Wertstellungstag";"Verwendungszweck";"Umsatz";"Währung"
            "20.01.2024";"20.01.2024";"MCDONALDS";"-11,99";"EUR";""
            "28.01.2024";"28.01.2024";"Lastschrift Versand";"-49,99";"EUR";""
            "29.01.2024";"29.01.2024";"Lohn";"2.432,10";"EUR";""

            """
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries.first?.map(\.amount), ["-11.99", "-49.99", "2432.10"])
    }
}
