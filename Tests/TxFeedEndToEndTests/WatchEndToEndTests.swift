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
        let log = folder.path + "/stderr.log"
        XCTAssertTrue(FileManager.default.createFile(atPath: log, contents: nil))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "--default-signal", BuiltProducts.txfeed, "watch", "-s", "random-users:seed=1,users=1,transactions=100000",
            "-o", folder.path + "/feed.csv", "--no-progress", "--every", "10ms",
        ]
        process.currentDirectoryURL = URL(fileURLWithPath: BuiltProducts.repository)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: log)
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
        }

        func refreshes() -> Int {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            return text.components(separatedBy: ": ok, read 100000 = written 100000").count - 1
        }
        func residentKilobytes() throws -> Int {
            let status = try String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)
            let line = try XCTUnwrap(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
            return try XCTUnwrap(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
        }
        func waitFor(_ count: Int) throws {
            let deadline = Date().addingTimeInterval(commandDeadline)
            while refreshes() < count {
                guard process.isRunning, Date() < deadline else {
                    let tail = (try? String(contentsOfFile: log, encoding: .utf8).suffix(500)) ?? ""
                    throw Stalled(description: "watch stopped or stalled before \(count) refreshes:\n\(tail)")
                }
                usleep(20_000)
            }
        }

        try waitFor(5)
        let early = try residentKilobytes()
        try waitFor(35)
        let late = try residentKilobytes()
        XCTAssertLessThan(late - early, 20_000, "resident memory grew from \(early) kB to \(late) kB over 30 refreshes")
    }
}

private struct Stalled: Error, CustomStringConvertible {
    var description: String
}
