import Foundation
import TxFeedTestSupport
import XCTest

/// Every input a shell can hand over: a folder however it is named, a FIFO or a pipe, a name
/// that is not UTF-8. None loses data, hangs past `--timeout`, or is skipped without a word.
final class InputsEndToEndTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try temporaryFolder()
    }

    private func sample(_ name: String) throws -> String {
        try String(contentsOfFile: BuiltProducts.repository + "/samples/" + name, encoding: .utf8)
    }

    /// The `source` of every NDJSON line, counted.
    private func sources(_ result: CommandResult) -> [String: Int] {
        var counts: [String: Int] = [:]
        for line in result.output.split(separator: "\n") {
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            counts[object?["source"] as? String ?? "?", default: 0] += 1
        }
        return counts
    }

    /// Good statements among entries that cannot be read: a link to nothing, a link to
    /// itself, a sub-folder, a FIFO; as root (who reads any file) no file is unreadable by mode.
    private func mixedFolder(_ name: String, good: [(String, String)]) throws -> (path: String, bad: [String]) {
        for (file, text) in good { try folder.write("\(name)/\(file)", text) }
        let path = folder.path + "/" + name
        XCTAssertEqual(symlink("/nowhere/at-all", path + "/gone.json"), 0)
        XCTAssertEqual(symlink(path + "/loop.csv", path + "/loop.csv"), 0)
        try folder.write("\(name)/sub/inner.json", "{}")
        XCTAssertEqual(mkfifo(path + "/pipe", 0o600), 0)
        var bad = [
            "gone (none): FAILED: \(path)/gone.json: a link to nothing",
            "loop (none): FAILED: \(path)/loop.csv: Too many levels of symbolic links",
            "sub (none): FAILED: \(path)/sub: a folder inside the folder",
            "pipe (none): FAILED: \(path)/pipe: not a regular file",
        ]
        if getuid() != 0 {
            let locked = try folder.write("\(name)/locked.csv", "x")
            XCTAssertEqual(chmod(locked, 0), 0)
            bad.append("locked (none): FAILED: \(locked): Permission denied")
        }
        return (path, bad)
    }

    /// `-s PLUGIN:DIR` reads every file of the folder, each a source named after its stem, and
    /// names every entry it cannot read, exactly as a bare folder does.
    func testAFolderGivenToAPluginReadsEveryFileAndNamesEveryBadEntry() throws {
        let checking = try sample("accounts/checking.json")
        let (json, badJSON) = try mixedFolder(
            "json",
            good: [("a.json", checking), ("b.json", checking), ("c.ndjson", try sample("accounts/savings.ndjson"))])
        let fixture = try txfeed("run", "-s", "fixture:" + json, "--sink", "ndjson")
        XCTAssertEqual(fixture.status, 3, "output written, some sources failed: \(fixture.stderr)")
        XCTAssertEqual(sources(fixture), ["a": 7, "b": 7, "c": 4], "every good file read, the .ndjson too")
        for expected in badJSON { XCTAssertTrue(fixture.stderr.contains(expected), "\(expected)\n\(fixture.stderr)") }
        // The same folder as a bare argument: the same records, the same failures.
        let bare = try txfeed("run", json, "--sink", "ndjson")
        XCTAssertEqual(bare.status, 3, bare.stderr)
        XCTAssertEqual(bare.output, fixture.output)

        let statement = try sample("bank/uk-current.csv")
        let (csv, badCSV) = try mixedFolder("csv", good: [("jan.csv", statement), ("feb.csv", statement)])
        let named = try txfeed("run", "-s", "csv:\(csv),name=bank", "--sink", "ndjson")
        XCTAssertEqual(named.status, 3, named.stderr)
        XCTAssertEqual(sources(named), ["bank/feb": 12, "bank/jan": 12], "name= names the folder's sources NAME/STEM")
        for expected in badCSV {
            let prefixed = "bank/" + expected
            XCTAssertTrue(named.stderr.contains(prefixed), "\(prefixed)\n\(named.stderr)")
        }
    }

    /// A config file's `"path"` naming a folder, and a shard of it, go through the same code.
    func testAConfigPathAndAShardOfAFolderReadEveryFile() throws {
        let checking = try sample("accounts/checking.json")
        for n in 0..<6 { try folder.write("statements/s\(n).json", checking) }
        XCTAssertEqual(symlink("/nowhere", folder.path + "/statements/gone.json"), 0)
        let config = try folder.write(
            "pipeline.json", #"{"sources": [{"plugin": "fixture", "options": {"path": "statements"}}]}"#)
        let whole = try txfeed("run", "--config", config, "--sink", "ndjson")
        XCTAssertEqual(whole.status, 3, whole.stderr)
        XCTAssertEqual(sources(whole).values.reduce(0, +), 42, "six files of seven records")
        XCTAssertEqual(Set(sources(whole).keys), Set((0..<6).map { "s\($0)" }))
        XCTAssertTrue(whole.stderr.contains("gone (none): FAILED: "), whole.stderr)
        // Two shards between them read each file once.
        let parts = try (0..<2).map { i in
            let part = folder.path + "/part-\(i).ndjson"
            let result = try txfeed("run", "--config", config, "--shard", "\(i)/2", "-o", part, "--no-progress")
            XCTAssertTrue([0, 3].contains(result.status), result.stderr)
            return part
        }
        let merged = try txfeed(arguments: ["merge"] + parts + ["--sink", "ndjson"])
        XCTAssertEqual(merged.status, 3, "the dangling link's failure goes with its part: \(merged.stderr)")
        XCTAssertEqual(sources(merged), sources(whole))
    }

    /// A FIFO whose writer comes late is read whole, routed by its content, under `run` FILE
    /// and `-s`; its source is named after it.
    func testAFIFOWithALateWriterIsReadOnce() throws {
        let fifo = folder.path + "/late.json"
        let checking = try sample("accounts/checking.json")
        let temporary = folder.path + "/tmp"
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        for arguments in [[fifo], ["-s", "fixture:" + fifo]] {
            XCTAssertEqual(mkfifo(fifo, 0o600), 0)
            let writer = Thread {
                Thread.sleep(forTimeInterval: 1)
                try? checking.write(toFile: fifo, atomically: false, encoding: .utf8)
            }
            writer.start()
            let result = try txfeed(
                arguments: ["run"] + arguments + ["--timeout", "60", "--temp-dir", temporary, "--sink", "ndjson"])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(sources(result), ["late": 7], result.stderr)
            unlink(fifo)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary), [], "the copy is removed")
        }
        // Named twice, a FIFO is read once and its copy read by both sources.
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let writer = Thread {
            Thread.sleep(forTimeInterval: 1)
            try? checking.write(toFile: fifo, atomically: false, encoding: .utf8)
        }
        writer.start()
        let twice = try txfeed("run", fifo, fifo, "--timeout", "60", "--sink", "ndjson")
        XCTAssertEqual(twice.status, 0, twice.stderr)
        XCTAssertEqual(sources(twice), ["late": 7, "late#2": 7], twice.stderr)
    }

    /// A FIFO nobody writes to fails its source when `--timeout` passes, and the other sources
    /// are read; a stop signal meanwhile ends txfeed at once.
    func testAFIFOWithNoWriterEndsAtTheTimeoutAndOnASignal() throws {
        let fifo = folder.path + "/never.json"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let result = try txfeed("run", fifo, "samples/accounts/checking.json", "--timeout", "2", "--sink", "ndjson")
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertEqual(sources(result), ["checking": 7])
        XCTAssertTrue(
            result.stderr.contains(
                "never (none): FAILED: \(fifo): nothing was written to it within 2 s (--timeout)"), result.stderr)
        XCTAssertLessThan(result.seconds, 60, "the timeout ends it")

        let running = try startTxfeed(["run", fifo, "--timeout", "600"])
        Thread.sleep(forTimeInterval: 1)
        running.process.terminate()
        let stopped = try running.finish(within: 60)
        XCTAssertEqual(stopped.status, SIGTERM, "died of the signal while waiting for a writer: \(stopped.stderr)")
    }

    /// The shell's process substitution: `<(command)` is a pipe named /dev/fd/N.
    func testProcessSubstitutionIsReadAsAFile() throws {
        let shell = [
            "exec", shellQuoted([BuiltProducts.txfeed]), "run",
            "<(cat samples/accounts/savings.ndjson)", "-s", "csv:<(cat samples/bank/uk-current.csv)",
            "--sink", "ndjson",
        ].joined(separator: " ")
        let result = try runCommand("/bin/bash", ["-c", shell])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(sources(result).values.sorted(), [4, 12], "both pipes read whole: \(result.stderr)")
    }

    /// A file named `.ndjson` whose first bytes were cut looks like comma-separated lines, but
    /// no plugin is sure of it: it goes to the JSON reader, whose error names line and column.
    func testABrokenJSONNamedFileGetsTheJSONError() throws {
        let line = #"{"status": 200, "body": {"name": "A", "currency": "EUR", "transactions": []}}"#
        let cut = try folder.write(
            "cut.ndjson", String(([line, line, line].joined(separator: "\n") + "\n").dropFirst()))
        let result = try txfeed("run", cut)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("cut (fixture): FAILED: \(cut):1:1: "), result.stderr)
        XCTAssertFalse(result.stderr.contains("no date column"), result.stderr)
    }

    /// Names are bytes: a file whose name is not UTF-8 is read, named and shown escaped, bare
    /// or in a folder; a name of 250 bytes is written.
    func testNamesThatAreNotUTF8AndLongNames() throws {
        let checking = try sample("accounts/checking.json")
        try folder.write("in/plain.json", checking)
        let quoted = shellQuoted([BuiltProducts.txfeed])
        let script = """
            cd \(shellQuoted([folder.path])) && cp in/plain.json $'caf\\xe9.json' && cp in/plain.json $'in/caf\\xe9.json' &&
            \(quoted) run $'caf\\xe9.json' --sink ndjson && \(quoted) run in --sink ndjson
            """
        let read = try runCommand("/bin/bash", ["-c", script])
        XCTAssertEqual(read.status, 0, read.stderr)
        XCTAssertEqual(sources(read), [#"caf\xE9"#: 14, "plain": 7], read.stderr)
        let long = String(repeating: "n", count: 246) + ".csv"
        let written = try txfeed("run", "samples/accounts/checking.json", "-o", folder.path + "/" + long)
        XCTAssertEqual(written.status, 0, written.stderr)
        XCTAssertEqual(try folder.read(long).split(separator: UInt8(ascii: "\n")).count, 8, "a header and 7 rows")
    }

    /// `script` run by bash in the folder, `$TXFEED` naming txfeed: `$'caf\xe9'` hands it bytes.
    private func shell(_ script: String, environment: [String: String] = [:]) throws -> CommandResult {
        try runCommand(
            "/bin/bash", ["-c", script], environment: environment.merging(["TXFEED": BuiltProducts.txfeed]) { $1 },
            directory: folder.path)
    }

    /// `head`, the byte, then `tail`: a name that is not UTF-8.
    private func named(_ head: String, _ byte: UInt8, _ tail: String = "") -> [UInt8] {
        Array(head.utf8) + [byte] + Array(tail.utf8)
    }

    /// An output named in bytes that are not UTF-8 is written under exactly those bytes, through
    /// a temporary file beside it (none is left): `-o`, `--rejects=`, `--duplicates`, merge's
    /// `-o`, a sink plugin's `-o` (it writes the temporary file) and a file in a folder so named.
    func testAnOutputNamedInBytesThatAreNotUTF8IsWrittenUnderThem() throws {
        try folder.write("in/plain.json", try sample("accounts/checking.json"))
        try folder.makeFolder(bytes: Array("lib".utf8))
        let sink = try CPlugin.testSink(into: folder.path + "/lib")
        let out = Array("out".utf8), sub = named("out/d", 0xE9)
        try folder.makeFolder(bytes: out)
        try folder.makeFolder(bytes: sub)
        let scripts = [
            #""$TXFEED" run in -o $'out/caf\xe9.csv' --rejects=$'out/rej\xe9.ndjson' --dedupe --duplicates $'out/dup\xe9.ndjson'"#,
            #""$TXFEED" run in --shard 0/1 -o part && "$TXFEED" merge part -o $'out/m\xe9.ndjson'"#,
            #""$TXFEED" run in --sink "$SINK" -o $'out/plug\xe9.log'"#,
            #""$TXFEED" run in -o $'out/d\xe9/o\xe9.json'"#,
        ]
        for script in scripts {
            let result = try shell(script, environment: ["SINK": sink])
            XCTAssertEqual(result.status, 0, "\(script): \(result.stderr)")
        }
        XCTAssertEqual(
            folder.names(in: out),
            [
                named("caf", 0xE9, ".csv"), named("dup", 0xE9, ".ndjson"), named("d", 0xE9),
                named("m", 0xE9, ".ndjson"),
                named("plug", 0xE9, ".log"), named("rej", 0xE9, ".ndjson"),
            ], "in byte order: u (75) before E9")
        XCTAssertEqual(folder.names(in: sub), [named("o", 0xE9, ".json")])
        let lines = { (name: [UInt8]) in
            try self.folder.read(bytes: out + [UInt8(ascii: "/")] + name).split(separator: UInt8(ascii: "\n")).map {
                String(decoding: $0, as: UTF8.self)
            }
        }
        XCTAssertEqual(try lines(named("caf", 0xE9, ".csv")).count, 8, "a header and 7 rows")
        XCTAssertEqual(try lines(named("rej", 0xE9, ".ndjson")), [])
        XCTAssertEqual(try lines(named("dup", 0xE9, ".ndjson")), [])
        XCTAssertEqual(try lines(named("m", 0xE9, ".ndjson")).count, 7)
        // The plugin wrote the temporary file, named in UTF-8 (JSON doubles the backslash).
        let opened = try lines(named("plug", 0xE9, ".log")).first ?? ""
        XCTAssertTrue(opened.hasPrefix(#"open {"path":""# + folder.path + #"/out/.plug\\xE9.log.txfeed-"#), opened)
        let json = try folder.read(bytes: sub + Array("/o".utf8) + [0xE9] + Array(".json".utf8))
        XCTAssertTrue(String(decoding: json, as: UTF8.self).contains("Starbucks"))
    }

    /// An output that exists under a name that is not UTF-8 is replaced under that name, with its
    /// mode, whether given by its bytes or reached through a link named in UTF-8 (which stays a
    /// link); a state file so named is used on (SQLite is handed its bytes).
    func testAnExistingOutputWhoseNameIsNotUTF8IsReplacedUnderIt() throws {
        let checking = try folder.write("in.json", try sample("accounts/checking.json"))
        let target = named("x", 0xFF, ".csv"), link = Array("link.csv".utf8)
        try folder.write(bytes: target, "old\n", mode: 0o640)
        try folder.link(link, to: target)
        let linked = try txfeed("run", checking, "-o", folder.path + "/link.csv")
        XCTAssertEqual(linked.status, 0, linked.stderr)
        XCTAssertEqual(folder.status(bytes: link, following: false).map { $0.st_mode & S_IFMT }, S_IFLNK)
        XCTAssertEqual(folder.status(bytes: target).map { $0.st_mode & 0o7777 }, 0o640)
        XCTAssertEqual(
            try folder.read(bytes: target).split(separator: UInt8(ascii: "\n")).count, 8, "a header and 7 rows")

        try folder.write(bytes: target, "old\n")
        let direct = try shell(#""$TXFEED" run in.json -o $'x\xff.csv'"#)
        XCTAssertEqual(direct.status, 0, direct.stderr)
        XCTAssertEqual(
            try folder.read(bytes: target).split(separator: UInt8(ascii: "\n")).count, 8, "a header and 7 rows")

        let first = try txfeed("run", checking, "--state", folder.path + "/state.db")
        XCTAssertEqual(first.status, 0, first.stderr)
        let state = named("st", 0xE9, ".db")
        try folder.rename(Array("state.db".utf8), to: state)
        let again = try shell(#""$TXFEED" run in.json --state $'st\xe9.db'"#)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stderr.contains("written 0 + rejected 0 + duplicates 0 + seen 7"), again.stderr)
        XCTAssertEqual(folder.names(), [Array("in.json".utf8), link, state, target])
    }

    /// A new state file and a sink's `path=` are written under exactly the bytes given, as `-o`
    /// is; the state file is used on by the next run.
    func testANewStateFileAndASinkPathWhoseNamesAreNotUTF8AreWrittenUnderThem() throws {
        try folder.write("in.json", try sample("accounts/checking.json"))
        let first = try shell(#""$TXFEED" run in.json --state $'st\xe9.db' --sink $'csv:path=x\xe9,a.csv,bom=true'"#)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stderr.contains(#"state st\xE9.db: batch 1 remembers 7 new transactions"#), first.stderr)
        let csv = try folder.read(bytes: named("x", 0xE9, ",a.csv"))
        XCTAssertEqual(Array(csv.prefix(3)), [0xEF, 0xBB, 0xBF], "bom=true, after the path, is the csv sink's")
        let again = try shell(#""$TXFEED" run in.json --state=$'st\xe9.db'"#)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stderr.contains("written 0 + rejected 0 + duplicates 0 + seen 7"), again.stderr)
        XCTAssertEqual(folder.names(), [Array("in.json".utf8), named("st", 0xE9, ".db"), named("x", 0xE9, ",a.csv")])
    }

    /// Where txfeed cannot write a name that is not UTF-8 under its bytes, it says so, naming the
    /// option, exit 2, and writes nothing: bytes in a sink's options other than its path (UTF-8
    /// text to the sink), any other value, a missing folder.
    func testOutputNamesThatAreNotUTF8AreRefusedWhereTxfeedCannotWriteThem() throws {
        try folder.write("in.json", try sample("accounts/checking.json"))
        let refusals = [
            (
                #"--sink $'csv:bom=tr\xe9e,path=x\xe9.csv'"#,
                #"--sink 'csv:bom=tr\xE9e,path=x\xE9.csv' is not UTF-8 outside its path=: a sink's other options are UTF-8 text"#
            ),
            (
                #"$'gone\xe9.json'"#,
                #"argument 3, 'gone\xE9.json', is not UTF-8 and names no file: txfeed reads files with such names and writes them with -o, --rejects, --duplicates, --skipped, --state and a sink's path=; any other value must be UTF-8"#
            ),
            (#"-o $'nope\xe9/o.csv'"#, #"nope\xE9/o.csv: the folder nope\xE9 does not exist"#),
        ]
        for (arguments, message) in refusals {
            let result = try shell(#""$TXFEED" run in.json "# + arguments)
            XCTAssertEqual(result.status, 2, arguments)
            XCTAssertEqual(result.stderr, "txfeed: error: \(message)\n", arguments)
        }
        XCTAssertEqual(folder.names(), [Array("in.json".utf8)])
    }

    /// A NUL byte after an envelope is called what it is, with its place.
    func testANULByteIsNamedWithItsPlace() throws {
        let checking = try sample("accounts/checking.json")
        let padded = try folder.write("padded.json", Data(checking.utf8) + Data([0, 0, 0]))
        let result = try txfeed("run", padded)
        XCTAssertEqual(result.status, 1, result.stderr)
        let lines = checking.split(separator: "\n", omittingEmptySubsequences: false)
        let place = "\(lines.count):\(lines.last!.count + 1)"
        XCTAssertTrue(
            result.stderr.contains("\(padded):\(place): a NUL byte after the envelope"), result.stderr)
    }

    /// A length of SIZE_MAX from a plugin is refused and named, never read as "empty document".
    func testALengthOfSizeMaxFromAPluginIsNamed() throws {
        let plugin = try CPlugin.build(CPlugin.fixture("test_source.c"), name: "test-source", into: folder.path)
        for isolation in ["process", "in-process"] {
            let result = try txfeed(
                "run", "-s", plugin + ":mode=size-max", "--isolation", isolation, "--sink", "ndjson")
            XCTAssertEqual(result.output.split(separator: "\n").count, 2, "the envelope after it: \(result.stderr)")
            XCTAssertTrue(
                result.stderr.contains(
                    "plugin error: emit_document with a length of 18446744073709551615 bytes, more than any buffer holds"
                ),
                result.stderr)
            XCTAssertFalse(result.stderr.contains("empty document"), result.stderr)
        }
    }
}
