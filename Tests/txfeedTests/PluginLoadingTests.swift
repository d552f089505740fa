import Foundation
import TxFeedTestSupport
import XCTest

/// Plugin loading as the CLI does it: by name through the search path, by path, and the
/// errors a user sees (exit 2, before any source runs).
final class PluginLoadingTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try temporaryFolder()
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

    /// One line per call, the level as given, control characters visible; debug only with -v.
    func testPluginLogLines() throws {
        let path = try CPlugin.build(CPlugin.fixture("test_source.c"), name: "test-source", into: folder.path)
        let quiet = try txfeed("run", "-s", "\(path):log,name=noisy", "--sink", "ndjson", "--no-progress")
        XCTAssertEqual(quiet.status, 0, quiet.stderr)
        let lines = quiet.stderr.split(separator: "\n").filter { $0.hasPrefix("txfeed: noisy: ") }
        XCTAssertEqual(
            lines,
            [
                "txfeed: noisy: info: fetched page 1", #"txfeed: noisy: warning: two lines\nin one call"#,
                #"txfeed: noisy: error: \x1b[2Jcleared?"#, "txfeed: noisy: level 7: a level of its own",
            ])
        XCTAssertFalse(quiet.stderr.contains("\u{1B}"), "no escape reaches the terminal")
        let verbose = try txfeed("run", "-s", "\(path):log,name=noisy", "--sink", "ndjson", "--no-progress", "-v")
        XCTAssertTrue(verbose.stderr.contains("txfeed: noisy: debug: debugging detail"), verbose.stderr)
    }

    /// A name `-s NAME` could never load (a space, a slash) is refused at load and by check.
    func testADescriptorNameThatCannotBeGivenIsRefused() throws {
        let path = try CPlugin.build(
            CPlugin.fixture("test_source.c"), name: "spaced", into: folder.path, defines: [#"'TEST_NAME="my source"'"#])
        let run = try txfeed("run", "-s", path)
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("name 'my source' holds ' '"), run.stderr)
        let check = try txfeed("plugins", "check", path)
        XCTAssertNotEqual(check.status, 0)
        XCTAssertTrue(check.output.contains("name 'my source' holds ' '"), check.output)
        let slashed = try CPlugin.build(
            CPlugin.fixture("test_source.c"), name: "slashed", into: folder.path, defines: [#"TEST_NAME=\"a/b\""#])
        XCTAssertTrue(try txfeed("run", "-s", slashed).stderr.contains("holds '/'"))
    }

    /// Rejects in the sample run are listed as warnings; the check passes.
    func testPluginsCheckListsRejectsAsWarnings() throws {
        let path = try CPlugin.build(
            CPlugin.fixture("test_source.c"), name: "test-source", into: folder.path,
            defines: [#"TEST_SAMPLE_MODE=\"dom\""#])
        let result = try txfeed("plugins", "check", path)
        XCTAssertTrue(result.output.contains("warn  sample run: 1 transaction(s) rejected:"), result.output)
        XCTAssertFalse(result.output.contains("FAIL  sample run: 1 transaction(s) rejected"), result.output)
    }

    /// A sample file named relative to the plugin is found from any folder.
    func testPluginsCheckFindsSampleFilesBesideThePlugin() throws {
        let plugins = folder.path + "/plugins"
        try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: false)
        let copy = plugins + "/libfixture.so"
        try FileManager.default.copyItem(atPath: BuiltProducts.plugin("fixture"), toPath: copy)
        try FileManager.default.createDirectory(
            atPath: plugins + "/samples/accounts", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: BuiltProducts.repository + "/samples/accounts/checking.json",
            toPath: plugins + "/samples/accounts/checking.json")
        let elsewhere = try TemporaryFolder()
        let result = try txfeed("plugins", "check", copy, directory: elsewhere.path)
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertTrue(result.output.contains("1 document(s), 7 transaction(s)"), result.output)
    }

    /// A plugin that ends the process itself (exit(0)) fails the check with the cause: never a
    /// check that exits 0 without a verdict.
    func testPluginsCheckFailsAPluginThatExits() throws {
        let path = try CPlugin.build(
            CPlugin.fixture("test_source.c"), name: "test-source", into: folder.path,
            defines: [#"TEST_SAMPLE_MODE=\"exit\""#])
        let result = try txfeed("plugins", "check", path)
        XCTAssertEqual(result.status, 1, result.output)
        XCTAssertTrue(
            result.output.contains(
                "FAIL  the plugin ended the check's process with exit status 0 before the check finished"),
            result.output)
        XCTAssertTrue(result.output.hasSuffix("FAILED  \(path): the plugin exited\n"), result.output)
    }

    /// A sink that crashes in the sample feed fails the check at that step, as a source does:
    /// its plugin host child is the one that ends.
    func testPluginsCheckReportsASinkThatCrashes() throws {
        let path = try CPlugin.build(
            CPlugin.fixture("test_sink.c"), name: "test-sink", into: folder.path,
            defines: [#"TEST_SAMPLE_FAIL=\"crash\""#])
        let result = try txfeed("plugins", "check", path)
        XCTAssertEqual(result.status, 1, result.output)
        XCTAssertTrue(result.output.contains("ok    sample_config: {\"fail\": \"crash\"}"), result.output)
        XCTAssertTrue(
            result.output.contains(
                "FAIL  the plugin crashed the check: Segmentation fault (signal 11), in the sample feed\n"),
            result.output)
        XCTAssertTrue(result.output.hasSuffix("FAILED  \(path): the plugin crashed\n"), result.output)
    }

    func testConfigFileUnknownKeyIsNamed() throws {
        let config = try folder.write("p.json", #"{"sources": [], "sinkz": []}"#)
        let result = try txfeed("run", "--config", config)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("unknown key 'sinkz'"), result.stderr)
        XCTAssertTrue(result.stderr.contains("sources, sinks"), result.stderr)
    }
}
