import Foundation
import TxFeedTestSupport
import XCTest

/// Several outputs are all or nothing: a run that fails to write one of them replaces none of
/// the others' existing files and leaves no temporary file; the one failure that cannot be
/// taken back (a rename, after others succeeded) is named precisely.
final class OutputCommitTests: XCTestCase {
    var folder: TemporaryFolder!
    let checking = BuiltProducts.repository + "/samples/accounts/checking.json"
    let old = Data("old bytes\n".utf8)

    override func setUpWithError() throws {
        folder = try temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/out", withIntermediateDirectories: false)
        try CPlugin.build(CPlugin.fixture("test_sink.c"), name: "test-sink", into: folder.path)
        try CPlugin.build(CPlugin.fixture("meddling_sink.c"), name: "meddle", into: folder.path)
    }

    private var out: String { folder.path + "/out" }

    private func run(_ arguments: [String]) throws -> CommandResult {
        try txfeed(arguments: ["run", checking, "--plugin-path", folder.path] + arguments)
    }

    private func outFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: out).sorted()
    }

    /// `-o ok.csv -o isdir.csv`: the folder is found while planning (exit 2), before any sink
    /// runs, so `ok.csv` keeps its bytes — with a sink plugin's file in place of the CSV too.
    func testAnOutputThatIsAFolderWritesNothing() throws {
        try folder.write("out/ok.csv", old)
        try FileManager.default.createDirectory(atPath: out + "/isdir.csv", withIntermediateDirectories: false)
        for first in [["-o", out + "/ok.csv"], ["--sink", "test-sink:\(out)/ok.csv"]] {
            let result = try run(first + ["-o", out + "/isdir.csv"])
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertTrue(result.stderr.contains("\(out)/isdir.csv is a folder, not a file to write"), result.stderr)
            XCTAssertFalse(result.stderr.contains("read 7"), "no source ran")
            XCTAssertEqual(try folder.read("out/ok.csv"), old, "\(first)")
            XCTAssertEqual(try outFiles(), ["isdir.csv", "ok.csv"], "no temporary file")
        }
    }

    /// The destination becomes a folder after the plan (the meddling sink makes it one in
    /// `sink_finish`): its rename fails. When it is the first to be renamed — here a sink
    /// plugin's file, ahead of a built-in CSV — nothing is replaced: the CSV keeps its old bytes.
    func testAFailedFirstRenameReplacesNothing() throws {
        try folder.write("out/ok.csv", old)
        let result = try run([
            "--sink", "test-sink:\(out)/totals.txt", "--sink", "meddle:\(out)/totals.txt", "-o", out + "/ok.csv",
        ])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.output, "")
        XCTAssertTrue(
            result.stderr.contains(
                "txfeed: \(out)/totals.txt: cannot replace the file: Is a directory; nothing written"),
            result.stderr)
        XCTAssertEqual(try folder.read("out/ok.csv"), old)
        XCTAssertEqual(try outFiles(), ["ok.csv", "totals.txt"], "no temporary file")
    }

    /// A rename that fails after another succeeded cannot be taken back: the message says
    /// which file was replaced and which was not, instead of "nothing written"; exit 1.
    func testARenameFailingAfterOthersNamesWhatWasReplaced() throws {
        try folder.write("out/ok.csv", old)
        let result = try run([
            "-o", out + "/ok.csv", "-o", out + "/late.csv", "--sink", "meddle:\(out)/late.csv",
        ])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(
            result.stderr.contains(
                "txfeed: \(out)/late.csv: cannot replace the file: Is a directory; already replaced: \(out)/ok.csv; not written: \(out)/late.csv\n"
            ), result.stderr)
        XCTAssertFalse(result.stderr.contains("nothing written"), result.stderr)
        XCTAssertTrue(String(decoding: try folder.read("out/ok.csv"), as: UTF8.self).hasPrefix("date,day,account"))
        XCTAssertEqual(try outFiles(), ["late.csv", "ok.csv"], "no temporary file")
    }

    /// A failing sink plugin beside a built-in file and a sink on stdout: no file replaced and
    /// nothing on stdout, because the sink writing stdout runs only once every file is written.
    func testAFailingPluginKeepsStdoutAndEveryFileUntouched() throws {
        try folder.write("out/ok.csv", old)
        try folder.write("out/calls.txt", old)
        let result = try run([
            "--sink", "csv,path=\(out)/ok.csv", "--sink", "test-sink,path=\(out)/calls.txt,fail=finish",
            "--sink", "ndjson",
        ])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.output, "", "stdout is written last")
        XCTAssertTrue(result.stderr.contains("told to fail in sink_finish; nothing written"), result.stderr)
        XCTAssertEqual(try folder.read("out/ok.csv"), old)
        XCTAssertEqual(try folder.read("out/calls.txt"), old)
        XCTAssertEqual(try outFiles(), ["calls.txt", "ok.csv"], "no temporary file")
    }
}
