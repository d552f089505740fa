import Foundation
import TxFeedTestSupport
import XCTest

/// French exports through the built csv plugin: Qonto's `dd-mm-yyyy HH:MM:SS` dates.
final class CSVFrenchExportsEndToEndTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try temporaryFolder()
    }

    private func run(_ path: String) throws -> CommandResult {
        try txfeed(arguments: ["run", path, "--sink", "ndjson", "--no-progress"])
    }

    /// Qonto's dates are read with their time, day first as a day above 12 shows.
    func testQontosDatesAreRead() throws {
        let path = try folder.write(
            "qonto.csv",
            """
            Status,Settlement date (UTC),Operation date (UTC),Total amount (incl. VAT),Currency,Counterparty name
            settled,28-03-2024 10:15:00,28-03-2024 09:12:00,-12.50,EUR,FARMACIA CENTRALE
            settled,01-03-2024 10:15:00,01-03-2024 09:12:00,2450.00,EUR,ACME SRL

            """)
        let result = try run(path)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            try feedRows(result).compactMap { text($0, "date") }, ["2024-03-28T10:15:00Z", "2024-03-01T10:15:00Z"])
    }
}
