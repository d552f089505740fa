import ArgumentParser
import TxFeedOutput
import TxFeedPipeline
import TxFeedRules
import TxFeedRun

/// `txfeed rules suggest`: reads what `run` would read, applies the rules, and drafts rules
/// for the biggest groups of what is left uncategorised (docs/RULES.md).
struct RulesSuggestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "suggest",
        abstract: "Draft rules for the biggest groups of records no rule categorises, for a person to finish.",
        discussion: """
            Examples:
              txfeed rules suggest samples/bank/
              txfeed rules suggest statements/ --rules mine.toml --top 5 -o drafts.toml

            Records are grouped by their payee as vendor = "clean" cleans it. Each draft has \
            category = "": the file does not load until every category is filled in.
            """)

    @Argument(help: "Input files or folders, routed as run routes them.", completion: .file())
    var files: [String] = []

    @Option(
        name: [.short, .customLong("source")], help: "A source: NAME[:VALUE][,key=value...], as for run.",
        completion: PluginNameCompletion.sources)
    var sources: [String] = []

    @Option(
        help: "A rules file (TOML) to apply first: only what it leaves uncategorised is grouped; repeatable.",
        completion: .file(extensions: ["toml"]))
    var rules: [String] = []

    @Option(help: "Draft rules for this many of the biggest groups (default 10).")
    var top: Int = 10

    // This and --profiles: arrays that only catch a second value (`refuseRepeated`).
    @Option(name: [.short, .customLong("output")], help: "Write the drafts to FILE (atomically), not stdout.")
    var output: [String] = []

    @Option(
        help: "A folder of bank profiles for csv files (default: TXFEED_PROFILES, else ~/.config/txfeed/profiles).",
        completion: .directory)
    var profiles: [String] = []

    @Option(name: .customLong("plugin-path"), help: "A folder to look for plugins in.", completion: .directory)
    var pluginPaths: [String] = []

    @Option(parsing: .unconditional, help: "Seconds every source gets before it is asked to stop (default 30).")
    var timeout: Double?

    @Flag(name: [.short, .long], help: "Print only problems and the count line.")
    var quiet = false

    func validate() throws {
        guard !files.isEmpty || !sources.isEmpty else { throw ValidationError("name a file or folder to read") }
        guard top >= 1 else { throw ValidationError("--top \(top): expected 1 or more groups") }
    }

    func run() throws {
        try refuseRepeated(["-o": output, "--profiles": profiles], because: "it names one file or folder")
        var request = RunRequest()
        request.files = files
        request.sources = sources
        request.rulesFiles = rules
        request.pluginPaths = pluginPaths
        request.timeout = timeout
        request.transfers = false
        request.progress = false
        request.quiet = quiet
        try ProfilesFolder.use(profiles.first)
        var plan: RunPlan
        do {
            plan = try RunPlan.make(request, pluginHost: PluginHostChild.executable())
        } catch {
            throw usageFailure("\(error)")
        }
        for warning in plan.warnings { StandardStreams.error("txfeed: warning: \(warning)\n") }
        // No sink: the feed comes back. Without --rules, no rule categorises anything, and
        // every record stays in memory (as rules need).
        plan.sinks = []
        if plan.rules == nil { plan.rules = RuleSet() }
        var input = RunInput(plan: plan)
        input.keepsFeed = true
        let result = Runner.run(input)
        guard let feed = result.feed, result.outcome == .complete || result.outcome == .partial else {
            throw ExitStatusError(status: ExitStatus(result.outcome))
        }
        let suggestions = RuleSuggestions(records: RuleSuggestions.uncategorised(in: feed))
        let draft = suggestions.draft(top: top)
        if let output = output.first {
            do {
                let file = try AtomicFile(path: output, unfinished: UnfinishedFileRegistry.shared)
                file.writer.write(draft)
                try file.commit()
            } catch {
                throw failure("-o \(error); nothing written", status: .nothingWritten)
            }
        } else {
            StandardStreams.output(draft)
        }
        StandardStreams.error("txfeed: rules suggest: \(suggestions.summary(top: top))\n")
        let status = ExitStatus(result.outcome)
        if status != .success { throw ExitStatusError(status: status) }
    }
}
