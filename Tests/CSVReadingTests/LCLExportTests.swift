import CSVReading
import XCTest

/// LCL's export, as three open-source projects' tests copy real ones (a vitest suite's "Import
/// CSV au format LCL — extrait réel du relevé", a Go YNAB importer's and a Rust importer's
/// tests): no header, `;`, the opening balance row first and the closing one last
/// (`date;balance;;reference`), and between them rows of eight fields whose payee of money out
/// is column 5 and of money in column 6, card rows ending `0;Divers`. Figures our own.
final class LCLExportTests: XCTestCase {
    static let rows = [
        "01/06/2026;-10;Carte;;CB  CAFE DU PORT   29/05/26;;0;Divers",
        "01/06/2026;-7,2;Carte;;CB  BOULANGERIE MARIE 30/05/26;;0;Divers",
        "01/06/2026;350;Virement;;;VIR.PERMANENT M JEAN DUPONT;;",
        "02/06/2026;-16,97;Prélèvement;;PRLV SEPA ASSURANCE HABITATION;;;",
        "30/06/2026;2201,91;Virement;;;VIREMENT ACME SAS;;",
    ]

    /// The file with `closing` as its last line's balance: 1489,65 and the rows make 4007,39.
    static func file(closing: String = "4007,39") -> String {
        (["01/06/2026;1489,65;;00451 098285A"] + rows + ["14/07/2026;\(closing);;00451 098285A"])
            .joined(separator: "\r\n") + "\r\n"
    }

    /// Read as the plugin does: the built-in profiles offered.
    static func read(_ text: String, options: [String: String] = [:]) throws -> ReadResult {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBytes { buffer in
            CSVReading.result(
                of: try CSVDocument.read(
                    bytes: buffer, origin: "lcl.csv", stem: "lcl", options: options, profiles: BankProfiles.builtIn))
        }
    }

    func testTheRealLayoutReadsWithEachSidesPayeeAndTheBalanceRowsChecked() throws {
        let result = try Self.read(Self.file())
        XCTAssertEqual(result.problems, [])
        let entries = result.entries[0]
        XCTAssertEqual(entries.map(\.line), [2, 3, 4, 5, 6])
        XCTAssertEqual(entries.map(\.amount), ["-10", "-7.2", "350", "-16.97", "2201.91"])
        XCTAssertEqual(
            entries.map(\.vendor),
            [
                "CB  CAFE DU PORT   29/05/26", "CB  BOULANGERIE MARIE 30/05/26", "VIR.PERMANENT M JEAN DUPONT",
                "PRLV SEPA ASSURANCE HABITATION", "VIREMENT ACME SAS",
            ])
        XCTAssertEqual(entries.map(\.memo), ["Carte", "Carte", "Virement", "Prélèvement", "Virement"])
        XCTAssertEqual(entries.map(\.date), ["2026-06-01", "2026-06-01", "2026-06-01", "2026-06-02", "2026-06-30"])
        XCTAssertEqual(result.rejects[0], [])
        XCTAssertEqual(result.accounts.map(\.currency), ["EUR"])
        XCTAssertTrue(result.report.contains("profile       lcl ("), result.report)
        XCTAssertEqual(
            result.notes.filter { $0.hasPrefix("lines 1, 7") },
            [
                "lines 1, 7 not imported: the account's opening and closing balance (00451 098285A), not money "
                    + "that moved; the opening balance 1489,65 (line 1) and the amounts of 5 rows (2517,74) make "
                    + "4007,39, the closing balance"
            ])
        XCTAssertFalse(
            result.notes.contains { $0.contains("preamble") || $0.contains("summary row") }, "\(result.notes)")
        // Read without the profile no column is the amount, so no cell settled the mark: no disagreement.
        XCTAssertFalse(result.notes.contains { $0.contains("disagrees") }, "\(result.notes)")
    }

    /// `sniff --save` of such a file writes a profile that asks for the balance rows too.
    func testASavedProfileOfTheLayoutAsksForItsBalanceRows() throws {
        let bytes = Array(Self.file().utf8)
        let profile = try bytes.withUnsafeBytes { buffer in
            try CSVDocument.read(
                bytes: buffer, origin: "lcl.csv", stem: "lcl", options: ["profile": "none", "amount": "2"], profiles: []
            ).profile(bank: "mine")
        }
        let saved = try XCTUnwrap(profile)
        XCTAssertTrue(saved.balanceRows)
        XCTAssertTrue(saved.json.contains("\"balance-rows\": true"), saved.json)
    }

    /// A closing balance the rows do not make: a row missing, or a last line that is no balance.
    func testAClosingBalanceThatDoesNotAddUpFailsNamingBothFigures() throws {
        let result = try Self.read(Self.file(closing: "4017,39"))
        XCTAssertEqual(
            result.problems,
            [
                "lcl.csv: the opening balance 1489,65 (line 1) and the amounts of 5 rows (2517,74) make 4007,39, but "
                    + "the closing balance on line 7 is 4017,39: a row missing or repeated, a figure misread, or the "
                    + "last line no closing balance; set check-balance=false to read the file unchecked"
            ])
        XCTAssertEqual(result.entries[0], [])
        let unchecked = try Self.read(Self.file(closing: "4017,39"), options: ["check-balance": "false"])
        XCTAssertEqual(unchecked.problems, [])
        XCTAssertEqual(unchecked.entries[0].count, 5)
        XCTAssertTrue(unchecked.notes.contains { $0.hasSuffix("not checked against the rows (check-balance=false)") })
    }

    /// The same rows without the balance rows, or with two references, are not LCL's statement:
    /// read by inference as before (the zeros column beside the amount still fails them).
    func testWithoutBothBalanceRowsOfOneAccountTheFileIsNotLCLs() throws {
        let bare = try Self.read(Self.rows.joined(separator: "\n") + "\n")
        XCTAssertFalse(bare.report.contains("profile       lcl"), bare.report)
        let two = Self.file().replacingOccurrences(
            of: "14/07/2026;4007,39;;00451 098285A", with: "14/07/2026;4007,39;;00451 098286B")
        let other = try Self.read(two)
        XCTAssertFalse(other.report.contains("profile       lcl"), other.report)
        XCTAssertTrue(other.notes.contains("line 1 skipped: a preamble before the table"), "\(other.notes)")
    }

    /// A headerless file of another bank with a line before and after its table reads as before.
    func testAnotherHeaderlessFileIsReadAsBefore() throws {
        let text = """
            Compte 12345
            28/03/2024;-12,50;CB PHARMACIE CENTRALE
            20/03/2024;-100,00;RETRAIT DAB
            15/03/2024;35,00;VIR SEPA MARIO BIANCHI

            """
        let result = try Self.read(text)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(
            result.entries[0].map(\.vendor), ["CB PHARMACIE CENTRALE", "RETRAIT DAB", "VIR SEPA MARIO BIANCHI"])
        XCTAssertTrue(result.notes.contains("line 1 skipped: a preamble before the table"), "\(result.notes)")
        XCTAssertFalse(result.report.contains("opening and closing balance"), result.report)
    }
}
