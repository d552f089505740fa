import CSVReading
import XCTest

/// French exports: Qonto's `dd-mm-yyyy HH:MM:SS` dates. Layouts as other projects' parsers of
/// real exports read them; figures our own.
final class FrenchExportTests: XCTestCase {
    /// Qonto writes `28-03-2024 10:15:00`: no known format read it, so no column was the date.
    /// A day above 12 settles day first, as for other dates.
    func testQontosDayFirstDateAndTimeIsRead() throws {
        let result = try CSVReading.read(
            """
            Status,Settlement date (UTC),Operation date (UTC),Total amount (incl. VAT),Currency,Counterparty name,Payment method
            settled,28-03-2024 10:15:00,28-03-2024 09:12:00,-12.50,EUR,FARMACIA CENTRALE,card
            settled,01-03-2024 10:15:00,01-03-2024 09:12:00,2450.00,EUR,ACME SRL,transfer

            """)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.date), ["2024-03-28T10:15:00", "2024-03-01T10:15:00"])
        XCTAssertEqual(result.entries[0].map(\.vendor), ["FARMACIA CENTRALE", "ACME SRL"])
        XCTAssertEqual(result.reportLine("date format"), "%d-%m-%Y %H:%M:%S (day > 12 on line 2)")
    }

    /// Days of 12 or less cannot tell day from month: the file is refused, naming the option.
    func testQontosDatesThatCannotTellDayFromMonthAreRefused() throws {
        let result = try CSVReading.read(
            """
            Status,Settlement date (UTC),Total amount (incl. VAT),Currency,Counterparty name
            settled,12-03-2024 10:15:00,-12.50,EUR,FARMACIA CENTRALE
            settled,01-03-2024 10:15:00,2450.00,EUR,ACME SRL

            """)
        XCTAssertEqual(result.entries[0], [])
        XCTAssertTrue(
            result.problems.contains {
                $0.contains("%d-%m-%Y %H:%M:%S and %m-%d-%Y %H:%M:%S") && $0.contains("date-format")
            },
            "\(result.problems)")
    }
}
