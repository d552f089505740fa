import Foundation
import Synchronization
import TxFeedModel

/// One line on stderr while sources load, redrawn in place with a running record count:
/// `⠹ refresh 3: 1,234 records from 2 sources…  1 done  2.1s`.
///
/// For a run whose feed goes to files or a pipe, where skeleton rows shaped like a table would
/// promise a table that never comes to this terminal. ``finished()`` erases it, so the summary
/// takes its line. Only ever used when stderr is a terminal.
public final class StatusLineView: RunProgress {
    private let fd: Int32
    private let columns: Int
    /// What the line starts with (`refresh 3`), or nil for a single run.
    private let label: String?
    /// What is drawn; every change and every write to the terminal happens under this lock,
    /// so a diagnostic line never tears the status line.
    private let line = Mutex(Line())

    private struct Line {
        var decoded: [Int] = []
        /// A finished source's count of transactions, which replaces its decoded count.
        var finished: [Int?] = []
        var started = Date()
        var frame = 0
        var drawn = false
        var running = false
        /// Taken down for good: a run interrupted before its sources started never draws.
        var over = false
    }

    public init(fd: Int32 = 2, label: String? = nil) {
        self.fd = fd
        self.label = label
        columns = max(20, TerminalCapabilities(fd: fd).columns)
    }

    public func started(sources: [String]) {
        let starts = line.withLock { line in
            guard !line.over else { return false }
            line.decoded = Array(repeating: 0, count: sources.count)
            line.finished = Array(repeating: nil, count: sources.count)
            line.started = Date()
            line.running = true
            write("\u{1B}[?25l" + render(&line))  // the cursor would blink at the line's end
            return true
        }
        guard starts else { return }
        Threads.start(named: "status-line") { [weak self] in
            while let self, self.tick() {
                usleep(80_000)
            }
        }
    }

    public func sourceFinished(_ index: Int, report: SourceReport) {
        line.withLock { line in
            if index < line.finished.count { line.finished[index] = report.count }
        }
    }

    public func decoded(_ index: Int, count: Int) {
        line.withLock { line in
            if index < line.decoded.count { line.decoded[index] += count }
        }
    }

    public func print(_ text: String) {
        line.withLock { line in
            var out = erase(&line) + text + "\n"
            if line.running { out += render(&line) }
            write(out)
        }
    }

    /// Also what a stop signal calls, from its own thread, while sources still load: after it
    /// nothing is drawn again.
    public func finished() {
        line.withLock { line in
            line.over = true
            guard line.running else { return }
            line.running = false
            write(erase(&line) + "\u{1B}[?25h")
        }
    }

    /// One animation frame; false once finished.
    private func tick() -> Bool {
        line.withLock { line in
            guard line.running else { return false }
            line.frame += 1
            write(erase(&line) + render(&line))
            return true
        }
    }

    private func erase(_ line: inout Line) -> String {
        guard line.drawn else { return "" }
        line.drawn = false
        return "\r\u{1B}[2K"
    }

    private static let spinner = Array("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")

    /// The line, cut to the terminal's width: one that wrapped could not be redrawn in place.
    private func render(_ line: inout Line) -> String {
        let sources = line.decoded.count
        let records = zip(line.decoded, line.finished).reduce(0) { $0 + ($1.1 ?? $1.0) }
        let done = line.finished.count { $0 != nil }
        let elapsed = String(format: "%.1fs", Date().timeIntervalSince(line.started))
        let what = "\(records.formatted()) records from \(sources) source\(sources == 1 ? "" : "s")…"
        let text =
            "\(Self.spinner[line.frame % Self.spinner.count]) \(label.map { $0 + ": " } ?? "")\(what)  \(done) done  \(elapsed)"
        line.drawn = true
        return String(text.prefix(columns - 1))
    }

    private func write(_ text: String) {
        StandardStreams.write(text, to: fd)
    }
}
