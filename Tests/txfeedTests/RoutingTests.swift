import Foundation
import TxFeedTestSupport
import XCTest

/// `txfeed run FILE…` sends each file to the source plugin most sure it reads it (`identify`);
/// a folder means each file in it. Nothing is skipped in silence.
final class RoutingTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try temporaryFolder()
    }

    var checking: String {
        get throws {
            try String(contentsOfFile: BuiltProducts.repository + "/samples/accounts/checking.json", encoding: .utf8)
        }
    }

    /// The sample folder holds a .json and an .ndjson file: both are read, each its own source.
    func testAFolderMeansEveryFileInIt() throws {
        let result = try txfeed("run", "samples/accounts/", "--sink", "csv")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("checking (fixture): ok, read 7"), result.stderr)
        XCTAssertTrue(result.stderr.contains("savings (fixture): ok, read 4"), result.stderr)
        XCTAssertEqual(result.output.split(separator: "\r\n").count, 12)
    }

    /// An entry nothing can read is a failed source naming it; the other files are still read.
    func testAFolderEntryThatCannotBeReadIsNamedAndTheRestAreRead() throws {
        try folder.write("bank/a-checking.json", try checking)
        try folder.write("bank/notes.txt", "not a statement\n")
        try folder.write("bank/sub/inner.json", try checking)
        try folder.write("bank/.hidden.json", "{")
        XCTAssertEqual(symlink("/nowhere/at-all", folder.path + "/bank/gone.json"), 0)
        // A link to a statement is read as the statement; a pipe is no file to read.
        XCTAssertEqual(symlink(folder.path + "/bank/a-checking.json", folder.path + "/bank/b-link.json"), 0)
        XCTAssertEqual(mkfifo(folder.path + "/bank/pipe", 0o600), 0)
        let result = try txfeed("run", folder.path + "/bank", "--sink", "ndjson")
        XCTAssertEqual(result.status, 3, "output written, some sources failed: \(result.stderr)")
        XCTAssertEqual(
            result.output.split(separator: "\n").count, 14, "a-checking.json is read, and through b-link.json")
        for expected in [
            "gone (none): FAILED: \(folder.path)/bank/gone.json: a link to nothing",
            "pipe (none): FAILED: \(folder.path)/bank/pipe: not a regular file",
            "notes (none): FAILED: \(folder.path)/bank/notes.txt: \(Self.noPluginReadsIt); read 0",
            "sub (none): FAILED: \(folder.path)/bank/sub: a folder inside the folder",
        ] {
            XCTAssertTrue(result.stderr.contains(expected), "\(expected)\n\(result.stderr)")
        }
        XCTAssertFalse(result.stderr.contains("hidden"), "hidden files are left out")
    }

    /// What a file no plugin claims is told: each shipped plugin that claims files, with what its
    /// description says it reads (docs/CLI.md).
    static let noPluginReadsIt =
        "no source plugin reads it; txfeed reads ISO 20022 camt.053/.052/.054 statements (camt), bank CSV exports "
        + "(csv), txfeed's JSON account envelopes (fixture), SWIFT MT940 statements and MT942 reports (mt940), OFX and "
        + "QFX statements (ofx), Quicken QIF files (qif); name one with -s NAME:FILE"

    func testAFileNothingClaimsOrAnEmptyFolderIsAUsageError() throws {
        let notes = try folder.write("notes.txt", "hello\n")
        let unclaimed = try txfeed("run", notes)
        XCTAssertEqual(unclaimed.status, 2, unclaimed.stderr)
        XCTAssertEqual(unclaimed.stderr, "txfeed: error: \(notes): \(Self.noPluginReadsIt)\n")
        try FileManager.default.createDirectory(atPath: folder.path + "/empty", withIntermediateDirectories: true)
        let empty = try txfeed("run", folder.path + "/empty")
        XCTAssertEqual(empty.status, 2, empty.stderr)
        XCTAssertTrue(empty.stderr.contains("the folder holds no files to read"), empty.stderr)
    }

    /// A plugin found on --plugin-path takes the files it is surer of than fixture is; two
    /// equally sure plugins are a usage error naming both, settled with -s NAME:FILE.
    func testTheMostConfidentPluginReadsAFileAndATieIsRefused() throws {
        let plugins = folder.path + "/plugins"
        try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
        try CPlugin.build(
            CPlugin.fixture("test_source.c"), name: "claims", into: plugins,
            defines: ["TEST_IDENTIFY=95", #"TEST_NAME=\"claims\""#])
        let statement = try folder.write("march.claim", try checking)  // an envelope: fixture says 90

        let routed = try txfeed("run", statement, "--plugin-path", plugins, "--sink", "ndjson")
        XCTAssertEqual(routed.status, 0, routed.stderr)
        XCTAssertTrue(routed.stderr.contains("march (claims): ok, read 2"), routed.stderr)

        try CPlugin.build(
            CPlugin.fixture("test_source.c"), name: "claims", into: plugins,
            defines: ["TEST_IDENTIFY=90", #"TEST_NAME=\"claims\""#])
        let tie = try txfeed("run", statement, "--plugin-path", plugins)
        XCTAssertEqual(tie.status, 2, tie.stderr)
        XCTAssertTrue(tie.stderr.contains("are equally sure they read it; choose with -s NAME:FILE"), tie.stderr)
        XCTAssertTrue(tie.stderr.contains("fixture (90)") && tie.stderr.contains("claims (90)"), tie.stderr)
        let forced = try txfeed("run", "-s", "fixture:" + statement, "--plugin-path", plugins, "--sink", "ndjson")
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertTrue(forced.stderr.contains("march (fixture): ok, read 7"), forced.stderr)

        // A file nothing claims: the plugin on the path is listed with the shipped ones, in its own words.
        let notes = try folder.write("notes.txt", "hello\n")
        let unclaimed = try txfeed("run", notes, "--plugin-path", plugins)
        XCTAssertEqual(unclaimed.status, 2, unclaimed.stderr)
        XCTAssertTrue(
            unclaimed.stderr.contains("; txfeed reads txfeed's test source (claims), ISO 20022 camt"), unclaimed.stderr)
    }

    /// A plugin whose `identify` takes its plugin host child down costs only its own answers:
    /// the other plugins are asked again without it, and the folder is read.
    func testAPluginWhoseIdentifyCrashesLeavesTheOthersToRoute() throws {
        let plugins = folder.path + "/plugins"
        try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
        try CPlugin.build(
            CPlugin.fixture("test_source.c"), name: "crashes", into: plugins,
            defines: ["TEST_IDENTIFY=95", "TEST_IDENTIFY_ABORT", #"TEST_NAME=\"crashes\""#])
        try folder.write("bank/a-checking.json", try checking)
        try folder.write("bank/b-checking.json", try checking)
        let result = try txfeed("run", folder.path + "/bank", "--plugin-path", plugins, "--sink", "ndjson")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("a-checking (fixture): ok, read 7"), result.stderr)
        XCTAssertTrue(result.stderr.contains("b-checking (fixture): ok, read 7"), result.stderr)
        XCTAssertEqual(result.output.split(separator: "\n").count, 14)
    }
}
