import Foundation
import TxFeedTestSupport
import XCTest

/// `watch` over many refreshes, for real: what one refresh decoded is gone before the next.
final class WatchEndToEndTests: XCTestCase {
    /// A value the plugin refuses when opened is known before anything runs: watch exits 2 as
    /// run does, instead of failing every refresh forever.
    func testAConfigurationRefusedOnTheFirstRunIsAUsageError() throws {
        let result = try txfeed("watch", "-s", "random-users:users=0", "--every", "1h", "--no-progress")
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("source 'random-users' (random-users): "), result.stderr)
    }

    /// Off a terminal, each refresh's output starts with one mark line in its sink's format, so
    /// a reader of the pipe can split it: numbered from 1, dated when the refresh started, and
    /// followed by exactly what `run` writes. A file is replaced whole and gets none.
    func testEachRefreshOnAPipeStartsWithAMarkLineInItsSinksFormat() throws {
        let folder = try TemporaryFolder()
        let checking = "samples/accounts/checking.json"
        let csvFile = try txfeed("run", checking, "--sink", "csv", "--no-progress").output
        let started = Date().addingTimeInterval(-1)
        let marks = [
            "text": #"--- refresh (\d+) at (\S+) ---"#, "csv": #"--- refresh (\d+) at (\S+) ---"#,
            "ndjson": #"\{"refresh":(\d+),"at":"([^"]+)"\}"#, "json": #"\{"refresh":(\d+),"at":"([^"]+)"\}"#,
        ]
        for (sink, mark) in marks.sorted(by: { $0.key < $1.key }) {
            let file = folder.path + "/\(sink).csv"
            let watch = try startTxfeed([
                "watch", checking, "--sink", sink, "--sink", "csv,path=\(file)", "--every", "300ms", "--no-progress",
            ])
            // The third mark: two whole refreshes, however long the machine takes for them.
            try watch.awaitOutput(3, of: ["text", "csv"].contains(sink) ? "--- refresh " : #"{"refresh":"#)
            kill(watch.process.processIdentifier, SIGTERM)
            let result = try watch.finish()
            XCTAssertEqual(result.status, 0, result.stderr)
            let refreshes = try Self.split(result.output, on: try Regex("^" + mark + "\r?$"))
            XCTAssertGreaterThanOrEqual(refreshes.count, 2, "\(sink): \(result.output)")
            XCTAssertEqual(refreshes.map(\.number), Array(1...refreshes.count), sink)
            let run = try txfeed("run", checking, "--sink", sink, "--no-progress").output
            for refresh in refreshes {
                let at = try XCTUnwrap(ISO8601DateFormatter().date(from: refresh.at), refresh.at)
                XCTAssertTrue(at >= started && at <= Date(), "\(sink): refresh \(refresh.number) at \(refresh.at)")
                if sink == "json" {
                    // The same document, but for each source's elapsed_ms.
                    let document = try JSONSerialization.jsonObject(with: Data(refresh.body.utf8)) as? [String: Any]
                    XCTAssertEqual((document?["transactions"] as? [Any])?.count, 7, refresh.body)
                } else {
                    XCTAssertEqual(refresh.body, run, "\(sink): refresh \(refresh.number)")
                }
            }
            XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), csvFile, "\(sink): the file has no mark")
        }
    }

    /// A pipe's text cut at the lines `mark` matches (its groups: number, time): what follows
    /// each, up to the next. The text must start with one.
    private static func split(_ output: String, on mark: Regex<AnyRegexOutput>) throws -> [(
        number: Int, at: String, body: String
    )] {
        var refreshes: [(number: Int, at: String, body: String)] = []
        // By scalars: CSV's CRLF is one Character, which a split on "\n" would never cut.
        var lines = output.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map {
            String(String.UnicodeScalarView($0))
        }
        if lines.last == "" { lines.removeLast() }
        for line in lines {
            if let match = try mark.wholeMatch(in: line) {
                let number = try XCTUnwrap(match[1].substring.flatMap { Int($0) })
                refreshes.append((number, String(try XCTUnwrap(match[2].substring)), ""))
            } else {
                guard !refreshes.isEmpty else { throw MarkMissing(line: String(line)) }
                refreshes[refreshes.count - 1].body += line + "\n"
            }
        }
        return refreshes
    }

    /// Each refresh decodes 50,000 transactions (1.6 MB of compact records, more with what is
    /// built beside them). A run that kept its data, as one did when the plugin's handle to it
    /// was never released, grows by that much every refresh (over 24 MB over 15); here 15
    /// refreshes may add at most 20 MB in all.
    func testMemoryStaysFlatOverManyRefreshes() throws {
        let folder = try TemporaryFolder()
        let watch = try WatchProcess(
            [
                "-s", "random-users:seed=1,users=1,transactions=50000", "-o", folder.path + "/feed.csv",
                "--no-progress", "--every", "10ms",
            ], log: folder.path + "/stderr.log")
        defer { watch.stop() }
        let refreshed = ": ok, read 50000 = written 50000"
        func residentKilobytes() throws -> Int {
            let status = try String(contentsOfFile: "/proc/\(watch.pid)/status", encoding: .utf8)
            let line = try XCTUnwrap(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
            return try XCTUnwrap(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
        }

        try watch.wait(for: 5, of: refreshed)
        let early = try residentKilobytes()
        try watch.wait(for: 20, of: refreshed)
        let late = try residentKilobytes()
        // Each refresh's feed kept by mistake grew it by 35 MB over these 15 (shown by keeping
        // them); without a leak it moved by at most 1.3 MB either way, the machine loaded or not.
        XCTAssertLessThan(late - early, 10_000, "resident memory grew from \(early) kB to \(late) kB over 15 refreshes")
    }
}

private struct MarkMissing: Error, CustomStringConvertible {
    var line: String
    var description: String { "output before the first refresh mark: \(line)" }
}
