import Foundation
import TxFeedTestSupport
import XCTest

/// Output paths as a shell's redirections treat them: streams written in place, links followed,
/// impossible paths refused before any source runs, and no file written twice.
final class OutputPathsEndToEndTests: XCTestCase {
    var folder: TemporaryFolder!
    let checking = BuiltProducts.repository + "/samples/accounts/checking.json"

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
    }

    func testAFIFOIsWrittenInPlaceNeverReplaced() throws {
        let fifo = folder.path + "/feed.csv"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/cat")
        reader.arguments = [fifo]
        let output = Pipe()
        reader.standardOutput = output
        try reader.run()
        let result = try txfeed("run", checking, "-o", fifo, "--no-progress")
        XCTAssertEqual(result.status, 0, result.stderr)
        let got = output.fileHandleForReading.readDataToEndOfFile()
        reader.waitUntilExit()
        XCTAssertEqual(String(decoding: got, as: UTF8.self).split(separator: "\r\n").count, 8, "header and 7 rows")
        var info = stat()
        XCTAssertEqual(lstat(fifo, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO, "still a FIFO")
    }

    func testDevStdoutAndDashAreStreams() throws {
        let rejects = try txfeed(
            "run", checking, "--rejects", "/dev/stdout", "-o", folder.path + "/feed.csv", "--no-progress")
        XCTAssertEqual(rejects.status, 0, rejects.stderr)
        var info = stat()
        XCTAssertEqual(lstat("/dev/stdout", &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFLNK, "/dev/stdout is still the system's link")
        let dash = try txfeed("run", checking, "--sink", "csv", "-o", "-", "--no-progress")
        XCTAssertEqual(dash.status, 0, dash.stderr)
        XCTAssertTrue(dash.output.hasPrefix("date,day,account"), dash.output)
    }

    func testALinkIsFollowedAndItsTargetReplaced() throws {
        try folder.write("target.csv", "old\n")
        XCTAssertEqual(symlink("target.csv", folder.path + "/link.csv"), 0)
        let result = try txfeed("run", checking, "-o", folder.path + "/link.csv", "--no-progress")
        XCTAssertEqual(result.status, 0, result.stderr)
        var info = stat()
        XCTAssertEqual(lstat(folder.path + "/link.csv", &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFLNK, "the link stays a link")
        XCTAssertTrue(String(decoding: try folder.read("target.csv"), as: UTF8.self).hasPrefix("date,day,account"))
        XCTAssertEqual(folder.contents().sorted(), ["link.csv", "target.csv"], "no temporary file left")
    }

    func testImpossibleOutputsAreRefusedBeforeAnySourceRuns() throws {
        let missing = try txfeed("run", checking, "-o", folder.path + "/no-such-folder/feed.csv", "--no-progress")
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(
            missing.stderr.contains("the folder \(folder.path)/no-such-folder does not exist"), missing.stderr)
        XCTAssertFalse(missing.stderr.contains("(fixture)"), "no source ran")

        let twice = try txfeed(
            "run", checking, "-o", folder.path + "/x.csv", "--rejects", folder.path + "/./x.csv", "--no-progress")
        XCTAssertEqual(twice.status, 2)
        XCTAssertTrue(twice.stderr.contains("would both write \(folder.path)/x.csv"), twice.stderr)

        let stdoutTwice = try txfeed("run", checking, "--rejects", "-", "--no-progress")
        XCTAssertEqual(stdoutTwice.status, 2)
        XCTAssertTrue(stdoutTwice.stderr.contains("would both write /dev/stdout"), stdoutTwice.stderr)

        let aFolder = try txfeed("run", checking, "-o", folder.path, "--sink", "csv", "--no-progress")
        XCTAssertEqual(aFolder.status, 2)
        XCTAssertTrue(aFolder.stderr.contains("is a folder"), aFolder.stderr)
    }

    /// A file whose mode forbids writing is refused as a shell would refuse `> file` (root may
    /// write anything, as with the shell).
    func testAFileWhoseModeForbidsWritingIsRefused() throws {
        try XCTSkipIf(geteuid() == 0, "root may write any file, with txfeed as with a shell")
        let path = try folder.write("locked.csv", "keep\n")
        chmod(path, 0o444)
        let result = try txfeed("run", checking, "-o", path, "--no-progress")
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(String(decoding: try folder.read("locked.csv"), as: UTF8.self), "keep\n")
    }

    func testAnExtensionThatDisagreesWithTheSinkIsAWarning() throws {
        let result = try txfeed("run", checking, "--sink", "csv", "-o", folder.path + "/feed.json", "--no-progress")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("feed.json: the extension says json, but the sink is csv"), result.stderr)
        XCTAssertTrue(String(decoding: try folder.read("feed.json"), as: UTF8.self).hasPrefix("date,"))
    }
}
