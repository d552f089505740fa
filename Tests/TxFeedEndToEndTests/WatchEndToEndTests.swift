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

    /// Each refresh decodes 100,000 transactions (about 3 MB of compact records). A run that
    /// kept its data, as one did when the plugin's handle to it was never released, grows by
    /// that much every refresh; here 30 refreshes may add at most 20 MB in all.
    func testMemoryStaysFlatOverManyRefreshes() throws {
        let folder = try TemporaryFolder()
        let watch = try WatchProcess(
            [
                "-s", "random-users:seed=1,users=1,transactions=100000", "-o", folder.path + "/feed.csv",
                "--no-progress", "--every", "10ms",
            ], log: folder.path + "/stderr.log")
        defer { watch.stop() }
        let refreshed = ": ok, read 100000 = written 100000"
        func residentKilobytes() throws -> Int {
            let status = try String(contentsOfFile: "/proc/\(watch.pid)/status", encoding: .utf8)
            let line = try XCTUnwrap(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
            return try XCTUnwrap(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
        }

        try watch.wait(for: 5, of: refreshed)
        let early = try residentKilobytes()
        try watch.wait(for: 35, of: refreshed)
        let late = try residentKilobytes()
        XCTAssertLessThan(late - early, 20_000, "resident memory grew from \(early) kB to \(late) kB over 30 refreshes")
    }
}
