import CSVReading
import Foundation
import XCTest

/// The built-in profiles: each has a test file in its bank's layout, which that profile and no
/// other matches, and which reads with no problem and no disagreement it does not expect.
final class BankProfileTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/bank/profiles").standardized.path

    func testEveryProfileHasATestFileThatOnlyItMatches() throws {
        XCTAssertEqual(Set(BankProfiles.builtIn.map(\.name)).count, BankProfiles.builtIn.count, "names are unique")
        for profile in BankProfiles.builtIn {
            let bytes = try XCTUnwrap(FileManager.default.contents(atPath: "\(Self.folder)/\(profile.name).csv"))
            try bytes.withUnsafeBytes { buffer in
                let document = try CSVDocument.read(
                    bytes: buffer, origin: profile.name, stem: profile.name, options: [:], profiles: [])
                let matching = BankProfiles.builtIn.filter {
                    $0.matches(header: document.headerCells, preamble: document.preambleLines) != nil
                }
                XCTAssertEqual(matching.map(\.name), [profile.name])
                let profiled = try CSVDocument.read(
                    bytes: buffer, origin: profile.name, stem: profile.name, options: [:],
                    profiles: BankProfiles.builtIn)
                XCTAssertEqual(profiled.problems, [], profile.name)
                XCTAssertTrue(profiled.report.contains("profile       \(profile.name) ("), profiled.report)
            }
        }
    }

    func testAProfilesOwnOptionsAreValidAndTheGivenOnesWin() throws {
        for profile in BankProfiles.builtIn {
            XCTAssertNoThrow(try CSVSettings(options: profile.options), profile.name)
        }
        let bytes = try XCTUnwrap(FileManager.default.contents(atPath: "\(Self.folder)/chase-card.csv"))
        try bytes.withUnsafeBytes { buffer in
            let document = try CSVDocument.read(
                bytes: buffer, origin: "c.csv", stem: "c", options: ["sign": "inverted"],
                profiles: BankProfiles.builtIn)
            XCTAssertTrue(document.report.contains("sign          inverted (given)"), document.report)
        }
    }

    func testHeaderMatchingFoldsCaseAndPunctuationButNotColumns() {
        let profile = BankProfiles.builtIn.first { $0.name == "barclays-uk" }!
        XCTAssertEqual(
            profile.matches(header: ["number", "DATE", "Account", "Amount", "Subcategory", "Memo"], preamble: []),
            "header: 6 of 6 columns")
        XCTAssertNil(profile.matches(header: ["Number", "Date", "Account", "Amount", "Memo"], preamble: []))
        XCTAssertNil(
            profile.matches(
                header: ["Number", "Date", "Account", "Amount", "Subcategory", "Memo", "Extra"], preamble: []))
        let nationwide = BankProfiles.builtIn.first { $0.name == "nationwide-uk" }!
        let header = ["Date", "Transaction type", "Description", "Paid out", "Paid in", "Balance"]
        XCTAssertNil(nationwide.matches(header: header, preamble: []), "the preamble is its tell")
        XCTAssertNotNil(nationwide.matches(header: header, preamble: ["\"Account Name:\",\"FlexAccount\""]))
    }

    /// A test file read through its profile, as the plugin reads it.
    private func readProfiled(_ name: String, options: [String: String] = [:]) throws -> ReadResult {
        let bytes = try XCTUnwrap(FileManager.default.contents(atPath: "\(Self.folder)/\(name).csv"))
        return try bytes.withUnsafeBytes { buffer in
            CSVReading.result(
                of: try CSVDocument.read(
                    bytes: buffer, origin: name, stem: name, options: options, profiles: BankProfiles.builtIn))
        }
    }

    /// The minor units of a written amount (`-23.4`, `2450`) in a currency of two decimals.
    private func cents(_ amount: String) -> Int {
        let parts = amount.split(separator: ".", omittingEmptySubsequences: false)
        let decimals = parts.count == 2 ? String(parts[1]) : ""
        guard decimals.count <= 2,
            let whole = Int(parts[0] + decimals.padding(toLength: 2, withPad: "0", startingAt: 0))
        else { return .min }
        return whole
    }

    /// DKB since 2023: the holder's own name is in Zahlungspflichtige*r on money out and in
    /// Zahlungsempfänger*in on money in. Read by inference alone, the money in was paid by the
    /// holder; the profile names the other party on both sides.
    func testDKBsPayeeIsTheOtherPartyOnBothSides() throws {
        let read = try readProfiled("dkb")
        XCTAssertEqual(read.problems, [])
        XCTAssertEqual(
            read.reportLine("profile"), "dkb (DKB Girokonto (Germany), since 2023; header: 12 of 12 columns)")
        let entries = try XCTUnwrap(read.entries.first)
        XCTAssertEqual(
            entries.map(\.vendor),
            ["REWE Markt GmbH", "ACME GmbH", "Stadtwerke Köln GmbH", "Hausverwaltung Berg", "Max Beispiel"])
        XCTAssertEqual(entries.map { cents($0.amount) }, [-2340, 245000, -5850, -85000, 4500])
        XCTAssertEqual(entries.map(\.date), ["2024-03-29", "2024-03-27", "2024-03-15", "2024-03-04", "2024-03-01"])
        XCTAssertEqual(entries.map(\.pending), [true, false, false, false, false])
        XCTAssertEqual(read.accounts.map(\.currency), ["EUR"])

        let inferred = try readProfiled("dkb", options: ["profile": "none"])
        XCTAssertEqual(
            inferred.entries.first?.filter { $0.vendor == "Erika Mustermann" }.count, 2,
            "without the profile the holder is the payee of money in: what the profile is for")
    }

    /// `vendor-debit` and `vendor-credit` pick the row's payee by the side its money moved;
    /// an empty side cell, or an amount of zero, falls back to `vendor`.
    func testVendorDebitAndVendorCreditPickThePayeeBySide() throws {
        let text = """
            Date;Payer;Payee;Text;Amount
            2024-01-02;Me;Bakery;Bread;-3,50
            2024-01-03;Employer;Me;Salary;100,00
            2024-01-04;;;Card fee waived;0,00
            2024-01-05;Me;;Cash;-20,00

            """
        let read = try CSVReading.read(
            text, options: ["vendor-debit": "Payee", "vendor-credit": "2", "vendor": "Text"])
        XCTAssertEqual(read.problems, [])
        XCTAssertEqual(
            read.entries.first?.map(\.vendor), ["Bakery", "Employer", "Card fee waived", "Cash"])
        let sides = try CSVReading.read(text, options: ["vendor-debit": "Payee", "vendor-credit": "Payer"])
        XCTAssertEqual(sides.reportLine("spec")?.contains("vendor-debit=Payee,vendor-credit=Payer"), true, sides.report)
        // Without `vendor`, the money-out payee's column stands in: empty there, and no memo, is a reject.
        XCTAssertEqual(sides.entries.first?.map(\.vendor), ["Bakery", "Employer"])
        XCTAssertEqual(sides.rejects.first?.map(\.line), [4, 5])
        XCTAssertEqual(sides.rejects.first?.first?.reason, "vendor is empty, and there is no memo to use")
    }
}
