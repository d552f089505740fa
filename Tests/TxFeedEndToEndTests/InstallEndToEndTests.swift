import Foundation
import TxFeedTestSupport
import XCTest

/// `bin/install`: the products these tests run from, installed into a temporary prefix (no
/// build: `--build-dir`), run from another folder with a clean environment, then removed.
final class InstallEndToEndTests: XCTestCase {
    static let shipped = ["camt", "csv", "fixture", "http", "mt940", "ofx", "qif", "random-users"]

    @discardableResult
    private func install(_ arguments: [String]) throws -> CommandResult {
        let result = try runCommand(
            BuiltProducts.repository + "/bin/install", arguments + ["--build-dir", BuiltProducts.folder])
        XCTAssertEqual(result.status, 0, result.stderr)
        return result
    }

    private func uninstall(_ prefix: String) throws {
        let result = try runCommand(BuiltProducts.repository + "/bin/install", ["--uninstall", "--prefix", prefix])
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    /// The installed txfeed, from `directory`, with nothing of the build or the toolchain about it.
    private func installed(_ prefix: String, _ arguments: [String], in directory: String) throws -> CommandResult {
        try runCommand(
            "/usr/bin/env", ["-i", "HOME=\(directory)", "PATH=/usr/bin:/bin", prefix + "/bin/txfeed"] + arguments,
            directory: directory)
    }

    func testInstalledTxfeedRunsFromElsewhereAndUninstallLeavesThePrefixEmpty() throws {
        let prefix = try TemporaryFolder(), elsewhere = try TemporaryFolder()
        try install(["--prefix", prefix.path])

        let run = try installed(
            prefix.path, ["run", BuiltProducts.repository + "/samples/bank/uk-current.csv", "--color", "never"],
            in: elsewhere.path)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("uk-current (csv): ok, read 12 = written 12"), run.stderr)
        XCTAssertTrue(run.output.contains("SALARY ACME LTD"), run.output)
        XCTAssertTrue(run.output.contains("+ 2450.00"), run.output)

        let plugins = prefix.path + "/lib/txfeed/plugins"
        let list = try installed(prefix.path, ["plugins", "list"], in: elsewhere.path)
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertTrue(list.output.hasPrefix("Plugin folders, in order: \(plugins)\n"), list.output)
        for name in Self.shipped {
            XCTAssertTrue(list.output.contains("\(plugins)/lib\(name).so"), "\(name): \(list.output)")
        }

        XCTAssertEqual(
            try FileManager.default.destinationOfSymbolicLink(atPath: prefix.path + "/bin/txfeed"),
            "../lib/txfeed/txfeed")
        let bash = prefix.path + "/share/bash-completion/completions/txfeed"
        XCTAssertEqual(try runCommand("/bin/bash", ["-n", bash]).status, 0, "bash completion parses")
        XCTAssertTrue(
            try String(decoding: prefix.read("share/zsh/site-functions/_txfeed"), as: UTF8.self)
                .hasPrefix("#compdef txfeed\n"))
        XCTAssertTrue(
            try String(decoding: prefix.read("share/fish/vendor_completions.d/txfeed.fish"), as: UTF8.self)
                .contains("\ncomplete -c 'txfeed' "))
        // generate-manual writes mdoc: the roff macros of BSD manuals, which man renders.
        let manual = try String(decoding: prefix.read("share/man/man1/txfeed.1"), as: UTF8.self)
        for line in [".Dt TXFEED 1", ".Sh NAME", ".Nm txfeed", ".Sh SYNOPSIS", ".Sh DESCRIPTION", ".It Em run"] {
            XCTAssertTrue(manual.contains("\n\(line)\n"), "\(line) in:\n\(manual.prefix(400))")
        }

        try uninstall(prefix.path)
        XCTAssertEqual(prefix.contents(), [], "uninstall leaves nothing")
    }

    /// Installing again replaces the install and drops what the last one had and this one has
    /// not; uninstalling removes what it installed and no file or folder of anyone else's.
    func testReinstallReplacesAndUninstallKeepsOtherFiles() throws {
        let prefix = try TemporaryFolder(), elsewhere = try TemporaryFolder()
        try prefix.write("bin/mine", "#!/bin/sh\n")
        try install(["--prefix", prefix.path])
        let manifest = try String(decoding: prefix.read("lib/txfeed/install-manifest"), as: UTF8.self)
        XCTAssertFalse(manifest.contains("bin/\n"), "bin was there before:\n\(manifest)")
        XCTAssertTrue(manifest.contains("lib/txfeed/plugins/libcsv.so\n"), manifest)

        // A plugin an earlier install shipped and this one does not.
        try prefix.write("lib/txfeed/plugins/libold.so", "")
        try prefix.write("lib/txfeed/install-manifest", "lib/txfeed/plugins/libold.so\n" + manifest)
        try install(["--prefix=\(prefix.path)"])
        XCTAssertFalse(prefix.exists("lib/txfeed/plugins/libold.so"))
        XCTAssertEqual(try String(decoding: prefix.read("lib/txfeed/install-manifest"), as: UTF8.self), manifest)
        let version = try installed(prefix.path, ["--version"], in: elsewhere.path)
        XCTAssertEqual(version.status, 0, version.stderr)

        try uninstall(prefix.path)
        XCTAssertEqual(prefix.contents(), ["bin"])
        XCTAssertTrue(prefix.exists("bin/mine"))
        let again = try runCommand(BuiltProducts.repository + "/bin/install", ["--uninstall", "--prefix", prefix.path])
        XCTAssertEqual(again.status, 1, "nothing left to remove")
    }
}
