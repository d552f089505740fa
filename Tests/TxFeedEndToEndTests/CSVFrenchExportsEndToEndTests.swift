import Foundation
import TxFeedTestSupport
import XCTest

/// French exports through the built csv plugin: Crédit Agricole's `Libellé` of several lines,
/// Qonto's `dd-mm-yyyy HH:MM:SS` dates.
final class CSVFrenchExportsEndToEndTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try temporaryFolder()
    }

    private func run(_ path: String) throws -> CommandResult {
        try txfeed(arguments: ["run", path, "--sink", "ndjson", "--no-progress"])
    }

    /// The balance LCL writes last is skipped as the account's balance, and the run exits 0:
    /// Crédit Agricole's test file, read by its profile: each payee one line, the kind of entry
    /// and the rest of the cell in the memo.
    func testCreditAgricolesPayeesAreOneLine() throws {
        let result = try run(BuiltProducts.fixtures + "/bank/profiles/credit-agricole.csv")
        XCTAssertEqual(result.status, 0, result.stderr)
        let rows = try feedRows(result)
        XCTAssertEqual(rows.first.flatMap { text($0, "vendor") }, "X4912 BOULANGERIE MARIE LYON 29/04")
        XCTAssertEqual(
            rows.first.flatMap { text($0, "memo") }, "PAIEMENT PAR CARTE X4912 BOULANGERIE MARIE LYON 29/04")
        XCTAssertFalse(rows.contains { (text($0, "vendor") ?? "").contains("\n") }, "\(rows)")
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
