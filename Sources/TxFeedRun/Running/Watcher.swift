import Foundation
import Synchronization
import TxFeedModel
import TxFeedOutput

/// `txfeed watch`: runs the plan, then again on every tick, ``refresh()`` (SIGHUP) and Enter
/// ("pull to refresh"), until ``stop()`` (SIGINT, SIGTERM), Ctrl-D, the terminal closing or
/// stdout's reader leaving.
///
/// On a terminal each refresh clears the screen, shows the skeleton while loading and then the
/// feed; a failed refresh puts the last good view back with a note saying why. Off a terminal
/// each refresh writes the whole feed again (stdout, after a ``RefreshMark`` line a reader can
/// split on, or `-o` files replaced atomically); a failed one writes nothing and says why on
/// stderr.
public final class Watcher: Sendable {
    public let plan: RunPlan
    public let every: Double
    private let unfinished: (any UnfinishedFiles)?
    private let onStop: @Sendable () -> Void
    private let wake = DispatchSemaphore(value: 0)
    private let stopping = Atomic<Bool>(false)
    /// The live display of the refresh under way, which a stop takes down at once.
    private let progress = Mutex<(any RunProgress)?>(nil)

    /// - Parameters:
    ///   - unfinished: told about every temporary output file, as for a run.
    ///   - onStop: called once watch has decided to stop, perhaps while a run is still loading
    ///     (which may take until its timeout): the caller may end the process sooner.
    public init(
        plan: RunPlan, every: Double, unfinished: (any UnfinishedFiles)? = nil,
        onStop: @escaping @Sendable () -> Void = {}
    ) {
        self.plan = plan
        self.every = every
        self.unfinished = unfinished
        self.onStop = onStop
    }

    /// `500ms`, `30s`, `5m`, `1h`; a bare number is seconds. At least a millisecond, at most a
    /// year: a refresh must come, and come within a lifetime.
    public static func parseDuration(_ text: String) throws(UsageError) -> Double {
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        var seconds: Double?
        if let (suffix, scale) = units.first(where: { text.hasSuffix($0.0) }) {
            seconds = Double(text.dropLast(suffix.count)).map { $0 * scale }
        } else {
            seconds = Double(text)
        }
        guard let seconds, seconds.isFinite else {
            throw UsageError("--every: '\(text)' is not a duration (e.g. 500ms, 30s, 5m, 1h)")
        }
        guard seconds >= 0.001, seconds <= 366 * 86400 else {
            throw UsageError("--every: '\(text)' is out of range: from 1ms to 366 days (e.g. 500ms, 30s, 5m, 1h)")
        }
        return seconds
    }

    /// How watch ended.
    public enum End: Sendable {
        /// Stopped, or nobody is left to read its output.
        case stopped
        /// A source refused its configuration on the first run: nothing would ever run.
        case refused
    }

    /// Refreshes until stopped; returns with the cursor shown.
    public func run() -> End {
        let stdoutTerminal = isatty(1) != 0
        if isatty(0) != 0 { listenForEnter() }
        var lastGood: [UInt8]?
        var refresh = 0
        while true {
            refresh += 1
            var input = RunInput(plan: plan)
            input.progress = plan.liveProgress(label: "refresh \(refresh)")
            input.unfinished = unfinished
            input.recordEmptyBatch = false
            if stdoutTerminal {
                StandardStreams.error("\u{1B}[H\u{1B}[2J")
                input.captureStandardOutput = true
            } else {
                input.refreshMark = RefreshMark(number: refresh, at: time(nil))
            }
            progress.withLock { $0 = input.progress }
            // Stopped before this refresh's display was known: it never starts drawing.
            if stopping.load(ordering: .relaxed) { input.progress?.finished() }
            let result = Runner.run(input)
            progress.withLock { $0 = nil }
            if refresh == 1 && result.outcome == .refused {
                Self.showCursor()
                return .refused
            }
            // Stopped while loading: the display is already down, and a feed drawn now would
            // only flash before the process ends.
            if stopping.load(ordering: .relaxed) && stdoutTerminal { break }
            let failed = result.outcome == .nothingWritten || result.outcome == .refused
            let time = Self.clock()
            if stdoutTerminal {
                if !failed { lastGood = result.captured }
                if let view = lastGood { StandardStreams.write(view, to: 1) }
                let note =
                    failed
                    ? "refresh failed at \(time) (see above); showing the last good feed"
                    : "updated \(time)"
                StandardStreams.error(
                    "txfeed watch: \(note) — every \(Self.describe(every)); Enter or SIGHUP refreshes, Ctrl-C quits\n")
            } else if failed {
                StandardStreams.error("txfeed watch: refresh failed at \(time); nothing written this time\n")
            }
            if result.outputReaderGone { break }  // `watch … | head`: nobody left to refresh for
            _ = wake.wait(timeout: .now() + every)
            if stopping.load(ordering: .relaxed) { break }
        }
        Self.showCursor()
        return .stopped
    }

    /// Refresh now (SIGHUP).
    public func refresh() {
        wake.signal()
    }

    /// Stop after the refresh under way (SIGINT, SIGTERM, end of input). Its live display is
    /// taken down at once, as `run` does when interrupted: the skeleton erased, the cursor shown.
    public func stop() {
        guard !stopping.exchange(true, ordering: .relaxed) else { return }
        progress.withLock { $0?.finished() }
        wake.signal()
        onStop()
    }

    /// The skeleton hides the cursor on a terminal; whichever way watch ends, it comes back.
    public static func showCursor() {
        if TerminalCapabilities(fd: 2).isTerminal { StandardStreams.error("\u{1B}[?25h") }
    }

    /// Enter on a terminal refreshes at once; the terminal closing (or Ctrl-D) stops.
    ///
    /// Only read while in the terminal's foreground process group: in the background (started
    /// with `&`, or under `timeout`, which makes its own group) Enter belongs to the shell. The
    /// command line ignores SIGTTIN, so a read from the background fails with EIO instead of
    /// stopping the process.
    private func listenForEnter() {
        Threads.start(named: "watch-enter") { [weak self] in
            var byte: UInt8 = 0
            while true {
                let foreground = tcgetpgrp(0)
                if foreground < 0 { break }  // no terminal any more
                if foreground != getpgrp() {
                    usleep(200_000)
                    continue
                }
                let n = read(0, &byte, 1)
                if n == 1 {
                    if byte == 0x0A { self?.refresh() }
                } else if n == 0 {
                    break  // Ctrl-D, or the terminal hung up
                } else if SystemError.code != EINTR && !(SystemError.code == EIO && tcgetpgrp(0) != getpgrp()) {
                    break  // EIO in the foreground: the terminal is gone
                }
            }
            self?.stop()
        }
    }

    static func clock() -> String {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        return String(format: "%02d:%02d:%02d", parts.tm_hour, parts.tm_min, parts.tm_sec)
    }

    static func describe(_ seconds: Double) -> String {
        seconds < 1 ? "\(Int(seconds * 1000))ms" : seconds == seconds.rounded() ? "\(Int(seconds))s" : "\(seconds)s"
    }
}
