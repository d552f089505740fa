import Foundation
import TxFeedTestSupport
import XCTest

/// Bank CSV rows whose status says the money never moved (Revolut's `REVERTED`, PayPal's
/// `Denied`): not imported and not rejected, but counted in the summary and written whole by
/// `--skipped FILE` — never silent, and no reason for `--strict` to refuse the run.
final class NeverMovedRunTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try temporaryFolder()
    }

    static func file(_ profile: String) -> String { BuiltProducts.fixtures + "/bank/profiles/\(profile).csv" }

    func testRowsThatNeverMovedAreCountedAndWrittenToTheSkippedFile() throws {
        for isolation in ["process", "in-process"] {
            let skipped = folder.path + "/skipped-\(isolation).ndjson"
            let result = try txfeed(
                "run", Self.file("revolut"), Self.file("paypal"), "--sink", "ndjson", "--no-progress", "--strict",
                "--isolation", isolation, "--skipped", skipped)
            XCTAssertEqual(result.status, 0, "skipped rows are no rejects, even under --strict: \(result.stderr)")
            XCTAssertTrue(
                result.stderr.contains("revolut (csv): ok, read 6 = written 5 + rejected 0 + skipped 1"),
                result.stderr)
            XCTAssertTrue(
                result.stderr.contains("paypal (csv): ok, read 7 = written 6 + rejected 0 + skipped 1"),
                result.stderr)
            XCTAssertFalse(
                try feedRows(result).contains { text($0, "vendor") == "Amazon" }, "the reverted payment is no record")

            let lines = try String(contentsOfFile: skipped, encoding: .utf8).split(separator: "\n").map {
                try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
            }
            XCTAssertEqual(lines.count, 2, isolation)
            XCTAssertEqual(lines.map { $0["source"] as? String }, ["revolut", "paypal"], "in source order")
            XCTAssertEqual(lines[0]["path"] as? String, "line 5")
            XCTAssertEqual(lines[0]["reason"] as? String, "money that never moved (REVERTED)")
            XCTAssertEqual(
                lines[0]["record"] as? String,
                "CARD_PAYMENT,Current,2024-03-06 20:01:33,,Amazon,-15.99,0.00,EUR,REVERTED,", "the row as it was")
            XCTAssertEqual(lines[1]["reason"] as? String, "money that never moved (Denied)")
            XCTAssertEqual(lines[0]["origin"] as? String, Self.file("revolut"))
        }
    }

    /// The spreadsheet's and the database's source rows count them too, so that `read` is the
    /// sum of the counts beside it there as well.
    func testTheXLSXAndSQLiteSourcesCountThem() throws {
        let book = folder.path + "/feed.xlsx", database = folder.path + "/feed.db"
        let result = try txfeed("run", Self.file("revolut"), "--no-progress", "-o", book, "-o", database)
        XCTAssertEqual(result.status, 0, result.stderr)
        let sources = try XCTUnwrap(try XLSXReadBack.rows(of: "Sources", in: book))
        let header = sources[0].map { $0.string ?? "" }
        let row = Dictionary(uniqueKeysWithValues: zip(header, sources[1].map(\.number)))
        XCTAssertEqual(row["read"], 6)
        XCTAssertEqual(row["written"], 5)
        XCTAssertEqual(row["rejected"], 0)
        XCTAssertEqual(row["skipped"], 1)
        let counts = try runCommand(
            try TestPython.system(),
            [
                "-c",
                "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('SELECT count, rejected, skipped FROM sources').fetchall())",
                database,
            ])
        XCTAssertEqual(counts.output, "[(5, 0, 1)]\n", counts.stderr)
    }

    /// Shards: each part's sources carry their count, and `txfeed merge` sums them into the
    /// summary, so the merged `read` is what one run over both files says.
    func testAMergeOfShardsCountsThem() throws {
        var parts: [String] = []
        for shard in 0..<2 {
            let part = folder.path + "/part-\(shard).ndjson"
            let result = try txfeed(
                "run", Self.file("revolut"), Self.file("paypal"), "--shard", "\(shard)/2", "-o", part, "--no-progress")
            XCTAssertEqual(result.status, 0, result.stderr)
            parts.append(part)
        }
        let merged = try txfeed(arguments: ["merge"] + parts + ["--sink", "json"])
        XCTAssertEqual(merged.status, 0, merged.stderr)
        let feed = try XCTUnwrap(JSONSerialization.jsonObject(with: merged.stdout) as? [String: Any])
        let summary = try XCTUnwrap(feed["summary"] as? [String: Any])
        XCTAssertEqual(summary["skipped"] as? Int, 2)
        XCTAssertEqual(summary["read"] as? Int, 13)
        XCTAssertEqual(summary["written"] as? Int, 11)
    }

    /// A config file's `skipped` is a path relative to the config file's own folder.
    func testTheConfigFileNamesTheSkippedFile() throws {
        try FileManager.default.createDirectory(atPath: folder.path + "/pipeline", withIntermediateDirectories: true)
        let config = folder.path + "/pipeline/pipeline.json"
        try #"{"skipped": "skipped.ndjson"}"#.write(toFile: config, atomically: true, encoding: .utf8)
        let result = try txfeed(
            "run", Self.file("revolut"), "-c", config, "--sink", "ndjson", "--no-progress", directory: folder.path)
        XCTAssertEqual(result.status, 0, result.stderr)
        let written = try String(contentsOfFile: folder.path + "/pipeline/skipped.ndjson", encoding: .utf8)
        XCTAssertTrue(written.contains(#""path":"line 5""#), written)
    }

    /// Without any such row the file is written empty, as `--rejects` is, and the summary line
    /// keeps its usual shape.
    func testTheSkippedFileIsEmptyWhenNothingWasSkipped() throws {
        let skipped = folder.path + "/skipped.ndjson"
        try Data("stale\n".utf8).write(to: URL(fileURLWithPath: skipped))
        let result = try txfeed(
            "run", Self.file("monzo-uk"), "--sink", "ndjson", "--no-progress", "--skipped", skipped)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try String(contentsOfFile: skipped, encoding: .utf8), "")
        XCTAssertTrue(result.stderr.contains("read 5 = written 5 + rejected 0, "), result.stderr)
    }
}
