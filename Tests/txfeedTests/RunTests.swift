import Foundation
import TxFeedTestSupport
import XCTest

/// The built `txfeed` and the built fixture plugin, run as a user would.
final class RunTests: XCTestCase {
    func testSamplePipelinePrintsEveryAccount() throws {
        let result = try txfeed("run", "--config", "samples/pipeline.json")
        XCTAssertEqual(result.status, 0, result.stderr)
        for account in ["Everyday Checking", "Rainy Day Savings", "Travel Fund"] {
            XCTAssertTrue(result.output.contains(account), "missing \(account) in\n\(result.output)")
        }
        XCTAssertTrue(result.stderr.contains("checking (fixture): ok, read 7 = written 7 + rejected 0"), result.stderr)
    }

    func testBareFileMeansFixtureAndNDJSONHasOneLinePerTransaction() throws {
        let result = try txfeed("run", "samples/accounts/checking.json", "--sink", "ndjson")
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.output.split(separator: "\n")
        XCTAssertEqual(lines.count, 7)
        for line in lines {
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            XCTAssertEqual(
                Set(object.keys),
                [
                    "date", "day", "account", "vendor", "type", "amount", "amount_minor", "currency", "colour",
                    "source",
                    "id", "status", "memo",
                ])
            XCTAssertEqual(object["source"] as? String, "checking", "a source is named after its file's stem")
        }
    }

    /// Every failed document's reason is kept: the summary names the first three, and every
    /// one reaches --rejects (a `document` line with its origin) and the JSON sink's sources.
    func testEveryFailedDocumentsReasonIsKept() throws {
        let folder = try TemporaryFolder()
        let lines = [
            #"{"status":200,"body":{"name":"A","transactions":[]}}"#, "{bad", #"{"status":500,"message":"down"}"#,
            "{also bad", #"{"x":1}"#,
        ]
        let file = try folder.write("f.ndjson", lines.joined(separator: "\n") + "\n")
        let rejects = folder.path + "/rejects.ndjson"
        let result = try txfeed("run", file, "--sink", "json", "--rejects", rejects, "--no-progress")
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertTrue(result.stderr.contains("and 1 more failed documents (each in --rejects and the JSON sources)"))
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let source = try XCTUnwrap((json["sources"] as? [[String: Any]])?.first)
        let reasons = try XCTUnwrap(source["failed_documents"] as? [String])
        XCTAssertEqual(reasons.count, 4)
        XCTAssertEqual(reasons.last, file + ":5:1: envelope has no body")
        let entries = try String(contentsOfFile: rejects, encoding: .utf8).split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        XCTAssertEqual(entries.count, 4)
        XCTAssertEqual(entries.map { $0["path"] as? String }, Array(repeating: "document", count: 4))
        XCTAssertEqual(entries[1]["origin"] as? String, file + ":3:1")
        XCTAssertEqual(entries[1]["reason"] as? String, file + ":3:1: envelope status 500: down")
        XCTAssertTrue(entries[1]["record"] is NSNull)
    }
}

/// A config file's relative paths are its own folder's, so a pipeline runs the same from
/// anywhere; flags stay relative to the current folder.
final class ConfigPathsTests: XCTestCase {
    func testRelativePathsInAConfigFileAreTheConfigFilesFolders() throws {
        let folder = try TemporaryFolder()
        let checking = try String(
            contentsOfFile: BuiltProducts.repository + "/samples/accounts/checking.json", encoding: .utf8)
        try folder.write("pipeline/data/checking.json", checking)
        let config = try folder.write(
            "pipeline/pipeline.json",
            #"{"sources": [{"plugin": "fixture", "options": {"path": "data/checking.json"}}], "sinks": [{"sink": "csv", "path": "out/feed.csv"}], "rejects": "out/rejects.ndjson"}"#
        )
        try FileManager.default.createDirectory(
            atPath: folder.path + "/pipeline/out", withIntermediateDirectories: true)
        // Run from elsewhere (the repository), naming the config by its absolute path.
        let result = try txfeed("run", "--config", config)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("checking (fixture): ok, read 7"), result.stderr)
        let csv = String(decoding: try folder.read("pipeline/out/feed.csv"), as: UTF8.self)
        XCTAssertEqual(csv.split(separator: "\r\n").count, 8)
        XCTAssertNotNil(try? folder.read("pipeline/out/rejects.ndjson"))
    }
}
