import CSVReading
import XCTest

/// Records written two lines each (Fintro's and BNP Paribas Fortis' Visa export, the layout of
/// ofxstatement-be-fintro's `sample_visa.csv`; figures of our own): read as one record a pair.
final class LinePairsTests: XCTestCase {
    private let visa = """
        Uitvoeringsdatum;Valutadatum;Bedrag;Valuta rekening;Details;Wisselkoers;Gerelateerde kost
        14/03/2024;15/03/2024;-12,40;EUR;;;
        ;;;;BOULANGERIE DUPONT        BE - 01000  BRUXELLES;Wisselkoers##;Gerelateerde kost##
        09/03/2024;10/03/2024;-58,00;EUR;;;
        ;;;;HOTEL ZUM LOEWEN          CH - 03800  INTERLAKEN;Wisselkoers##1,0412000;Gerelateerde kost##+0,60
        02/03/2024;03/03/2024;+5,00;EUR;;;
        ;;;;WEBSHOP                   NL - 00000  AMSTERDAM;Wisselkoers##;Gerelateerde kost##

        """

    private func rows(_ result: ReadResult) -> [String] {
        (result.entries.first ?? []).map { "\($0.line) \($0.date) \($0.amount) \($0.vendor)" }
    }

    /// Line by line, every line was rejected: a payment with no payee, then a payee with no date.
    func testAVisaExportOfTwoLinesARecordIsReadAsOneRecordAPair() throws {
        let result = try Array(visa.utf8).withUnsafeBytes { buffer in
            CSVReading.result(
                of: try CSVDocument.read(
                    bytes: buffer, origin: "visa.csv", stem: "visa", options: [:], profiles: BankProfiles.builtIn))
        }
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(
            rows(result),
            [
                "2 2024-03-14 -12.40 BOULANGERIE DUPONT        BE - 01000  BRUXELLES",
                "4 2024-03-09 -58.00 HOTEL ZUM LOEWEN          CH - 03800  INTERLAKEN",
                "6 2024-03-02 5.00 WEBSHOP                   NL - 00000  AMSTERDAM",
            ])
        XCTAssertEqual(result.rejects.flatMap { $0 }, [])
        XCTAssertTrue(
            result.notes.contains { $0.contains("every record is two lines (2 and 3, …)") }, "\(result.notes)")
    }

    /// Without the profile the pairs still give each payment once, dated and with its amount.
    func testThePairsAreFoundWithoutAProfile() throws {
        let result = try CSVReading.read(Array(visa.utf8))
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(
            result.entries[0].map { "\($0.line) \($0.date) \($0.amount)" },
            [
                "2 2024-03-14 -12.40", "4 2024-03-09 -58.00", "6 2024-03-02 5.00",
            ])
        XCTAssertEqual(result.rejects.flatMap { $0 }, [])
    }

    /// One second line that fills a column its first lines fill (a date) is no pair: the table is
    /// read a line a record, as before, and its lines without a date are rejected, not joined.
    func testLinesThatShareAColumnAreNotJoined() throws {
        let text = visa.replacingOccurrences(of: ";;;;WEBSHOP", with: "01/03/2024;;;;WEBSHOP")
        let result = try CSVReading.read(Array(text.utf8))
        XCTAssertFalse(result.notes.contains { $0.contains("two lines") }, "\(result.notes)")
        // Summed step by step: as one expression it took the type checker 15 s.
        var lines: [Int] = result.entries.flatMap { $0.map(\.line) }
        lines += result.rejects.flatMap { $0.map(\.line) }
        lines += result.neverMoved.flatMap { $0.map(\.line) }
        XCTAssertEqual(lines.sorted(), [2, 3, 4, 5, 6, 7], "\(result)")
    }

    /// A table whose every other row leaves its text empty is one line a record: its date column
    /// is filled on every line.
    func testRowsWithEmptyTextEveryOtherLineAreNotPairs() throws {
        let text = """
            Date,Amount,Description
            2024-03-01,-1.00,
            2024-03-02,-2.00,COFFEE
            2024-03-03,-3.00,
            2024-03-04,-4.00,TEA

            """
        let result = try CSVReading.read(Array(text.utf8))
        XCTAssertFalse(result.notes.contains { $0.contains("two lines") }, "\(result.notes)")
        XCTAssertEqual(result.entries[0].count + result.rejects[0].count, 4)
    }
}
