import Foundation
import TxFeedModel
import TxFeedPluginHost
import TxFeedTestSupport
import XCTest

@testable import TxFeedRun

/// Sink plugins as the plan and `plugins check` see them, against a real C sink
/// (Tests/Fixtures/plugins/test_sink.c).
final class SinkPluginPlanTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try temporaryFolder()
    }

    func testSink(defines: [String] = []) throws -> LoadedPlugin {
        try PluginLoader.load(path: CPlugin.testSink(into: folder.path, defines: defines))
    }

    func testOptionsAreCheckedAgainstTheDeclaration() throws {
        let plugin = try testSink()
        XCTAssertNoThrow(try SinkPlan.plugin(plugin, path: "out.txt", options: [("fail", "")]))
        XCTAssertThrowsError(try SinkPlan.plugin(plugin, path: nil, options: [("colour", "red")])) { error in
            XCTAssertEqual("\(error)", "sink '\(plugin.name)': unknown option 'colour'; valid options: path, fail")
        }
        // A value may name another option as a {placeholder}.
        XCTAssertNoThrow(try SinkPlan.plugin(plugin, path: nil, options: [("fail", "{who}"), ("who", "x")]))

        let noPath = try testSink(defines: ["TEST_NO_PATH"])
        XCTAssertThrowsError(try SinkPlan.plugin(noPath, path: "out.txt", options: [])) { error in
            XCTAssertTrue("\(error)".contains("declares no 'path' option"), "\(error)")
        }
        XCTAssertFalse(SinkPlan.takesPath(noPath))
        XCTAssertTrue(SinkPlan.takesPath(plugin))
    }

    func testCheckFeedsTheSampleFeedInSeveralBatches() throws {
        XCTAssertEqual(PluginCheck.sampleFeed().transactions.count, 7)
        XCTAssertEqual(PluginCheck.sampleFeed().accounts.count, 2)
        let report = PluginCheck(path: try testSink().path).run()
        XCTAssertTrue(report.passed, report.lines.joined(separator: "\n"))
        XCTAssertTrue(
            report.lines.contains { $0.contains("7 transactions from 2 accounts in 3 sink_write batches") },
            report.lines.joined(separator: "\n"))

        let failing = PluginCheck(path: try testSink(defines: [#"TEST_SAMPLE_FAIL=\"write\""#]).path).run()
        XCTAssertFalse(failing.passed)
        XCTAssertTrue(
            failing.lines.contains { $0.hasPrefix("FAIL  sample feed: ") && $0.contains("told to fail in sink_write") },
            failing.lines.joined(separator: "\n"))
    }
}
