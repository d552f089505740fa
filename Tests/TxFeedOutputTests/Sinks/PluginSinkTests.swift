import Foundation
import TxFeedDecoding
import TxFeedModel
import TxFeedPipeline
import TxFeedPluginABI
import TxFeedPluginHost
import TxFeedTestSupport
import XCTest

@testable import TxFeedOutput

/// The host side of sink plugins, in process, against a real C sink (Tests/Fixtures/plugins/
/// test_sink.c) that writes down every call it gets.
final class PluginSinkTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try temporaryFolder()
    }

    /// The checking sample, merged as `txfeed run` merges it.
    func checkingFeed() throws -> Feed {
        let fixture = try PluginLoader.load(path: BuiltProducts.plugin("fixture"))
        let session = PluginSource(
            plugin: fixture, options: [("path", BuiltProducts.repository + "/samples/accounts/checking.json")])
        return Feed(merging: Pipeline(sources: [PipelineSource(name: "checking", session: session)]).run().outcomes)
    }

    func testSink(defines: [String] = []) throws -> LoadedPlugin {
        try PluginLoader.load(path: CPlugin.testSink(into: folder.path, defines: defines))
    }

    func lines(_ file: String) throws -> [String] {
        try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    func testRecordsCarryTheNDJSONFieldsInBatchesThenSourcesAndSummary() throws {
        let feed = try checkingFeed()
        let plugin = try testSink()
        let out = folder.path + "/calls.txt"
        var sink = PluginSink(plugin: plugin, options: [("path", out)])
        sink.batchSize = 3
        try sink.deliver(feed, context: FeedContext.legacy(feed))
        let calls = try lines(out)
        XCTAssertEqual(calls.first, #"open {"path":"\#(out)"}"#)
        XCTAssertEqual(calls.filter { $0.hasPrefix("batch ") }, ["batch 3", "batch 3", "batch 1"])
        XCTAssertEqual(calls.last, "close")
        guard calls.count > 2 else { return XCTFail("\(calls)") }
        XCTAssertEqual(calls[calls.count - 2], "finish \(FeedJSON.sources(feed)) \(FeedJSON.summary(feed))")

        // Every record holds exactly what the NDJSON sink writes for that transaction.
        let ndjsonFile = folder.path + "/feed.ndjson"
        let fd = open(ndjsonFile, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let writer = OutputWriter(fd: fd, name: ndjsonFile)
        try NDJSONSink().write(feed, context: FeedContext.legacy(feed), to: writer)
        try writer.flush()
        close(fd)
        let expected = try lines(ndjsonFile).map { line in
            try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
        }
        let records = calls.filter {
            !$0.hasPrefix("open ") && !$0.hasPrefix("batch ") && !$0.hasPrefix("finish ") && $0 != "close"
        }
        XCTAssertEqual(records.count, 7)
        XCTAssertEqual(expected.count, 7)
        for (record, json) in zip(records, expected) {
            let f = record.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            XCTAssertEqual(f[0], String(MemoryLayout<txfeed_record>.stride), "struct_size")
            let names = [
                "date", "day", "account", "vendor", "type", "amount", "amount_minor", "currency", "colour", "source",
                "id", "status", "memo",
            ]
            XCTAssertEqual(f.count, names.count + 1, record)
            for (i, name) in names.enumerated() where i + 1 < f.count {
                // JSON's null is the record's "".
                let value = json[name] is NSNull ? "" : "\(json[name]!)"
                XCTAssertEqual(f[i + 1], value, "\(name) in \(record)")
            }
        }
    }

    func testAnEmptyFeedIsOpenedFinishedAndClosedWithoutWrites() throws {
        let out = folder.path + "/calls.txt"
        try PluginSink(plugin: try testSink(), options: [("path", out)]).deliver(
            Feed(), context: FeedContext.legacy(Feed()))
        let calls = try lines(out)
        XCTAssertEqual(calls.count, 3, "\(calls)")
        guard calls.count == 3 else { return }
        XCTAssertEqual(calls.last, "close")
        XCTAssertTrue(calls[1].hasPrefix("finish [] {"), calls[1])
    }

    /// Each stage's failure is the sink's own message, and the host hands the string back to
    /// the plugin's `free_error` (counted by the plugin).
    func testFailuresCarryThePluginsMessageFreedByThePluginsFunction() throws {
        let feed = try checkingFeed()
        let plugin = try testSink()
        guard let handle = dlopen(plugin.path, RTLD_NOW | RTLD_NOLOAD),
            let symbol = dlsym(handle, "test_sink_freed")
        else { return XCTFail("no test_sink_freed") }
        let freed = unsafeBitCast(symbol, to: (@convention(c) () -> Int32).self)
        for stage in ["open", "write", "finish"] {
            let before = freed()
            let out = folder.path + "/\(stage).txt"
            XCTAssertThrowsError(
                try PluginSink(plugin: plugin, options: [("path", out), ("fail", stage)]).deliver(
                    feed, context: FeedContext.legacy(feed))
            ) { error in
                XCTAssertEqual("\(error)", "sink '\(plugin.name)': test-sink: told to fail in sink_\(stage)")
            }
            XCTAssertEqual(freed(), before + 1, stage)
            // sink_close follows every sink_open that succeeded.
            XCTAssertEqual(try lines(out).last == "close", stage != "open", stage)
        }
        XCTAssertThrowsError(
            try PluginSink(
                plugin: plugin, options: [("path", folder.path + "/silent.txt"), ("fail", "write-silently")]
            )
            .deliver(feed, context: FeedContext.legacy(feed))
        ) { error in
            XCTAssertEqual("\(error)", "sink '\(plugin.name)': sink_write failed (no message)")
        }
    }
}
