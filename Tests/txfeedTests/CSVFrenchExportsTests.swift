import Foundation
import TxFeedTestSupport
import XCTest

/// French exports through the built csv plugin: Crédit Agricole's `Libellé` of several lines,
/// Qonto's `dd-mm-yyyy HH:MM:SS` dates, LCL's table between its balance rows.
final class CSVFrenchExportsTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try temporaryFolder()
    }

    private func run(_ path: String) throws -> CommandResult {
        try txfeed(arguments: ["run", path, "--sink", "ndjson", "--no-progress"])
    }

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

    /// LCL's test file, read by its profile: the payee of money out from column 5, of money in
    /// from column 6, the kind of entry as the memo; the balance rows checked, not imported.
    func testLCLsPayeesAreReadBySideAndItsBalancesChecked() throws {
        let result = try run(BuiltProducts.fixtures + "/bank/profiles/lcl.csv")
        XCTAssertEqual(result.status, 0, result.stderr)
        let rows = try feedRows(result)
        // Newest first, as the feed is written.
        XCTAssertEqual(
            rows.compactMap { text($0, "vendor") },
            [
                "VIREMENT ACME SAS", "CHEQUE 8936392", "PRLV SEPA ASSURANCE HABITATION", "CB  CAFE DU PORT   29/05/26",
                "CB  BOULANGERIE MARIE 30/05/26", "VIR.PERMANENT M JEAN DUPONT",
            ])
        XCTAssertEqual(
            rows.compactMap { text($0, "amount") }, ["2201.91", "-120.00", "-16.97", "-10.00", "-7.20", "350.00"])
        XCTAssertEqual(
            rows.compactMap { text($0, "memo") }, ["Virement", "Chèque", "Prélèvement", "Carte", "Carte", "Virement"])
        XCTAssertTrue(
            result.stderr.contains(
                "lines 1, 8 not imported: the account's opening and closing balance (00451 098285A)"),
            result.stderr)
    }

    /// A closing balance the opening one and the rows do not make fails the source, naming the
    /// file and both figures; nothing of it is imported.
    func testLCLsClosingBalanceThatDoesNotAddUpIsRefused() throws {
        let path = try folder.write(
            "lcl.csv",
            """
            01/06/2026;1489,65;;00451 098285A
            01/06/2026;-10;Carte;;CB  CAFE DU PORT   29/05/26;;0;Divers
            01/06/2026;350;Virement;;;VIR.PERMANENT M JEAN DUPONT;;
            14/07/2026;1839,65;;00451 098285A

            """)
        let result = try run(path)
        XCTAssertNotEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.stderr.contains(
                "\(path): the opening balance 1489,65 (line 1) and the amounts of 2 rows (340,00) make 1829,65, "
                    + "but the closing balance on line 4 is 1839,65"), result.stderr)
        XCTAssertTrue(try feedRows(result).isEmpty)
    }

    /// A headerless file of another layout, with no balance rows around it, reads as it did.
    func testAnotherHeaderlessFrenchFileIsUnchanged() throws {
        let path = try folder.write(
            "releve.csv",
            """
            28/03/2024;-12,50;Carte;;CB PHARMACIE CENTRALE 27/03;;
            20/03/2024;-100,00;Retrait;;RETRAIT DAB 20/03;;
            15/03/2024;35,00;Virement;;VIR SEPA MARIO BIANCHI;;
            01/03/2024;2450,00;Virement;;VIR SEPA ACME SALAIRE;;

            """)
        let result = try run(path)
        XCTAssertEqual(result.status, 0, result.stderr)
        let rows = try feedRows(result)
        XCTAssertEqual(
            rows.compactMap { text($0, "vendor") },
            ["CB PHARMACIE CENTRALE 27/03", "RETRAIT DAB 20/03", "VIR SEPA MARIO BIANCHI", "VIR SEPA ACME SALAIRE"])
        XCTAssertEqual(rows.compactMap { text($0, "amount") }, ["-12.50", "-100.00", "35.00", "2450.00"])
        XCTAssertFalse(result.stderr.contains("balance"), result.stderr)
    }
}
