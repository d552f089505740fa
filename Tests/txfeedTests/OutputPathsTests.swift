import Foundation
import TxFeedTestSupport
import XCTest

/// Output paths as a shell's redirections treat them: streams written in place, links followed,
/// impossible paths refused before any source runs, and no file written twice.
final class OutputPathsTests: XCTestCase {
    var folder: TemporaryFolder!
    let checking = BuiltProducts.repository + "/samples/accounts/checking.json"

    override func setUpWithError() throws {
        folder = try temporaryFolder()
    }

    /// A killed run's temporary file is cleaned up by the next run writing the same file; one a
    /// live process is writing is left alone.
    func testALeftoverTemporaryFileOfAKilledRunIsRemoved() throws {
        let output = folder.path + "/feed.csv"
        let leftover = try folder.write(".feed.csv.txfeed-Abc123", "half a feed")
        var old = [timeval(tv_sec: time(nil) - 3600, tv_usec: 0), timeval(tv_sec: time(nil) - 3600, tv_usec: 0)]
        XCTAssertEqual(utimes(leftover, &old), 0)
        let busy = try folder.write(".feed.csv.txfeed-Xyz789", "being written")
        XCTAssertEqual(utimes(busy, &old), 0)
        // A live writer holds its temporary file locked, as txfeed does.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        holder.arguments = [
            "-c",
            "import fcntl, sys, time; f = open(sys.argv[1]); fcntl.flock(f, fcntl.LOCK_EX); print('locked', flush=True); time.sleep(30)",
            busy,
        ]
        let said = Pipe()
        holder.standardOutput = said
        try holder.run()
        defer {
            holder.terminate()
            holder.waitUntilExit()
        }
        // Only once it holds the lock: a fixed pause lost the race on a busy machine.
        let line = said.fileHandleForReading.availableData
        XCTAssertTrue(String(decoding: line, as: UTF8.self).hasPrefix("locked"))
        let result = try txfeed("run", "samples/accounts/checking.json", "-o", output, "--no-progress")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: leftover), "the killed run's file is still there")
        XCTAssertTrue(FileManager.default.fileExists(atPath: busy), "a live writer's file was removed")
        XCTAssertEqual(try String(contentsOfFile: output, encoding: .utf8).split(separator: "\r\n").count, 8)
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

    /// stdout redirected by the shell to the file `--rejects` names is one file written twice:
    /// refused before anything runs (the rejects file replaced the whole feed, exit 3).
    func testStdoutRedirectedToTheRejectsFileIsRefused() throws {
        let file = folder.path + "/same.ndjson"
        let shell = try runCommand(
            "/bin/bash",
            [
                "-c", #""$0" run "$1" --sink csv -o - --rejects "$2" --no-progress > "$2""#, BuiltProducts.txfeed,
                checking, file,
            ])
        XCTAssertEqual(shell.status, 2, shell.stderr)
        XCTAssertTrue(shell.stderr.contains("-o - and --rejects \(file) would both write"), shell.stderr)
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
