import Foundation
import TxFeedTestSupport
import XCTest

/// Issue 15: a file over the fixture's threshold is read in bounded pieces, never whole. The
/// threshold is forced down to a few KiB here (`TXFEED_FIXTURE_PIECE_BYTES`, for tests only),
/// so that files of a few thousand records are cut into a dozen pieces, and each run is
/// compared with the same file read whole.
final class PiecesTests: XCTestCase {
    var folder: TemporaryFolder!
    static let pieces = ["TXFEED_FIXTURE_PIECE_BYTES": "30000"]

    override func setUpWithError() throws {
        folder = try temporaryFolder()
    }

    /// NDJSON, an array of envelopes (after a byte order mark), one envelope, and one envelope
    /// whose currency and id come after its transactions; every 400th record rejected.
    func files() throws -> [String] {
        let one = try generate("one.json")
        var made = [
            try generate("lines.ndjson", "--shape", "ndjson:30"),
            try rewrite(try generate("array.json", "--shape", "array:30")) { "\u{FEFF}" + $0 },
            one,
        ]
        made.append(
            try rewrite(try copy(one, "after.json")) { text in
                guard let end = text.range(of: "]}}", options: .backwards) else { return text }
                return text.replacingCharacters(in: end, with: #"],"currency":"EUR","id":"DE00 1"}}"#)
            })
        return made
    }

    func testPiecesWriteWhatTheWholeFileWrites() throws {
        for file in try files() {
            let whole = try run(file)
            let pieces = try run(file, Self.pieces, verbose: true)
            XCTAssertEqual(whole.result.status, 3, "\(file): the rejects make it 3: \(whole.result.stderr)")
            XCTAssertTrue(pieces.result.stderr.contains("read in pieces of 30000 bytes"), pieces.result.stderr)
            XCTAssertGreaterThan(whole.result.stdout.count, 300_000, file)
            XCTAssertTrue(whole.result.stdout == pieces.result.stdout, "\(file): the CSV differs")
            XCTAssertEqual(whole.rejects.count, 8, file)
            XCTAssertEqual(whole.rejects, pieces.rejects, "\(file): the rejects differ")
            XCTAssertEqual(summary(whole.result.stderr), summary(pieces.result.stderr), file)
        }
    }

    /// The rejects of NDJSON and arrays name their envelope's line and column in the file.
    func testRejectsOfPiecesNameTheirEnvelopesInTheFile() throws {
        let file = try generate("lines.ndjson", "--shape", "ndjson:30")
        let origins = try run(file, Self.pieces).rejects.map { line in
            (try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["origin"] as? String
        }
        XCTAssertEqual(origins.count, 8)
        XCTAssertTrue(
            origins.allSatisfy { $0?.hasPrefix(file + ":") == true && $0?.hasSuffix(":1") == true }, "\(origins)")
        XCTAssertGreaterThan(Set(origins).count, 4, "\(origins)")
    }

    /// A comma with no element before it (`[,{…}`) fails as in the whole file, in an envelope's
    /// transactions and in an array of envelopes. (It was once a cut: when the first element
    /// was larger than the read window, the piece before it was `[]` and the next `[{…}`, and
    /// the invalid file was read whole, exit 0.)
    func testACommaWithNoElementBeforeItIsNoCut() throws {
        let big =
            #"{"type": 1, "vendor": "Big", "amount": 1, "date": "2024-03-01", "note": "\#(String(repeating: "x", count: 5_000))"}"#
        let small = (0..<200).map { #"{"type": 1, "vendor": "Shop \#($0)", "amount": 2, "date": "2024-03-02"}"# }
        let envelope = { (rows: String) in
            #"{"body": {"name": "Checking", "currency": "EUR", "transactions": \#(rows)}}"#
        }
        let files = [
            try folder.write("lead-transactions.json", envelope("[," + ([big] + small).joined(separator: ",") + "]")),
            try folder.write(
                "lead-envelopes.json",
                "[," + ([envelope("[" + big + "]")] + small.map { envelope("[\($0)]") }).joined(separator: ",") + "]"),
        ]
        for file in files {
            let whole = try run(file).result
            let pieces = try run(file, ["TXFEED_FIXTURE_PIECE_BYTES": "1000"]).result
            XCTAssertEqual(whole.status, 1, "\(file): \(whole.stderr)")
            // Failed as the whole file fails, by the same message (an array keeps its other pieces' envelopes: 3).
            XCTAssertNotEqual(pieces.status, 0, "\(file): \(pieces.stderr)")
            XCTAssertEqual(failure(pieces.stderr), failure(whole.stderr), file)
        }
    }

    /// A line break inside a string of the first envelope (invalid JSON) makes no NDJSON of the
    /// file, in pieces as whole: one envelope that fails. (The outline once looked for line
    /// breaks outside strings alone: 300 lines after it were read as NDJSON, exit 3.)
    func testALineBreakInAStringOfTheFirstLineMakesNoNDJSON() throws {
        let line =
            #"{"body": {"name": "Checking", "currency": "EUR", "transactions": [{"type": 1, "vendor": "Shop", "amount": 2, "date": "2024-03-02"}]}}"#
        let file = try folder.write(
            "broken.ndjson",
            #"{"body": {"name": "X\#nY", "transactions": []}}"# + "\n"
                + Array(repeating: line, count: 300).joined(separator: "\n") + "\n")
        let whole = try run(file).result
        let pieces = try run(file, ["TXFEED_FIXTURE_PIECE_BYTES": "4096"]).result
        XCTAssertEqual(whole.status, 1, whole.stderr)
        XCTAssertEqual(pieces.status, 1, pieces.stderr)
        XCTAssertEqual(failure(pieces.stderr), failure(whole.stderr))
    }

    func testASyntaxErrorDeepInAPiecedFileNamesTheLineAndColumnOfTheWholeFile() throws {
        for file in try files() {
            let broken = try rewrite(file) { text in
                let deep = text.index(text.startIndex, offsetBy: text.count * 7 / 10)
                guard let amount = text.range(of: #""amount": "#, range: deep..<text.endIndex) else { return text }
                return text.replacingCharacters(in: amount, with: #""amount": 1.2.3, "was": "#)
            }
            let whole = failure(try run(broken).result.stderr)
            let pieces = failure(try run(broken, Self.pieces).result.stderr)
            XCTAssertNotNil(whole, broken)
            XCTAssertEqual(whole, pieces, broken)
            // 70% into a file of ~270 KB: several pieces of 30,000 bytes in, past the first line.
            let line = whole.flatMap { Int($0.dropFirst(broken.count + 1).prefix(while: \.isNumber)) } ?? 0
            XCTAssertGreaterThan(line, 1, whole ?? "no failure")
        }
    }

    func testAFileChangedWhileReadInPiecesFailsItsSourceWithTheSameMessage() throws {
        let good = try folder.write(
            "good.json",
            #"{"status":200,"body":{"name":"Good","transactions":[{"type":1,"vendor":"G","amount":1,"date":"2021-01-01"}]}}"#
        )
        for file in try files() {
            let size = (try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
            for change in [FileChange.truncate(size / 2), FileChange.append(64)] {
                let copy = try self.copy(file, "changing-" + (file as NSString).lastPathComponent)
                let environment = try change.environment(for: copy, in: folder).merging(Self.pieces) { $1 }
                let result = try txfeed(
                    arguments: ["run", copy, good, "--sink", "csv", "--no-progress"], environment: environment)
                XCTAssertEqual(result.status, 3, "\(copy) \(change): \(result.stderr)")
                XCTAssertTrue(
                    result.stderr.contains(
                        "(fixture): FAILED: \(copy): the file changed size while it was read (\(size) bytes when opened)"
                    ),
                    "\(copy) \(change): \(result.stderr)")
                XCTAssertTrue(result.output.contains(",Good,"), "\(copy): the other source is written")
                try FileManager.default.removeItem(atPath: copy)
            }
        }
    }

    /// A pipe on stdin past the threshold goes on into an unlinked spool file in `$TMPDIR`, read
    /// in pieces as a file is: the same feed as the pipe read whole, messages naming `stdin`'s
    /// lines, and nothing left in the folder.
    func testALargePipeOnStdinIsReadInPiecesAsAFileIs() throws {
        let spool = folder.path + "/spool"
        try FileManager.default.createDirectory(atPath: spool, withIntermediateDirectories: false)
        let made = try files()
        for file in made {
            let text = try Data(contentsOf: URL(fileURLWithPath: file))
            let arguments = ["run", "-", "--sink", "csv", "--no-progress", "-v"]
            let whole = try txfeed(arguments: arguments, input: text, environment: ["TMPDIR": spool])
            let pieces = try txfeed(
                arguments: arguments, input: text, environment: Self.pieces.merging(["TMPDIR": spool]) { $1 })
            XCTAssertEqual(whole.status, 3, whole.stderr)
            XCTAssertTrue(pieces.stderr.contains("stdin: \(text.count) bytes, read in pieces of 30000"), pieces.stderr)
            XCTAssertFalse(whole.stderr.contains("read in pieces"), whole.stderr)
            XCTAssertTrue(whole.stdout == pieces.stdout, "\(file) on stdin: the CSV differs")
            XCTAssertEqual(summary(whole.stderr), summary(pieces.stderr), file)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: spool), [], "the spool is gone")
        }
        // The NDJSON's last line broken: named at its line of stdin.
        let broken = try rewrite(made[0]) { text in
            guard let last = text.range(of: "\n{", options: .backwards) else { return text }
            return text.replacingCharacters(in: last, with: "\n{x")
        }
        let text = try Data(contentsOf: URL(fileURLWithPath: broken))
        let whole = failure(try txfeed(arguments: ["run", "-", "--no-progress"], input: text).stderr)
        let pieces = failure(
            try txfeed(arguments: ["run", "-", "--no-progress"], input: text, environment: Self.pieces).stderr)
        XCTAssertTrue(whole?.hasPrefix("stdin:30:2: ") == true, whole ?? "no failure")
        XCTAssertEqual(whole, pieces)
    }

    /// One envelope of 60,000 records in pieces of 1 MB under a 1 MiB budget: its records leave
    /// the plugin host child and spill piece by piece, one account continued across chunks, and
    /// the CSV is the in-memory whole-file run's, byte for byte. The JSON of the same run, not of
    /// a third, shows the account as one.
    func testAPiecedEnvelopeUnderATinyBudgetWritesWhatTheWholeFileWrites() throws {
        let file = folder.path + "/big.json"
        let script = BuiltProducts.repository + "/bench/gen_transactions.py"
        let made = try runCommand(try TestPython.system(), [script, "60000", file])
        XCTAssertEqual(made.status, 0, made.stderr)
        let whole = try txfeed("run", file, "--sink", "csv", "--no-progress")
        let json = folder.path + "/pieces.json"
        let pieces = try txfeed(
            arguments: [
                "run", file, "--sink", "csv", "--sink", "json:path=" + json, "--no-progress", "--memory", "1M",
                "--temp-dir", folder.path,
            ], environment: ["TXFEED_FIXTURE_PIECE_BYTES": "1000000"])
        XCTAssertEqual(pieces.status, 0, pieces.stderr)
        XCTAssertTrue(pieces.stderr.contains("60000 records over --memory 1 MiB were sorted in"), pieces.stderr)
        XCTAssertTrue(pieces.stderr.contains("read 60000 = written 60000"), pieces.stderr)
        XCTAssertGreaterThan(whole.stdout.count, 4_000_000)
        XCTAssertTrue(whole.stdout == pieces.stdout, "the pieced, spilled run wrote other bytes")
        let document = try String(contentsOfFile: json, encoding: .utf8)
        XCTAssertEqual(document.components(separatedBy: #""name":"Everyday Checking""#).count, 2, "one account")
    }

    // MARK: Helpers

    private func run(_ file: String, _ environment: [String: String] = [:], verbose: Bool = false) throws
        -> (result: CommandResult, rejects: [String])
    {
        let rejects = folder.path + "/rejects.ndjson"
        let result = try txfeed(
            arguments: ["run", file, "--sink", "csv", "--no-progress", "--rejects", rejects] + (verbose ? ["-v"] : []),
            environment: environment)
        let lines = (try? String(contentsOfFile: rejects, encoding: .utf8))?.split(separator: "\n").map(String.init)
        return (result, lines ?? [])
    }

    /// The run summary without its times.
    private func summary(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").filter { $0.hasPrefix("txfeed: ") && !$0.contains(": debug: ") }.map {
            $0.replacingOccurrences(of: #", \d+ ms"#, with: "", options: .regularExpression)
        }
    }

    /// `FILE:LINE:COLUMN: reason` of the first failed document in a summary.
    private func failure(_ stderr: String) -> String? {
        guard let start = stderr.range(of: "FAILED: ") else { return nil }
        let rest = stderr[start.upperBound...]
        return String(rest[..<(rest.range(of: "; ")?.lowerBound ?? rest.endIndex)])
    }

    private func generate(_ name: String, _ options: String...) throws -> String {
        let path = folder.path + "/" + name
        let script = BuiltProducts.repository + "/bench/gen_transactions.py"
        let result = try runCommand(try TestPython.system(), [script, "3000", path] + options)
        XCTAssertEqual(result.status, 0, result.stderr)
        // Every 400th amount gets three decimals: a reject, its record still JSON.
        return try rewrite(path) { text in
            var parts = text.components(separatedBy: #""amount": "#)
            for n in stride(from: 200, to: parts.count, by: 400) { parts[n] = #"1.005, "was": "# + parts[n] }
            return parts.joined(separator: #""amount": "#)
        }
    }

    private func copy(_ file: String, _ name: String) throws -> String {
        let path = folder.path + "/" + name
        try FileManager.default.copyItem(atPath: file, toPath: path)
        return path
    }

    @discardableResult
    private func rewrite(_ file: String, _ change: (String) -> String) throws -> String {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        try change(text).write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }
}
