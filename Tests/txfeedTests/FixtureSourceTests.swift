import Foundation
import TxFeedTestSupport
import XCTest

/// The built `libfixture.so` reading real files, folders and stdin.
final class FixtureSourceTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try temporaryFolder()
    }

    func envelope(_ name: String, vendor: String = "V", date: String = "2021-01-01 00:00:00") -> String {
        #"{"status":200,"message":"ok","body":{"name":"\#(name)","transactions":[{"type":1,"vendor":"\#(vendor)","amount":1,"date":"\#(date)"}]}}"#
    }

    func accounts(_ result: CommandResult) -> [String] {
        result.output.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["account"] as? String
        }
    }

    /// A folder given to fixture (`-s fixture:DIR`): every file in it, each a source of its own
    /// in name order, hidden ones left out; one fixture cannot read is named, never skipped.
    /// (InputsEndToEndTests has the entries that cannot be read at all.)
    func testFolderReadsEveryFileInNameOrder() throws {
        try folder.write("b.json", envelope("B"))
        try folder.write("a.json", envelope("A"))
        try folder.write("c.json", "[\(envelope("C1")),\(envelope("C2"))]")
        try folder.write("notes.txt", "not json")
        try folder.write(".hidden.json", "broken")
        let result = try txfeed("run", "-s", "fixture:" + folder.path, "--sink", "ndjson")
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertEqual(accounts(result), ["A", "B", "C1", "C2"], "same dates keep input order: file name order")
        XCTAssertTrue(result.stderr.contains("notes (fixture): FAILED: \(folder.path)/notes.txt:1:1: "), result.stderr)
        XCTAssertFalse(result.stderr.contains("hidden"), result.stderr)
    }

    func testStdinWithBOMAndNDJSON() throws {
        let input = Data([0xEF, 0xBB, 0xBF]) + Data((envelope("One") + "\n" + envelope("Two") + "\n").utf8)
        let result = try txfeed("run", "-", "--sink", "ndjson", input: input)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(accounts(result), ["One", "Two"])
        XCTAssertTrue(result.stderr.contains("read 2 = written 2 + rejected 0"), result.stderr)
    }

    func testPrettyPrintedFileFromStdin() throws {
        let pretty = "{\n  \"status\": 200,\n  \"body\": {\n    \"name\": \"P\",\n    \"transactions\": []\n  }\n}\n"
        let result = try txfeed("run", "-", "--sink", "ndjson", input: Data(pretty.utf8))
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    func testBrokenFilesNameFileLineAndColumn() throws {
        let empty = try folder.write("empty.json", "")
        let truncated = try folder.write(
            "truncated.json", "{\"status\":200,\n\"body\":{\"name\":\"T\",\"transactions\":[{\"type\":1,")
        let prose = try folder.write("prose.json", "\n\nDear bank,")
        let string = try folder.write("string.json", "\"just a string\"")
        let good = try folder.write("good.json", envelope("Good"))
        let cases = [
            (empty, ":1:1: empty document"), (truncated, ":2:"),
            (prose, ":3:1: expected an envelope object or an array of envelopes"),
            (string, ":1:1: expected an envelope object or an array of envelopes, found a string"),
        ]
        for (file, expected) in cases {
            let result = try txfeed("run", file, good, "--sink", "ndjson")
            XCTAssertEqual(result.status, 3, "\(file): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(file + expected), "expected \(file)\(expected) in\n\(result.stderr)")
            XCTAssertEqual(accounts(result), ["Good"], "the good file survives the broken one")
        }
    }

    func testMissingFileFailsTheSourceWithItsName() throws {
        let result = try txfeed("run", folder.path + "/nope.json")
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains(folder.path + "/nope.json: No such file or directory"), result.stderr)
    }
}
