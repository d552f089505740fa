import Foundation

/// Runs a checked plan: sources to the barrier, the merged feed to every sink, the summary
/// to stderr. Returns the exit status SPEC.md defines.
public final class Runner {
    public let plan: RunPlan
    /// Where diagnostics and the summary go (stderr in the CLI).
    public var diagnostics: @Sendable (String) -> Void
    /// stdout's descriptor (a test may point it elsewhere).
    public var standardOutput: Int32 = 1
    /// A live display while sources load (skeleton rows on a terminal), or nil.
    public var progress: RunProgress?
    /// Keep what would go to stdout in ``captured`` instead (watch redraws it).
    public var captureStandardOutput = false
    public private(set) var captured: [UInt8] = []
    /// Whether stdout's reader went away during the run (`| head`): a run ends quietly, and
    /// `watch` stops, since no refresh can reach anyone.
    public private(set) var outputReaderGone = false

    public init(plan: RunPlan, diagnostics: @escaping @Sendable (String) -> Void = { StandardStreams.error($0 + "\n") }) {
        self.plan = plan
        self.diagnostics = diagnostics
    }

    public func run() -> ExitStatus {
        let report = diagnostics
        let lock = NSLock()
        let progress = progress
        let pipeline = Pipeline(sources: plan.sources, timeout: plan.timeout) { source, level, message in
            lock.lock()
            defer { lock.unlock() }
            let tag = level >= 3 ? "error" : level == 2 ? "warning" : "info"
            let line = "txfeed: \(source): \(tag): \(message)"
            if let progress { progress.print(line) } else { report(line) }
        }
        if let threads = plan.threads { pipeline.decodeThreads = threads }
        if let progress { pipeline.onProgress = { progress.decoded($0, count: $1) } }
        do {
            try pipeline.prepare()
        } catch {
            diagnostics("txfeed: error: \(error)")
            return .usage
        }
        if let progress {
            pipeline.onSourceFinished = { progress.sourceFinished($0, report: $1) }
            progress.started(sources: plan.sources.map(\.name))
        }
        let feed = Feed(merging: pipeline.run(), palette: plan.palette)
        progress?.finished()
        // On a shared terminal the table takes the skeleton's place and the summary follows it;
        // elsewhere the summary comes first, as soon as the barrier opens.
        let summaryAfterFeed = TerminalCapabilities.sameTerminal(standardOutput, 2) && !captureStandardOutput
        if !summaryAfterFeed { summarise(feed) }
        defer { if summaryAfterFeed { summarise(feed) } }

        let failed = feed.sources.filter { $0.status == .failure }
        let rejected = feed.rejects.count
        // The rejects file explains a failed run too (--strict), so it does not wait for the sinks.
        do {
            try writeRejects(feed)
        } catch {
            diagnostics("txfeed: --rejects \(error); nothing written")
            return .nothingWritten
        }
        // A failed source keeps what it delivered: nothing is written only when no source
        // delivered anything.
        if failed.count == feed.sources.count && feed.sources.allSatisfy({ $0.documents == 0 }) {
            diagnostics("txfeed: every source failed; nothing written")
            return .nothingWritten
        }
        if plan.strict && (!failed.isEmpty || rejected > 0) {
            diagnostics("txfeed: --strict: \(failed.count) source(s) failed and \(rejected) record(s) were rejected; nothing written")
            return .nothingWritten
        }
        do {
            try write(feed)
        } catch OutputError.brokenPipe {
            outputReaderGone = true
            return .success
        } catch {
            diagnostics("txfeed: \(error); nothing written")
            return .nothingWritten
        }
        return failed.isEmpty && rejected == 0 ? .success : .partial
    }

    /// Writes every sink; files appear (atomically) only once all of them have succeeded.
    func write(_ feed: Feed) throws {
        let context = FeedContext(dayFormat: DayFormat(timeZone: plan.timeZone), colour: false,
                                  trueColour: TerminalColour.supportsTrueColour(environment: ProcessInfo.processInfo.environment))
        var files: [AtomicFile] = []
        defer { for file in files { file.discard() } }
        // Sink plugins first: they write their own output (PluginSink.swift).
        for sink in plan.sinks where sink.kind == .plugin {
            try PluginSink.deliver(sink, feed: feed, context: context, files: &files)
        }
        for sink in plan.sinks where sink.kind != .plugin {
            guard let path = sink.path else { continue }
            let file = try AtomicFile(path: path)
            files.append(file)
            // A file gets escape sequences only when asked for with --color always.
            context.colour = sink.kind == .text && plan.colour == .always
            try makeSink(sink).write(feed, context: context, to: file.writer)
            try file.writer.flush()
        }
        var brokenPipe = false
        let stdout = captureStandardOutput ? OutputWriter.capturing(name: "stdout") : OutputWriter(fd: standardOutput, name: "stdout")
        defer { captured = stdout.captured }
        for sink in plan.sinks where sink.path == nil && sink.kind != .plugin {
            context.colour = sink.kind == .text && wantsColour()
            do {
                try makeSink(sink).write(feed, context: context, to: stdout)
                try stdout.flush()
            } catch OutputError.brokenPipe {
                brokenPipe = true
                break
            }
        }
        for file in files { try file.commit() }
        files = []
        if brokenPipe { throw OutputError.brokenPipe }
    }

    /// `--rejects FILE`: every rejected record, replaced atomically on each run (empty when none).
    func writeRejects(_ feed: Feed) throws {
        guard let path = plan.rejectsFile else { return }
        let file = try AtomicFile(path: path)
        RejectsFile.write(feed, to: file.writer)
        try file.commit()
    }

    func makeSink(_ sink: SinkPlan) -> FeedSink {
        switch sink.kind {
        case .text: return TextSink()
        case .ndjson: return NDJSONSink()
        case .json: return JSONSink()
        case .csv: return CSVSink(byteOrderMark: sink.options["bom"].flatMap(SinkPlan.flag) ?? false)
        case .plugin: return PluginSink(plugin: sink.plugin!, options: sink.pluginOptions)
        }
    }

    /// ANSI colour only on a terminal, unless asked; `NO_COLOR` wins over auto.
    func wantsColour() -> Bool {
        switch plan.colour {
        case .always: return true
        case .never: return false
        case .auto:
            let env = ProcessInfo.processInfo.environment
            return !TerminalColour.isRefused(environment: env) && TerminalCapabilities(fd: standardOutput, environment: env).isTerminal
        }
    }

    /// Per source: read = written + rejected, status and time; then the first rejects.
    func summarise(_ feed: Feed) {
        for s in feed.sources {
            let counts = "read \(s.read) = written \(s.count) + rejected \(s.rejected), \(s.elapsedMilliseconds) ms"
            if s.status == .success {
                diagnostics("txfeed: \(s.name) (\(s.plugin)): ok, \(counts)")
            } else {
                diagnostics("txfeed: \(s.name) (\(s.plugin)): FAILED: \(s.error ?? "unknown error"); \(counts)")
            }
        }
        for (source, reject) in feed.rejects.prefix(10) {
            diagnostics("txfeed: \(feed.sources[source].name): rejected \(reject.origin) \(reject.path): \(reject.reason)")
        }
        if feed.rejects.count > 10 {
            diagnostics("txfeed: … and \(feed.rejects.count - 10) more rejected records" + (plan.rejectsFile == nil ? " (write them all with --rejects FILE)" : ""))
        }
    }
}
