import Foundation
import TxFeedModel
import TxFeedOutput
import TxFeedState

/// The half of a run after the barrier: the summary, the rejects file, then every sink, and
/// the outcome that follows from what happened.
struct FeedOutput {
    let input: RunInput
    let feed: Feed
    let colours: [RGB]
    /// With `--state`: the input files of the earlier batches records were seen in, for
    /// `--duplicates` to name.
    var batchFiles: [Int64: [String]] = [:]
    private var plan: RunPlan { input.plan }

    init(input: RunInput, feed: Feed) {
        self.input = input
        self.feed = feed
        // Colours are the output's business: once per distinct vendor, for every sink.
        colours = input.plan.palette.colours(of: feed.vendors)
    }

    mutating func write() -> RunResult {
        // On a shared terminal the table takes the skeleton's place and the summary follows it;
        // elsewhere the summary comes first, as soon as the barrier opens.
        let summaryAfterFeed =
            TerminalCapabilities.sameTerminal(input.standardOutput, 2) && !input.captureStandardOutput
        if !summaryAfterFeed { summarise() }
        defer { if summaryAfterFeed { summarise() } }

        let failed = feed.sources.filter { $0.status == .failure }
        let rejected = feed.rejects.count
        Self.uncountedCommodities(feed, sinks: plan.sinks).forEach(input.diagnostics)
        // The rejects file explains a failed run too (--strict), so it does not wait for the sinks.
        for file in sideFiles {
            do {
                try write(file)
            } catch {
                input.diagnostics("txfeed: \(file.option) \(error); nothing written")
                return RunResult(outcome: .nothingWritten)
            }
        }
        // A failed source keeps what it delivered: nothing is written only when no source
        // delivered anything.
        // (A shard may have no sources at all: its part is empty, not a failure.)
        if !feed.sources.isEmpty && failed.count == feed.sources.count && feed.sources.allSatisfy({ $0.documents == 0 })
        {
            input.diagnostics("txfeed: every source failed; nothing written")
            return RunResult(outcome: .nothingWritten)
        }
        if plan.strict && (!failed.isEmpty || rejected > 0) {
            input.diagnostics(
                "txfeed: --strict: \(failed.count) source(s) failed and \(rejected) record(s) were rejected; nothing written"
            )
            return RunResult(outcome: .nothingWritten)
        }
        var captured: [UInt8] = []
        do {
            try writeSinks(captured: &captured)
        } catch OutputError.brokenPipe {
            // The reader (`| head`) had enough: not a failure of ours, but a failed source or a
            // reject is still one (exit 3).
            let outcome: RunOutcome = failed.isEmpty && rejected == 0 ? .complete : .partial
            return RunResult(outcome: outcome, captured: captured, outputReaderGone: true)
        } catch let partial as PartialCommit where partial.wroteSomething {
            input.diagnostics("txfeed: \(partial)")
            return RunResult(outcome: .nothingWritten, captured: captured)
        } catch {
            input.diagnostics("txfeed: \(error); nothing written")
            return RunResult(outcome: .nothingWritten, captured: captured)
        }
        return RunResult(outcome: failed.isEmpty && rejected == 0 ? .complete : .partial, captured: captured)
    }

    /// Writes every sink; files appear (atomically) only once all of them have succeeded.
    ///
    /// In order: every file is staged (its destination checked, a temporary file made beside
    /// it), the sinks that write files (and the plugins that write where their options say)
    /// fill theirs, every file is synced, the one sink that writes stdout writes it, and only
    /// then are the files renamed into place. A failure before the renames leaves every
    /// destination as it was.
    private func writeSinks(captured: inout [UInt8]) throws {
        let context = FeedContext(
            colours: colours, dayFormat: DayFormat(timeZone: plan.timeZone), colour: false,
            trueColour: TerminalColour.supportsTrueColour(environment: ProcessInfo.processInfo.environment),
            threads: plan.threads)
        var staged: [AtomicFile] = []
        defer { for file in staged { file.discard() } }
        var files: [Int: AtomicFile] = [:]
        for (i, sink) in plan.sinks.enumerated() where !writesStandardOutput(sink) {
            guard let path = sink.path else { continue }
            let file = try AtomicFile(path: path, unfinished: input.unfinished)
            staged.append(file)
            files[i] = file
        }
        // Sink plugins first: they write their own output (a temporary file, or where their
        // options say with stderr as their stdout).
        for (i, sink) in plan.sinks.enumerated() where !writesStandardOutput(sink) {
            guard case .plugin(let plugin, var options) = sink.format else { continue }
            if let file = files[i] { options.append(("path", file.temporaryPath)) }
            try PluginSink(plugin: plugin, options: options, standardOutput: 2).deliver(feed, context: context)
        }
        for (i, sink) in plan.sinks.enumerated() {
            guard case .builtIn(let builtIn) = sink.format, let file = files[i] else { continue }
            if builtIn == .sqlite {
                // SQLite writes the temporary file through its own connection, closed by now.
                try SQLiteSink().write(feed, context: context, into: file)
                continue
            }
            if case .xlsx(let columns) = builtIn {
                // libxlsxwriter writes the temporary file itself, closed by now.
                try XLSXSink(columns: withRules(columns)).write(feed, context: context, into: file)
                continue
            }
            // A file gets escape sequences only when asked for with --color always.
            context.colour = builtIn == .text && plan.colour == .always
            try builtInSink(builtIn).write(feed, context: context, to: file.writer)
            try file.writer.flush()
        }
        for file in staged { try file.prepare() }
        var brokenPipe = false
        let stdout =
            input.captureStandardOutput
            ? OutputWriter.capturing(name: "stdout") : OutputWriter(fd: input.standardOutput, name: "stdout")
        defer { captured = stdout.captured }
        // The plan lets at most one sink write stdout.
        for sink in plan.sinks where writesStandardOutput(sink) {
            switch sink.format {
            case .builtIn(let builtIn):
                context.colour = builtIn == .text && wantsColour()
                let sink = builtInSink(builtIn)
                if let mark = input.refreshMark, let line = sink.refreshMarkLine(mark) { stdout.write(line) }
                do {
                    try sink.write(feed, context: context, to: stdout)
                    try stdout.flush()
                } catch OutputError.brokenPipe {
                    brokenPipe = true
                }
            case .plugin(let plugin, let options):
                do {
                    try PluginSink(plugin: plugin, options: options, standardOutput: input.standardOutput)
                        .deliver(feed, context: context)
                } catch {
                    // A plugin that died of SIGPIPE, or failed on EPIPE: the reader had enough.
                    guard OutputWriter.readerGone(input.standardOutput) else { throw error }
                    brokenPipe = true
                }
            }
        }
        try Self.replace(staged, afterStandardOutput: plan.sinks.contains(where: writesStandardOutput))
        staged = []
        if brokenPipe { throw OutputError.brokenPipe }
    }

    /// Whether `sink` writes stdout: a built-in sink or a `path`-declaring plugin without a path
    /// (``SinkPlan/writesStandardOutput``), or a plugin whose path is stdout itself (`-o -`),
    /// which gets stdout as its own rather than a path to open (and truncate) again.
    private func writesStandardOutput(_ sink: SinkPlan) -> Bool {
        if sink.writesStandardOutput { return true }
        guard case .plugin = sink.format, let path = sink.path else { return false }
        return (try? OutputDestination.resolve(path)) == .stream(path: "/dev/stdout")
    }

    /// Renames every staged file into place, in order. A rename that fails (the destination
    /// became a folder since the plan checked it) after others succeeded cannot be taken back:
    /// the error says which files were replaced and which were not.
    private static func replace(_ files: [AtomicFile], afterStandardOutput: Bool) throws {
        for (n, file) in files.enumerated() {
            do {
                try file.replace()
            } catch {
                throw PartialCommit(
                    failure: error, replaced: files[..<n].map(\.path), notWritten: files[(n + 1)...].map(\.path),
                    standardOutputWritten: afterStandardOutput)
            }
        }
    }

    /// A file written beside the sinks, whatever the run's outcome: its option, its path when
    /// asked for, and what writes it.
    private struct SideFile {
        var option: String
        var path: String?
        var write: (OutputWriter) throws -> Void
    }

    /// `--rejects FILE` (every rejected record), `--duplicates FILE` (every record `--dedupe`
    /// dropped; duplicates are no errors) and `--skipped FILE` (every record a source left out
    /// because the money never moved; no errors either), in that order.
    private var sideFiles: [SideFile] {
        [
            SideFile(option: "--rejects", path: plan.rejectsFile) { try RejectsFile.write(feed, to: $0) },
            SideFile(option: "--duplicates", path: plan.duplicatesFile) { writer in
                let context = FeedContext(
                    colours: colours, dayFormat: DayFormat(timeZone: plan.timeZone), colour: false, trueColour: false)
                try DuplicatesFile.write(feed, context: context, batchFiles: batchFiles, to: writer)
            },
            SideFile(option: "--skipped", path: plan.skippedFile) { try SkippedFile.write(feed, to: $0) },
        ]
    }

    /// Writes `file` when asked for, replaced atomically on each run (empty when it has nothing).
    private func write(_ file: SideFile) throws {
        guard let path = file.path else { return }
        let atomic = try AtomicFile(path: path, unfinished: input.unfinished)
        try file.write(atomic.writer)
        try atomic.commit()
    }

    /// With rules, the standard columns gain ``FeedColumn/rules``, and with linked transfers
    /// ``FeedColumn/transfers``; columns chosen with `columns=` are kept as chosen.
    private func withRules(_ columns: [FeedColumn]) -> [FeedColumn] {
        guard columns == FeedColumn.standard else { return columns }
        let linked = !(feed.transfers?.pairs.isEmpty ?? true)
        return columns + (feed.labels != nil ? FeedColumn.rules : []) + (linked ? FeedColumn.transfers : [])
    }

    private func builtInSink(_ builtIn: SinkPlan.BuiltIn) -> any FeedSink {
        switch builtIn {
        case .text: return TextSink()
        case .ndjson: return NDJSONSink()
        case .json: return JSONSink()
        case .csv(let dialect, let columns): return CSVSink(dialect: dialect, columns: withRules(columns))
        case .part(let shard, let count, let indexes, let run):
            return PartSink(shard: (shard, count), sourceIndexes: indexes, run: run)
        case .journal(let syntax):
            return JournalSink(
                syntax: syntax, balances: plan.stateFile == nil, writesPending: plan.stateFile == nil,
                accountNames: plan.rules?.accounts ?? [:])
        case .sqlite, .xlsx:
            preconditionFailure("the \(builtIn.name) sink writes only files: the plan refuses it without one")
        }
    }

    /// ANSI colour only on a terminal, unless asked; `NO_COLOR` wins over auto.
    private func wantsColour() -> Bool {
        switch plan.colour {
        case .always: return true
        case .never: return false
        case .auto:
            let env = ProcessInfo.processInfo.environment
            return !TerminalColour.isRefused(environment: env)
                && TerminalCapabilities(fd: input.standardOutput, environment: env).isTerminal
        }
    }

    /// `categorised N of M (P%)`, then every reason records were skipped for, with how many:
    /// a skip is never silent.
    static func rulesSummary(_ labels: FeedLabels, quiet: Bool, verbose: Bool = false) -> [String] {
        var lines: [String] = []
        let written = labels.rows.count
        let categorised = labels.categorised
        if !quiet {
            let percent = written == 0 ? 0 : categorised * 100 / written
            lines.append("txfeed: rules: categorised \(categorised) of \(written) (\(percent)%)")
        }
        for (reason, count) in labels.skipped {
            lines.append("txfeed: rules: skipped \(count.counted("record")): \(reason)")
        }
        // -v: a rule that matched nothing may be a rule that is wrong.
        if verbose { lines += labels.neverFired.map { "txfeed: rules: never fired: \($0)" } }
        return lines
    }

    /// `transfers: 2 linked`, then each set of records that could not be paired, by account, day
    /// and amount: a person decides those, so each is named.
    static func transfersSummary(_ transfers: FeedTransfers, feed: Feed, quiet: Bool, timeZone: TimeZone?) -> [String] {
        var lines: [String] = []
        if !quiet {
            let sets = transfers.ambiguous.count + transfers.ambiguousWithEarlier.count
            let earlier = transfers.pairs.filter { $0.earlier != nil }.count
            lines.append(
                "txfeed: transfers: \(transfers.pairs.count) linked"
                    + (earlier == 0 ? "" : " (\(earlier) to a half an earlier batch wrote)")
                    + (sets == 0
                        ? "" : ", \(sets.counted("set")) of records not paired (more than one candidate)"))
        }
        var days = DayFormat(timeZone: timeZone)
        func record(_ position: Int) -> String {
            "\(feed.accounts[Int(feed.transactions[position].account)].name) \(dayAndAmount(feed, position, &days))"
        }
        // A set is named in full up to `shownPerSet`: thousands of one amount on one day make one
        // set, which a line of each would bury.
        func notPaired(_ named: [String]) -> String {
            let shown = named.prefix(Self.shownPerSet).joined(separator: "; ")
            let more = named.count - Self.shownPerSet
            return "txfeed: transfers: not paired: " + shown + (more > 0 ? "; … and \(more) more" : "")
        }
        for set in transfers.ambiguous { lines.append(notPaired(set.map(record))) }
        // With halves earlier batches wrote alone, each named with its batch.
        for set in transfers.ambiguousWithEarlier {
            let records = set.records.map(record)
            let halves = set.earlier.map { half in
                let account = feed.transferAccount(half.account)
                return "\(account.name) \(TransactionDate.isoDay(days: half.day)) "
                    + "\(Money(minorUnits: half.signedMinor, scale: account.scale).plainDecimal) (batch \(half.batch))"
            }
            lines.append(notPaired(records + halves))
        }
        return lines
    }

    /// How many records of a set not paired are named.
    static let shownPerSet = 20

    /// `"COFFEE CORNER LTD" (jan2, fp:0bc8cff9a315e05e-1)`: a record's payee, source and id, for a
    /// message that lists records.
    static func named(_ feed: Feed, _ position: Int) -> String {
        let t = feed.transactions[position]
        let source = feed.sources[feed.accounts[Int(t.account)].source].name
        return "\"\(feed.vendors.name(of: t.vendor))\" (\(source), \(feed.recordID(at: position) ?? "?"))"
    }

    /// `2024-01-15 -3.50`: a record's day (in `days`' zone) and signed amount, for a message.
    static func dayAndAmount(_ feed: Feed, _ position: Int, _ days: inout DayFormat) -> String {
        dayAndAmount(feed, feed.transactions[position], &days)
    }

    /// The same of any record of the feed's numbering (one dropped as a duplicate, too).
    static func dayAndAmount(_ feed: Feed, _ t: Transaction, _ days: inout DayFormat) -> String {
        var text: [UInt8] = []
        days.appendISODay(of: t, to: &text)
        text += " ".utf8
        Money(minorUnits: t.amountMinor, scale: feed.accounts[Int(t.account)].scale).appendPlainDecimal(
            to: &text, negative: t.isDebit)
        return String(decoding: text, as: UTF8.self)
    }

    /// The records `--dedupe` kept both of that may be one payment (``Feed/possibleDoubles()``):
    /// never dropped, so said, the first few with their ids, and with `--state` the command
    /// that makes them one.
    static func nearDuplicatesSummary(
        _ pairs: [(Int, Int)], feed: Feed, stateFile: String?, timeZone: TimeZone?
    ) -> [String] {
        guard !pairs.isEmpty else { return [] }
        var days = DayFormat(timeZone: timeZone)
        var lines = [
            "txfeed: \(pairs.count.counted("near-duplicate")) kept: the same account, day and amount from two sources under other vendors or bank ids, perhaps one payment in two exports"
        ]
        for (a, b) in pairs.prefix(5) {
            let t = feed.transactions[a]
            lines.append(
                "txfeed:   \(feed.accounts[Int(t.account)].name) \(dayAndAmount(feed, a, &days)): \(named(feed, a)) and \(named(feed, b))"
            )
        }
        if pairs.count > 5 { lines.append("txfeed:   … and \(pairs.count - 5) more") }
        if let stateFile, let (a, b) = pairs.first {
            lines.append(
                "txfeed:   if a pair is one payment: txfeed state same \(stateFile) \(feed.recordID(at: a) ?? "?") \(feed.recordID(at: b) ?? "?")"
            )
        }
        return lines
    }

    /// An hledger/Ledger journal of accounts without a currency from two sources or more: their
    /// amounts are one bare commodity there, and a category's total adds a pound file's to a
    /// euro file's. beancount refuses them; the other sinks keep each row's account.
    static func uncountedCommodities(_ feed: Feed, sinks: [SinkPlan]) -> [String] {
        let journals = sinks.compactMap { sink -> String? in
            guard case .builtIn(.journal(.ledger)) = sink.format else { return nil }
            return sink.path ?? "stdout"
        }
        guard let journal = journals.first else { return [] }
        var sources: [Int] = []
        for account in feed.accounts where (account.currency ?? "").isEmpty && !sources.contains(account.source) {
            sources.append(account.source)
        }
        guard sources.count > 1 else { return [] }
        let named =
            sources.prefix(3).map { feed.sources[$0].name }.joined(separator: ", ")
            + (sources.count > 3 ? " and \(sources.count - 3) more" : "")
        return [
            "txfeed: warning: \(journal): the accounts of \(named) have no currency: hledger and Ledger add their "
                + "amounts as one commodity (a category's total of two currencies as one figure); give each source "
                + "its currency (csv: default-currency=USD)"
        ]
    }

    /// New records with the account, day and amount of one an earlier batch remembered, which
    /// this run did not see again (`StateFile.moneySeenBefore`, ``MoneyCheck``): likely that
    /// money written a second time, so said once the sinks wrote, the first few with their ids.
    static func moneySeenBeforeSummary(
        _ found: MoneySeenBefore, feed: Feed, stateFile: String, timeZone: TimeZone?
    ) -> [String] {
        var days = DayFormat(timeZone: timeZone)
        func batches(_ records: [(position: Int, batch: Int64)]) -> String {
            let batches = Set(records.map(\.batch)).sorted().map(String.init)
            return batches.count == 1
                ? "batch \(batches[0])" : "batches \(batches.dropLast().joined(separator: ", ")) and \(batches.last!)"
        }
        func listed(_ positions: [Int], _ like: (Int) -> String) -> [String] {
            var lines = positions.prefix(5).enumerated().map { n, position in
                let account = feed.accounts[Int(feed.transactions[position].account)].name
                return
                    "txfeed:   \(account) \(dayAndAmount(feed, position, &days)): \(named(feed, position)), \(like(n))"
            }
            if positions.count > 5 { lines.append("txfeed:   … and \(positions.count - 5) more") }
            return lines
        }
        var lines: [String] = []
        let like = found.likeRemembered
        if !like.isEmpty {
            lines.append(
                "txfeed: warning: \(like.count.counted("new record")) \(like.count == 1 ? "has" : "have") the account, day and amount of a record \(batches(like)) remembered in \(stateFile) that this run did not see again: likely that money a second time, its payee, memo or bank id read otherwise (the bank's export changed, or txfeed reads it otherwise)"
            )
            lines += listed(like.map(\.position)) { "like one of batch \(like[$0].batch)" }
        }
        let covered = found.onDaysCovered
        if !covered.isEmpty {
            lines.append(
                "txfeed: warning: \(covered.count.counted("new record")) \(covered.count == 1 ? "falls" : "fall") on days \(batches(covered)) imported, whose records an older txfeed remembered in \(stateFile) without their amounts: if the bank's export or txfeed's reading of it changed since, \(covered.count == 1 ? "it is" : "they are") likely that money a second time"
            )
            lines += listed(covered.map(\.position)) { "on a day of batch \(covered[$0].batch)" }
        }
        let moved = found.dateMoved
        if !moved.isEmpty {
            let records = moved.map { ($0.position, $0.batch) }
            lines.append(
                "txfeed: warning: \(moved.count.counted("new record")) \(moved.count == 1 ? "has" : "have") the account and amount of a record \(batches(records)) remembered in \(stateFile) a few days from it, on a day this run covers but no longer lists: likely that money a second time, its date moved (one export gives the day the money moved, the other the day it was booked)"
            )
            lines += listed(moved.map(\.position)) {
                "like batch \(moved[$0].batch)'s of \(TransactionDate.isoDay(days: moved[$0].day))"
            }
        }
        for (account, other, records) in found.underOtherAccounts.prefix(5) {
            // One bank id, else (neither giving one) one name, is one account: the option that joins them.
            let id = feed.accounts[account].id.flatMap { $0.isEmpty ? nil : $0 }
            let join =
                if let remembered = other.bankID {
                    "give this source account-id=\(remembered), the id it is remembered by"
                } else if let id {
                    "it is remembered without a bank id and this one has \(id): give both sources account-id=\(id)"
                } else {
                    "give their sources one account= name"
                }
            lines.append(
                "txfeed: warning: account \(feed.accounts[account].name), new to \(stateFile), has \(records.counted("record")) with the day and amount of records it remembers of account \(other.name): if both are exports of one account (monthly files each named after itself, or two formats naming it otherwise), \(join), or that money is written twice"
            )
        }
        let reused = found.reusedIDs
        if !reused.isEmpty {
            let one = reused.count == 1
            lines.append(
                "txfeed: warning: \(reused.count.counted("record")) dropped as seen by \(one ? "its bank id" : "their bank ids") \(one ? "is" : "are") money \(batches(reused.map { (0, $0.batch) })) did not remember under \(one ? "that id" : "those ids") in \(stateFile) (no record of that amount within \(StateFile.dateMoveDays) days): another payment under an id the bank gave before, as a card's installments are? Not written; txfeed state keep \(stateFile) ID has the next run import it"
            )
            for (duplicate, batch) in reused.prefix(5) {
                let t = feed.duplicates[duplicate].transaction
                let id = feed.duplicates[duplicate].keptBankID ?? "?"
                lines.append(
                    "txfeed:   \(feed.accounts[Int(t.account)].name) \(dayAndAmount(feed, t, &days)): "
                        + "\(feed.vendors.name(of: t.vendor)), id \(id) of batch \(batch)")
            }
            if reused.count > 5 { lines.append("txfeed:   … and \(reused.count - 5) more") }
        }
        return lines
    }

    /// Sources that give records twice, in two feed accounts of one account (a file joined with
    /// itself, API pages that overlap): the five pairs with the most, then how many more. Said
    /// with `--dedupe` too, which keeps both copies of a record without a bank id.
    static func repeatsSummary(_ repeats: [RepeatedRecords], feed: Feed) -> [String] {
        guard !repeats.isEmpty else { return [] }
        var lines = repeats.prefix(5).map { pair in
            let source = feed.sources[pair.source]
            let dedupe =
                switch pair.withoutBankID {
                case 0: "--dedupe keeps one"
                case pair.copies:
                    "--dedupe keeps both (like records of one source are payments made twice): remove the repeat"
                default:
                    "--dedupe keeps both of the \(pair.withoutBankID) without a bank id (like records of one source are payments made twice): remove the repeat"
                }
            let (first, second) = (feed.accounts[pair.first], feed.accounts[pair.second])
            let place =
                first.origin == second.origin
                ? "twice in \(first.origin)" : "in \(first.origin) and again in \(second.origin)"
            return
                "txfeed: warning: \(source.name) (\(source.plugin)) gives account \(first.name) \(place) with \(pair.copies.counted("record")) in both (one bank id, or one day, amount, vendor and memo): files joined, or pages that overlap? Each is written twice; \(dedupe)"
        }
        if repeats.count > 5 {
            lines.append(
                "txfeed: … and \((repeats.count - 5).counted("more pair")) of feed accounts with records given twice")
        }
        return lines
    }

    /// Without `--dedupe`: sources that repeat another's records (two overlapping downloads of
    /// one account), each such record written twice. The five pairs with the most, then how many
    /// more pairs: the run is not refused, since two sources may be meant to be read whole.
    static func copiesSummary(_ copies: [(first: Int, second: Int, copies: Int)], feed: Feed) -> [String] {
        guard !copies.isEmpty else { return [] }
        func named(_ source: Int) -> String { "\(feed.sources[source].name) (\(feed.sources[source].plugin))" }
        var lines = copies.prefix(5).map { pair in
            "txfeed: warning: \(named(pair.second)) repeats \(pair.copies.counted("record")) of \(named(pair.first)) (one account, and one bank id or one day, amount, vendor and memo): each is written twice; --dedupe keeps one"
        }
        if copies.count > 5 {
            lines.append(
                "txfeed: … and \((copies.count - 5).counted("more pair")) of sources with records written twice")
        }
        return lines
    }

    /// Accounts `--dedupe` keeps apart that share records (``Feed/possibleDoubles()``): perhaps one
    /// account named two ways by two exports, each shared payment then written twice. Said,
    /// with what would make them one: the id the other has (a csv's `account-id=`), one
    /// `account=` for both, or nothing when each has its own id.
    ///
    /// The five pairs sharing the most records, then how many more: a folder of many accounts
    /// each paying one subscription on one day made a pair of lines an account.
    static func accountTwinsSummary(_ twins: [(first: Int, second: Int, shared: Int)], feed: Feed) -> [String] {
        var lines: [String] = []
        let shown = twins.enumerated().sorted { ($1.element.shared, $0.offset) < ($0.element.shared, $1.offset) }
            .prefix(5).map(\.element)
        for (a, b, shared) in shown {
            func named(_ account: Int) -> String {
                let source = feed.sources[feed.accounts[account].source]
                let id = feed.accounts[account].id.map { " id \($0)" } ?? ""
                return "\"\(feed.accounts[account].name)\"\(id) (\(source.name), \(source.plugin))"
            }
            lines.append(
                "txfeed: \(shared.counted("record")) of the same day, amount and vendor in \(named(a)) and \(named(b)), counted in both: --dedupe matches records of one account (one id, else one name)"
            )
            let first = feed.accounts[a]
            let second = feed.accounts[b]
            let hint: String
            switch (first.id, second.id) {
            case (let id?, nil), (nil, let id?):
                let other = first.id == nil ? first : second
                let source = feed.sources[other.source]
                hint =
                    source.plugin == "csv"
                    ? "if they are one account, give \(source.name) account-id=\(id)"
                    : "if they are one account, read one of the two: \(source.name) (\(source.plugin)) has no account-id option"
            case (nil, nil):
                // The JSON readers (fixture, http) and other plugins take no account= option.
                let renamable = [first, second].map { Self.takesAccountOption(feed.sources[$0.source].plugin) }
                switch (renamable[0], renamable[1]) {
                case (true, true):
                    hint = "if they are one account, give both sources the same account="
                case (true, false), (false, true):
                    let (renamed, kept) = renamable[0] ? (first, second) : (second, first)
                    hint = "if they are one account, give \(feed.sources[renamed.source].name) account=\(kept.name)"
                case (false, false):
                    hint = "if they are one account, read one of the two: neither reader takes an account= option"
                }
            case (let firstID?, let secondID?):
                // A csv's id is the preamble's text or the option's: the option can give the other's.
                let (csv, id) =
                    feed.sources[second.source].plugin == "csv" ? (second, firstID) : (first, secondID)
                let source = feed.sources[csv.source]
                hint =
                    source.plugin == "csv"
                    ? "if they are one account, give \(source.name) account-id=\(id)"
                    : "if they are one account, read one of the two: their ids differ, and --dedupe matches within one id"
            }
            lines.append("txfeed:   \(hint)")
        }
        if twins.count > shown.count {
            lines.append(
                "txfeed: … and \((twins.count - shown.count).counted("more pair")) of accounts with records of the same day, amount and vendor"
            )
        }
        return lines
    }

    /// Whether the shipped reader `plugin` takes `account=` (the bank statement readers do).
    static func takesAccountOption(_ plugin: String) -> Bool {
        ["csv", "ofx", "camt", "mt940", "qif"].contains(plugin)
    }

    /// Without `--tz`, days are shown in UTC: a record whose file gave its instant an offset
    /// (`2024-03-31T23:00:00-05:00`, OFX's `[-5:EST]`) may be shown a day off the bank's own
    /// (1 April), which a month's totals and a journal then count in the wrong month. Said, with
    /// the first such record, and the option that shows the bank's days.
    static func offsetDaysSummary(_ feed: Feed) -> [String] {
        var count = 0
        var first: Int?
        for (position, t) in feed.transactions.enumerated() where t.dayDiffersAtOffset {
            count += 1
            if first == nil { first = position }
        }
        guard let first else { return [] }
        let t = feed.transactions[first]
        let account = feed.accounts[Int(t.account)]
        let minutes = Int(t.offsetMinutes)
        let offset =
            (minutes < 0 ? "-" : "+") + String(format: "%02d:%02d", abs(minutes) / 60, abs(minutes) % 60)
        let utcDay = TransactionDate.isoDay(days: TransactionDate.days(ofUnixSeconds: t.unixSeconds))
        let ownDay = TransactionDate.isoDay(
            days: TransactionDate.days(ofUnixSeconds: t.unixSeconds + Int64(minutes) * 60))
        let amount = Money(minorUnits: t.signedMinor, scale: account.scale).plainDecimal
        return [
            "txfeed: days: \(count.counted("record")) \(count == 1 ? "falls" : "fall") on another day in UTC, where days are shown, than at the "
                + "offset the file gives (\(account.name) \"\(feed.vendors.name(of: t.vendor))\" \(amount): \(utcDay) in UTC, "
                + "\(ownDay) at \(offset)); --tz ZONE shows days in the bank's zone"
        ]
    }

    /// Per source: read = written + rejected (+ duplicates with --dedupe, + seen with --state),
    /// status and time; then
    /// the first rejects.
    private func summarise() {
        var lines: [String] = []
        // In one write: a folder's summary is ten thousand lines.
        defer { if !lines.isEmpty { input.diagnosticLines(lines) } }
        let say = { (line: String) in lines.append(line) }
        lines.reserveCapacity(feed.sources.count)
        // Each line written as bytes into one buffer, then made a string once: interpolated,
        // each of a folder's ten thousand lines cost 14,000 instructions.
        var line: [UInt8] = []
        // Asked once: it looks at every source.
        let countsSkipped = feed.countsSkipped
        for s in feed.sources where s.status != .success || !plan.quiet {
            line.removeAll(keepingCapacity: true)
            line += "txfeed: ".utf8
            line += s.name.utf8
            line += " (".utf8
            line += s.plugin.utf8
            if s.status == .success {
                line += "): ok, ".utf8
            } else {
                line += "): FAILED: ".utf8
                line += (s.error ?? "unknown error").utf8
                line += "; ".utf8
            }
            line += "read ".utf8
            line.appendASCIIDecimal(UInt64(s.read), minimumDigits: 1)
            line += " = written ".utf8
            line.appendASCIIDecimal(UInt64(s.count), minimumDigits: 1)
            line += " + rejected ".utf8
            line.appendASCIIDecimal(UInt64(s.rejected), minimumDigits: 1)
            if feed.deduplicated {
                line += " + duplicates ".utf8
                line.appendASCIIDecimal(UInt64(s.duplicates), minimumDigits: 1)
            }
            if feed.batch != nil {
                line += " + seen ".utf8
                line.appendASCIIDecimal(UInt64(s.seen), minimumDigits: 1)
            }
            if countsSkipped {
                line += " + skipped ".utf8
                line.appendASCIIDecimal(UInt64(s.skipped), minimumDigits: 1)
            }
            line += ", ".utf8
            line.appendASCIIDecimal(UInt64(max(0, s.elapsedMilliseconds)), minimumDigits: 1)
            line += " ms".utf8
            say(String(decoding: line, as: UTF8.self))
        }
        if let labels = feed.labels { lines += Self.rulesSummary(labels, quiet: plan.quiet, verbose: plan.verbose) }
        if let transfers = feed.transfers {
            lines += Self.transfersSummary(transfers, feed: feed, quiet: plan.quiet, timeZone: plan.timeZone)
        }
        // Payments perhaps counted twice are a problem: said under --quiet too.
        if feed.deduplicated {
            let doubles = feed.possibleDoubles()
            lines += Self.nearDuplicatesSummary(
                doubles.nearDuplicates, feed: feed, stateFile: plan.stateFile, timeZone: plan.timeZone)
            lines += Self.accountTwinsSummary(doubles.accountTwins, feed: feed)
        } else {
            lines += Self.copiesSummary(feed.copiesAcrossSources(), feed: feed)
            lines += Self.accountTwinsSummary(feed.accountTwins(), feed: feed)
        }
        lines += Self.repeatsSummary(feed.copiesWithinSources(), feed: feed)
        if plan.timeZone == nil { lines += Self.offsetDaysSummary(feed) }
        for (source, reject) in feed.rejects.first {
            say("txfeed: \(feed.sources[source].name): rejected \(reject.origin) \(reject.path): \(reject.reason)")
        }
        let shown = RejectStore.shownCount
        if feed.rejects.count > shown {
            say(
                "txfeed: … and \(feed.rejects.count - shown) more rejected records"
                    + (plan.rejectsFile == nil ? " (write them all with --rejects FILE)" : ""))
        }
    }
}
