import Foundation
import TxFeedTestSupport
import XCTest

/// `txfeed sniff`: the plugin a file goes to, how sure it is, and what the plugin inferred;
/// exit 2, naming the option, when the file would not be read as it is.
final class SniffTests: XCTestCase {
    let bank = BuiltProducts.fixtures + "/bank"

    func testABankCSVIsExplainedColumnByColumnWithASpecToCopy() throws {
        let result = try txfeed("sniff", bank + "/sparkasse-giro.csv")
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.output.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, bank + "/sparkasse-giro.csv")
        XCTAssertTrue(
            lines.contains { $0.hasPrefix("  plugin        csv (") && $0.hasSuffix(" of 100)") }, result.output)
        for expected in [
            "windows-1252", "separator     ;", "Buchungstag", "Betrag", "Saldo", "%d.%m.%y", "decimal mark  ,",
            "Kontostand", "spec", "rules",
        ] {
            XCTAssertTrue(result.output.contains(expected), "\(expected)\n\(result.output)")
        }
        XCTAssertEqual(result.stderr, "")
    }

    /// Every day ≤ 12: the report says both readings, and stderr names the option (exit 2);
    /// the same file with that option given reads.
    func testAnAmbiguousDateColumnExitsTwoNamingTheOptionThatSettlesIt() throws {
        let file = bank + "/ambiguous-dates.csv"
        let ambiguous = try txfeed("sniff", file)
        XCTAssertEqual(ambiguous.status, 2, ambiguous.stderr)
        XCTAssertTrue(ambiguous.stderr.contains("date-format"), ambiguous.stderr)
        XCTAssertTrue(ambiguous.output.contains("%d/%m/%Y") && ambiguous.output.contains("%m/%d/%Y"), ambiguous.output)

        let settled = try txfeed("sniff", "-s", "csv:\(file),date-format=%d/%m/%Y")
        XCTAssertEqual(settled.status, 0, settled.stderr)
        XCTAssertTrue(settled.output.contains("plugin        csv (-s)"), settled.output)
    }

    func testAFolderIsSniffedFileByFileAndOtherPluginsSayTheyDoNotExplain() throws {
        let result = try txfeed("sniff", "samples/accounts/checking.json", bank + "/us-card.csv")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.output.contains("plugin        fixture (90 of 100)"), result.output)
        XCTAssertTrue(result.output.contains("fixture does not explain how it reads a file"), result.output)
        XCTAssertTrue(result.output.contains(bank + "/us-card.csv\n  plugin        csv ("), result.output)
    }

    func testAMissingFileOrNoArgumentIsAUsageError() throws {
        let missing = try txfeed("sniff", "no/such/file.csv")
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("no/such/file.csv: No such file or directory"), missing.stderr)
        let nothing = try txfeed("sniff")
        XCTAssertEqual(nothing.status, 2)
        XCTAssertTrue(nothing.stderr.contains("sniff needs a FILE or -s SPEC"), nothing.stderr)
    }
}
