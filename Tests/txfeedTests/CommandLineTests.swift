import Foundation
import TxFeedTestSupport
import XCTest

/// The first word of the line as a newcomer types it: `txfeed` alone, a command misspelt, help
/// for no command. Each is a usage error (exit 2) that says what to type instead. Run in this
/// process (``txfeed(arguments:input:environment:directory:)``).
final class CommandLineTests: XCTestCase {
    func testTxfeedAlonePrintsAShortUsage() throws {
        let result = try txfeed(arguments: [])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.hasPrefix("usage: txfeed [run] FILE..."), result.stderr)
        XCTAssertTrue(result.stderr.contains("txfeed merge PART... -o FILE"), result.stderr)
        XCTAssertFalse(result.stderr.contains("no sources"), result.stderr)
        XCTAssertEqual(result.output, "")
    }

    func testAMisspeltCommandIsAUsageErrorWithASuggestion() throws {
        for (typed, meant) in [("plugin", "plugins"), ("wacth", "watch"), ("Sniff", "sniff"), ("merg", "merge")] {
            let result = try txfeed(typed, "list")
            XCTAssertEqual(result.status, 2, typed)
            XCTAssertTrue(result.stderr.contains("did you mean `txfeed \(meant)`?"), result.stderr)
            XCTAssertEqual(result.output, "", "nothing ran")
        }
    }

    func testAFileNamedLikeACommandIsStillAFile() throws {
        let folder = try TemporaryFolder()
        let checking = BuiltProducts.repository + "/samples/accounts/checking.json"
        try FileManager.default.copyItem(atPath: checking, toPath: folder.path + "/watches")
        let result = try txfeed("watches", "--sink", "ndjson", "--no-progress", directory: folder.path)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.output.split(separator: "\n").count, 7)
    }

    /// `merge` writes one feed: an `-o` or `--sink` given twice is refused before any part is
    /// read, not the last taken without a word.
    func testMergeGivenTwoOutputsOrSinksIsAUsageError() throws {
        for (extra, message) in [
            (["-o", "a.csv", "-o", "b.json"], "-o is given 2 times (a.csv, b.json); merge writes one feed"),
            (["--sink", "csv", "--sink", "json"], "--sink is given 2 times (csv, json); merge writes one feed"),
        ] {
            let result = try txfeed(arguments: ["merge", "no-such-part.ndjson"] + extra)
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertTrue(result.stderr.contains(message), result.stderr)
            XCTAssertEqual(result.output, "")
        }
    }

    /// An option that names one file, given twice, is refused before any source runs: the last
    /// taken without a word left the first file unwritten (or unread).
    func testAOneFileOptionGivenTwiceIsAUsageError() throws {
        let folder = try TemporaryFolder()
        let checking = BuiltProducts.repository + "/samples/accounts/checking.json"
        for option in ["--config", "--profiles", "--rejects", "--skipped", "--duplicates", "--state"] {
            let (first, second) = (folder.path + "/first", folder.path + "/second")
            let result = try txfeed(
                arguments: ["run", checking, "--dedupe", option, first, option, second, "-o", folder.path + "/out.csv"])
            XCTAssertEqual(result.status, 2, option)
            XCTAssertTrue(
                result.stderr.contains(
                    "txfeed: error: \(option) is given 2 times (\(first), \(second)); it names one file or folder"),
                result.stderr)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [], "nothing written")
        }
        for (arguments, message) in [
            (["watch", checking, "--rejects", "a", "--rejects", "b"], "--rejects is given 2 times (a, b)"),
            (["sniff", checking, "--save", "a", "--save", "b"], "--save is given 2 times (a, b)"),
            (["rules", "suggest", checking, "-o", "a", "-o", "b"], "-o is given 2 times (a, b)"),
        ] {
            let result = try txfeed(arguments: arguments, directory: folder.path)
            XCTAssertEqual(result.status, 2, arguments.joined(separator: " "))
            XCTAssertTrue(result.stderr.contains(message), result.stderr)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [], "nothing written")
        }
    }

    func testHelpForNoCommandIsAUsageError() throws {
        let result = try txfeed("help", "nosuch")
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("help: no command 'nosuch'"), result.stderr)
        let suggestion = try txfeed("help", "plugin")
        XCTAssertEqual(suggestion.status, 2)
        XCTAssertTrue(suggestion.stderr.contains("did you mean `plugins`?"), suggestion.stderr)
        XCTAssertEqual(try txfeed("help", "run").status, 0)
    }

    /// Values a newcomer mistypes: each a usage error that says what is allowed, never a flag
    /// misread, a parse error at line -1, or a crash.
    func testMistypedValuesSayWhatIsAllowed() throws {
        let checking = "samples/accounts/checking.json"
        for (arguments, message) in [
            (["run", checking, "--timeout", "-1"], "--timeout must be a positive number of seconds"),
            (["watch", checking, "--every", "0s"], "--every: '0s' is out of range: from 1ms to 366 days"),
            (["watch", checking, "--every", "soon"], "--every: 'soon' is not a duration"),
            (["run", "--config", "nosuch.json"], "txfeed: error: nosuch.json: No such file or directory"),
            (
                ["run", "-s", "csv:colour=red"],
                "'csv:colour=red': 'colour' is not an option of csv, and no file is named 'colour=red'"
            ),
        ] {
            let result = try txfeed(arguments: arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message), result.stderr)
            XCTAssertFalse(result.stderr.contains("-1:-1"), result.stderr)
        }
        // A huge timeout is a timeout, never a crash; a file named like key=value is a file.
        let huge = try txfeed("run", checking, "--timeout", "1e10", "--sink", "ndjson", "--no-progress")
        XCTAssertEqual(huge.status, 0, huge.stderr)
        let folder = try TemporaryFolder()
        try FileManager.default.copyItem(
            atPath: BuiltProducts.repository + "/" + checking, toPath: folder.path + "/a=b.json")
        let named = try txfeed(
            "run", "-s", "fixture:a=b.json", "--sink", "ndjson", "--no-progress", directory: folder.path)
        XCTAssertEqual(named.status, 0, named.stderr)
        XCTAssertEqual(named.output.split(separator: "\n").count, 7)
    }

    func testAPluginNamedLikeAShippedOneGetsAWarning() throws {
        let folder = try TemporaryFolder()
        let result = try txfeed("plugins", "new", "fixture", "--lang", "c", "--dir", folder.path)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.stderr.contains("warning: 'fixture' is the name of a plugin shipped with txfeed"), result.stderr)
        let own = try txfeed("plugins", "new", "my-bank", "--lang", "c", "--dir", folder.path)
        XCTAssertFalse(own.stderr.contains("warning"), own.stderr)
    }

    func testQuietPrintsOnlyProblems() throws {
        let folder = try TemporaryFolder()
        let plugin = try CPlugin.build(CPlugin.fixture("test_source.c"), name: "test-source", into: folder.path)
        let ok = try txfeed("run", "samples/accounts/checking.json", "-q", "--sink", "ndjson")
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertEqual(ok.stderr, "", "nothing to say when all went well")
        XCTAssertEqual(ok.output.split(separator: "\n").count, 7)
        // A plugin's info line is not a problem; its warning and error lines are; so is a failure.
        let logged = try txfeed("run", "-s", plugin + ":mode=log", "-q", "--sink", "ndjson")
        XCTAssertEqual(logged.status, 0, logged.stderr)
        XCTAssertFalse(logged.stderr.contains("fetched page 1"), logged.stderr)
        XCTAssertTrue(logged.stderr.contains("warning: two lines\\nin one call"), logged.stderr)
        XCTAssertFalse(logged.stderr.contains(": ok, read"), logged.stderr)
        let failed = try txfeed(
            "run", "samples/accounts/checking.json", folder.path + "/missing.json", "-q", "--sink", "ndjson")
        XCTAssertEqual(failed.status, 3, failed.stderr)
        XCTAssertTrue(failed.stderr.contains("missing (fixture): FAILED"), failed.stderr)
        XCTAssertFalse(failed.stderr.contains("checking (fixture): ok"), failed.stderr)
        XCTAssertEqual(try txfeed("run", "samples/accounts/checking.json", "-q", "-v").status, 2)
    }

    func testHelpShowsAnExampleAndTheExitStatusesAndNoStrayBackslash() throws {
        let run = try txfeed("run", "--help")
        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(run.output.contains("txfeed statement.ofx bank.csv -o feed.csv"), run.output)
        XCTAssertTrue(run.output.contains("A SPEC is NAME[:VALUE][,key=value...]"), run.output)
        XCTAssertTrue(run.output.contains("Exit status: 0 every source succeeded"), run.output)
        for command in [
            ["run"], ["watch"], ["sniff"], ["merge"], ["state"], ["state", "show"], ["state", "undo"], ["plugins"],
            ["plugins", "list"], ["plugins", "check"], ["plugins", "new"], ["plugins", "cflags"],
            ["plugins", "header"],
        ] {
            let help = try txfeed(arguments: command + ["--help"])
            XCTAssertEqual(help.status, 0, "\(command)")
            XCTAssertFalse(help.output.contains("\\"), "a stray backslash in \(command) --help:\n\(help.output)")
        }
    }

    /// Text from the data reaches stderr made visible: an envelope's message that would set the
    /// clipboard (OSC 52), a bidi override, a file name with an escape in it.
    func testDataOnStderrCannotDriveTheTerminal() throws {
        let folder = try TemporaryFolder()
        let message = #"{"status":500,"message":"\u001b]52;c;ZXZpbA==\u0007 down \u202e gnp.exe"}"#
        let hostile = try folder.write("clip.json", message + "\n")
        let named = try folder.write("a\u{1B}[2J.json", "{bad\n")
        let result = try txfeed("run", hostile, named, "samples/accounts/checking.json", "--sink", "ndjson")
        XCTAssertEqual(result.status, 3, result.stderr)
        for raw in ["\u{1B}", "\u{07}", "\u{202E}"] {
            XCTAssertFalse(result.stderr.contains(raw), "a raw \(raw.unicodeScalars.first!.value) reached stderr")
        }
        XCTAssertTrue(
            result.stderr.contains(#"envelope status 500: \x1b]52;c;ZXZpbA==\x07 down \u{202e} gnp.exe"#), result.stderr
        )
        XCTAssertTrue(result.stderr.contains(#"a\x1b[2J.json"#), result.stderr)
        XCTAssertEqual(result.output.split(separator: "\n").count, 7)
    }

    /// Two `-o` names of one file (a hard link, a symlink) are refused as one name twice is,
    /// before anything runs: written one after the other, one would have been the other's copy.
    func testTwoNamesOfOneFileAreOneOutput() throws {
        let folder = try TemporaryFolder()
        let first = try folder.write("x.csv", "old\n")
        let hard = folder.path + "/hard.csv", soft = folder.path + "/soft.csv"
        XCTAssertEqual(link(first, hard), 0)
        XCTAssertEqual(symlink(first, soft), 0)
        for other in [hard, soft] {
            let result = try txfeed(
                "run", BuiltProducts.repository + "/samples/accounts/checking.json", "-o", first, "-o", other)
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertTrue(result.stderr.contains("two sinks would write the same file \(other)"), result.stderr)
        }
        XCTAssertEqual(try String(contentsOfFile: hard, encoding: .utf8), "old\n")
        // The rejects file too: any two outputs.
        let rejects = folder.path + "/rejects.ndjson"
        XCTAssertEqual(link(first, rejects), 0)
        let both = try txfeed(
            "run", BuiltProducts.repository + "/samples/accounts/checking.json", "-o", first, "--rejects", rejects)
        XCTAssertEqual(both.status, 2, both.stderr)
        XCTAssertTrue(both.stderr.contains("and --rejects \(rejects) would both write"), both.stderr)
    }

    /// A config file's sink path in its options is its path, as `csv:path=FILE` is on the line;
    /// it was refused as an unknown option while the message listed `path` as a valid one.
    func testAConfigSinksPathMayBeAnOption() throws {
        let folder = try TemporaryFolder()
        let checking = BuiltProducts.repository + "/samples/accounts/checking.json"
        let config = try folder.write(
            "pipeline.json", #"{"sinks": [{"sink": "csv", "options": {"path": "out.csv", "bom": false}}]}"#)
        let result = try txfeed("run", "-c", config, checking, "--no-progress")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(try String(contentsOfFile: folder.path + "/out.csv", encoding: .utf8).hasPrefix("date,"))
        let both = try folder.write(
            "both.json", #"{"sinks": [{"sink": "csv", "path": "a.csv", "options": {"path": "b.csv"}}]}"#)
        let refused = try txfeed("run", "-c", both, checking, "--no-progress")
        XCTAssertEqual(refused.status, 2, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("'path' and 'options.path' both given"), refused.stderr)
    }

    /// A bad value in the config file is named by the file and its key, not by a flag never given.
    func testAConfigFilesBadTimeZoneNamesTheFile() throws {
        let folder = try TemporaryFolder()
        let config = try folder.write("pipeline.json", #"{"tz": "Mars/Olympus"}"#)
        let result = try txfeed(
            "run", "-c", config, BuiltProducts.repository + "/samples/accounts/checking.json", "--no-progress")
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("\(config): tz: unknown time zone 'Mars/Olympus'"), result.stderr)
    }

    /// `--tz` may move a record at an end of the four-digit years past them: no output writes
    /// that day as `YYYY-MM-DD` (CSV wrote `+10000-01-01`, and hledger refused the journal), so
    /// the run says which record and zone, and writes nothing.
    func testATimeZoneThatMovesARecordPastTheFourDigitYearsIsRefused() throws {
        let folder = try TemporaryFolder()
        let feed = try folder.write(
            "edge.json",
            #"{"body":{"name":"C","currency":"USD","transactions":[{"type":1,"vendor":"last","amount":1,"date":"9999-12-31T23:00:00Z"},{"type":1,"vendor":"civil","amount":1,"date":"9999-12-31"}]}}"#
        )
        let tokyo = try txfeed("run", feed, "--tz", "Asia/Tokyo", "--sink", "csv", "--no-progress")
        XCTAssertEqual(tokyo.status, 1, tokyo.stderr)
        XCTAssertTrue(
            tokyo.stderr.contains(
                "a record dated 9999-12-31T23:00:00Z falls on a day past 9999-12-31 in Asia/Tokyo (--tz)"), tokyo.stderr
        )
        let utc = try txfeed("run", feed, "--sink", "csv", "--no-progress")
        XCTAssertEqual(utc.status, 0, utc.stderr)
        let west = try txfeed("run", feed, "--tz", "America/New_York", "--sink", "csv", "--no-progress")
        XCTAssertEqual(west.status, 0, west.stderr)
    }
}
