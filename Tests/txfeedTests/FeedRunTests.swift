import Foundation
import TxFeedTestSupport
import XCTest

/// The feed as a user meets it through the built `txfeed`: days and zones, rejects, exit
/// statuses, --strict, atomic outputs, the JSON sink, merge order, palettes and colour.
final class FeedRunTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try temporaryFolder()
    }

    private func fixture(_ name: String) -> String { BuiltProducts.fixtures + "/feed/" + name }

    private func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

    /// CSV records (Swift sees CRLF as one Character, so split on the string).
    private func csvLines(_ text: String) -> [String] { text.components(separatedBy: "\r\n").filter { !$0.isEmpty } }

    /// The two sample accounts files (the sample config also names a text sink, which flags add to).
    private let samples = ["samples/accounts/checking.json", "samples/accounts/savings.ndjson"]

    private func ndjson(_ text: String) throws -> [[String: Any]] {
        try lines(text).map { try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], $0) }
    }

    /// Temporary files an atomic write would leave behind (`.NAME.txfeed-XXXXXX`).
    private func leftovers() -> [String] { folder.contents().filter { $0.contains(".txfeed-") } }

    private let esc = UInt8(0x1B)

    // MARK: - Days and --tz

    func testTimeZoneMovesTheDayButNotTheDate() throws {
        let utc = try txfeed("run", fixture("timezone.json"), "--sink", "csv")
        XCTAssertEqual(utc.status, 0, utc.stderr)
        XCTAssertEqual(
            csvLines(utc.output).last,
            #"2021-09-01T02:00:00Z,"Wed, Sep 01",Night owl,Late snack,debit,-4.50,USD,#9b6ea7,timezone,fp:8b5763981e40f572-1,booked,"#
        )

        let newYork = try txfeed("run", fixture("timezone.json"), "--sink", "csv", "--tz", "America/New_York")
        XCTAssertEqual(newYork.status, 0, newYork.stderr)
        let row = try XCTUnwrap(csvLines(newYork.output).last)
        XCTAssertTrue(row.hasPrefix(#"2021-09-01T02:00:00Z,"Tue, Aug 31","#), row)

        let json = try txfeed("run", fixture("timezone.json"), "--sink", "ndjson", "--tz", "America/New_York")
        let object = try XCTUnwrap(try ndjson(json.output).first)
        XCTAssertEqual(object["date"] as? String, "2021-09-01T02:00:00Z")
        XCTAssertEqual(object["day"] as? String, "Tue, Aug 31")

        let text = try txfeed("run", fixture("timezone.json"), "--tz", "America/New_York")
        XCTAssertTrue(text.output.contains("  Tue, Aug 31  Late snack"), text.output)

        let tokyo = try txfeed("run", fixture("timezone.json"), "--sink", "ndjson", "--tz", "Asia/Tokyo")
        XCTAssertEqual(try ndjson(tokyo.output).first?["day"] as? String, "Wed, Sep 01")
    }

    func testUnknownTimeZoneIsAUsageError() throws {
        let result = try txfeed(
            "run", fixture("timezone.json"), "--tz", "Mars/Olympus_Mons", "-o", folder.path + "/out.csv")
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("Mars/Olympus_Mons"), result.stderr)
        XCTAssertEqual(result.stdout.count, 0)
        XCTAssertEqual(folder.contents(), [])

        let config = try folder.write(
            "config.json",
            #"{"sources": [{"plugin": "fixture", "options": {"path": "\#(fixture("timezone.json"))"}}], "tz": "Nowhere/Land"}"#
        )
        let fromConfig = try txfeed("run", "--config", config)
        XCTAssertEqual(fromConfig.status, 2, fromConfig.stderr)
        XCTAssertTrue(fromConfig.stderr.contains("Nowhere/Land"), fromConfig.stderr)
    }

    // MARK: - Rejects

    func testEveryFieldRejectIsReportedWithItsPathAndReason() throws {
        let rejects = folder.path + "/rejects.ndjson"
        let result = try txfeed("run", fixture("rejects-fields.json"), "--sink", "ndjson", "--rejects", rejects)
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertEqual(try ndjson(result.output).map { $0["vendor"] as? String }, ["Good 0", "Good 4", "Good 9"])
        XCTAssertTrue(
            result.stderr.contains("rejects-fields (fixture): ok, read 13 = written 3 + rejected 10"), result.stderr)

        let expected: [(String, String)] = [
            ("transactions[1].vendor", "missing vendor"),
            ("transactions[2].type", "unknown type 2 (expected 0 = credit or 1 = debit)"),
            ("transactions[3].type", #"unknown type "1" (expected 0 = credit or 1 = debit)"#),
            ("transactions[5].date", #"date "2021-02-30 10:00:00" is not a real day"#),
            ("transactions[6].date", #"date "2021-13-01 10:00:00" is not a real day"#),
            ("transactions[7].date", #"date "2021-09-01 24:00:00" is not a real time of day"#),
            ("transactions[8].date", #"date "01/09/2021": expected yyyy-MM-dd HH:mm:ss or ISO 8601"#),
            ("transactions[10].date", "missing date"),
            ("transactions[11].vendor", "vendor is not a string"),
            ("transactions[12].type", "missing type"),
        ]
        let origin = fixture("rejects-fields.json")
        for (path, reason) in expected {
            XCTAssertTrue(
                result.stderr.contains("txfeed: rejects-fields: rejected \(origin) \(path): \(reason)"),
                "\(path) in\n\(result.stderr)")
        }
        try assertRejectsFile(rejects, fixture: origin, expected: expected)
    }

    func testEveryAmountRejectIsReportedWithItsPathAndReason() throws {
        let rejects = folder.path + "/rejects.ndjson"
        let result = try txfeed("run", fixture("rejects-amounts.json"), "--sink", "json", "--rejects", rejects)
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertTrue(result.stderr.contains("read 22 = written 10 + rejected 12"), result.stderr)
        let expected: [(String, String)] = [
            ("transactions[10].amount", "amount is not a number"),
            ("transactions[11].amount", "amount is negative"),
            ("transactions[12].amount", "amount has more than 2 decimals"),
            ("transactions[13].amount", "amount is 10^13 or more"),
            ("transactions[14]", "transaction is not a JSON object"),
            ("transactions[15]", "transaction is not a JSON object"),
            ("transactions[16]", "transaction is not a JSON object"),
            ("transactions[17].amount", "amount is 10^13 or more"),
            ("transactions[18].amount", "missing amount"),
            ("transactions[19].amount", "amount is negative"),
            ("transactions[20].amount", "amount is 10^13 or more"),
            ("transactions[21].amount", "amount is 10^13 or more"),
        ]
        let origin = fixture("rejects-amounts.json")
        // The summary lists the first ten, then says how many more there are.
        for (path, reason) in expected.prefix(10) {
            XCTAssertTrue(
                result.stderr.contains("txfeed: rejects-amounts: rejected \(origin) \(path): \(reason)"),
                "\(path) in\n\(result.stderr)")
        }
        XCTAssertTrue(result.stderr.contains("… and 2 more rejected records"), result.stderr)
        try assertRejectsFile(rejects, fixture: origin, expected: expected)

        // The good ones are exact: 9999999999999.99 is below 10^13 and keeps its cents.
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let amounts = try XCTUnwrap(document["transactions"] as? [[String: Any]]).map { $0["amount"] as? String }
        XCTAssertEqual(
            amounts,
            ["1.00", "1.10", "1.23", "0.00", "9999999999999.99", "-100.00", "-0.01", "-4.50", "-12.80", "-0.30"])
    }

    /// Each line of the rejects file: source, origin, path, reason and the record as it was.
    private func assertRejectsFile(
        _ path: String, fixture origin: String, expected: [(String, String)],
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let stem = ((origin as NSString).lastPathComponent as NSString).deletingPathExtension
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        let rows = lines(text)
        XCTAssertEqual(rows.count, expected.count, text, file: file, line: line)
        // JSONSerialization cannot read 1e400: those records are compared as text below.
        let fixtureText = String(decoding: try Data(contentsOf: URL(fileURLWithPath: origin)), as: UTF8.self)
            .replacingOccurrences(of: "1e400", with: "0").replacingOccurrences(
                of: "123456789012345678901234567890", with: "0")
        let source = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(fixtureText.utf8)) as? [String: Any])
        let elements = try XCTUnwrap((source["body"] as? [String: Any])?["transactions"] as? [Any])
        for (row, (path, reason)) in zip(rows, expected) {
            // Numbers beyond a double are kept as written, which JSONSerialization cannot read back.
            if row.contains("1e400") || row.contains("123456789012345678901234567890") {
                XCTAssertTrue(
                    row.hasPrefix(
                        #"{"source":"\#(stem)","origin":"\#(origin.replacingOccurrences(of: "/", with: "\\/"))","path":"\#(path)""#
                    )
                        || row.hasPrefix(#"{"source":"\#(stem)","origin":"\#(origin)","path":"\#(path)""#), row,
                    file: file, line: line)
                XCTAssertTrue(row.contains(#""record":{"type": 1, "vendor": "Beyond"#), row, file: file, line: line)
                continue
            }
            let object = try XCTUnwrap(
                JSONSerialization.jsonObject(with: Data(row.utf8)) as? [String: Any], row, file: file, line: line)
            XCTAssertEqual(
                Set(object.keys), ["source", "origin", "path", "reason", "record"], row, file: file, line: line)
            XCTAssertEqual(
                object["source"] as? String, stem, "a source is named after its file", file: file, line: line)
            XCTAssertEqual(object["origin"] as? String, origin, file: file, line: line)
            XCTAssertEqual(object["path"] as? String, path, file: file, line: line)
            let shown = try XCTUnwrap(object["reason"] as? String, file: file, line: line)
            XCTAssertTrue(shown.hasPrefix(reason), "\(shown) does not start with \(reason)", file: file, line: line)
            let index = try XCTUnwrap(
                Int(path.dropFirst("transactions[".count).prefix { $0 != "]" }), file: file, line: line)
            XCTAssertEqual(
                object["record"] as? NSObject, elements[index] as? NSObject, "record of \(path)", file: file, line: line
            )
        }
    }

    func testTheRejectsFileIsReplacedOnEveryRun() throws {
        let rejects = try folder.write("rejects.ndjson", "old contents\n")
        let clean = try txfeed("run", "samples/accounts/checking.json", "--rejects", rejects)
        XCTAssertEqual(clean.status, 0, clean.stderr)
        XCTAssertEqual(try folder.read("rejects.ndjson"), Data(), "no rejects: an empty file")
        XCTAssertEqual(leftovers(), [])

        // A folder that is not there is a usage error before any source runs.
        let missingFolder = try txfeed(
            "run", "samples/accounts/checking.json", "--rejects", folder.path + "/no/such/folder/r.ndjson")
        XCTAssertEqual(missingFolder.status, 2, missingFolder.stderr)
        XCTAssertEqual(missingFolder.stdout.count, 0)
        XCTAssertTrue(missingFolder.stderr.contains("does not exist"), missingFolder.stderr)
        // One that cannot take the bytes (a full disk) is known only when written: nothing written.
        let full = try txfeed("run", fixture("rejects-fields.json"), "--rejects", "/dev/full")
        XCTAssertEqual(full.status, 1, full.stderr)
        XCTAssertEqual(full.stdout.count, 0)
        XCTAssertTrue(full.stderr.contains("--rejects"), full.stderr)
    }

    // MARK: - Exit statuses and --strict

    func testExitStatuses() throws {
        let broken = try folder.write(
            "broken.json", #"{"status": 200, "body": {"name": "Broken", "transactions": [{"type": 0,"#)
        let clean = try txfeed("run", "samples/accounts/checking.json", "--sink", "ndjson")
        XCTAssertEqual(clean.status, 0, clean.stderr)

        let rejected = try txfeed("run", fixture("rejects-fields.json"), "--sink", "ndjson")
        XCTAssertEqual(rejected.status, 3, rejected.stderr)
        XCTAssertEqual(lines(rejected.output).count, 3)

        let oneFailed = try txfeed("run", broken, "samples/accounts/checking.json", "--sink", "ndjson")
        XCTAssertEqual(oneFailed.status, 3, oneFailed.stderr)
        XCTAssertEqual(lines(oneFailed.output).count, 7, "the good source is written")
        XCTAssertTrue(oneFailed.stderr.contains("broken.json:1:"), oneFailed.stderr)
        XCTAssertTrue(oneFailed.stderr.contains("FAILED"), oneFailed.stderr)

        let allFailed = try txfeed("run", broken, folder.path + "/missing.json", "--sink", "ndjson")
        XCTAssertEqual(allFailed.status, 1, allFailed.stderr)
        XCTAssertEqual(allFailed.stdout.count, 0)
        XCTAssertTrue(allFailed.stderr.contains("every source failed"), allFailed.stderr)

        let usage = try txfeed("run", "samples/accounts/checking.json", "--no-such-flag")
        XCTAssertEqual(usage.status, 2, usage.stderr)
        let badSinkOption = try txfeed("run", "samples/accounts/checking.json", "--sink", "csv:colour=red")
        XCTAssertEqual(badSinkOption.status, 2, badSinkOption.stderr)
        XCTAssertTrue(badSinkOption.stderr.contains("valid options: path, bom"), badSinkOption.stderr)
        let badColour = try txfeed("run", "samples/accounts/checking.json", "--color", "sometimes")
        XCTAssertEqual(badColour.status, 2, badColour.stderr)
    }

    func testStrictWritesNothingOnAReject() throws {
        let original = Data("date,day,account,vendor,type,amount,currency,colour,source\r\nkeep me\r\n".utf8)
        try folder.write("out.csv", original)
        let rejects = folder.path + "/rejects.ndjson"
        let toFile = try txfeed(
            "run", fixture("rejects-fields.json"), "samples/accounts/checking.json", "--strict",
            "-o", folder.path + "/out.csv", "-o", folder.path + "/new.json", "--rejects", rejects)
        XCTAssertEqual(toFile.status, 1, toFile.stderr)
        XCTAssertTrue(toFile.stderr.contains("--strict"), toFile.stderr)
        XCTAssertEqual(toFile.stdout.count, 0)
        XCTAssertEqual(try folder.read("out.csv"), original, "an existing file is untouched")
        XCTAssertFalse(folder.exists("new.json"), "no new file is created")
        XCTAssertEqual(leftovers(), [])
        // The rejects file is the explanation, so it is written all the same.
        XCTAssertEqual(lines(String(decoding: try folder.read("rejects.ndjson"), as: UTF8.self)).count, 10)

        let toStdout = try txfeed("run", fixture("rejects-fields.json"), "--strict")
        XCTAssertEqual(toStdout.status, 1, toStdout.stderr)
        XCTAssertEqual(toStdout.stdout.count, 0, "nothing on stdout either")

        let failedSource = try txfeed(
            "run", folder.path + "/missing.json", "samples/accounts/checking.json", "--strict", "--sink", "ndjson")
        XCTAssertEqual(failedSource.status, 1, failedSource.stderr)
        XCTAssertEqual(failedSource.stdout.count, 0)

        let clean = try txfeed("run", "samples/accounts/checking.json", "--strict", "-o", folder.path + "/out.csv")
        XCTAssertEqual(clean.status, 0, clean.stderr)
        XCTAssertNotEqual(try folder.read("out.csv"), original)
        XCTAssertEqual(csvLines(String(decoding: try folder.read("out.csv"), as: UTF8.self)).count, 8)
    }

    /// `txfeed ... | head -1`: the reader goes away; txfeed stops quietly with status 0.
    /// Diagnostics for a reader that has gone (`txfeed … 2>&1 | head -1`) are dropped: the
    /// exit status is the run's own, never a crash.
    func testAReaderClosingStderrIsNoCrash() throws {
        let closedStderr = """
            import os, subprocess, sys
            r, w = os.pipe()
            os.close(r)
            print(subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=w).returncode)
            """
        let cases: [([String], Int)] = [
            (["run", "samples/accounts/checking.json", "--sink", "ndjson"], 0),
            (["run", folder.path + "/missing.json"], 1),
            (["run", "samples/accounts/checking.json", "--palette", "nope"], 2),
            (["plugins", "check", BuiltProducts.plugin("fixture")], 0),
        ]
        for (arguments, expected) in cases {
            let result = try runCommand(
                try TestPython.system(), ["-c", closedStderr, BuiltProducts.txfeed] + arguments)
            XCTAssertEqual(
                result.output.trimmingCharacters(in: .whitespacesAndNewlines), "\(expected)",
                "\(arguments): \(result.stderr)")
        }
    }

    /// `| head` leaving early is not txfeed's failure, but a failed source still is: exit 3.
    /// 40,000 records: some 10 MB of NDJSON, 150 times a pipe's 64 KiB, so the reader is gone
    /// long before txfeed has written it all (200,000 made each run five times as long and
    /// tested nothing more).
    func testAFailedSourceIsExitThreeEvenWhenTheReaderLeaves() throws {
        let folder = try TemporaryFolder()
        let big = try folder.write(
            "big.json",
            #"{"status":200,"body":{"name":"Big","transactions":["#
                + Array(
                    repeating: #"{"type":0,"vendor":"V","amount":1,"date":"2022-01-02 03:04:05"}"#,
                    count: Self.readerLeavesRecords
                ).joined(separator: ",") + "]}}")
        for (missing, expected) in [(true, 3), (false, 0)] {
            let sources = [big] + (missing ? [folder.path + "/missing.json"] : [])
            let command =
                shellQuoted([BuiltProducts.txfeed, "run"] + sources + ["--sink", "ndjson", "--no-progress"])
                + " 2>/dev/null | head -n 1 >/dev/null; exit ${PIPESTATUS[0]}"
            let result = try runCommand("/bin/bash", ["-c", command])
            XCTAssertEqual(Int(result.status), expected, "with a missing source: \(missing)")
        }
    }

    /// Records in the inputs of the tests whose reader leaves early: enough that each sink's
    /// output (text, the smallest, some 1.5 MB) is many times what a pipe holds (64 KiB, 1 MiB
    /// at most), so txfeed is still writing when the reader goes.
    static let readerLeavesRecords = 40_000

    func testReaderClosingStdoutEarlyEndsTheRunQuietly() throws {
        let count = Self.readerLeavesRecords
        var big = #"{"status": 200, "message": "ok", "body": {"name": "Big", "currency": "USD", "transactions": ["#
        big.reserveCapacity(count * 90)
        for i in 0..<count {
            if i > 0 { big += ",\n" }
            big +=
                #"{"type": \#(i % 2), "vendor": "Vendor \#(i % 997)", "amount": \#(i % 5000).\#(10 + i % 90), "date": "2021-\#(String(format: "%02d", 1 + i % 12))-\#(String(format: "%02d", 1 + i % 28)) 10:00:00"}"#
        }
        big += "]}}\n"
        let input = try folder.write("big.json", big)

        for sink in ["text", "ndjson", "csv"] {
            let running = try startTxfeed(["run", input, "--sink", sink])
            let (process, output, errors) = (running.process, running.output, running.errors)
            final class Box: @unchecked Sendable { var data = Data() }
            let errorData = Box()
            let group = DispatchGroup()
            DispatchQueue.global().async(group: group) {
                errorData.data = errors.fileHandleForReading.readDataToEndOfFile()
            }

            // Like `head -1`: read up to the first line end, then close the pipe.
            var first = Data()
            while !first.contains(0x0A) {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                first.append(chunk)
            }
            try output.fileHandleForReading.close()
            guard group.wait(timeout: .now() + commandDeadline) == .success else {
                kill(process.processIdentifier, SIGKILL)
                return XCTFail("\(sink): txfeed did not end after its reader went away")
            }
            process.waitUntilExit()
            let stderr = String(decoding: errorData.data, as: UTF8.self)
            XCTAssertFalse(first.isEmpty, sink)
            XCTAssertEqual(process.terminationStatus, 0, "\(sink): \(stderr)")
            XCTAssertEqual(process.terminationReason, .exit, sink)
            for word in ["error", "Error", "FAILED", "Broken pipe", "broken pipe", "Fatal", "nothing written"] {
                XCTAssertFalse(stderr.contains(word), "\(sink): \(word) in\n\(stderr)")
            }
            XCTAssertTrue(stderr.contains("read \(count) = written \(count) + rejected 0"), stderr)
        }
    }

    // MARK: - Atomic outputs

    func testFailedRunsLeaveAnExistingFileByteIdentical() throws {
        let original = Data("precious,old,contents\r\n\u{1F355}\r\n".utf8)
        try folder.write("out.csv", original)
        let out = folder.path + "/out.csv"
        let broken = try folder.write("broken.json", "{\"status\": 200, \"body\": ")

        let everySourceFailed = try txfeed("run", broken, "-o", out)
        XCTAssertEqual(everySourceFailed.status, 1, everySourceFailed.stderr)
        XCTAssertEqual(try folder.read("out.csv"), original)
        XCTAssertEqual(leftovers(), [])

        let strict = try txfeed("run", fixture("rejects-fields.json"), "--strict", "-o", out)
        XCTAssertEqual(strict.status, 1, strict.stderr)
        XCTAssertEqual(try folder.read("out.csv"), original)
        XCTAssertEqual(leftovers(), [])

        // The first sink is rendered (into its temporary file) before the second one fails: a
        // full disk (/dev/full) once the sources have run.
        let secondSinkFails = try txfeed(
            "run", "samples/accounts/checking.json", "--sink", "csv:path=\(out)", "--sink", "json:path=/dev/full")
        XCTAssertEqual(secondSinkFails.status, 1, secondSinkFails.stderr)
        XCTAssertTrue(secondSinkFails.stderr.contains("/dev/full"), secondSinkFails.stderr)
        XCTAssertEqual(secondSinkFails.stdout.count, 0)
        XCTAssertEqual(try folder.read("out.csv"), original)
        XCTAssertEqual(leftovers(), [])

        let secondSinkFailsNewFile = try txfeed(
            "run", "samples/accounts/checking.json", "--sink", "csv:path=\(folder.path)/fresh.csv",
            "--sink", "json:path=/dev/full", "--sink", "ndjson")
        XCTAssertEqual(secondSinkFailsNewFile.status, 1, secondSinkFailsNewFile.stderr)
        XCTAssertFalse(folder.exists("fresh.csv"), "a new file is not created when another sink fails")
        XCTAssertEqual(secondSinkFailsNewFile.stdout.count, 0, "stdout gets nothing either")
        XCTAssertEqual(leftovers(), [])
        XCTAssertEqual(folder.contents(), ["broken.json", "out.csv"])
    }

    func testSeveralOutputsAtOnce() throws {
        let p = folder.path
        let result = try txfeed(
            arguments: ["run"] + samples + [
                "-o", p + "/a.csv", "-o", p + "/b.json",
                "-o", p + "/c.ndjson", "-o", p + "/d.txt",
            ])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout.count, 0, "every sink has a file: nothing on stdout")
        XCTAssertEqual(folder.contents(), ["a.csv", "b.json", "c.ndjson", "d.txt"])
        let csv = String(decoding: try folder.read("a.csv"), as: UTF8.self)
        XCTAssertEqual(csv.components(separatedBy: "\r\n").filter { !$0.isEmpty }.count, 12)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: try folder.read("b.json")) as? [String: Any])
        XCTAssertEqual((json["transactions"] as? [Any])?.count, 11)
        XCTAssertEqual(lines(String(decoding: try folder.read("c.ndjson"), as: UTF8.self)).count, 11)
        let text = String(decoding: try folder.read("d.txt"), as: UTF8.self)
        XCTAssertTrue(text.contains("Rainy Day Savings"), text)
        XCTAssertFalse(try folder.read("d.txt").contains(esc), "no colour in a file")

        // --sink specs pair with -o paths in order when the counts match.
        let paired = try txfeed(
            "run", "samples/accounts/checking.json", "--sink", "csv:bom=true", "--sink", "ndjson",
            "-o", p + "/bom.csv", "-o", p + "/e.ndjson")
        XCTAssertEqual(paired.status, 0, paired.stderr)
        XCTAssertEqual(Array(try folder.read("bom.csv").prefix(8)), [0xEF, 0xBB, 0xBF] + Array("date,".utf8))
        XCTAssertEqual(lines(String(decoding: try folder.read("e.ndjson"), as: UTF8.self)).count, 7)

        // Otherwise the -o files follow their extensions and the --sink goes to stdout.
        let mixed = try txfeed(
            "run", "samples/accounts/checking.json", "--sink", "ndjson", "-o", p + "/f.csv", "-o", p + "/g.json")
        XCTAssertEqual(mixed.status, 0, mixed.stderr)
        XCTAssertEqual(try ndjson(mixed.output).count, 7)
        XCTAssertTrue(folder.exists("f.csv") && folder.exists("g.json"))
        XCTAssertEqual(leftovers(), [])
    }

    /// Two feeds back to back on stdout, or one file written by two sinks, is a mistake found
    /// before any source runs (exit 2), wherever the sinks came from.
    func testTwoSinksOnOneDestinationAreAUsageError() throws {
        let p = folder.path
        let stdout = try txfeed("run", "samples/accounts/checking.json", "--sink", "text", "--sink", "csv")
        XCTAssertEqual(stdout.status, 2, stdout.stderr)
        XCTAssertTrue(stdout.stderr.contains("2 sinks would write to stdout (text, csv)"), stdout.stderr)
        XCTAssertEqual(stdout.stdout.count, 0)

        let config = try folder.write(
            "pipeline.json",
            #"{"sources": [{"plugin": "fixture", "options": {"path": "\#(BuiltProducts.repository)/samples/accounts/checking.json"}}], "sinks": [{"sink": "text"}]}"#
        )
        let both = try txfeed("run", "-c", config, "--sink", "ndjson")
        XCTAssertEqual(both.status, 2, both.stderr)
        XCTAssertTrue(both.stderr.contains("(text, ndjson)"), both.stderr)

        let sameFile = try txfeed(
            "run", "samples/accounts/checking.json", "--sink", "csv:path=\(p)/same.csv", "-o", p + "/./same.csv")
        XCTAssertEqual(sameFile.status, 2, sameFile.stderr)
        XCTAssertTrue(sameFile.stderr.contains("two sinks would write the same file"), sameFile.stderr)
        XCTAssertFalse(folder.exists("same.csv"))
    }

    /// A sink option value that means nothing is refused, not read as "no".
    func testBadSinkOptionValuesAreUsageErrors() throws {
        for (sink, message) in [
            ("csv:bom=maybe", "sink 'csv': bom must be true or false, not 'maybe'"),
            ("json:path=", "sink 'json': the path is empty"),
        ] {
            let result = try txfeed("run", "samples/accounts/checking.json", "--sink", sink)
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertTrue(result.stderr.contains(message), result.stderr)
            XCTAssertEqual(result.stdout.count, 0)
        }
        let yes = try txfeed("run", "samples/accounts/checking.json", "--sink", "csv:bom=YES")
        XCTAssertEqual(Array(yes.stdout.prefix(3)), [0xEF, 0xBB, 0xBF])
    }

    // MARK: - JSON sink

    func testJSONSinkIsOneExactDocument() throws {
        let result = try txfeed("run", fixture("money.ndjson"), "--sink", "json")
        XCTAssertEqual(result.status, 3, result.stderr)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        XCTAssertEqual(Set(document.keys), ["accounts", "transactions", "sources", "summary"])

        let transactions = try XCTUnwrap(document["transactions"] as? [[String: Any]])
        XCTAssertEqual(transactions.map { $0["vendor"] as? String }, ["Point one", "Point two", "Ramen", "Souq"])
        for t in transactions {
            XCTAssertEqual(
                Set(t.keys),
                [
                    "date", "day", "account", "vendor", "type", "amount", "amount_minor", "currency", "colour",
                    "source",
                    "id", "status", "memo",
                ])
            XCTAssertTrue(t["amount"] is String, "amount is a decimal string")
            XCTAssertNotNil(t["amount_minor"] as? Int)
        }
        // 0.1 + 0.2: exact minor units, exact text.
        XCTAssertEqual(transactions.map { $0["amount"] as? String }, ["0.10", "0.20", "-1500", "1.234"])
        XCTAssertEqual(transactions.map { $0["amount_minor"] as? Int }, [10, 20, -1500, 1234])
        XCTAssertEqual(transactions.map { $0["currency"] as? String }, ["", "", "JPY", "KWD"])
        XCTAssertEqual(transactions.map { $0["type"] as? String }, ["credit", "credit", "debit", "credit"])
        XCTAssertEqual(transactions[0]["date"] as? String, "2021-09-01T10:00:00Z")
        XCTAssertEqual(transactions[0]["day"] as? String, "Wed, Sep 01")
        XCTAssertEqual(transactions[0]["account"] as? String, "Cents")
        XCTAssertEqual(transactions[0]["source"] as? String, "money", "named after its file")
        XCTAssertNotNil(
            (transactions[0]["colour"] as? String)?.range(of: "^#[0-9a-f]{6}$", options: .regularExpression))
        // The raw text holds no binary floating point artefacts.
        XCTAssertFalse(result.output.contains("0.30000000000000004"))
        XCTAssertTrue(result.output.contains(#""amount":"0.10","amount_minor":10"#), result.output)

        let accounts = try XCTUnwrap(document["accounts"] as? [[String: Any]])
        XCTAssertEqual(accounts.map { $0["name"] as? String }, ["Cents", "Yen", "Dinar"])
        XCTAssertEqual(
            accounts.map { $0["balance"] as? String }, ["0.30", "88000", "-10.500"], "balances exact and signed")
        XCTAssertEqual(accounts.map { $0["balance_minor"] as? Int }, [30, 88000, -10500])

        let sources = try XCTUnwrap(document["sources"] as? [[String: Any]])
        XCTAssertEqual(sources.count, 1)
        XCTAssertEqual(Set(sources[0].keys), ["name", "plugin", "status", "error", "count", "rejected", "elapsed_ms"])
        XCTAssertEqual(sources[0]["name"] as? String, "money")
        XCTAssertEqual(sources[0]["plugin"] as? String, "fixture")
        XCTAssertEqual(sources[0]["status"] as? String, "success")
        XCTAssertTrue(sources[0]["error"] is NSNull)
        XCTAssertEqual(sources[0]["count"] as? Int, 4)
        XCTAssertEqual(sources[0]["rejected"] as? Int, 3)
        XCTAssertNotNil(sources[0]["elapsed_ms"] as? Int)

        let summary = try XCTUnwrap(document["summary"] as? [String: Any])
        XCTAssertEqual(summary["read"] as? Int, 7)
        XCTAssertEqual(summary["written"] as? Int, 4)
        XCTAssertEqual(summary["rejected"] as? Int, 3)

        // 1.005 USD, 1.5 JPY and 1.2345 KWD each have more decimals than their currency.
        XCTAssertTrue(result.stderr.contains("transactions[2].amount: amount has more than 2 decimals"), result.stderr)
        XCTAssertTrue(
            result.stderr.contains("transactions[1].amount: amount has decimals but the currency has no minor units"),
            result.stderr)
        XCTAssertTrue(result.stderr.contains("transactions[1].amount: amount has more than 3 decimals"), result.stderr)
    }

    func testJSONSinkReportsAFailedSource() throws {
        let result = try txfeed(
            "run", "samples/accounts/checking.json", folder.path + "/missing.json", "--sink", "json")
        XCTAssertEqual(result.status, 3, result.stderr)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let sources = try XCTUnwrap(document["sources"] as? [[String: Any]])
        XCTAssertEqual(sources.map { $0["name"] as? String }, ["checking", "missing"])
        XCTAssertEqual(sources.map { $0["status"] as? String }, ["success", "failure"])
        XCTAssertTrue(sources[0]["error"] is NSNull)
        XCTAssertTrue((sources[1]["error"] as? String)?.contains("missing.json") == true, "\(sources[1])")
        XCTAssertEqual(sources.map { $0["count"] as? Int }, [7, 0])
    }

    func testJSONAndNDJSONCarryTheCSVFields() throws {
        let csv = try txfeed("run", "samples/accounts/checking.json", "--sink", "csv")
        let ndjsonRun = try txfeed("run", "samples/accounts/checking.json", "--sink", "ndjson")
        let json = try txfeed("run", "samples/accounts/checking.json", "--sink", "json")
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        let fromJSON = try XCTUnwrap(document["transactions"] as? [[String: Any]])
        let fromNDJSON = try ndjson(ndjsonRun.output)
        XCTAssertEqual(fromJSON.count, 7)
        XCTAssertEqual(fromJSON as NSArray, fromNDJSON as NSArray, "json and ndjson hold the same transactions")
        let rows = try CSVReadBack.rows(csv.stdout, folder: folder)
        let header = rows[0]
        for (row, object) in zip(rows.dropFirst(), fromJSON) {
            for (column, cell) in zip(header, row) {
                // An absent id or memo: JSON's null, CSV's empty cell.
                let value = object[column] is NSNull ? "" : try XCTUnwrap(object[column] as? String, column)
                // CSV neutralises formula-like text; JSON keeps it as it is.
                XCTAssertTrue(cell == value || cell == "'" + value, "\(column): \(cell) vs \(value)")
            }
            let minor = try XCTUnwrap(object["amount_minor"] as? Int)
            XCTAssertEqual(
                row[5], (minor < 0 ? "-" : "") + "\(abs(minor) / 100).\(String(format: "%02d", abs(minor) % 100))")
        }
    }

    // MARK: - Merge order

    func testMergeIsNewestFirstWithTiesInSourceThenInputOrder() throws {
        let ab = try txfeed("run", fixture("merge-a.json"), fixture("merge-b.json"), "--sink", "ndjson")
        XCTAssertEqual(ab.status, 0, ab.stderr)
        XCTAssertEqual(
            try ndjson(ab.output).map { $0["vendor"] as? String },
            ["b-newest", "a-new", "a-noon-1", "a-noon-2", "b-noon-1", "b-noon-2", "a-old"])
        let ba = try txfeed("run", fixture("merge-b.json"), fixture("merge-a.json"), "--sink", "ndjson")
        XCTAssertEqual(
            try ndjson(ba.output).map { $0["vendor"] as? String },
            ["b-newest", "a-new", "b-noon-1", "b-noon-2", "a-noon-1", "a-noon-2", "a-old"])
        // Equal instants written differently (offset, Z, plain) are equal.
        XCTAssertEqual(
            Set(
                try ndjson(ba.output).filter { ($0["vendor"] as? String)?.contains("noon") == true }.map {
                    $0["date"] as? String
                }),
            ["2021-09-01T12:00:00Z"])
        // The text view shows each account's rows in the same order.
        let text = try txfeed("run", fixture("merge-a.json"), fixture("merge-b.json"))
        let vendors = lines(text.output).filter { $0.hasPrefix("  ") }.map { String($0.split(separator: " ")[3]) }
        XCTAssertEqual(vendors, ["a-new", "a-noon-1", "a-noon-2", "a-old", "b-newest", "b-noon-1", "b-noon-2"])
    }

    // MARK: - Palettes

    private func colours(_ arguments: [String]) throws -> [String: String] {
        let input = try folder.write(
            "anagrams.json",
            #"{"status": 200, "body": {"name": "Words", "transactions": [{"type": 1, "vendor": "listen", "amount": 1, "date": "2021-09-01 10:00:00"}, {"type": 1, "vendor": "silent", "amount": 1, "date": "2021-09-01 09:00:00"}, {"type": 1, "vendor": "Starbucks", "amount": 1, "date": "2021-09-01 08:00:00"}]}}"#
        )
        let result = try txfeed(arguments: ["run", input, "--sink", "ndjson"] + arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        var colours: [String: String] = [:]
        for object in try ndjson(result.output) { colours[object["vendor"] as! String] = object["colour"] as? String }
        return colours
    }

    func testPalettes() throws {
        let legacy = try colours([])
        XCTAssertEqual(try colours(["--palette", "legacy"]), legacy)
        XCTAssertEqual(legacy["listen"], legacy["silent"], "the legacy palette gives anagrams one colour")
        XCTAssertEqual(legacy["Starbucks"], "#f7f2a7")

        let seven = try colours(["--palette", "hashed:seed=7"])
        XCTAssertNotEqual(seven["listen"], seven["silent"], "hashed tells anagrams apart")
        XCTAssertNotEqual(seven["Starbucks"], legacy["Starbucks"])
        XCTAssertEqual(try colours(["--palette", "hashed:seed=7"]), seven, "the same seed, the same colours")
        let eight = try colours(["--palette", "hashed:seed=8"])
        XCTAssertNotEqual(eight, seven, "another seed, other colours")
        XCTAssertEqual(try colours(["--palette", "hashed"]), try colours(["--palette", "hashed:seed=0"]))
        for colour in Array(seven.values) + Array(eight.values) {
            XCTAssertNotNil(colour.range(of: "^#[0-9a-f]{6}$", options: .regularExpression), colour)
        }

        let config = try folder.write(
            "config.json",
            #"{"sources": [{"plugin": "fixture", "options": {"path": "\#(BuiltProducts.repository)/samples/accounts/checking.json"}}], "palette": "hashed:seed=7"}"#
        )
        let fromConfig = try txfeed("run", "--config", config, "--sink", "ndjson")
        XCTAssertEqual(fromConfig.status, 0, fromConfig.stderr)
        let withFlag = try txfeed(
            "run", "samples/accounts/checking.json", "--palette", "hashed:seed=7", "--sink", "ndjson")
        XCTAssertEqual(
            try ndjson(fromConfig.output).map { $0["colour"] as? String },
            try ndjson(withFlag.output).map { $0["colour"] as? String })
    }

    func testBadPalettesAreUsageErrors() throws {
        for palette in ["rainbow", "hashed:seed=x", "hashed:seed=-1", "hashed:salt=1", "legacy:seed=1", ""] {
            let result = try txfeed(
                "run", "samples/accounts/checking.json", "--palette", palette, "-o", folder.path + "/out.csv")
            XCTAssertEqual(result.status, 2, "\(palette): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("palette"), result.stderr)
            XCTAssertEqual(result.stdout.count, 0)
        }
        let config = try folder.write(
            "config.json",
            #"{"sources": [{"plugin": "fixture", "options": {"path": "\#(BuiltProducts.repository)/samples/accounts/checking.json"}}], "palette": "neon"}"#
        )
        let fromConfig = try txfeed("run", "--config", config)
        XCTAssertEqual(fromConfig.status, 2, fromConfig.stderr)
        XCTAssertEqual(folder.contents(), ["config.json"])
    }

    // MARK: - Colour

    func testNoEscapeCodeReachesAPipeOrAFileUnlessAskedFor() throws {
        let plain = ["TERM": "xterm-256color", "COLORTERM": ""]
        for arguments in [[], ["--color", "auto"], ["--color", "never"]] {
            let piped = try txfeed(arguments: ["run"] + samples + arguments, environment: plain)
            XCTAssertEqual(piped.status, 0, piped.stderr)
            XCTAssertFalse(piped.stdout.contains(esc), "\(arguments): escape code in a pipe")
            XCTAssertFalse(piped.stderr.contains("\u{1B}"), "\(arguments): escape code on stderr")
        }
        let file = folder.path + "/view.txt"
        let toFile = try txfeed(arguments: ["run"] + samples + ["-o", file], environment: plain)
        XCTAssertEqual(toFile.status, 0, toFile.stderr)
        XCTAssertFalse(try folder.read("view.txt").contains(esc))

        // --color always: on a pipe and in a -o file; 24-bit only when COLORTERM says so.
        let always = try txfeed(arguments: ["run"] + samples + ["--color", "always"], environment: plain)
        XCTAssertTrue(always.output.contains("\u{1B}[38;5;"), always.output)
        XCTAssertFalse(always.output.contains("\u{1B}[38;2;"))
        XCTAssertTrue(always.output.contains("██\u{1B}[0m Starbucks"), always.output)
        XCTAssertTrue(always.output.contains("\u{1B}[31m- 4.50\u{1B}[0m"), always.output)
        XCTAssertTrue(always.output.contains("\u{1B}[32m+ 2500.00\u{1B}[0m"), always.output)
        let truecolour = try txfeed(
            arguments: ["run"] + samples + ["--color", "always"], environment: ["COLORTERM": "truecolor"])
        XCTAssertTrue(truecolour.output.contains("\u{1B}[38;2;247;242;167m██\u{1B}[0m Starbucks"), truecolour.output)
        let alwaysToFile = try txfeed(arguments: ["run"] + samples + ["--color", "always", "-o", file])
        XCTAssertTrue(try folder.read("view.txt").contains(esc), "--color always colours a -o text file too")
        XCTAssertEqual(alwaysToFile.stdout.count, 0)

        // Machine formats never carry escape codes.
        for sink in ["csv", "json", "ndjson"] {
            let result = try txfeed(arguments: ["run"] + samples + ["--color", "always", "--sink", sink])
            XCTAssertFalse(result.stdout.contains(esc), sink)
        }
    }

    func testAutoColourOnATerminalHonoursNO_COLORAndTERM() throws {
        try XCTSkipUnless(
            FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "util-linux script gives txfeed a terminal"
        )
        let terminal = try txfeedOnTerminal(
            ["run", "--no-progress", "--config", "samples/pipeline.json"],
            environment: ["TERM": "xterm-256color", "COLORTERM": ""])
        XCTAssertEqual(terminal.status, 0, terminal.output)
        XCTAssertTrue(terminal.output.contains("\u{1B}[38;5;"), "auto colours a terminal:\n\(terminal.output)")

        let noColour = try txfeedOnTerminal(
            ["run", "--no-progress", "--config", "samples/pipeline.json"],
            environment: ["TERM": "xterm-256color", "NO_COLOR": "1"])
        XCTAssertEqual(noColour.status, 0, noColour.output)
        XCTAssertTrue(noColour.output.contains("Starbucks"), noColour.output)
        XCTAssertFalse(noColour.stdout.contains(esc), "NO_COLOR turns auto colour off")

        let emptyNoColour = try txfeedOnTerminal(
            ["run", "--no-progress", "--config", "samples/pipeline.json"],
            environment: ["TERM": "xterm-256color", "NO_COLOR": ""])
        XCTAssertTrue(emptyNoColour.stdout.contains(esc), "an empty NO_COLOR does not count")

        let dumb = try txfeedOnTerminal(
            ["run", "--no-progress", "--config", "samples/pipeline.json"], environment: ["TERM": "dumb"])
        XCTAssertFalse(dumb.stdout.contains(esc), "TERM=dumb turns auto colour off")

        let never = try txfeedOnTerminal(
            ["run", "--no-progress", "--config", "samples/pipeline.json", "--color", "never"],
            environment: ["TERM": "xterm-256color"])
        XCTAssertFalse(never.stdout.contains(esc))

        let forced = try txfeedOnTerminal(
            ["run", "--no-progress", "--config", "samples/pipeline.json", "--color", "always"],
            environment: ["TERM": "dumb", "NO_COLOR": "1", "COLORTERM": "24bit"])
        XCTAssertTrue(forced.output.contains("\u{1B}[38;2;"), "--color always wins over NO_COLOR and TERM")
    }
}
