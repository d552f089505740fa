import CSVReading
import XCTest

/// NatWest and RBS write `'` before every text cell of their CSV download (`"'TV LICENCE MBP"`,
/// `"'J SMITH"`, `"'600000-12345678"`: a spreadsheet's mark for text), a blank line before and
/// after the header, and a separator after each row. The mark is no part of the payee: it is
/// dropped where the whole column carries it, and kept where only some cells begin with one
/// (a Dutch `'t Hart`).
final class LeadingApostropheTests: XCTestCase {
    /// NatWest's layout (`Date, Type, Description, Value, Balance, Account Name, Account Number`);
    /// figures our own.
    static let natwest = """

        Date, Type, Description, Value, Balance, Account Name, Account Number

        02 Aug 2025,POS,"'4821 01AUG25 TESCO STORES 2041 LONDON GB",-25.00,1209.56,"'SMITH J","'600000-12345678",
        05 Aug 2025,BAC,"'ACME LTD , SALARY",1500.00,2709.56,"'SMITH J","'600000-12345678",
        07 Aug 2025,D/D,"'TV LICENCE MBP",-13.25,2696.31,"'SMITH J","'600000-12345678",
        13 Aug 2025,CHG,"'ACCOUNT FEE",-5.00,2691.31,"'SMITH J","'600000-12345678",

        """

    func testNatWestsMarkIsDroppedFromThePayee() throws {
        let result = try CSVReading.read(Self.natwest)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(
            result.entries[0].map(\.vendor),
            ["4821 01AUG25 TESCO STORES 2041 LONDON GB", "ACME LTD , SALARY", "TV LICENCE MBP", "ACCOUNT FEE"])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-25.00", "1500.00", "-13.25", "-5.00"])
    }

    /// A file of one row: the mark on every text column of the row is the bank's, not the payee's.
    func testOneRowIsMarkedByItsOtherColumns() throws {
        let lines = Self.natwest.split(separator: "\n", omittingEmptySubsequences: false)
        let text = lines.prefix(4).joined(separator: "\n") + "\n"
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.vendor), ["4821 01AUG25 TESCO STORES 2041 LONDON GB"])
    }

    /// `'t Hart` is a Dutch name: a column where only some payees begin with `'` keeps them all.
    func testAnApostropheOnSomePayeesIsTheirs() throws {
        let text = """
            Datum,Naam / Omschrijving,Bedrag
            2025-08-02,'t Hart Bakkerij,-4.50
            2025-08-03,Albert Heijn 1234,-23.10
            2025-08-04,'s-Hertogenbosch Gemeente,-61.00

            """
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(
            result.entries[0].map(\.vendor), ["'t Hart Bakkerij", "Albert Heijn 1234", "'s-Hertogenbosch Gemeente"])
    }

    /// Every payee a Dutch elision (`'t Hart` twice): theirs, not a mark.
    func testEveryPayeeADutchElisionKeepsIt() throws {
        let text = """
            Datum,Naam / Omschrijving,Bedrag
            2025-08-02,'t Hart Bakkerij,-4.50
            2025-08-09,'t Hart Bakkerij,-5.20

            """
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.vendor), ["'t Hart Bakkerij", "'t Hart Bakkerij"])
    }

    /// The whole column, not its first rows: one unmarked payee after the sampled 1,000 keeps them all.
    func testAnUnmarkedCellPastTheSampleKeepsTheMark() throws {
        var text = "Date,Description,Amount\n"
        for day in 0..<1_001 { text += "2025-08-\(String(format: "%02d", day % 28 + 1)),'SHOP \(day),-1.00\n" }
        text += "2025-08-28,'O'BRIEN'S,-2.00\n"
        let marked = try CSVReading.read(text)
        XCTAssertEqual(marked.problems, [])
        XCTAssertEqual(marked.entries[0].first?.vendor, "SHOP 0")
        XCTAssertEqual(marked.entries[0].last?.vendor, "O'BRIEN'S")
        let unmarked = try CSVReading.read(text + "2025-08-28,ALBERT HEIJN,-3.00\n")
        XCTAssertEqual(unmarked.entries[0].first?.vendor, "'SHOP 0")
        XCTAssertEqual(unmarked.entries[0].last?.vendor, "ALBERT HEIJN")
    }

    /// Cells wrapped in `'` at both ends (American Express's `'320240450000111222'` references)
    /// are quoted so, not marked: kept as written.
    func testCellsWrappedInApostrophesAreKept() throws {
        let text = """
            Date,Description,Amount
            02/14/2024,'NETFLIX.COM',-15.49
            02/15/2024,'SHELL OIL 57444',-45.10

            """
        let result = try CSVReading.read(text, options: ["date-format": "%m/%d/%Y"])
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.vendor), ["'NETFLIX.COM'", "'SHELL OIL 57444'"])
    }
}
