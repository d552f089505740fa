import Foundation
import TxFeedTestSupport
import XCTest

/// Issue 15 for the statement readers (csv, ofx, qif, camt): a file another process cuts or
/// grows while txfeed reads it fails that source, named, with exit status 3; never a signal.
/// Mapped, as they were, the cut file was SIGBUS for the whole run (each of the four, every
/// time, with the change made right after the mapping).
final class FilesChangedWhileReadRunTests: XCTestCase {
    var folder: TemporaryFolder!
    var good: String!

    override func setUpWithError() throws {
        folder = try temporaryFolder()
        good = try folder.write(
            "good.json",
            #"{"status":200,"body":{"name":"Good","transactions":[{"type":1,"vendor":"G","amount":1,"date":"2021-01-01"}]}}"#
        )
    }

    /// One file for each reader, each well over the 4 KiB the host reads to route it.
    func statements() throws -> [(plugin: String, file: String)] {
        let bench = BuiltProducts.repository + "/bench/"
        var made: [(String, String)] = []
        for (plugin, name, command) in [
            ("camt", "statement.xml", ["gen_camt.py", "50"]), ("ofx", "statement.ofx", ["gen_ofx.py", "200"]),
            ("csv", "export.csv", ["gen_transactions.py", "200"]),
        ] {
            let file = folder.path + "/" + name
            let extra = plugin == "csv" ? ["--csv"] : []
            let result = try runCommand(
                try TestPython.system(), [bench + command[0], command[1], file] + extra)
            XCTAssertEqual(result.status, 0, result.stderr)
            made.append((plugin, file))
        }
        var qif = "!Type:Bank\n"
        for n in 0..<300 { qif += "D01/\(String(format: "%02d", n % 28 + 1))/2021\nT-\(n + 1).50\nPVendor \(n)\n^\n" }
        made.append(("qif", try folder.write("register.qif", qif)))
        return made
    }

    func run(_ file: String, _ environment: [String: String] = [:]) throws -> CommandResult {
        try txfeed(arguments: ["run", file, good, "--sink", "ndjson", "--no-progress"], environment: environment)
    }

    func accounts(_ result: CommandResult) -> [String] {
        result.output.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["account"] as? String
        }
    }

    func testEachReaderReadsItsFileWhenNothingChangesIt() throws {
        for (plugin, file) in try statements() {
            let result = try run(file, try FileChange.append(0).environment(for: folder.path + "/none", in: folder))
            XCTAssertEqual(result.status, 0, "\(plugin): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("(\(plugin)): ok"), "\(plugin): \(result.stderr)")
        }
    }

    func testAFileCutWhileReadFailsItsSourceNamedNeverASignal() throws {
        for (plugin, file) in try statements() {
            let result = try run(file, try FileChange.truncate(1000).environment(for: file, in: folder))
            assertFailedNamed(result, plugin, file)
        }
    }

    func testAFileGrownWhileReadFailsItsSourceNamed() throws {
        for (plugin, file) in try statements() {
            let result = try run(file, try FileChange.append(64).environment(for: file, in: folder))
            assertFailedNamed(result, plugin, file)
        }
    }

    private func assertFailedNamed(
        _ result: CommandResult, _ plugin: String, _ file: String, line: UInt = #line
    ) {
        XCTAssertEqual(result.status, 3, "\(plugin): exit 3, not a signal: \(result.stderr)", line: line)
        XCTAssertTrue(
            result.stderr.contains("(\(plugin)): FAILED: \(file):"), "\(plugin): \(result.stderr)", line: line)
        XCTAssertTrue(
            result.stderr.contains("the file changed size while it was read"), "\(plugin): \(result.stderr)", line: line
        )
        XCTAssertEqual(accounts(result), ["Good"], "\(plugin): the other source is written", line: line)
    }
}
