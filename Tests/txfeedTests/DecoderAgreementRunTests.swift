import Foundation
import TxFeedTestSupport
import XCTest

/// Issue 15's decoder cases through the built `txfeed` and fixture plugin: each was found by
/// fuzzing, and each used to lose or misread records, write a `--rejects` line that is not JSON,
/// or crash.
final class DecoderAgreementRunTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try temporaryFolder()
    }

    func record(_ vendor: String, _ amount: String = "1", date: String = "2021-01-01") -> String {
        #"{"type":1,"vendor":"\#(vendor)","amount":\#(amount),"date":"\#(date)"}"#
    }

    func envelope(_ name: String, _ records: [String]) -> String {
        #"{"status":200,"body":{"name":"\#(name)","transactions":[\#(records.joined(separator: ","))]}}"#
    }

    /// Every line of the ndjson sink, as objects.
    /// The `--rejects` file's lines as `(path, reason)`, each line parsed by Python's `json`
    /// (Foundation refuses `1e400` and lone surrogates, which are JSON).
    func rejectLines(_ file: String) throws -> [(path: String, reason: String)] {
        let script = """
            import json, sys
            for line in open(sys.argv[1], encoding='utf-8', errors='surrogatepass'):
                reject = json.loads(line)
                print(reject['path'] + '\t' + reject['reason'])
            """
        let check = try runCommand(try TestPython.system(), ["-c", script, file])
        XCTAssertEqual(check.status, 0, "a --rejects line is not JSON:\n\(check.stderr)")
        return check.output.split(separator: "\n").map { line in
            let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
            return (parts[0], parts.count > 1 ? parts[1] : "")
        }
    }

    // MARK: Keys

    /// The scanner used to take the first, plainly spelled `body`'s records with the currency of
    /// jansson's (the last) `body`, and drop the last one's records, exiting 0.
    func testEscapedAndDuplicateKeysAreReadAsJanssonReadsThem() throws {
        let file = try folder.write(
            "keys.json",
            #"{"body":{"name":"A","currency":"USD","transactions":[\#(record("First", "1"))]},"#
                + #""bo\u0064y":{"name":"A","currency":"JPY","transaction\u0073":[\#(record("W", "2")),\#(record("X", "3"))]}}"#
        )
        let result = try txfeed("run", file, "--sink", "ndjson")
        XCTAssertEqual(result.status, 0, result.stderr)
        let rows = try feedRows(result)
        XCTAssertEqual(rows.compactMap { $0["vendor"] as? String }.sorted(), ["W", "X"])
        XCTAssertEqual(Set(rows.compactMap { $0["currency"] as? String }), ["JPY"])
        XCTAssertTrue(result.stderr.contains("read 2 = written 2 + rejected 0"), result.stderr)
    }

    // MARK: Values jansson cannot hold, syntax errors it stops short of

    func testAnOverflowFollowedByASyntaxErrorFailsTheDocument() throws {
        let bad = try folder.write(
            "bad.json", envelope("Bad", [record("Kept"), #"{"type":1,"vendor":"V","amount":1e400,"date":x}"#]))
        let good = try folder.write("good.json", envelope("Good", [record("G")]))
        let rejects = folder.path + "/rejects.ndjson"
        let result = try txfeed("run", bad, good, "--sink", "ndjson", "--rejects", rejects)
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertTrue(result.stderr.contains(bad + ":1:"), result.stderr)
        XCTAssertTrue(result.stderr.contains("invalid token"), result.stderr)
        XCTAssertEqual(
            try feedRows(result).compactMap { $0["vendor"] as? String }, ["G"], "nothing of bad.json is kept")
        // No record is rejected: the document failed whole, and says so.
        let lines = try rejectLines(rejects)
        XCTAssertEqual(lines.map(\.path), ["document"])
        XCTAssertTrue(lines[0].reason.contains("invalid token"), lines[0].reason)
    }

    func testNULAndLoneSurrogatesRejectTheirRecordWithAJSONRejectsLine() throws {
        let file = try folder.write(
            "nul.json",
            envelope(
                "A", [record("Good"), record(#"a\u0000b"#), record(#"\udc00"#), record("Big", "1e400")]))
        let rejects = folder.path + "/rejects.ndjson"
        let result = try txfeed("run", file, "--sink", "ndjson", "--rejects", rejects)
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertTrue(result.stderr.contains("read 4 = written 1 + rejected 3"), result.stderr)
        let lines = try rejectLines(rejects)
        XCTAssertEqual(
            lines.map(\.reason),
            [
                "vendor contains \\u0000", "vendor contains a lone surrogate (invalid Unicode '\\uDC00')",
                "amount is 10^13 or more",
            ])
        XCTAssertEqual(
            lines.map(\.path), ["transactions[1].vendor", "transactions[2].vendor", "transactions[3].amount"])
    }

    func testASyntaxErrorInsideAFailedEnvelopeFailsTheText() throws {
        let text =
            #"{"status":503,"message":"down","body":{"name":"A","transactions":[{"type":1,"vendor":"V","amount":01}]}}"#
        let file = try folder.write("down.json", text)
        let result = try txfeed("run", file, "--sink", "ndjson")
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertFalse(result.stderr.contains("envelope status 503"), "the syntax error is the text's failure")
        XCTAssertTrue(result.stderr.contains(file + ":1:"), result.stderr)
    }

    func testARawNULAfterANumberIsASyntaxError() throws {
        var bytes = Data(#"{"body":{"name":"A","transactions":[{"type":1"#.utf8)
        bytes.append(0)
        bytes.append(Data(#","vendor":"V","amount":1,"date":"2021-01-01"}]}}"#.utf8))
        let file = try folder.write("nul-byte.json", bytes)
        let result = try txfeed("run", file, "--sink", "ndjson")
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains(file + ":1:46: a raw NUL byte (not allowed in JSON)"), result.stderr)
    }

    // MARK: One envelope or NDJSON

    func testAnEnvelopeWhoseFirstLineEndsInABraceIsOneEnvelope() throws {
        let text =
            "{\"status\":200,\"body\":{\"profile\":{}\n,\"name\":\"A\",\"transactions\":[\(record("V"))]}}\n"
        let file = try folder.write("pretty.json", text)
        let result = try txfeed("run", file, "--sink", "ndjson")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try feedRows(result).count, 1)
    }

    /// Two reads: the second starts with a bad line. Its error names line 4 of stdin, not line 1
    /// of the read, and lines 5 and 6 are still read.
    func testNDJSONOnStdinNamesTheRealLineAndLosesNoGoodLine() throws {
        let running = try startTxfeed(["run", "-", "--sink", "ndjson", "--no-progress"], openInput: true)
        defer { kill(running.process.processIdentifier, SIGKILL) }
        let writer = running.input!.fileHandleForWriting
        let lines = (1...6).map { n in n == 4 ? #"{"status":200,"body":{"name":"# : envelope("L\(n)", [record("V\(n)")])
        }
        writer.write(Data((lines[0..<3].joined(separator: "\n") + "\n").utf8))
        // Read, so the rest comes in a read of its own (half a second was a guess).
        try running.awaitInputRead()
        writer.write(Data((lines[3..<6].joined(separator: "\n") + "\n").utf8))
        try writer.close()
        let result = try running.finish()
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertTrue(result.stderr.contains("stdin:4:"), result.stderr)
        XCTAssertEqual(
            try feedRows(result).compactMap { $0["account"] as? String }.sorted(), ["L1", "L2", "L3", "L5", "L6"])
    }

    // MARK: Files that change while read

    /// A file another process appends to while it is read: the source fails with a message;
    /// the other file is written. (The append is made by a preloaded read(2), just before
    /// txfeed's read: a thread appending every 200 µs missed a read of a few milliseconds on a
    /// busy machine, and the file, whole when read, was rightly read; the test failed 1 in 5.)
    func testAFileThatGrowsWhileReadFailsItsSource() throws {
        let file = try folder.write("growing.json", envelope("Growing", Array(repeating: record("V"), count: 50_000)))
        let good = try folder.write("good.json", envelope("Good", [record("G")]))
        let result = try txfeed(
            arguments: ["run", file, good, "--sink", "ndjson"],
            environment: try FileChange.append(64).environment(for: file, in: folder))
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertTrue(result.stderr.contains(file + ": the file changed size while it was read"), result.stderr)
        XCTAssertEqual(try feedRows(result).compactMap { $0["account"] as? String }, ["Good"])
    }

    /// A file past 8 MiB is read in two halves at once (`FixtureState.readInParts`): every
    /// record of it, the one the halves' border cuts too.
    func testALargeFileReadInTwoHalvesIsReadWhole() throws {
        // Long vendors: past 8 MiB in few records, which a debug build decodes slowly.
        let count = 36_000
        let long = String(repeating: "x", count: 200)
        let file = try folder.write("large.json", envelope("Large", (0..<count).map { record("V\($0) \(long)") }))
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: file)[.size] as? Int)
        XCTAssertGreaterThan(size, 8 << 20, "read in two halves")
        let result = try txfeed("run", file, "--sink", "ndjson", "--no-progress")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("read \(count) = written \(count) + rejected 0"), result.stderr)
        let vendors = Set(
            result.output.split(separator: "\n").compactMap { line -> Substring? in
                guard let key = line.range(of: #""vendor":""#) else { return nil }
                return line[key.upperBound...].prefix { $0 != "\"" }
            })
        XCTAssertEqual(vendors, Set((0..<count).map { "V\($0) \(long)"[...] }))
    }

    /// The same grown while its halves are read: the byte past the size is there.
    func testALargeFileThatGrowsWhileReadInHalvesFailsItsSource() throws {
        let file = try folder.write("growing.json", envelope("Growing", Array(repeating: record("V"), count: 200_000)))
        let good = try folder.write("good.json", envelope("Good", [record("G")]))
        let result = try txfeed(
            arguments: ["run", file, good, "--sink", "ndjson"],
            environment: try FileChange.append(64).environment(for: file, in: folder))
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertTrue(result.stderr.contains(file + ": the file changed size while it was read"), result.stderr)
        XCTAssertEqual(try feedRows(result).compactMap { $0["account"] as? String }, ["Good"])
    }

    /// A large file cut by another process between txfeed's look at its size and its read.
    /// Mapped, as it was, the first page past the new end was SIGBUS for the whole run; read,
    /// the source fails with its name.
    func testAFileTruncatedWhileReadFailsItsSourceWithoutACrash() throws {
        let file = try folder.write("cut.json", envelope("Cut", Array(repeating: record("V"), count: 200_000)))
        let good = try folder.write("good.json", envelope("Good", [record("G")]))
        let result = try txfeed(
            arguments: ["run", file, good, "--sink", "ndjson", "--no-progress"],
            environment: try FileChange.truncate(1000).environment(for: file, in: folder))
        XCTAssertEqual(result.status, 3, "no crash: \(result.stderr)")
        XCTAssertTrue(result.stderr.contains(file + ": the file changed size while it was read"), result.stderr)
        XCTAssertEqual(try feedRows(result).compactMap { $0["account"] as? String }, ["Good"])
    }

    // MARK: Dates

    func testADateOutsideTheFourDigitYearsIsRejectedNotWritten() throws {
        let file = try folder.write(
            "dates.json", envelope("A", [record("Late", date: "9999-12-31T23:00:00-05:00"), record("Fine")]))
        let result = try txfeed("run", file, "--sink", "ndjson")
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertFalse(result.output.contains("10000"), result.output)
        XCTAssertEqual(try feedRows(result).compactMap { $0["vendor"] as? String }, ["Fine"])
        XCTAssertTrue(result.stderr.contains("falls outside the years 0000-9999 in UTC"), result.stderr)
    }
}
