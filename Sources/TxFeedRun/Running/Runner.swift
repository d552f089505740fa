import Foundation
import Synchronization
import TxFeedModel
import TxFeedOutput
import TxFeedPipeline
import TxFeedPluginHost
import TxFeedRules
import TxFeedState

/// What one run is given: the checked plan and where its side effects go.
public struct RunInput: Sendable {
    public var plan: RunPlan
    /// Where diagnostics and the summary go (stderr in the CLI).
    public var diagnostics: @Sendable (String) -> Void = { StandardStreams.error($0 + "\n") }
    /// Several lines at once, in one write (the summary: a folder's is ten thousand lines).
    public var diagnosticLines: @Sendable ([String]) -> Void = { lines in
        // One string made big enough at once, not a copy of each line with its newline.
        var text = ""
        text.reserveCapacity(lines.reduce(0) { $0 + $1.utf8.count + 1 })
        for line in lines {
            text += line
            text += "\n"
        }
        StandardStreams.error(text)
    }
    /// stdout's descriptor (a test may point it elsewhere).
    public var standardOutput: Int32 = 1
    /// A live display while sources load (skeleton rows on a terminal), or nil.
    public var progress: (any RunProgress)?
    /// Keep what would go to stdout in ``RunResult/captured`` instead (watch redraws it).
    public var captureStandardOutput = false
    /// Told about every temporary file being written, so an interrupted process can remove them.
    public var unfinished: (any UnfinishedFiles)?
    /// With `--state`: whether a run that imports nothing new is still recorded as a batch
    /// (`watch` records only the refreshes that bring something).
    public var recordEmptyBatch = true
    /// `watch` with stdout off a terminal: the line that starts this refresh's output there.
    public var refreshMark: RefreshMark?
    /// The process ends after this run (`txfeed run`, not `watch` or a test): the merged feed
    /// is left to the exit instead of freed account by account, which for a million accounts
    /// took 50 ms after the last byte was written.
    public var endsTheProcess = false
    /// Hand the merged feed, rules applied, back in ``RunResult/feed`` (`rules suggest`).
    public var keepsFeed = false

    public init(plan: RunPlan) {
        self.plan = plan
    }
}

/// How a run ended; the command line turns it into an exit status.
public enum RunOutcome: Sendable, Equatable {
    /// Every source succeeded and nothing was rejected (also when stdout's reader left early;
    /// a failed source or a reject is ``partial`` then too).
    case complete
    /// Output written, but some source failed or some records were rejected.
    case partial
    /// Nothing written: every source failed, a sink failed, or `--strict` met a failure.
    case nothingWritten
    /// A source refused its configuration when opened: nothing ran.
    case refused
}

/// What a run leaves behind besides its files and diagnostics.
public struct RunResult: Sendable {
    public var outcome: RunOutcome
    /// stdout's bytes, when ``RunInput/captureStandardOutput`` asked for them.
    public var captured: [UInt8] = []
    /// stdout's reader went away during the run (`| head`): a run ends quietly, and `watch`
    /// stops, since no refresh can reach anyone.
    public var outputReaderGone = false
    /// The merged feed, when ``RunInput/keepsFeed`` asked for it.
    public var feed: Feed?
}

/// Runs a checked plan: sources to the barrier, the merged feed to every sink, the summary
/// to the diagnostics.
public enum Runner {
    public static func run(_ input: RunInput) -> RunResult {
        // Every line for stderr carries text from the data (an envelope's message, a file name,
        // a currency): none of it may drive the terminal or disguise itself.
        var input = input
        let say = input.diagnostics
        let sayLines = input.diagnosticLines
        let visible: @Sendable (String) -> String = { PluginLogLevel.visible($0, limit: 1 << 20) }
        input.diagnostics = { line in say(visible(line)) }
        input.diagnosticLines = { lines in sayLines(lines.map(visible)) }
        let plan = input.plan
        let progress = input.progress
        let started = Int64(time(nil))
        // The state file's lock comes first: a second run on the same file waits here, before
        // its sources have read anything.
        var state: StateFile?
        if let path = plan.stateFile {
            do {
                state = try StateFile(path: path, wait: plan.stateWait)
            } catch {
                input.diagnostics("txfeed: error: \(error)")
                return RunResult(outcome: .refused)
            }
        }
        let log = logLine(progress: progress, verbose: plan.verbose, quiet: plan.quiet, diagnostics: input.diagnostics)
        let hosts = plan.pluginHosts
        hosts?.showOutput(outputLine(progress: progress, diagnostics: input.diagnostics))
        // Every child ends with the run (and with each `watch` refresh): none is left behind.
        defer { hosts?.shutdown() }
        var pipeline = Pipeline(
            sources: plan.sources.map { PipelineSource(name: $0.name, session: session(for: $0, plan: plan)) },
            log: log)
        pipeline.timeout = plan.timeout
        if let threads = plan.threads { pipeline.decodeThreads = threads }
        pipeline.observer = progress
        pipeline.keepsLocations = plan.duplicatesFile != nil
        IsolatedPluginSource.checkConfigurations(pipeline.sources.compactMap { $0.session as? IsolatedPluginSource })
        // --dedupe and --state need every identity in memory, and rules every record: they run
        // without a budget.
        let spill =
            plan.dedupe || plan.rules != nil ? nil : Spill(budget: plan.memory.bytes, directory: plan.memory.folder)
        pipeline.spill = spill
        let rejects = RejectStore(
            keepsLines: plan.rejectsFile != nil, memory: RejectStore.memory(within: plan.memory.bytes),
            directory: plan.memory.folder)
        pipeline.rejects = rejects
        do {
            try pipeline.prepare()
        } catch {
            input.diagnostics("txfeed: error: \(error)")
            return RunResult(outcome: .refused)
        }
        let digests = state.map { _ in InputDigests(paths: plan.sources.map(\.pathOption)) }
        progress?.started(sources: plan.sources.map(\.name))
        let outcomes = pipeline.run().outcomes
        // The sources ran, and what stops the run now leaves every output as it was.
        func nothingWritten(_ why: String) -> RunResult {
            progress?.finished()
            input.diagnostics("txfeed: error: \(why); nothing written")
            return RunResult(outcome: .nothingWritten)
        }
        var history: ImportHistory?
        if let state {
            do {
                history = try state.history(for: outcomes.flatMap(\.data.accounts))
            } catch {
                return nothingWritten("\(error)")
            }
        }
        var feed: Feed
        if let spill {
            do {
                if let error = spill.error { throw error }
                feed = try Feed(merging: outcomes, spill: spill, rejects: rejects)
                if let spilled = feed.spilled {
                    input.diagnostics(
                        "txfeed: \(spilled.count) records over --memory \(spill.budget >> 20) MiB were sorted in \(spilled.runCount.counted("run")) in \(spill.directory) and merged"
                    )
                }
            } catch {
                return nothingWritten("--temp-dir: \(error)")
            }
        } else {
            feed = Feed(merging: outcomes, dedupe: plan.dedupe, history: history, rejects: rejects)
        }
        for shared in feed.sharedBankIDs {
            let account = feed.accounts[shared.account]
            let ids = shared.ids.map { "'\($0)'" }.joined(separator: ", ")
            input.diagnostics(
                "txfeed: \(account.name) (\(feed.sources[account.source].name)): \(shared.records.counted("record")) "
                    + (shared.records == 1
                        ? "shares a bank id with another record of its statement (\(ids)): told apart by its "
                            + "fingerprint, not by that id"
                        : "share bank ids with other records of their statement (\(ids)): told apart by their "
                            + "fingerprints, not by those ids"))
        }
        // Days as the sinks show them: in --tz.
        var days = DayFormat(timeZone: plan.timeZone)
        for reused in feed.reusedBankIDs.prefix(5) {
            let account = feed.accounts[reused.account]
            let (kept, other) = (
                FeedOutput.dayAndAmount(feed, reused.kept, &days), FeedOutput.dayAndAmount(feed, reused.other, &days)
            )
            input.diagnostics(
                "txfeed: warning: \(account.name) (\(feed.sources[account.source].name)): bank id '\(reused.id)' is given to "
                    + "two payments, \(kept) and \(other): both are kept (a bank reusing its ids?)")
        }
        if feed.reusedBankIDs.count > 5 {
            input.diagnostics(
                "txfeed: warning: … and \(feed.reusedBankIDs.count - 5) more bank ids given to two payments")
        }
        feed.batch = state?.batch
        if let state, let digests { Self.warnOfFilesReadAgain(feed, state: state, files: digests, input) }
        // Before transfers and rules: a stale export's hold beside another export's booking is
        // one payment.
        var openPending: [RememberedPending] = []
        if let state {
            do {
                openPending = try state.openPending(for: feed.accounts)
            } catch {
                return nothingWritten("\(error)")
            }
        }
        if plan.dedupe || state != nil {
            feed.dropHoldsBookedInRun(
                window: plan.pendingWindow, tolerancePercent: plan.pendingTolerance, remembered: openPending)
        }
        // Transfers first, on the bank's own texts (a transfer word a rule may rewrite), so that
        // rules can match on the link (`transfer = true`).
        // With --state, also among the halves earlier batches wrote alone, whose files this run
        // may not read again: then one account in the run is enough.
        var remembered: [RememberedHalf] = []
        if let state, let window = plan.transferWindow, feed.spilled == nil, !feed.transactions.isEmpty {
            do {
                remembered = try state.openHalves(days: feed.dayRange(widenedBy: window))
            } catch {
                return nothingWritten("\(error)")
            }
        }
        if let window = plan.transferWindow, feed.accounts.count > 1 || !remembered.isEmpty {
            if feed.spilled != nil {
                input.diagnostics(
                    "txfeed: transfers not looked for: the records spilled past --memory (raise it, or --no-transfers)")
            } else {
                feed.linkTransfers(window: window, remembered: remembered)
            }
        }
        // After the merge and --dedupe, before the sinks: identities are already the bank's.
        // A rule's day is the day the sinks show: in --tz, as they write it (`days`, above).
        if let zone = plan.timeZone,
            let problem = days.fourDigitYearProblem(in: feed.transactions, zone: zone.identifier)
        {
            return nothingWritten(problem)
        }
        plan.rules?.apply(to: &feed, explain: plan.explain) { days.localSeconds(of: $0) }
        plan.rules?.categorise(earlierHalvesOf: &feed) { days.localSeconds(of: $0) }
        if let overrun = plan.rules?.overrun { return nothingWritten(overrun) }
        if state != nil {
            // Before the sinks: a journal leaves pending records out and says what a booked one replaced.
            feed.settlePending(
                openPending, window: plan.pendingWindow, tolerancePercent: plan.pendingTolerance,
                today: TransactionDate.days(ofUnixSeconds: started))
        }
        progress?.finished()
        var output = FeedOutput(input: input, feed: feed)
        if let state, plan.duplicatesFile != nil {
            let batches = Set(feed.duplicates.compactMap { if case .batch(let b) = $0.kept { b } else { nil } })
            output.batchFiles = (try? state.files(ofBatches: batches)) ?? [:]
        }
        // The state file is the check's alone from here until it is waited for.
        let moneyCheck = state.flatMap { feed.spilled == nil ? MoneyCheck(feed: feed, state: $0) : nil }
        var result = output.write()
        if input.keepsFeed { result.feed = feed }
        var moneyKeys: [Int64]?
        if let moneyCheck {
            let (keys, found) = moneyCheck.wait()
            moneyKeys = keys
            if result.outcome == .complete || result.outcome == .partial, !result.outputReaderGone {
                switch found {
                case .success(let found):
                    FeedOutput.moneySeenBeforeSummary(
                        found, feed: feed, stateFile: plan.stateFile ?? "", timeZone: plan.timeZone
                    ).forEach(input.diagnostics)
                case .failure(let error):
                    input.diagnostics(
                        "txfeed: warning: records with the money of remembered ones not looked for: \(error)")
                }
            }
        }
        if let state, let digests {
            remember(feed, in: state, files: digests, started: started, moneyKeys: moneyKeys, input, &result)
        }
        if input.endsTheProcess { LeftToTheExit.keep(feed) }
        return result
    }

    /// A file an earlier batch read whose same bytes now give booked records the state does not
    /// know: read otherwise than then (a txfeed that reads a payee or memo better, other
    /// options), those are likely the same money a second time, or records that batch rejected.
    /// Nothing else can tell them apart, so it is said before the sinks write.
    private static func warnOfFilesReadAgain(
        _ feed: Feed, state: StateFile, files digests: InputDigests, _ input: RunInput
    ) {
        var booked = [Int](repeating: 0, count: feed.sources.count)
        for t in feed.transactions where !t.isPending { booked[feed.accounts[Int(t.account)].source] += 1 }
        // Only a run with new booked records waits for the digests here, and asks once for all.
        guard booked.contains(where: { $0 > 0 }) else { return }
        let files = digests.wait()
        let asked = Set(zip(files, booked).compactMap { $1 > 0 ? $0?.sha256 : nil })
        guard let found = try? state.earlierImports(ofSHA256: asked) else { return }
        for (position, source) in feed.sources.enumerated() where booked[position] > 0 && position < files.count {
            guard let file = files[position], let earlier = found[file.sha256] else { continue }
            let by = earlier.txfeed == TxFeed.version ? "" : " (txfeed \(earlier.txfeed))"
            let rejected = earlier.rejected > 0 ? ", or among the \(earlier.rejected) it rejected" : ""
            input.diagnostics(
                "txfeed: warning: \(source.name): batch \(earlier.batch)\(by) read the same bytes of \(file.path), "
                    + "yet \(booked[position].counted("booked record")) of them \(booked[position] == 1 ? "is" : "are") "
                    + "new to \(state.path): read otherwise than then (a payee, a memo, other options), "
                    + "so likely that money again\(rejected); `txfeed state show \(state.path)` lists the batch")
        }
    }

    /// Records what the run wrote, once every sink has committed; a run that wrote nothing, or
    /// whose stdout reader left early, remembers nothing.
    private static func remember(
        _ feed: Feed, in state: StateFile, files: InputDigests, started: Int64, moneyKeys: [Int64]?,
        _ input: RunInput, _ result: inout RunResult
    ) {
        let say = input.diagnostics
        guard result.outcome == .complete || result.outcome == .partial, !result.outputReaderGone else {
            state.abandon()
            say("txfeed: state \(state.path): nothing remembered, as nothing was written")
            return
        }
        do {
            let pending = feed.transactions.reduce(0) { $0 + ($1.isPending ? 1 : 0) }
            let recorded = try state.record(
                feed, files: files.wait(), started: started, keepEmpty: input.recordEmptyBatch, moneyKeys: moneyKeys)
            let booked = feed.transactions.count - pending
            let unremembered = pending > 0 ? " (\(pending) pending, kept apart until booked)" : ""
            if recorded && !input.plan.quiet {
                say(
                    "txfeed: state \(state.path): batch \(state.batch) remembers \(booked) new transactions\(unremembered)"
                        + Self.pendingSummary(feed.pending))
                if input.plan.verbose { pendingLines(feed).forEach(say) }
            }
        } catch {
            say(
                "txfeed: error: the output was written, but \(error): nothing was remembered, so the next run writes it again"
            )
            result.outcome = .partial
        }
    }

    /// `; 2 pending became booked; 1 pending dropped after 10 days unbooked`, or nothing.
    static func pendingSummary(_ settlement: PendingSettlement?) -> String {
        guard let settlement else { return "" }
        var text = ""
        if !settlement.bookings.isEmpty { text += "; \(settlement.bookings.count) pending became booked" }
        if !settlement.dropped.isEmpty {
            text +=
                "; \(settlement.dropped.count) pending dropped after \(PendingSettlement.days(settlement.window)) unbooked"
        }
        return text
    }

    /// With `-v`: which booked record replaced which pending one, and which were dropped.
    static func pendingLines(_ feed: Feed) -> [String] {
        guard let settlement = feed.pending else { return [] }
        let scales = Dictionary(
            feed.accounts.map { (IdentityKey.accountKey(of: $0), $0.scale) }, uniquingKeysWith: { first, _ in first })
        var lines: [String] = []
        for booking in settlement.bookings {
            let t = feed.transactions[booking.position]
            let scale = feed.accounts[Int(t.account)].scale
            lines.append(
                "txfeed: state: pending \(booking.pending.text(scale: scale)) became booked as "
                    + "\(TransactionDate.isoDay(days: TransactionDate.days(ofUnixSeconds: t.unixSeconds))) "
                    + "\(feed.vendors.name(of: t.vendor)) \(Money(minorUnits: t.signedMinor, scale: scale).plainDecimal)"
                    + " (\(booking.evidence))")
        }
        for pending in settlement.dropped {
            lines.append(
                "txfeed: state: pending \(pending.text(scale: scales[pending.accountKey] ?? 2)) dropped: \(settlement.droppedWhy)"
            )
        }
        return lines
    }

    private static func session(for source: SourcePlan, plan: RunPlan) -> any SourceSession {
        switch source.reader {
        case let .plugin(plugin, options):
            if let hosts = plan.pluginHosts {
                return IsolatedPluginSource(
                    plugin: plugin, options: options, pool: hosts, memoryLimit: plan.pluginMemory,
                    checkTimeout: plan.timeout)
            }
            return PluginSource(plugin: plugin, options: options)
        case let .unreadable(reason): return UnreadableSource(reason: reason)
        }
    }

    /// What plugins print in their children, relayed as whole, visible lines: above the live
    /// display, like log lines.
    private static func outputLine(
        progress: (any RunProgress)?, diagnostics: @escaping @Sendable (String) -> Void
    ) -> @Sendable (String) -> Void {
        { line in
            if let progress { progress.print(line) } else { diagnostics(line) }
        }
    }

    /// Plugin log lines as `txfeed: SOURCE: LEVEL: message`, one line a call with its control
    /// characters made visible, one at a time, above the live display; `debug` only with `-v`,
    /// `warning` and `error` only with `-q`.
    private static func logLine(
        progress: (any RunProgress)?, verbose: Bool, quiet: Bool, diagnostics: @escaping @Sendable (String) -> Void
    ) -> @Sendable (String, PluginLogLevel, String) -> Void {
        let oneAtATime = Mutex(())
        return { source, level, message in
            if level <= .debug && !verbose { return }
            if quiet && level < .warning { return }
            let line = "txfeed: \(source): \(level.name): \(PluginLogLevel.visible(message))"
            oneAtATime.withLock { _ in
                if let progress { progress.print(line) } else { diagnostics(line) }
            }
        }
    }
}

/// What a run that ends the process leaves for the exit to take back all at once.
enum LeftToTheExit {
    private static let kept = Mutex<[Feed]>([])

    static func keep(_ feed: Feed) {
        kept.withLock { $0.append(feed) }
    }
}
