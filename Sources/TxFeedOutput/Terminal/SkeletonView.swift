import Foundation
import TxFeedModel

/// Placeholder rows on stderr while sources load: grey bars shaped like the table's rows,
/// shimmering, with one status line per source (loading / ✓ count and time / ✗ message).
/// More sources than the screen has room for (a folder of statements) show those still
/// loading, as many as fit, and one line counting the rest: a drawing taller than the screen
/// cannot be redrawn in place, and one line each for 100,000 sources every 80 ms was most of
/// the run.
///
/// When the barrier opens, ``finished()`` erases the lot, so the table (on the same terminal)
/// or the run summary (when stdout is a file or pipe) takes its place — never a header
/// before its rows. Only ever used when stderr is a terminal.
public final class SkeletonView: RunProgress {
    /// Grey and green/red, unless `NO_COLOR` asks for none: the shimmer then moves as
    /// characters (`▇` in the band, `░` elsewhere).
    private let colour: Bool
    private let region: LiveRegion<Screen>

    struct Screen: LiveFrame {
        var names: [String] = []
        var status: [String?] = []
        var counts: [Int] = []
        /// Sources finished, and failed among them.
        var finished = 0
        var failed = 0
        /// Every source before this one has finished: where a look for those loading starts.
        var firstLoading = 0
        var started = Date()
        var linesDrawn = 0
        var frame = 0
        var running = false
        var over = false

        /// Moves back over what was drawn and clears it.
        mutating func erase() -> String {
            guard linesDrawn > 0 else { return "" }
            defer { linesDrawn = 0 }
            return "\u{1B}[\(linesDrawn)F\u{1B}[J"
        }
    }

    /// - Parameters:
    ///   - rows: how many placeholder rows to draw; a guess at the table's height.
    public init(fd: Int32 = 2, rows: Int = 6, environment: [String: String] = ProcessInfo.processInfo.environment) {
        let colour = !TerminalColour.isRefused(environment: environment)
        let terminal = TerminalCapabilities(fd: fd, environment: environment)
        let columns = max(20, terminal.columns)
        // The bars, the sources' lines and the line the cursor rests on fit the screen.
        let sourceLines = max(2, terminal.rows - rows - 1)
        self.colour = colour
        region = LiveRegion(fd: fd) { screen in
            Self.render(&screen, rows: rows, sourceLines: sourceLines, columns: columns, colour: colour)
        }
    }

    public func started(sources: [String]) {
        region.start(named: "skeleton") { screen in
            screen.names = sources
            screen.status = Array(repeating: nil, count: sources.count)
            screen.counts = Array(repeating: 0, count: sources.count)
            screen.started = Date()
            return ""
        }
    }

    public func sourceFinished(_ index: Int, report: SourceReport) {
        let text: String
        let (green, red, reset) = colour ? ("\u{1B}[32m", "\u{1B}[31m", "\u{1B}[0m") : ("", "", "")
        if report.status == .success {
            text = "\(green)✓\(reset) \(report.name)  \(report.count) transactions  \(report.elapsedMilliseconds) ms"
        } else {
            text = "\(red)✗\(reset) \(report.name)  \(report.error ?? "failed")"
        }
        region.update { screen in
            guard index < screen.status.count, screen.status[index] == nil else { return }
            screen.status[index] = text
            screen.finished += 1
            if report.status != .success { screen.failed += 1 }
        }
    }

    public func decoded(_ index: Int, count: Int) {
        region.update { screen in
            if index < screen.counts.count { screen.counts[index] += count }
        }
    }

    public func print(_ line: String) {
        region.print(line)
    }

    /// Also what a stop signal calls, from its own thread, while sources still load (`run`
    /// then dies of it; `watch` ends): after it nothing is drawn again.
    public func finished() {
        region.finished()
    }

    /// The sources' lines (at most `sourceLines`), then bars shaped like rows.
    private static func render(_ screen: inout Screen, rows: Int, sourceLines: Int, columns: Int, colour: Bool)
        -> String
    {
        var lines: [String] = []
        let spinner = LiveRegion<Screen>.spinner[screen.frame % LiveRegion<Screen>.spinner.count]
        let elapsed = String(format: "%.1fs", Date().timeIntervalSince(screen.started))
        func loading(_ i: Int) -> String {
            let decoded = screen.counts[i] > 0 ? "  \(screen.counts[i].formatted()) transactions" : ""
            return "\(spinner) \(screen.names[i])  loading…\(decoded)  \(elapsed)"
        }
        if screen.names.count <= sourceLines {
            for i in screen.names.indices { lines.append(screen.status[i] ?? loading(i)) }
        } else {
            // Those still loading, first first, then one line for all of them.
            while screen.firstLoading < screen.status.count, screen.status[screen.firstLoading] != nil {
                screen.firstLoading += 1
            }
            var i = screen.firstLoading
            while i < screen.status.count, lines.count < sourceLines - 1 {
                if screen.status[i] == nil { lines.append(loading(i)) }
                i += 1
            }
            let (red, reset) = colour && screen.failed > 0 ? ("\u{1B}[31m", "\u{1B}[0m") : ("", "")
            let failures = screen.failed > 0 ? ", \(red)\(screen.failed.formatted()) failed\(reset)" : ""
            lines.append(
                "\(spinner) \(screen.finished.formatted()) of \(screen.names.count.formatted()) sources done\(failures)  \(elapsed)"
            )
        }
        // Bars shaped like rows: day, vendor (varying), amount; a light band sweeps across,
        // each row a little behind the one above.
        let width = min(columns - 1, 60)
        for row in 0..<rows {
            let vendor = 14 + (row * 7) % 12
            let shape = [(0, 11), (13, 13 + vendor), (width - 9, width)]
            let band = (screen.frame * 2 - row * 3) % (width + 20) - 10
            var line = ""
            var current = ""
            for x in 0..<width {
                let inBar = shape.contains { x >= $0.0 && x < $0.1 }
                let lit = abs(x - band) < 5
                guard colour else {
                    line += !inBar ? " " : lit ? "▇" : "░"
                    continue
                }
                let grey = !inBar ? "" : lit ? "\u{1B}[38;5;250m" : "\u{1B}[38;5;238m"
                if grey != current {
                    line += current.isEmpty ? grey : "\u{1B}[0m" + grey
                    current = grey
                }
                line += inBar ? "▇" : " "
            }
            lines.append(colour ? line + "\u{1B}[0m" : line)
        }
        screen.linesDrawn = lines.count
        return lines.map { "\u{1B}[2K" + $0 }.joined(separator: "\n") + "\n"
    }
}
