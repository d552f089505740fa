import TxFeedModel
import TxFeedOutput
import TxFeedTestSupport
import XCTest

/// The one-line progress display, drawn into a pipe and replayed on a model terminal.
final class StatusLineViewTests: XCTestCase {
    /// What `body` made a view on a pipe write, once it is finished.
    private func drawn(label: String?, _ body: (StatusLineView) -> Void) throws -> String {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        let view = StatusLineView(fd: ends[1], label: label)
        body(view)
        view.finished()
        close(ends[1])
        let output = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true).readDataToEndOfFile()
        return String(decoding: output, as: UTF8.self)
    }

    private func report(_ name: String, count: Int) -> SourceReport {
        SourceReport(
            name: name, plugin: "fixture", status: .success, error: nil, count: count, rejected: 0, documents: 1,
            failedDocuments: 0, elapsedMilliseconds: 1)
    }

    /// The count runs as sources decode, a finished source counting what it wrote; a log line
    /// goes above the status line, which is redrawn in place and gone at the end.
    func testOneLineWithARunningCountRedrawnInPlaceAndErasedAtTheEnd() throws {
        let raw = try drawn(label: "refresh 2") { view in
            view.started(sources: ["a", "b"])
            view.decoded(0, count: 4)
            view.decoded(0, count: 3)
            view.sourceFinished(1, report: report("b", count: 5))
            view.print("txfeed: a: info: hello")
        }
        XCTAssertTrue(raw.contains("refresh 2: 0 records from 2 sources…  0 done"), raw)
        XCTAssertTrue(raw.contains("refresh 2: 12 records from 2 sources…  1 done"), raw)
        XCTAssertTrue(raw.hasPrefix("\u{1B}[?25l"), "the cursor is hidden while it runs")
        XCTAssertTrue(raw.hasSuffix("\r\u{1B}[2K\u{1B}[?25h"), "erased, the cursor shown: \(raw.debugDescription)")
        XCTAssertEqual(raw.filter { $0 == "\n" }.count, 1, "only the log line ends a line")
        XCTAssertEqual(TerminalScreen(replaying: raw).text, "txfeed: a: info: hello")
    }

    /// A run stopped before its sources started (Ctrl-C while planning) never draws.
    func testFinishedBeforeStartingNeverDraws() throws {
        let raw = try drawn(label: nil) { view in
            view.finished()
            view.started(sources: ["a"])
        }
        XCTAssertEqual(raw, "")
    }

    func testWithoutALabelAndOneSource() throws {
        let raw = try drawn(label: nil) { $0.started(sources: ["a"]) }
        XCTAssertTrue(raw.contains("⠋ 0 records from 1 source…  0 done"), raw)
    }
}
