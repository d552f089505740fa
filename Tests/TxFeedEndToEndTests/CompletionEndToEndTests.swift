import Foundation
import TxFeedTestSupport
import XCTest

/// Shell completions: `-s` and `--sink` complete plugin names through the argument parser's
/// completion entry (`txfeed ---completion SUBCOMMAND -- OPTION INDEX CURSOR WORD...`, what
/// the generated scripts call), and the bash script is valid and completes through it.
final class CompletionEndToEndTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try temporaryFolder()
        try CPlugin.build(
            BuiltProducts.repository + "/samples/plugins/summary-sink/summary.c", name: "summary", into: folder.path)
        try CPlugin.build(CPlugin.fixture("test_source.c"), name: "test-source", into: folder.path)
    }

    /// The completions for `option` on `txfeed run WORDS… ''`, one a line.
    private func complete(
        _ option: String, after words: [String], prefix: String = "", deadline: Double = commandDeadline
    ) throws -> (names: [String], result: CommandResult) {
        let line = ["txfeed", "run"] + words + [prefix]
        let result = try runCommand(
            BuiltProducts.txfeed,
            ["---completion", "run", "--", option, "\(line.count - 1)", "\(prefix.count)"] + line,
            deadline: deadline)
        return (result.output.split(separator: "\n").map(String.init), result)
    }

    func testSinkCompletesBuiltInSinksAndSinkPluginsOnly() throws {
        for path in [
            ["--plugin-path", folder.path], ["--plugin-path=\(folder.path)"], ["--plugin-path", "=", folder.path],
        ] {
            let (names, result) = try complete("--sink", after: path)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(result.stderr, "")
            XCTAssertEqual(Array(names.prefix(6)), ["text", "json", "ndjson", "csv", "sqlite", "xlsx"], "\(path)")
            XCTAssertTrue(names.contains("summary"), "\(path): \(names)")
            XCTAssertFalse(names.contains("test-source"), "a source is no sink: \(names)")
            XCTAssertFalse(names.contains("fixture"), "a shipped source is no sink: \(names)")
        }
        XCTAssertEqual(try complete("--sink", after: ["--plugin-path", folder.path], prefix: "su").names, ["summary"])
        XCTAssertFalse(try complete("--sink", after: []).names.contains("summary"), "not on the search path")
    }

    func testSourceCompletesSourcePluginsOnly() throws {
        let (names, result) = try complete("--source", after: ["--plugin-path", folder.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(names.first, "test-source", "the --plugin-path folder first: \(names)")
        for shipped in ["fixture", "csv", "ofx", "qif", "camt", "mt940", "http", "random-users"] {
            XCTAssertTrue(names.contains(shipped), "\(shipped): \(names)")
        }
        XCTAssertFalse(names.contains("summary"), "a sink is no source: \(names)")
        XCTAssertFalse(names.contains("text"), "built-in sinks are no sources: \(names)")
        // TXFEED_PLUGIN_PATH is searched as a run searches it.
        let environment = try runCommand(
            BuiltProducts.txfeed, ["---completion", "run", "--", "-s", "2", "5", "txfeed", "run", "test-"],
            environment: ["TXFEED_PLUGIN_PATH": folder.path])
        XCTAssertEqual(environment.output, "test-source\n")
    }

    /// A file that is no plugin is left out without a word; one whose loading never ends
    /// (a constructor that hangs, in the plugin host child) does not hang the completion: its
    /// name is offered for either option, by its file name, once the wait is over.
    func testAPluginThatCannotBeReadNeitherPrintsNorHangs() throws {
        _ = try folder.write("libjunk.so", "not an ELF file\n")
        try CPlugin.build(CPlugin.fixture("hanging_constructor.c"), name: "stuck", into: folder.path)
        let (names, result) = try complete("--sink", after: ["--plugin-path", folder.path], deadline: 30)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "", "a completion prints no error")
        XCTAssertFalse(names.contains("junk"), "\(names)")
        XCTAssertTrue(names.contains("stuck"), "not read in time: offered by its file name: \(names)")
        XCTAssertTrue(names.contains("text"), "\(names)")
    }

    /// The generated bash script parses, names the completion entry for `--sink` and
    /// `--source`, and in a real bash completes `txfeed run --plugin-path DIR --sink ` to the
    /// plugin names.
    func testTheBashScriptParsesAndCompletesPluginNames() throws {
        let generated = try runCommand(BuiltProducts.txfeed, ["--generate-completion-script", "bash"])
        XCTAssertEqual(generated.status, 0, generated.stderr)
        let script = try folder.write("txfeed.bash", generated.stdout)
        let syntax = try runCommand("/bin/bash", ["-n", script])
        XCTAssertEqual(syntax.status, 0, syntax.stderr)
        XCTAssertTrue(generated.output.contains("---completion run -- --sink"), "the custom completion call")
        XCTAssertTrue(generated.output.contains("---completion run -- --source"), "the custom completion call")

        // The shell finds `txfeed` on PATH, as an installed completion does.
        let bin = folder.path + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: bin + "/txfeed", withDestinationPath: BuiltProducts.txfeed)
        let driver = """
            source "$SCRIPT"
            COMP_WORDS=(txfeed run --plugin-path "$PLUGINS" --sink "")
            COMP_CWORD=5
            COMP_LINE="txfeed run --plugin-path $PLUGINS --sink "
            COMP_POINT=${#COMP_LINE}
            _txfeed txfeed "" --sink
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let completed = try runCommand(
            "/bin/bash", ["-c", driver],
            environment: ["SCRIPT": script, "PLUGINS": folder.path, "PATH": bin + ":/usr/bin:/bin"])
        XCTAssertEqual(completed.status, 0, completed.stderr)
        XCTAssertEqual(
            completed.output.split(separator: "\n").map(String.init),
            ["text", "json", "ndjson", "csv", "sqlite", "xlsx", "hledger", "ledger", "beancount", "summary"],
            completed.stderr)
    }
}
