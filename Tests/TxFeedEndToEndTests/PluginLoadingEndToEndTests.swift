import Foundation
import TxFeedTestSupport
import XCTest

/// Plugin loading as the CLI does it: by name through the search path, by path, and the
/// errors a user sees (exit 2, before any source runs).
final class PluginLoadingEndToEndTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
    }

    func testLoadsByNameFromPluginPath() throws {
        try CPlugin.build(CPlugin.fixture("test_source.c"), name: "test-source", into: folder.path)
        let result = try txfeed("run", "-s", "test-source", "--plugin-path", folder.path, "--sink", "ndjson")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.output.split(separator: "\n").count, 2)
    }

    func testLoadsByNameFromTheEnvironment() throws {
        try CPlugin.build(CPlugin.fixture("test_source.c"), name: "test-source", into: folder.path)
        let result = try txfeed(
            "run", "-s", "test-source", "--sink", "ndjson",
            environment: ["TXFEED_PLUGIN_PATH": folder.path])
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    func testNeverLoadsFromTheCurrentDirectory() throws {
        try CPlugin.build(CPlugin.fixture("test_source.c"), name: "test-source", into: folder.path)
        let result = try txfeed(
            "run", "-s", "test-source", environment: ["TXFEED_PLUGIN_PATH": ""], directory: folder.path)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("plugin 'test-source' not found"), result.stderr)
    }

    func testNameMustMatchTheDescriptor() throws {
        try CPlugin.build(CPlugin.fixture("test_source.c"), name: "other", into: folder.path)
        let result = try txfeed("run", "-s", "other", "--plugin-path", folder.path)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("calls itself 'test-source', not 'other'"), result.stderr)
    }

    func testWrongABIIsAUsageErrorNamingBothVersions() throws {
        let path = try CPlugin.build(
            CPlugin.fixture("test_source.c"), name: "test-source", into: folder.path,
            defines: ["TEST_ABI_VERSION=2"])
        let result = try txfeed("run", "-s", path)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains(path), result.stderr)
        XCTAssertTrue(result.stderr.contains("ABI version 2") && result.stderr.contains("ABI version 1"), result.stderr)
    }

    func testUnknownOptionIsAUsageErrorListingValidOnes() throws {
        let result = try txfeed("run", "-s", "fixture:path=samples/accounts/checking.json,colour=red")
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("unknown option 'colour'"), result.stderr)
        XCTAssertTrue(result.stderr.contains("valid options: path, name"), result.stderr)
    }

    func testSourceNamesRepeatWithANumber() throws {
        let result = try txfeed(
            "run", "samples/accounts/checking.json", "samples/accounts/checking.json", "--sink", "ndjson")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.output.contains("\"source\":\"checking#2\""), "the same file twice: its stem, then #2")
        XCTAssertTrue(result.output.contains("\"source\":\"checking\""))
    }

    /// An empty folder or file name (an unset shell variable) is a mistake, never "here".
    func testEmptyPluginPathOrRejectsFileIsAUsageError() throws {
        for (arguments, message) in [
            (["run", "samples/accounts/checking.json", "--plugin-path", ""], "--plugin-path is empty"),
            (["plugins", "list", "--plugin-path", ""], "--plugin-path is empty"),
            (["run", "samples/accounts/checking.json", "--rejects", ""], "--rejects is empty"),
        ] {
            let result = try txfeed(arguments: arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message), result.stderr)
        }
    }

    func testAnEmptySourceNameIsAUsageError() throws {
        let result = try txfeed("run", "-s", "fixture:samples/accounts/checking.json,name=", "--sink", "ndjson")
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("source 'fixture': name= is empty"), result.stderr)
    }

    func testPluginsListShowsTheBuiltPlugins() throws {
        let result = try txfeed("plugins", "list")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.output.contains("fixture  source  ABI 1  " + BuiltProducts.plugin("fixture")), result.output)
        XCTAssertTrue(result.output.contains("path (main)"), result.output)
    }

    func testPluginsCheckRunsTheSampleConfiguration() throws {
        let good = try CPlugin.build(CPlugin.fixture("test_source.c"), name: "test-source", into: folder.path)
        let result = try txfeed("plugins", "check", good)
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertTrue(result.output.contains("1 document(s), 2 transaction(s), 0 rejected"), result.output)

        let broken = try CPlugin.build(CPlugin.fixture("not_a_plugin.c"), name: "plain", into: folder.path)
        let failed = try txfeed("plugins", "check", broken)
        XCTAssertNotEqual(failed.status, 0)
        XCTAssertTrue(failed.output.contains("not a txfeed plugin"), failed.output)
    }

    func testConfigFileUnknownKeyIsNamed() throws {
        let config = try folder.write("p.json", #"{"sources": [], "sinkz": []}"#)
        let result = try txfeed("run", "--config", config)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("unknown key 'sinkz'"), result.stderr)
        XCTAssertTrue(result.stderr.contains("sources, sinks"), result.stderr)
    }
}
