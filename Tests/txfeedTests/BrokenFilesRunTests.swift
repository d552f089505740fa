import Foundation
import TxFeedTestSupport
import XCTest

/// Bank files broken on purpose, the same way on every run (``FileMutation``): txfeed must never
/// die of a signal or hang on them, must exit 0, 1, 2 or 3, and every failure must name its file.
/// Each set is read as a folder twice, in plugin host children and in txfeed's own process, which
/// must agree; a handful of the bank CSV cases through `-s csv:` too.
final class BrokenFilesRunTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try temporaryFolder()
    }

    static let bankFiles = [
        "sparkasse-giro.csv", "us-card.csv", "uk-current.csv", "utf16-export.csv", "ambiguous-dates.csv",
        "bad-rows.csv",
    ]

    /// Every case as (file name, bytes): each mutation twice on each fixture, plus a few edge files.
    /// 12 × 2 × 6 + 4 = 148.
    static func bankCases() throws -> [(name: String, bytes: [UInt8])] {
        var random = SplitMix64(seed: 20_241_124)
        var cases: [(String, [UInt8])] = [
            ("empty.csv", []), ("bom-only.csv", [0xEF, 0xBB, 0xBF]), ("utf16-bom-only.csv", [0xFF, 0xFE]),
            ("header-only.csv", Array("Date,Description,Amount\n".utf8)),
        ]
        for fixture in bankFiles {
            let path = BuiltProducts.fixtures + "/bank/" + fixture
            let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            let stem = (fixture as NSString).deletingPathExtension
            for mutation in FileMutation.allCases {
                for round in 1...2 {
                    var bytes = original
                    mutation.apply(to: &bytes, &random)
                    let number = String(format: "%03d", cases.count)
                    cases.append(("\(number)-\(mutation.rawValue)\(round)-\(stem).csv", bytes))
                }
            }
        }
        return cases
    }

    /// Runs txfeed (default signal actions) to its end within the helpers' deadline, and checks it
    /// exited by itself with a documented status.
    private func run(_ arguments: [String]) throws -> CommandResult {
        let running = try startTxfeed(arguments)
        let result = try running.finish(within: commandDeadline)
        XCTAssertEqual(
            running.process.terminationReason, .exit,
            "died of signal \(running.process.terminationStatus): \(arguments)\n\(result.stderr.suffix(3000))")
        XCTAssertTrue([0, 1, 2, 3].contains(result.status), "status \(result.status): \(arguments)\n\(result.stderr)")
        return result
    }

    /// The folder's files read by one run, `isolation` as given: the run, and its `--rejects` file.
    private func read(_ path: String, isolation: String) throws -> (result: CommandResult, rejects: Data) {
        let rejects = folder.path + "/rejects-\(isolation).ndjson"
        let result = try run([
            "run", path, "--sink", "ndjson", "--no-progress", "--timeout", "20", "--isolation", isolation,
            "--rejects", rejects,
        ])
        return (result, (try? Data(contentsOf: URL(fileURLWithPath: rejects))) ?? Data())
    }

    /// The folder read in plugin host children and in txfeed's own process, which must agree: the
    /// wire neither loses nor changes what a reader makes of a broken file. The children's run.
    private func readBothWays(_ path: String) throws -> CommandResult {
        let child = try read(path, isolation: "process")
        let inProcess = try read(path, isolation: "in-process")
        XCTAssertEqual(child.result.status, inProcess.result.status, String(inProcess.result.stderr.suffix(3000)))
        XCTAssertEqual(child.result.output, inProcess.result.output, "the same feed")
        XCTAssertEqual(child.rejects, inProcess.rejects, "the same rejects")
        return child.result
    }

    /// Failure lines of the run summary: `txfeed: NAME (PLUGIN): FAILED: why`.
    private func failures(in stderr: String) -> [(source: String, line: String)] {
        stderr.split(separator: "\n").compactMap { line in
            guard line.contains("): FAILED:"), let open = line.range(of: " (") else { return nil }
            let source = line[..<open.lowerBound].replacingOccurrences(of: "txfeed: ", with: "")
            return (source, String(line))
        }
    }

    func testBrokenBankFilesNeverCrashOrHangAndEveryFailureNamesItsFile() throws {
        let cases = try Self.bankCases()
        XCTAssertLessThanOrEqual(cases.count, 150)
        for (name, bytes) in cases { try folder.write("cases/" + name, Data(bytes)) }
        let stems = Dictionary(
            uniqueKeysWithValues: cases.map { (($0.name as NSString).deletingPathExtension, $0.name) })

        // All of them in one run: one source per file.
        let all = try readBothWays(folder.path + "/cases")
        for stem in stems.keys.sorted() {
            XCTAssertTrue(all.stderr.contains("txfeed: \(stem) ("), "\(stem) is reported, never skipped")
        }
        let failed = failures(in: all.stderr)
        // The empty file and the ambiguous dates fail: the naming check below has lines to check.
        XCTAssertFalse(failed.isEmpty, String(all.stderr.suffix(3000)))
        for (source, line) in failed {
            guard let file = stems[source] else {
                XCTFail("a failure for no case: \(line)")
                continue
            }
            XCTAssertTrue(line.contains(file), "the failure names its file \(file): \(line)")
        }
        // 0 exactly when nothing failed and nothing was rejected (`read R = written W + rejected 0`).
        let rejected = all.stderr.contains(#/\+ rejected [1-9]/#)
        XCTAssertEqual(all.status == 0, failed.isEmpty && !rejected, String(all.stderr.suffix(3000)))

        // A handful forced onto the csv source, each alone: a failure then is the whole run's.
        for (name, _) in stride(from: 0, to: cases.count, by: 25).map({ cases[$0] }) {
            let path = folder.path + "/cases/" + name
            let alone = try run(["run", "-s", "csv:" + path, "--sink", "ndjson", "--no-progress", "--timeout", "20"])
            if alone.status == 1 || alone.status == 2 || alone.stderr.contains("FAILED") {
                XCTAssertTrue(alone.stderr.contains(name), "the failure names \(name): \(alone.stderr)")
            }
        }
    }

    /// Statements of each format the readers take, each broken once by every mutation.
    static let statements = [
        "ofx/bank-102.ofx", "ofx/card.qfx", "ofx/bank-220.ofx", "qif/checking.qif", "qif/card.qif",
        "mt940/german.sta", "mt940/rabobank.sta", "mt940/interim-ing.942", "camt/camt053-two-statements.xml",
        "camt/camt054-v08-prtry.xml",
    ]

    /// Every statement case as (file name, bytes): 12 mutations × 10 fixtures.
    static func statementCases() throws -> [(name: String, bytes: [UInt8])] {
        var random = SplitMix64(seed: 20_261_203)
        var cases: [(String, [UInt8])] = []
        for fixture in statements {
            let path = BuiltProducts.fixtures + "/statements/" + fixture
            let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            for mutation in FileMutation.allCases {
                var bytes = original
                mutation.apply(to: &bytes, &random)
                let number = String(format: "%03d", cases.count)
                cases.append(("\(number)-\(mutation.rawValue)-" + (fixture as NSString).lastPathComponent, bytes))
            }
        }
        return cases
    }

    /// OFX, QIF, MT940 and MT942, camt: as the bank CSV cases.
    func testBrokenStatementsReadTheSameInAChildAsInProcessAndNeverCrash() throws {
        let cases = try Self.statementCases()
        for (name, bytes) in cases { try folder.write("statements/" + name, Data(bytes)) }
        let child = try readBothWays(folder.path + "/statements")
        let summary = child.stderr
        let stems = Dictionary(
            uniqueKeysWithValues: cases.map { (($0.name as NSString).deletingPathExtension, $0.name) })
        for stem in stems.keys.sorted() {
            XCTAssertTrue(summary.contains("txfeed: \(stem) ("), "\(stem) is reported, never skipped")
        }
        XCTAssertGreaterThan(child.output.split(separator: "\n").count, 100, "most cases still read")
        let failed = failures(in: summary)
        XCTAssertGreaterThan(failed.count, 10, String(summary.suffix(3000)))
        for (source, line) in failed {
            XCTAssertTrue(stems[source].map(line.contains) ?? false, "the failure names its file: \(line)")
        }
        XCTAssertEqual(child.status, 3, "some read, some failed")
    }
}
