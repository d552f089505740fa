import Foundation

/// `txfeed watch`: runs the plan, then again on every tick, SIGHUP and Enter ("pull to
/// refresh"), until SIGINT, SIGTERM, Ctrl-D, the terminal closing or stdout's reader leaving
/// (exit 0, terminal restored).
///
/// On a terminal each refresh clears the screen, shows the skeleton while loading and then the
/// feed; a failed refresh puts the last good view back with a note saying why. Off a terminal
/// each refresh writes the whole feed again (stdout, or `-o` files replaced atomically); a
/// failed one writes nothing and says why on stderr.
public final class Watcher: @unchecked Sendable {
    public let plan: RunPlan
    public let every: Double
    private let wake = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var stopping = false

    public init(plan: RunPlan, every: Double) {
        self.plan = plan
        self.every = every
    }

    /// `500ms`, `30s`, `5m`, `1h`; a bare number is seconds.
    public static func parseDuration(_ text: String) throws(UsageError) -> Double {
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        for (suffix, scale) in units where text.hasSuffix(suffix) {
            if let value = Double(text.dropLast(suffix.count)), value > 0 { return value * scale }
            break
        }
        if let value = Double(text), value > 0 { return value }
        throw UsageError("--every: '\(text)' is not a duration (e.g. 500ms, 30s, 5m, 1h)")
    }

    public func run() -> ExitStatus {
        installSignals()
        let stdoutTerminal = isatty(1) != 0
        if isatty(0) != 0 { listenForEnter() }
        var lastGood: [UInt8]?
        while true {
            let runner = Runner(plan: plan)
            runner.progress = SkeletonView.onStandardError(if: plan.progress)
            if stdoutTerminal {
                StandardStreams.error("\u{1B}[H\u{1B}[2J")
                runner.captureStandardOutput = true
            }
            let status = runner.run()
            let time = Self.clock()
            if stdoutTerminal {
                if status != .nothingWritten { lastGood = runner.captured }
                if let view = lastGood { view.withUnsafeBytes { StandardStreams.write($0, to: 1) } }
                let note = status == .nothingWritten
                    ? "refresh failed at \(time) (see above); showing the last good feed"
                    : "updated \(time)"
                StandardStreams.error("txfeed watch: \(note) — every \(Self.describe(every)); Enter or SIGHUP refreshes, Ctrl-C quits\n")
            } else if status == .nothingWritten {
                StandardStreams.error("txfeed watch: refresh failed at \(time); nothing written this time\n")
            }
            if runner.outputReaderGone { break }  // `watch … | head`: nobody left to refresh for
            _ = wake.wait(timeout: .now() + every)
            if isStopping { break }
        }
        showCursor()
        return .success
    }

    private var isStopping: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopping
    }

    /// SIGHUP refreshes; SIGINT and SIGTERM stop. The signals were blocked by the command
    /// before any thread started (``StopSignals/block()``), so one sent at any moment is seen.
    private func installSignals() {
        StopSignals.listen { [weak self] signal in
            guard let self else { return }
            if signal == SIGHUP { self.wake.signal() } else { self.stop() }
        }
    }

    private func stop() {
        lock.lock()
        stopping = true
        lock.unlock()
        wake.signal()
        // A run still loading may take until its timeout: leave soon regardless
        // (files are only ever renamed into place whole, so none is half-written).
        DispatchQueue.global().asyncAfter(deadline: .now() + 1) { [self] in
            showCursor()
            AtomicFile.removeUnfinished()
            exit(0)
        }
    }

    /// The skeleton hides the cursor on a terminal; whichever way watch ends, it comes back.
    private func showCursor() {
        if TerminalCapabilities(fd: 2).isTerminal { StandardStreams.error("\u{1B}[?25h") }
    }

    /// Enter on a terminal refreshes at once; the terminal closing (or Ctrl-D) stops.
    ///
    /// Only read while in the terminal's foreground process group: in the background (started
    /// with `&`, or under `timeout`, which makes its own group) Enter belongs to the shell, and
    /// reading would get the whole process stopped by SIGTTIN.
    private func listenForEnter() {
        signal(SIGTTIN, SIG_IGN)  // a read from the background fails with EIO instead of stopping us
        let thread = Thread { [weak self] in
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
                    if byte == 0x0A { self?.wake.signal() }
                } else if n == 0 {
                    break  // Ctrl-D, or the terminal hung up
                } else if errno != EINTR && !(errno == EIO && tcgetpgrp(0) != getpgrp()) {
                    break  // EIO in the foreground: the terminal is gone
                }
            }
            self?.stop()
        }
        thread.name = "watch-enter"
        thread.start()
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
