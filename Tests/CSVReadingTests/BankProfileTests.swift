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
}
