import Foundation
import Synchronization
import TxFeedDecoding
import TxFeedModel
import TxFeedOutput
import TxFeedPipeline
import TxFeedPluginHost

/// `txfeed plugins check PATH`: loads one plugin, validates its descriptor and exercises it
/// with its sample configuration — for plugin authors.
///
/// A source runs once under the timeout (what it emits is validated: documents that fail as
/// a whole and rejected transactions are listed with their messages), then once more to see
/// that it stops when cancelled. A sink gets a small sample feed through the whole sink ABI,
/// in several batches.
///
/// With ``hosts``, the plugin is loaded and run in plugin host children, as `txfeed run` runs
/// it: a plugin that crashes or calls `exit` ends its child, and the check reports it and stops.
public struct PluginCheck {
    public var path: String
    /// Seconds the sample run gets.
    public var timeout: Double
    /// Where the plugin runs; nil: in this process.
    public var hosts: PluginChildPool?
    /// The cancellation run is cancelled this many seconds after it starts...
    public var cancelAfter: Double = 0.2
    /// ...and must return within this many seconds after that.
    public var grace: Double = 2

    public init(path: String, timeout: Double = 10, hosts: PluginChildPool? = nil) {
        self.path = path
        self.timeout = timeout
        self.hosts = hosts
    }

    public struct Report {
        public var lines: [String] = []
        public var passed = true
        public var loadFailed = false
        var problems = 0
        /// The plugin's process went away in a step: the check stops there.
        var lost: LostProcess?
        /// A step was given up on while the plugin still ran in it (a sink that never returned):
        /// its process is still busy, and ends with this one.
        public var leftRunning = false
        /// Called with each line as soon as it is known.
        var emit: (String) -> Void = { _ in }

        mutating func add(_ line: String) {
            lines.append(line)
            emit(line)
        }
        mutating func ok(_ line: String) { add("ok    \(line)") }
        /// Worth knowing, but no reason to fail the check.
        mutating func warn(_ line: String) { add("warn  \(line)") }
        mutating func fail(_ line: String) {
            add("FAIL  \(line)")
            passed = false
            problems += 1
        }
        /// The plugin's process went away during `step`.
        mutating func lose(_ cause: LostProcess, in step: String) {
            lost = cause
            if cause.crashed {
                fail("the plugin crashed the check: \(cause.how), in the \(step)")
            } else {
                let how = cause.how.hasPrefix("exit status") ? "with \(cause.how)" : "(\(cause.how))"
                fail("the plugin ended the check's process \(how) before the check finished, in the \(step)")
            }
        }
        /// A detail under the line before.
        mutating func detail(_ line: String) { add("      \(line)") }
        /// Details under the line before: the first `limit`, then how many more there are.
        mutating func details(_ lines: [String], limit: Int = 10) {
            for line in lines.prefix(limit) { detail(line) }
            if lines.count > limit { detail("… and \(lines.count - limit) more") }
        }
    }

    /// - Parameters:
    ///   - emit: gets each line as soon as it is known, so that a plugin crashing the process
    ///     leaves the checks before the crash on the screen.
    public func run(emit: @escaping (String) -> Void = { _ in }) -> Report {
        var report = Report()
        report.emit = emit
        let plugin: LoadedPlugin
        do {
            plugin = try hosts?.load(path: path) ?? PluginLoader.load(path: path)
        } catch {
            report.fail("load: \(error)")
            report.loadFailed = true
            return conclude(report, name: path)
        }
        report.ok(
            "loaded \(plugin.name) (\(plugin.kind) plugin, ABI \(plugin.abiVersion), version \(plugin.version.isEmpty ? "unset" : plugin.version)) from \(plugin.path)"
        )
        checkDescriptor(plugin, &report)
        guard let options = sampleOptions(plugin, &report) else { return conclude(report, name: plugin.name) }
        switch plugin.kind {
        case .source:
            checkSampleRun(plugin, options: options, &report)
            if report.lost == nil { checkCancellation(plugin, options: options, &report) }
        case .sink:
            checkSink(plugin, options: options, &report)
        }
        return conclude(report, name: plugin.name)
    }

    private func conclude(_ report: Report, name: String) -> Report {
        var report = report
        if let lost = report.lost {
            report.add("FAILED  \(path): the plugin \(lost.crashed ? "crashed" : "exited")")
        } else if report.passed {
            report.add("PASS  \(name): every check passed")
        } else {
            report.add("FAILED  \(name): \(report.problems.counted("problem"))")
        }
        return report
    }

    func checkDescriptor(_ plugin: LoadedPlugin, _ report: inout Report) {
        let before = report.problems
        let mains = plugin.options.filter(\.isMain)
        if mains.count > 1 { report.fail("options: \(mains.count) main options (at most one)") }
        let names = plugin.options.map(\.name)
        if Set(names).count != names.count { report.fail("options: a name is declared twice") }
        if plugin.kind == .source && names.contains("name") {
            report.fail("options: 'name' is the host's (the source's name in the feed)")
        }
        for option in plugin.options where option.name.isEmpty { report.fail("an option has an empty name") }
        for option in plugin.options where option.help.isEmpty { report.fail("option \(option.name) has no help text") }
        if plugin.summary.isEmpty { report.fail("description is empty") }
        if report.problems == before {
            report.ok(
                "descriptor: \(plugin.options.count) option(s)\(names.isEmpty ? "" : ": " + names.joined(separator: ", "))"
            )
        }
    }

    /// The sample configuration as options, checked against the declared ones.
    func sampleOptions(_ plugin: LoadedPlugin, _ report: inout Report) -> [(key: String, value: String)]? {
        let root: JSONValue
        do {
            root = try JSONValue.parse(plugin.sampleConfig)
        } catch {
            report.fail("sample_config is not JSON: \(error.reason)")
            return nil
        }
        do {
            // A file named in it is looked for beside the plugin file first, so a plugin's
            // check runs the same from any folder; then, as before, from the current one.
            let folder = Paths.parentFolder(of: plugin.path)
            let options = try ConfigFile.options(root, at: "sample_config").map { option in
                let beside = Paths.resolve(option.value, against: folder)
                return ConfigFile.fileOptions.contains(option.key) && beside != option.value
                    && access(beside, F_OK) == 0 ? (option.key, beside) : option
            }
            switch plugin.kind {
            case .source: try PluginOptions.check(options, of: plugin)
            case .sink: _ = try SinkPlan.plugin(plugin, path: nil, options: options)
            }
            report.ok("sample_config: \(plugin.sampleConfig)")
            return options
        } catch {
            report.fail("sample_config: \(error)")
            return nil
        }
    }

    // MARK: Sources

    /// One run under the timeout; lists what failed and what was rejected.
    func checkSampleRun(_ plugin: LoadedPlugin, options: [(key: String, value: String)], _ report: inout Report) {
        let logged = Mutex<[String]>([])
        let session = source(plugin, options)
        var pipeline = Pipeline(sources: [PipelineSource(name: plugin.name, session: session)]) { _, level, message in
            let line = "\(level.name): " + PluginLogLevel.visible(message)
            logged.withLock { $0.append(line) }
        }
        pipeline.timeout = timeout
        let outcome = pipeline.run().outcomes[0]
        if let lost = (session as? IsolatedPluginSource)?.lostProcess { return report.lose(lost, in: "sample run") }
        let r = outcome.report
        let data = outcome.data
        for message in logged.withLock({ $0 }) { report.add("log   \(message)") }
        let counts =
            "\(r.documents) document(s), \(r.count) transaction(s), \(r.rejected) rejected, \(r.elapsedMilliseconds) ms"
        if r.status == .success {
            report.ok("sample run: \(counts)")
        } else {
            report.fail("sample run: \(counts); failed: \(r.error ?? "unknown error")")
        }
        if !data.failures.isEmpty {
            report.fail(
                "sample run: \(data.failures.count) document(s) failed as a whole (none of their records kept):")
            report.details(data.failures)
        }
        if r.documents == 0 && r.status == .success { report.fail("sample run emitted no documents") }
        if !data.rejects.isEmpty {
            // Rejects are how a source says a record was bad: listed, never a failed check.
            report.warn("sample run: \(data.rejects.count) transaction(s) rejected:")
            report.details(data.rejects.map { "\($0.origin) \($0.path): \($0.reason)" })
        }
    }

    /// Runs the sample configuration again and cancels it after ``cancelAfter``: it must
    /// return within ``grace``. A run over before the cancel is run once more, cancelled at
    /// once.
    func checkCancellation(_ plugin: LoadedPlugin, options: [(key: String, value: String)], _ report: inout Report) {
        let first = cancelledRun(plugin, options, after: cancelAfter)
        switch first {
        case let .lost(cause): report.lose(cause, in: "cancellation run")
        case let .finishedBeforeCancel(ms):
            let second = cancelledRun(plugin, options, after: 0)
            switch second {
            case let .lost(cause): report.lose(cause, in: "cancellation run")
            case let .finishedBeforeCancel(stopped), let .stopped(stopped):
                report.ok(
                    "cancellation: the sample run ends in \(ms) ms, before a cancel at \(milliseconds(cancelAfter)) ms; cancelled at its start, it returned in \(stopped) ms"
                )
            case .abandoned:
                report.fail(
                    "cancellation: cancelled at its start, it was still running \(seconds(grace)) s later; poll host->is_cancelled and return TXFEED_STOP when it says so"
                )
            }
        case let .stopped(ms):
            report.ok(
                "cancellation: stopped \(ms) ms after being cancelled (at \(milliseconds(cancelAfter)) ms into the run)"
            )
        case .abandoned:
            report.fail(
                "cancellation: still running \(seconds(grace)) s after being cancelled (at \(milliseconds(cancelAfter)) ms into the run); poll host->is_cancelled between units of work and return TXFEED_STOP when it says so (a source that does not stop is abandoned and reported failed)"
            )
        }
    }

    enum CancelledRun {
        case finishedBeforeCancel(milliseconds: Int)
        case stopped(milliseconds: Int)
        case abandoned
        /// Its process went away (a crash, an `exit`) before it was cancelled or after.
        case lost(LostProcess)
    }

    /// One run, cancelled `delay` seconds in (at once for 0) unless it is over by then.
    private func cancelledRun(_ plugin: LoadedPlugin, _ options: [(key: String, value: String)], after delay: Double)
        -> CancelledRun
    {
        let session = source(plugin, options)
        var pipeline = Pipeline(sources: [PipelineSource(name: plugin.name, session: session)])
        pipeline.timeout = delay
        pipeline.grace = grace
        let result = pipeline.run()
        if let lost = (session as? IsolatedPluginSource)?.lostProcess { return .lost(lost) }
        switch result.endings[0] {
        case .finished: return .finishedBeforeCancel(milliseconds: result.outcomes[0].report.elapsedMilliseconds)
        case .stoppedWhenCancelled(let milliseconds): return .stopped(milliseconds: milliseconds)
        case .abandoned: return .abandoned
        }
    }

    private func source(_ plugin: LoadedPlugin, _ options: [(key: String, value: String)]) -> any SourceSession {
        guard let hosts else { return PluginSource(plugin: plugin, options: options) }
        return IsolatedPluginSource(plugin: plugin, options: options, pool: hosts, checkTimeout: timeout)
    }

    // MARK: Sinks

    /// A small feed: two accounts, seven transactions (commas, quotes, non-ASCII, two currencies).
    static let sampleFeedText = """
        [{"status": 200, "message": "ok", "body": {"name": "Check Account", "currency": "USD", "transactions": [
          {"type": 1, "vendor": "Corner Cafe", "amount": 4.5, "date": "2024-03-01 08:15:00"},
          {"type": 0, "vendor": "Employer", "amount": 2500, "date": "2024-02-29 09:00:00"},
          {"type": 1, "vendor": "Café Zoë", "amount": 12.8, "date": "2024-02-28 13:05:00"},
          {"type": 1, "vendor": "Smith, Jones & \\"Co.\\"", "amount": 120, "date": "2024-02-27T17:45:00Z"}]}},
         {"status": 200, "message": "ok", "body": {"name": "Check Yen", "currency": "JPY", "transactions": [
          {"type": 1, "vendor": "東京ストア", "amount": 825, "date": "2024-03-01 10:30:00"},
          {"type": 0, "vendor": "Refund", "amount": 1200, "date": "2024-02-20 12:00:00"},
          {"type": 1, "vendor": "Corner Cafe", "amount": 300, "date": "2024-02-19 07:00:00"}]}}]
        """

    package static func sampleFeed() -> Feed {
        var text = sampleFeedText
        let data = text.withUTF8 { DocumentDecoder(origin: "plugins check", sourceIndex: 0).decode(text: $0) }
        let report = SourceReport(
            name: "sample", plugin: "plugins-check", status: .success, error: nil,
            count: data.transactions.count, rejected: data.rejects.count,
            documents: data.documents, failedDocuments: data.failures.count,
            elapsedMilliseconds: 1)
        return Feed(merging: [SourceOutcome(data: data, report: report)])
    }

    /// Feeds the sample feed through the sink in batches of 3 (so `sink_write` is called more
    /// than once), on its own thread so a sink that hangs is reported rather than waited for.
    /// A sink that declares `path` writes to a temporary file, shown here.
    func checkSink(_ plugin: LoadedPlugin, options: [(key: String, value: String)], _ report: inout Report) {
        let feed = Self.sampleFeed()
        var options = options
        var output: String?
        if SinkPlan.takesPath(plugin) {
            if let (fd, path) = Paths.makeTemporaryFile(template: "/tmp/txfeed-check-XXXXXX") {
                close(fd)
                output = path
                options.removeAll { $0.key == "path" }
                options.append(("path", path))
            }
        }
        defer { if let output { unlink(output) } }
        var sink = PluginSink(plugin: plugin, options: options)
        sink.batchSize = 3
        let batches = (feed.transactions.count + sink.batchSize - 1) / sink.batchSize
        let outcome = Mutex<PluginSinkError?>(nil)
        let done = DispatchSemaphore(value: 0)
        let start = Date()
        Threads.start(named: "sink \(plugin.name)") { [sink] in
            do throws(PluginSinkError) {
                try sink.deliver(feed, context: FeedContext(colours: Palette.legacy.colours(of: feed.vendors)))
            } catch {
                outcome.withLock { $0 = error }
            }
            done.signal()
        }
        guard done.wait(timeout: .now() + timeout) == .success else {
            report.leftRunning = true
            report.fail("sample feed: the sink had not finished after \(seconds(timeout)) s")
            return
        }
        let elapsed = Int(Date().timeIntervalSince(start) * 1000)
        if let failure = outcome.withLock({ $0 }) {
            if let lost = failure.lostProcess { return report.lose(lost, in: "sample feed") }
            report.fail("sample feed: \(failure)")
            return
        }
        report.ok(
            "sample feed: \(feed.transactions.count) transactions from \(feed.accounts.count) accounts in \(batches) sink_write batches, then sink_finish and sink_close, \(elapsed) ms"
        )
        if let output {
            let bytes = FileManager.default.contents(atPath: output) ?? Data()
            report.ok(
                "it wrote \(bytes.count) bytes to its path (a temporary file here)\(bytes.isEmpty ? "" : "; first lines:")"
            )
            let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            for line in lines.prefix(5) where !line.isEmpty { report.detail("| " + line) }
            if lines.count > 6 { report.detail("| …") }
        }
    }

    private func milliseconds(_ seconds: Double) -> Int { Int((seconds * 1000).rounded()) }
    private func seconds(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }
}
