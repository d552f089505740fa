import Foundation
import TxFeedModel

/// One line on stderr while sources load, redrawn in place with a running record count:
/// `⠹ refresh 3: 1,234 records from 2 sources…  1 done  2.1s`.
///
/// For a run whose feed goes to files or a pipe, where skeleton rows shaped like a table would
/// promise a table that never comes to this terminal. ``finished()`` erases it, so the summary
/// takes its line. Only ever used when stderr is a terminal.
public final class StatusLineView: RunProgress {
    private let region: LiveRegion<Line>
    /// What the line starts with (`refresh 3`), or nil for a single run.
    private let label: String?
    private let columns: Int

    struct Line: LiveFrame {
        var decoded: [Int] = []
        /// Sources finished: their report's count has replaced their decoded count in `records`.
        var finished: [Bool] = []
        /// The records the line shows and the sources done, kept as they change: summed for
        /// each frame, a folder of 100,000 statements was 100,000 additions every 80 ms.
        var records = 0
        var done = 0
        var started = Date()
        var frame = 0
        var drawn = false
        var running = false
        var over = false

        mutating func erase() -> String {
            guard drawn else { return "" }
            drawn = false
            return "\r\u{1B}[2K"
        }
    }

    public init(fd: Int32 = 2, label: String? = nil) {
        let columns = max(20, TerminalCapabilities(fd: fd).columns)
        self.label = label
        self.columns = columns
        region = LiveRegion(fd: fd) { line in Self.render(&line, label: label, columns: columns) }
    }

    public func started(sources: [String]) {
        region.start(named: "status-line") { [label, columns] line in
            line.decoded = Array(repeating: 0, count: sources.count)
            line.finished = Array(repeating: false, count: sources.count)
            line.started = Date()
            return Self.render(&line, label: label, columns: columns)
        }
    }

    public func sourceFinished(_ index: Int, report: SourceReport) {
        region.update { line in
            guard index < line.finished.count, !line.finished[index] else { return }
            line.finished[index] = true
            line.records += report.count - line.decoded[index]
            line.done += 1
        }
    }

    public func decoded(_ index: Int, count: Int) {
        region.update { line in
            guard index < line.decoded.count else { return }
            line.decoded[index] += count
            if !line.finished[index] { line.records += count }
        }
    }

    public func print(_ text: String) {
        region.print(text)
    }

    public func finished() {
        region.finished()
    }

    /// The line, cut to the terminal's width: one that wrapped could not be redrawn in place.
    private static func render(_ line: inout Line, label: String?, columns: Int) -> String {
        let (sources, records, done) = (line.decoded.count, line.records, line.done)
        let elapsed = String(format: "%.1fs", Date().timeIntervalSince(line.started))
        let what = "\(records.formatted()) records from \(sources.counted("source"))…"
        let spinner = LiveRegion<Line>.spinner
        let text =
            "\(spinner[line.frame % spinner.count]) \(label.map { $0 + ": " } ?? "")\(what)  \(done) done  \(elapsed)"
        line.drawn = true
        return String(text.prefix(columns - 1))
    }
}
