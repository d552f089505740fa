import Foundation
import TxFeedTestSupport
import XCTest

/// The plugin author's path, as a user walks it with the built binary: `plugins new` →
/// `make` → `plugins check` → `txfeed run`; `plugins cflags`; the samples and the examples in
/// docs/PLUGINS.md, built and run.
final class PluginAuthoringEndToEndTests: XCTestCase {
    var folder: TemporaryFolder!
    /// SwiftPM's TMPDIR, apart from the folder whose files the tests list.
    var scratch: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try temporaryFolder()
        scratch = try temporaryFolder()
    }

    /// The built txfeed first on PATH, a header cache of the test's own, and its own TMPDIR:
    /// SwiftPM leaves lock files named after the package's path there, three a build.
    var environment: [String: String] {
        [
            "PATH": BuiltProducts.folder + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
            "XDG_CACHE_HOME": folder.path + "/cache",
            "TMPDIR": scratch.path,
        ]
    }

    /// `make -C dir`, warnings as errors (the generated and sample code must build clean).
    func make(_ dir: String, _ extra: [String] = []) throws {
        let result = try runCommand(
            "/usr/bin/make", ["-C", dir, "CFLAGS=-O2 -Wall -Wextra -Werror"] + extra,
            environment: environment, directory: folder.path)
        XCTAssertEqual(result.status, 0, "make -C \(dir):\n\(result.output)\n\(result.stderr)")
    }

    func run(_ arguments: String..., directory: String? = nil) throws -> CommandResult {
        try txfeed(arguments: arguments, environment: environment, directory: directory ?? folder.path)
    }

    // MARK: plugins new

    func testScaffoldedCSourceBuildsWithMakeChecksAndRuns() throws {
        let created = try run("plugins", "new", "my-bank")
        XCTAssertEqual(created.status, 0, created.stderr)
        XCTAssertTrue(created.output.contains("txfeed run -s my-bank --plugin-path my-bank/"), created.output)
        XCTAssertEqual(folder.contents(), ["my-bank"])
        XCTAssertEqual(
            try folder.read("my-bank/txfeed_plugin.h"),
            try Data(contentsOf: URL(fileURLWithPath: BuiltProducts.header + "/txfeed_plugin.h")))

        try make(folder.path + "/my-bank")
        XCTAssertTrue(folder.exists("my-bank/libmy-bank.so"))

        let check = try run("plugins", "check", "my-bank/libmy-bank.so")
        XCTAssertEqual(check.status, 0, check.output)
        XCTAssertTrue(
            check.output.contains("ok    sample run: 1 document(s), 3 transaction(s), 0 rejected"), check.output)
        XCTAssertTrue(check.output.contains("ok    cancellation:"), check.output)
        XCTAssertTrue(check.output.contains("PASS  my-bank"), check.output)

        let feed = try run("run", "-s", "my-bank", "--plugin-path", "my-bank/", "--sink", "ndjson")
        XCTAssertEqual(feed.status, 0, feed.stderr)
        let lines = feed.output.split(separator: "\n")
        XCTAssertEqual(lines.count, 3, feed.output)
        XCTAssertTrue(
            lines.allSatisfy { $0.contains(#""account":"my-bank account""#) && $0.contains(#""source":"my-bank""#) },
            feed.output)

        // Its options work as declared: the main one bare, the other by name; others refused.
        let options = try run(
            "run", "-s", "my-bank:Savings,transactions=5", "--plugin-path", "my-bank/", "--sink", "ndjson")
        XCTAssertEqual(options.status, 0, options.stderr)
        XCTAssertEqual(options.output.split(separator: "\n").count, 5)
        XCTAssertTrue(options.output.contains(#""account":"Savings""#))
        let bad = try run("run", "-s", "my-bank:transactions=lots", "--plugin-path", "my-bank/")
        XCTAssertEqual(bad.status, 2, "a refused option value is a configuration error: \(bad.stderr)")
        XCTAssertTrue(bad.stderr.contains("my-bank: transactions must be a whole number from 0 to 1000"), bad.stderr)
    }

    func testScaffoldedCSinkBuildsChecksAndWritesItsFileAtomically() throws {
        XCTAssertEqual(try run("plugins", "new", "my-export", "--kind", "sink", "--dir", "plugins").status, 0)
        try make(folder.path + "/plugins/my-export")
        let check = try run("plugins", "check", "plugins/my-export/libmy-export.so")
        XCTAssertEqual(check.status, 0, check.output)
        XCTAssertTrue(check.output.contains("7 transactions from 2 accounts in 3 sink_write batches"), check.output)

        let checking = BuiltProducts.repository + "/samples/accounts/checking.json"
        let result = try run(
            "run", checking, "--sink", "my-export", "-o", "feed.tsv", "--plugin-path", "plugins/my-export")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.output, "")
        let lines = String(decoding: try folder.read("feed.tsv"), as: UTF8.self).split(separator: "\n")
        XCTAssertEqual(lines.count, 10, "\(lines)")
        XCTAssertEqual(lines[0], "2021-09-01T08:15:00Z\tEveryday Checking\tStarbucks\tdebit\t-4.50\tUSD\tchecking")
        XCTAssertEqual(lines[7], "# 7 transactions")
        XCTAssertEqual(folder.contents().filter { $0.hasPrefix(".") }, [], "no temporary file left behind")

        // Without a path it writes to stdout, which no other sink does here.
        let plain = try run("run", checking, "--sink", "my-export", "--plugin-path", "plugins/my-export")
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertTrue(
            plain.output.hasPrefix("2021-09-01T08:15:00Z\tEveryday Checking\tStarbucks\tdebit\t-4.50"), plain.output)
        XCTAssertFalse(plain.stderr.contains("Starbucks"), plain.stderr)
    }

    /// Building a Swift package takes a while (and a test must not run SwiftPM on this
    /// package), so the generated files are checked as text, and the generated plugin source is
    /// compiled with `swiftc` against the generated header copy, then checked and run.
    /// `testGeneratedSwiftPackageBuilds` builds the package itself (about 5 s).
    func testScaffoldedSwiftPluginsAreValidPackagesThatCompileAndRun() throws {
        for kind in ["source", "sink"] {
            let name = "swift-\(kind)"
            let module = kind == "source" ? "SwiftSourcePlugin" : "SwiftSinkPlugin"
            let created = try run("plugins", "new", name, "--lang", "swift", "--kind", kind)
            XCTAssertEqual(created.status, 0, created.stderr)
            XCTAssertTrue(created.output.contains("Plugin path: \(name)/.build/debug"), created.output)

            let manifest = String(decoding: try folder.read("\(name)/Package.swift"), as: UTF8.self)
            XCTAssertTrue(manifest.hasPrefix("// swift-tools-version:6.0\n"), manifest)
            XCTAssertTrue(
                manifest.contains(#".library(name: "\#(name)", type: .dynamic, targets: ["\#(module)"])"#), manifest)
            XCTAssertTrue(
                manifest.contains(#".target(name: "TxFeedPluginABI", path: "Sources/TxFeedPluginABI")"#), manifest)
            XCTAssertTrue(
                manifest.contains(
                    #".target(name: "\#(module)", dependencies: ["TxFeedPluginABI"], path: "Sources/\#(module)")"#),
                manifest)
            XCTAssertEqual(
                manifest.components(separatedBy: "(").count, manifest.components(separatedBy: ")").count,
                "balanced parentheses")
            XCTAssertEqual(
                manifest.components(separatedBy: "[").count, manifest.components(separatedBy: "]").count,
                "balanced brackets")
            XCTAssertEqual(
                try folder.read("\(name)/Sources/TxFeedPluginABI/include/txfeed_plugin.h"),
                try Data(contentsOf: URL(fileURLWithPath: BuiltProducts.header + "/txfeed_plugin.h")))
            XCTAssertTrue(folder.exists("\(name)/Sources/TxFeedPluginABI/txfeed_plugin.c"))
            let source = "\(name)/Sources/\(module)/\(name).swift"
            XCTAssertTrue(
                String(decoding: try folder.read(source), as: UTF8.self).contains(#"@_cdecl("txfeed_plugin_entry")"#))

            // The C target's module, as SwiftPM would make it, then the plugin compiled.
            let include = folder.path + "/\(name)/Sources/TxFeedPluginABI/include"
            try folder.write(
                "modules-\(kind)/module.modulemap",
                "module TxFeedPluginABI {\n    header \"\(include)/txfeed_plugin.h\"\n    export *\n}\n")
            try FileManager.default.createDirectory(
                atPath: folder.path + "/built-\(kind)", withIntermediateDirectories: true)
            let compiled = try runCommand(
                try swiftc(),
                [
                    "-swift-version", "6", "-emit-library", "-parse-as-library",
                    "-module-name", module, "-I", folder.path + "/modules-\(kind)",
                    folder.path + "/" + source,
                    "-o", folder.path + "/built-\(kind)/lib\(name).so",
                ])
            XCTAssertEqual(compiled.status, 0, compiled.stderr)
            let check = try run("plugins", "check", "built-\(kind)/lib\(name).so")
            XCTAssertEqual(check.status, 0, check.output)
            XCTAssertTrue(check.output.contains("PASS  \(name)"), check.output)
        }
        let feed = try run(
            "run", "-s", "swift-source:Savings,transactions=2", "--sink", "swift-sink", "-o", "feed.tsv",
            "--plugin-path", "built-source", "--plugin-path", "built-sink")
        XCTAssertEqual(feed.status, 0, feed.stderr)
        let lines = String(decoding: try folder.read("feed.tsv"), as: UTF8.self).split(separator: "\n")
        XCTAssertEqual(lines.first, "2024-01-28T00:30:00Z\tSavings\tEmployer\tcredit\t1.25\tUSD\tswift-source")
        XCTAssertEqual(lines[1], "2024-01-27T01:30:00Z\tSavings\tCorner Cafe\tdebit\t-2.50\tUSD\tswift-source")
        XCTAssertEqual(lines[2], "# 2 transactions")
    }

    func testGeneratedSwiftPackageBuilds() throws {
        let result = try runCommand(
            "/bin/sh", [BuiltProducts.repository + "/samples/plugins/quickstart-swift.sh"],
            environment: environment, directory: folder.path)
        XCTAssertEqual(result.status, 0, result.output + result.stderr)
        XCTAssertTrue(result.output.contains(#""account":"Savings""#), result.output)
    }

    func testNewRefusesANonEmptyFolderAndBadNames() throws {
        try folder.write("taken/notes.txt", "mine")
        let taken = try run("plugins", "new", "taken")
        XCTAssertEqual(taken.status, 2)
        XCTAssertTrue(taken.stderr.contains("exists and is not empty"), taken.stderr)
        XCTAssertEqual(try folder.read("taken/notes.txt"), Data("mine".utf8))

        for bad in ["My-Bank", "-x", "a_b", "a/b"] {
            let result = try run("plugins", "new", bad)
            XCTAssertEqual(result.status, 2, bad)
            XCTAssertTrue(result.stderr.contains("lower-case letters, digits and '-'"), result.stderr)
        }
        XCTAssertEqual(try run("plugins", "new", "x", "--lang", "rust").status, 2)
        XCTAssertEqual(try run("plugins", "new", "x", "--kind", "filter").status, 2)
        XCTAssertFalse(folder.exists("x"))
    }

    // MARK: plugins cflags and the samples

    func testCflagsCompileEverySamplePluginAgainstTheCachedHeader() throws {
        let flags = try run("plugins", "cflags")
        XCTAssertEqual(flags.status, 0, flags.stderr)
        let text = flags.output.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertTrue(text.hasPrefix("-I" + folder.path + "/cache/txfeed/include/"), text)
        let include = String(text.split(separator: " ")[0].dropFirst(2))
        XCTAssertEqual(
            FileManager.default.contents(atPath: include + "/txfeed_plugin.h"),
            try Data(contentsOf: URL(fileURLWithPath: BuiltProducts.header + "/txfeed_plugin.h")))
        XCTAssertEqual(try run("plugins", "cflags").output, flags.output, "the same flags every time")

        let samples = try sampleSources()
        XCTAssertGreaterThanOrEqual(samples.count, 2)
        for source in samples {
            let name = ((source as NSString).lastPathComponent as NSString).deletingPathExtension
            let output = folder.path + "/lib\(name).so"
            let compiled = try runCommand(
                "/bin/sh",
                [
                    "-c", "cc -shared -fPIC -Wall -Wextra -Werror $1 -o \"$2\" \"$3\" $(pkg-config --libs jansson)",
                    "sh", text, output, source,
                ], environment: environment)
            XCTAssertEqual(compiled.status, 0, "\(source):\n\(compiled.stderr)")
            let check = try run("plugins", "check", output)
            XCTAssertEqual(check.status, 0, check.output)
        }
    }

    /// Every `samples/plugins/*/*.c`.
    func sampleSources() throws -> [String] {
        let root = BuiltProducts.repository + "/samples/plugins"
        return try FileManager.default.contentsOfDirectory(atPath: root).sorted().flatMap { dir -> [String] in
            let files = (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + dir)) ?? []
            return files.filter { $0.hasSuffix(".c") }.sorted().map { root + "/" + dir + "/" + $0 }
        }
    }

    /// The samples as a user has them: their Makefiles (against `plugins cflags`), checked,
    /// then the sample pipeline config with both, run from the top of a copy of samples/.
    func testSampleMakefilesBuildCheckAndRunTheSamples() throws {
        try FileManager.default.copyItem(
            atPath: BuiltProducts.repository + "/samples", toPath: folder.path + "/samples")
        for sample in ["hello-source/libhello.so", "summary-sink/libsummary.so"] {
            try? FileManager.default.removeItem(atPath: folder.path + "/samples/plugins/" + sample)
            let dir = folder.path + "/samples/plugins/" + (sample as NSString).deletingLastPathComponent
            try make(dir, ["TXFEED=" + BuiltProducts.txfeed])
            let check = try run("plugins", "check", "samples/plugins/" + sample)
            XCTAssertEqual(check.status, 0, check.output)
        }
        let hello = try run("plugins", "check", "samples/plugins/hello-source/libhello.so")
        XCTAssertTrue(
            hello.output.contains("ok    sample run: 2 document(s), 10 transaction(s), 0 rejected"), hello.output)
        XCTAssertTrue(hello.output.contains("ok    cancellation: stopped"), hello.output)

        // Both data shapes give the same feed.
        let path = "samples/plugins/hello-source"
        let documents = try run(
            "run", "-s", "hello:document,accounts=3,transactions=7", "--plugin-path", path, "--sink", "ndjson")
        let streamed = try run(
            "run", "-s", "hello:stream,accounts=3,transactions=7,batch=3", "--plugin-path", path, "--sink", "ndjson")
        XCTAssertEqual(documents.status, 0, documents.stderr)
        XCTAssertEqual(streamed.status, 0, streamed.stderr)
        XCTAssertEqual(documents.output.split(separator: "\n").count, 21)
        XCTAssertEqual(documents.output, streamed.output)

        // A streamed account cut short by the timeout is dropped whole, never kept half: it is
        // begun at once and takes 5 s, the timeout strikes at 2 s, each with seconds to spare.
        let cut = try run(
            "run", "-s", "hello:stream,transactions=50,pause-ms=200", "--plugin-path", path, "--timeout", "2",
            "--sink", "ndjson")
        XCTAssertEqual(cut.status, 1, cut.stderr)
        XCTAssertEqual(cut.output, "")
        XCTAssertTrue(cut.stderr.contains("account ended without end_account"), cut.stderr)

        let pipeline = try run("run", "--config", "samples/plugins/pipeline.json")
        XCTAssertEqual(pipeline.status, 0, pipeline.stderr)
        // Its relative paths are the config file's: the outputs land beside it.
        let totals = String(decoding: try folder.read("samples/plugins/totals.md"), as: UTF8.self)
        XCTAssertTrue(totals.hasPrefix("# This month\n"), totals)
        XCTAssertTrue(totals.contains("| EUR | Hello Payroll | 4 | 4000.00 | 0.00 | 4000.00 |"), totals)
        XCTAssertTrue(totals.contains("| USD | Starbucks | 1 | 0.00 | 4.50 | -4.50 |"), totals)
        XCTAssertTrue(totals.contains("- read 17 = written 17 + rejected 0"), totals)
        XCTAssertEqual(
            String(decoding: try folder.read("samples/plugins/feed.csv"), as: UTF8.self).split(separator: "\r\n").count,
            18)
    }

    func testQuickstartRunsInAnEmptyFolder() throws {
        let result = try runCommand(
            "/bin/sh", [BuiltProducts.repository + "/samples/plugins/quickstart.sh"],
            environment: environment, directory: folder.path)
        XCTAssertEqual(result.status, 0, result.output + result.stderr)
        XCTAssertEqual(result.output.components(separatedBy: "PASS  my-bank").count, 3, result.output)
        XCTAssertTrue(result.output.contains("PASS  my-export"), result.output)
        XCTAssertTrue(result.output.contains(#""account":"Savings""#), result.output)
        XCTAssertTrue(
            result.output.contains("\tmy-bank account\tEmployer\tcredit\t1.25\tUSD\tmy-bank\n"), result.output)
    }

    /// Every code block in docs/PLUGINS.md is a verbatim piece of a file the tests build and
    /// run: the samples, or what `plugins new` generates.
    func testEveryCodeBlockInThePluginsDocIsATestedFile() throws {
        let doc = try String(contentsOfFile: BuiltProducts.repository + "/docs/PLUGINS.md", encoding: .utf8)
        var tested: [String: String] = [:]
        let samples = BuiltProducts.repository + "/samples/plugins"
        let enumerator = FileManager.default.enumerator(atPath: samples)!
        while let file = enumerator.nextObject() as? String {
            guard file.hasSuffix(".c") || file.hasSuffix(".sh") || file.hasSuffix(".json") || file.hasSuffix("Makefile")
            else { continue }
            tested["samples/plugins/" + file] = try String(contentsOfFile: samples + "/" + file, encoding: .utf8)
        }
        for (name, options) in [("my-swift-bank", ["--lang", "swift"]), ("my-bank", [])] {
            XCTAssertEqual(try txfeed(arguments: ["plugins", "new", name, "--dir", folder.path] + options).status, 0)
        }
        tested["generated Swift source"] = String(
            decoding: try folder.read("my-swift-bank/Sources/MySwiftBankPlugin/my-swift-bank.swift"), as: UTF8.self)
        tested["generated C source"] = String(decoding: try folder.read("my-bank/my-bank.c"), as: UTF8.self)

        let fence = try NSRegularExpression(pattern: "```([a-z]*)\\n(.*?)\\n```", options: [.dotMatchesLineSeparators])
        let matches = fence.matches(in: doc, range: NSRange(doc.startIndex..., in: doc))
        var checked = 0
        for match in matches {
            let tag = String(doc[Range(match.range(at: 1), in: doc)!])
            let body = String(doc[Range(match.range(at: 2), in: doc)!])
            guard ["c", "make", "sh", "swift", "json"].contains(tag) else {
                XCTAssertEqual(tag, "text", "a code block needs a language tag")
                continue
            }
            checked += 1
            let holders = tested.filter { $0.value.contains(body + "\n") }.map(\.key)
            XCTAssertFalse(holders.isEmpty, "this ```\(tag) block in docs/PLUGINS.md is in no tested file:\n\(body)")
        }
        XCTAssertGreaterThanOrEqual(checked, 12)
        for file in tested.keys where file.hasPrefix("samples/") {
            XCTAssertTrue(doc.contains(file), "docs/PLUGINS.md does not name \(file)")
        }
    }

    // MARK: plugins check

    /// A plugin that crashes is a failed check with the report up to the crash, not a crashed
    /// txfeed: the plugin runs in a child process.
    func testCheckReportsAPluginThatCrashes() throws {
        let plugin = try CPlugin.build(
            CPlugin.fixture("test_source.c"), name: "test-source", into: folder.path,
            defines: [#"TEST_SAMPLE_MODE=\"crash\""#])
        let result = try run("plugins", "check", plugin)
        XCTAssertEqual(result.status, 1, result.output + result.stderr)
        XCTAssertTrue(result.output.contains("ok    sample_config: {\"mode\": \"crash\"}"), result.output)
        XCTAssertTrue(
            result.output.contains("FAIL  the plugin crashed the check: Segmentation fault (signal 11)"), result.output)
        XCTAssertTrue(result.output.hasSuffix("FAILED  \(plugin): the plugin crashed\n"), result.output)
        // The crash report of the child that ran it, naming the plugin's function.
        XCTAssertTrue(result.stderr.contains("test-source: plugin output: *** Program crashed"), result.stderr)
        XCTAssertTrue(result.stderr.contains(" in libtest-source.so"), result.stderr)
    }

    /// A sink that never returns fails the check after --timeout, and the check does not wait
    /// for its process as well (it ends with the check's): one minute's sleep, checked in seconds.
    func testCheckGivesUpOnASinkThatNeverReturns() throws {
        let plugin = try CPlugin.build(
            CPlugin.fixture("test_sink.c"), name: "test-sink", into: folder.path,
            defines: [#"TEST_SAMPLE_FAIL=\"hang\""#])
        let start = Date()
        let result = try run("plugins", "check", plugin, "--timeout", "1")
        XCTAssertEqual(result.status, 1, result.output + result.stderr)
        XCTAssertTrue(result.output.contains("FAIL  sample feed: the sink had not finished after 1 s"), result.output)
        XCTAssertLessThan(Date().timeIntervalSince(start), 9, "the check waited for the sink's process")
    }

    func testCheckFailsASourceThatIgnoresCancellation() throws {
        try CPlugin.build(
            CPlugin.fixture("author_source.c"), name: "author-source", into: folder.path, defines: ["SAMPLE=1"])
        let result = try run("plugins", "check", "./libauthor-source.so")
        XCTAssertEqual(result.status, 1, result.output)
        XCTAssertTrue(
            result.output.contains("ok    sample run: 1 document(s), 1 transaction(s), 0 rejected"), result.output)
        XCTAssertTrue(
            result.output.contains("FAIL  cancellation: still running 2 s after being cancelled"), result.output)
        XCTAssertTrue(result.output.hasSuffix("FAILED  author-source: 1 problem\n"), result.output)
        XCTAssertLessThan(result.seconds, 12, "the check gives up after the grace")

        // docs/PLUGINS.md shows this very output.
        let doc = try String(contentsOfFile: BuiltProducts.repository + "/docs/PLUGINS.md", encoding: .utf8)
        for line in result.output.split(separator: "\n") where !line.hasPrefix("ok    sample run:") {
            XCTAssertTrue(doc.contains(line + "\n"), "docs/PLUGINS.md lacks: \(line)")
        }
    }

    func testCheckListsFailedDocumentsAndRejectedTransactions() throws {
        try CPlugin.build(
            CPlugin.fixture("author_source.c"), name: "author-source", into: folder.path, defines: ["SAMPLE=2"])
        let result = try run("plugins", "check", "libauthor-source.so")
        XCTAssertEqual(result.status, 1, result.output)
        let out = result.output
        XCTAssertTrue(
            out.contains("FAIL  sample run: 2 document(s) failed as a whole (none of their records kept):\n"), out)
        XCTAssertTrue(out.contains("      author:broken:1:52: unexpected end of input"), out)
        XCTAssertTrue(out.contains("      author:not-envelope:1:1: body.transactions is missing"), out)
        XCTAssertTrue(
            out.contains("warn  sample run: 2 transaction(s) rejected:\n"), "rejects warn, never fail: \(out)")
        XCTAssertTrue(out.contains("      author:wrong transactions[1].amount: amount is negative"), out)
        XCTAssertTrue(out.contains("      author:wrong transactions[2].type: unknown type 7"), out)
        XCTAssertTrue(out.contains("ok    cancellation:"), out)
        XCTAssertTrue(out.contains("FAILED  author-source: 2 problems"), out)
    }

    func testCheckPassesAWellBehavedSource() throws {
        try CPlugin.build(CPlugin.fixture("author_source.c"), name: "author-source", into: folder.path)
        let result = try run("plugins", "check", "libauthor-source.so")
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertFalse(result.output.contains("FAIL"), result.output)
        XCTAssertTrue(result.output.contains("ok    cancellation: "), result.output)
        XCTAssertTrue(result.output.hasSuffix("PASS  author-source: every check passed\n"), result.output)
    }

    func testCheckOfAFileThatIsNotAPluginExitsTwo() throws {
        try folder.write("libnothing.so", "not a library")
        let result = try run("plugins", "check", "libnothing.so")
        XCTAssertEqual(result.status, 2, result.output)
        XCTAssertTrue(result.output.contains("FAIL  load: libnothing.so: cannot load shared library"), result.output)
    }

    func testPluginsHeaderPrintsTheHeader() throws {
        let result = try run("plugins", "header")
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(
            result.stdout, try Data(contentsOf: URL(fileURLWithPath: BuiltProducts.header + "/txfeed_plugin.h")))
    }

    /// `swiftc` from PATH (the toolchain that runs these tests).
    func swiftc() throws -> String {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = String(dir) + "/swiftc"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw XCTSkip("swiftc is not on PATH")
    }
}
