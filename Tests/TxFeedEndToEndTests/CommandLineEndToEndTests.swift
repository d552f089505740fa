import Foundation
import TxFeedTestSupport
import XCTest

/// The first word of the line as a newcomer types it: `txfeed` alone, a command misspelt, help
/// for no command. Each is a usage error (exit 2) that says what to type instead.
final class CommandLineEndToEndTests: XCTestCase {
    func testTxfeedAlonePrintsAShortUsage() throws {
        let result = try txfeed(arguments: [])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.hasPrefix("usage: txfeed [run] FILE..."), result.stderr)
        XCTAssertTrue(result.stderr.contains("txfeed merge PART... -o FILE"), result.stderr)
        XCTAssertFalse(result.stderr.contains("no sources"), result.stderr)
        XCTAssertEqual(result.output, "")
    }

    func testAMisspeltCommandIsAUsageErrorWithASuggestion() throws {
        for (typed, meant) in [("plugin", "plugins"), ("wacth", "watch"), ("Sniff", "sniff"), ("merg", "merge")] {
            let result = try txfeed(typed, "list")
            XCTAssertEqual(result.status, 2, typed)
            XCTAssertTrue(result.stderr.contains("did you mean `txfeed \(meant)`?"), result.stderr)
            XCTAssertEqual(result.output, "", "nothing ran")
        }
    }

    func testAFileNamedLikeACommandIsStillAFile() throws {
        let folder = try TemporaryFolder()
        let checking = BuiltProducts.repository + "/samples/accounts/checking.json"
        try FileManager.default.copyItem(atPath: checking, toPath: folder.path + "/watches")
        let result = try txfeed("watches", "--sink", "ndjson", "--no-progress", directory: folder.path)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.output.split(separator: "\n").count, 7)
    }

    func testHelpForNoCommandIsAUsageError() throws {
        let result = try txfeed("help", "nosuch")
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("help: no command 'nosuch'"), result.stderr)
        let suggestion = try txfeed("help", "plugin")
        XCTAssertEqual(suggestion.status, 2)
        XCTAssertTrue(suggestion.stderr.contains("did you mean `plugins`?"), suggestion.stderr)
        XCTAssertEqual(try txfeed("help", "run").status, 0)
    }
}
