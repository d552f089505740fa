import Foundation
import XCTest

@testable import TxFeedPipeline

final class PluginChildPipeTests: XCTestCase {
    /// A child's chunk (up to 20 ms of a plugin's records, often more than the default 64 KiB)
    /// goes into its data pipe whole while nobody reads yet: the plugin's thread does not stop
    /// at every 64 KiB for txfeed to empty the pipe.
    func testTheDataPipeTakesAMebibyteBeforeAnyoneReads() throws {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        defer { for fd in ends { close(fd) } }
        // Past what the system lets an unprivileged process ask for, the default stays.
        let most = (try? String(contentsOfFile: "/proc/sys/fs/pipe-max-size", encoding: .utf8))
            .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        try XCTSkipIf(most.map { $0 < PluginChild.dataPipeBytes } ?? true, "pipes here hold at most \(most ?? 0) bytes")
        PluginChild.widen(dataPipe: ends[0])
        XCTAssertEqual(fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK), 0)
        let chunk = [UInt8](repeating: 7, count: PluginChild.dataPipeBytes)
        let written = chunk.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        XCTAssertEqual(written, chunk.count)
    }
}
