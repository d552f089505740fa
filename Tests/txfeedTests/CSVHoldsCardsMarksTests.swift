import Foundation
import TxFeedTestSupport
import XCTest

/// Through the built csv plugin: Nordea's holds in the booking date's place, a card issuer's
/// month with one payment, and NatWest's `'` before every text cell, kept (docs/CSV.md). Layouts
/// are the banks'; figures our own.
final class CSVHoldsCardsMarksTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try temporaryFolder()
    }

    private func run(_ arguments: [String]) throws -> CommandResult {
        try txfeed(arguments: ["run"] + arguments + ["--sink", "ndjson", "--no-progress"])
    }

    // MARK: Nordea's holds

    static let nordeaHeader = "Bokföringsdag;Belopp;Avsändare;Mottagare;Namn;Rubrik;Saldo;Valuta;\n"

    /// Two holds (`Reserverat` for the date) failed the whole file; now they are rejected for
    /// their date, the booked rows are written, and the hold's booking a later export holds is
    /// written once under `--state`.
    func testNordeaHoldsAreNotBookedAndTheirBookingIsWrittenOnce() throws {
        let first = try folder.write(
            "nordea-jan.csv",
            Self.nordeaHeader + """
                Reserverat;-199,00;;;;Reservation Kortköp FOODORA AB;;SEK;
                Reserverat;-42,00;;;;Reservation Kortköp PRESSBYRAN;;SEK;
                2026/01/28;-1245,50;;;;Kortköp 260128 ICA MAXI;43686,00;SEK;
                2026/01/27;-389,05;;;;Kortköp 260127 NETFLIX.COM;44931,50;SEK;

                """)
        let state = folder.path + "/state.db"
        let january = try run(["-s", "csv:\(first),account=Nordea", "--state", state])
        XCTAssertEqual(january.status, 3, "written, the holds rejected: \(january.stderr)")
        XCTAssertTrue(january.stderr.contains("read 4 = written 2 + rejected 2"), january.stderr)
        XCTAssertEqual(try feedRows(january).map(minor), [-124550, -38905])

        let second = try folder.write(
            "nordea-feb.csv",
            Self.nordeaHeader + """
                2026/01/30;-42,00;;;;Kortköp 260129 PRESSBYRAN;43445,00;SEK;
                2026/01/29;-199,00;;;;Kortköp 260128 FOODORA AB;43487,00;SEK;
                2026/01/28;-1245,50;;;;Kortköp 260128 ICA MAXI;43686,00;SEK;
                2026/01/27;-389,05;;;;Kortköp 260127 NETFLIX.COM;44931,50;SEK;

                """)
        let february = try run(["-s", "csv:\(second),account=Nordea", "--state", state])
        XCTAssertEqual(february.status, 0, february.stderr)
        XCTAssertEqual(try feedRows(february).map(minor), [-4200, -19900])
        XCTAssertEqual(try feedRows(february).map { text($0, "status") }, ["booked", "booked"])
    }

    // MARK: A card issuer's month with one payment

    static let discover = """
        Trans. Date,Post Date,Description,Amount,Category
        08/01/2025,08/01/2025,TRADER JOE S #123 SAN FRANCISCOCA,25.00,Supermarkets
        08/03/2025,08/03/2025,INTERNET PAYMENT - THANK YOU,-300.00,Payments and Credits
        08/05/2025,08/06/2025,SHELL OIL 12345,41.22,Gasoline
        08/14/2025,08/15/2025,SAFEWAY #1234,63.10,Supermarkets

        """

    /// Discover's export: every charge was money in, exit 0, with only a note.
    func testDiscoversChargesAreMoneyOut() throws {
        let path = try folder.write("discover.csv", Self.discover)
        let result = try run([path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try feedRows(result).map(minor).sorted(), [-6310, -4122, -2500, 30000])
        XCTAssertTrue(result.stderr.contains("amounts read inverted: the one payment row (line 3)"), result.stderr)
        let sniff = try txfeed(arguments: ["sniff", path])
        XCTAssertTrue(sniff.output.contains("inverted (payment words: the one row, line 3"), sniff.output)
    }

    /// With nothing else to tell, refused naming both options; given one, read so.
    func testOnePaymentRowWithNothingElseIsRefusedNamingSign() throws {
        let path = try folder.write(
            "card.csv",
            """
            Date,Description,Amount
            08/01/2025,TRADER JOE S #123,25.00
            08/03/2025,ONLINE PAYMENT,-300.00
            08/05/2025,SHELL OIL 12345,41.22
            08/14/2025,SAFEWAY #1234,63.10

            """)
        let refused = try run([path])
        XCTAssertNotEqual(refused.status, 0, refused.stderr)
        XCTAssertEqual(refused.output, "")
        XCTAssertTrue(
            refused.stderr.contains("set sign=inverted if the positive amounts are charges, sign=as-is if they are"),
            refused.stderr)
        let given = try run(["-s", "csv:\(path),sign=inverted"])
        XCTAssertEqual(given.status, 0, given.stderr)
        XCTAssertEqual(try feedRows(given).map(minor).sorted(), [-6310, -4122, -2500, 30000])
    }

    // MARK: NatWest's mark for text

    /// The `'` stays: a record without a bank id is known by a fingerprint of its payee, so
    /// dropping it would make every NatWest record imported before new again under --state.
    func testNatWestsMarkIsKeptAsWrittenAndTheRestReads() throws {
        let path = try folder.write(
            "natwest.csv",
            """

            Date, Type, Description, Value, Balance, Account Name, Account Number

            02 Aug 2025,POS,"'4821 01AUG25 TESCO STORES 2041 LONDON GB",-25.00,1209.56,"'SMITH J","'600000-12345678",
            05 Aug 2025,BAC,"'ACME LTD , SALARY",1500.00,2709.56,"'SMITH J","'600000-12345678",
            07 Aug 2025,D/D,"'TV LICENCE MBP",-13.25,2696.31,"'SMITH J","'600000-12345678",

            """)
        let result = try run([path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            try feedRows(result).compactMap { text($0, "vendor") }.sorted(),
            ["'4821 01AUG25 TESCO STORES 2041 LONDON GB", "'ACME LTD , SALARY", "'TV LICENCE MBP"])
        XCTAssertEqual(try feedRows(result).map(minor).sorted(), [-2500, -1325, 150000])
    }
}
