import ArgumentParser
import Dispatch
import Glibc
import Synchronization
import TxFeedOutput
import TxFeedPipeline
import TxFeedRun

/// `run`: its options, and running once.
typealias RunCommand = RunOptions<RunningOnce>

/// What `run` is for; `watch` holds the same options for its refreshes.
enum RunningOnce {}
enum Refreshing {}

/// Every option of `run`, which `watch` takes too. Declared on the command itself, not as an
/// option group of it: a debug build's ArgumentParser validates an option group again for each
/// of its parent's properties, which made each debug `txfeed run` start 2.8× as costly. Generic
/// so that `watch`'s group is a type of its own: a command of the tree held as another's group
/// lends its name to that one's usage line (`txfeed run watch`).
struct RunOptions<Use>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "run",
            abstract: "Run the sources, wait for all of them, and write the merged feed.",
            discussion: """
                Examples:
                  txfeed statement.ofx bank.csv -o feed.csv
                  txfeed run -s random-users:seed=7,users=3 --sink json

                A SPEC is NAME[:VALUE][,key=value...]: the plugin, its main option's value, then its \
                other options (txfeed plugins list shows them).

                Exit status: 0 every source succeeded and nothing was rejected; 3 written, but a source \
                failed or records were rejected; 1 nothing written (every source failed, a sink failed, \
                or --strict met a failure); 2 usage or configuration error, found before any source ran.
                """)
    }

    @Argument(
        help: "Input files or folders; each file goes to the source plugin that reads it (-s NAME:FILE forces one).",
        completion: .file())
    var files: [String] = []

    @Option(
        name: [.short, .customLong("source")],
        help: "A source: NAME[:VALUE][,key=value...], or a path to a plugin .so.",
        completion: PluginNameCompletion.sources)
    var sources: [String] = []

    @Option(
        name: .customLong("sink"),
        help: "A sink: text (default), json, ndjson, csv[,bom=true], sqlite, xlsx, or a sink plugin.",
        completion: PluginNameCompletion.sinks)
    var sinks: [String] = []

    @Option(
        name: [.short, .customLong("output")], help: "Write to PATH (atomically); the sink follows the extension.",
        completion: .file())
    var outputs: [String] = []

    // This and the other options that name one file or folder (--profiles, --rejects, --skipped,
    // --duplicates, --state) are arrays that only catch a second value: see `refuseRepeated`.
    @Option(
        name: [.short, .customLong("config")], help: "A pipeline config file (JSON); flags add to it.",
        completion: .file(extensions: ["json"]))
    var config: [String] = []

    @Option(
        name: .customLong("plugin-path"),
        help: "A folder to look for plugins in, before TXFEED_PLUGIN_PATH and the built-in ones.",
        completion: .directory)
    var pluginPaths: [String] = []

    @Option(
        help: "A folder of bank profiles for csv files (default: TXFEED_PROFILES, else ~/.config/txfeed/profiles).",
        completion: .directory)
    var profiles: [String] = []

    // Unconditional, so that `--timeout -1` reaches the check that says what is allowed,
    // instead of reading as a flag.
    @Option(parsing: .unconditional, help: "Seconds every source gets before it is asked to stop (default 30).")
    var timeout: Double?

    @Flag(help: "Any failed source or rejected record: write nothing, exit 1.")
    var strict = false

    @Option(help: "Write every rejected record with its reason to FILE (NDJSON).", completion: .file())
    var rejects: [String] = []

    @Flag(help: "Keep one record of each identity (bank id, else fingerprint) in each account: the first.")
    var dedupe = false

    @Option(
        help: "Write every record --dedupe dropped, with what it duplicated, to FILE (NDJSON).", completion: .file())
    var duplicates: [String] = []

    @Option(
        help:
            "Write every record left out because its file says the money never moved (declined, reverted) to FILE (NDJSON).",
        completion: .file())
    var skipped: [String] = []

    @Option(
        help:
            "A SQLite file that remembers what earlier runs imported: write only what it has not seen, then remember it.",
        completion: .file())
    var state: [String] = []

    @Option(help: "Seconds to wait for another run using the same --state file (default 60).")
    var stateWait: Double?

    @Option(
        help: ArgumentHelp(
            "With --state or --dedupe: the most days from a pending record to the booked one that replaces it; with --state, how long one is kept unbooked (default 10).",
            valueName: "days"))
    var pendingWindow: Int?

    @Option(
        help: ArgumentHelp(
            "With --state or --dedupe: how far a booked amount may differ from its pending one, as a percentage such as 20% (default 0: exactly).",
            valueName: "percent"))
    var pendingTolerance: String?

    @Option(
        help: "A rules file (TOML) that gives records categories, clean vendors and tags; repeatable, in order.",
        completion: .file(extensions: ["toml"]))
    var rules: [String] = []

    @Flag(help: "With --rules: each record in NDJSON and JSON names the rule that set each field (\"explain\").")
    var explain = false

    @Flag(
        inversion: .prefixedNo,
        help: "Link a debit in one of the run's accounts and the same credit in another as one transfer (default on).")
    var transfers = true

    @Option(help: ArgumentHelp("The most days between a transfer's two halves (default 4).", valueName: "days"))
    var transferWindow: Int?

    @Option(help: "Run only part I of N of the sources (I from 0) and write it for `txfeed merge` (-o PART).")
    var shard: String?

    @Option(help: "Vendor colours: legacy, or hashed[:seed=N].")
    var palette: String?

    @Option(help: "Time zone for days (IANA name); UTC by default.")
    var tz: String?

    @Option(help: "Colour in the text view: auto, always or never.")
    var color: ColourMode = .auto

    @Flag(help: "No progress display on stderr.")
    var noProgress = false

    @Flag(name: [.short, .long], help: "Show plugins' debug log lines too.")
    var verbose = false

    @Flag(name: [.short, .long], help: "Print only problems: no progress, no ok lines, no plugin info.")
    var quiet = false

    @Option(help: "Threads for decoding large documents and writing a large feed's rows (default: one per core).")
    var threads: Int?

    @Option(
        help: ArgumentHelp(
            "Where source plugins run: process (each in a child process, the default) or in-process.",
            valueName: "process|in-process"))
    var isolation: Isolation?

    @Option(help: ArgumentHelp("Memory each plugin's process may use (e.g. 512M, 2G).", valueName: "size"))
    var pluginMemory: String?

    @Option(help: "Memory for the records before they spill to sorted temporary files: 512M, 2G (default: 1G).")
    var memory: String?

    @Option(
        help: "Folder for the spilled records' temporary files (default: $TMPDIR, else /tmp).", completion: .directory)
    var tempDir: String?

    func run() throws {
        try refuseRepeatedFiles()
        let ownsTheProcess = TxFeedCommand.ownsTheProcess.load(ordering: .relaxed)
        // Ctrl-C, even while planning waits for a FIFO's writer: put the terminal back, leave
        // no half-written file, then die of the signal as any interrupted program does.
        let drawing = Mutex<(any RunProgress)?>(nil)
        if ownsTheProcess {
            StopSignals.block()
            StopSignals.listen { signal in
                drawing.withLock { $0 }?.finished()
                StopSignals.die(of: signal)
            }
        }
        var input = RunInput(plan: try plan())
        let progress = input.plan.liveProgress()
        drawing.withLock { $0 = progress }
        input.progress = progress
        input.unfinished = UnfinishedFileRegistry.shared
        input.endsTheProcess = ownsTheProcess
        let status = ExitStatus(Runner.run(input).outcome)
        if status != .success { throw ExitStatusError(status: status) }
    }

    var request: RunRequest {
        var r = RunRequest()
        r.files = files
        r.sources = sources
        r.sinks = sinks
        r.outputs = outputs
        r.configFile = config.first
        r.pluginPaths = pluginPaths
        r.timeout = timeout
        r.strict = strict
        r.rejectsFile = rejects.first
        r.dedupe = dedupe
        r.duplicatesFile = duplicates.first
        r.skippedFile = skipped.first
        r.stateFile = state.first
        r.stateWait = stateWait
        r.pendingWindow = pendingWindow
        r.pendingTolerance = pendingTolerance
        r.rulesFiles = rules
        r.explain = explain
        r.transfers = transfers
        r.transferWindow = transferWindow
        r.shard = shard
        r.palette = palette
        r.timeZone = tz
        r.colour = color
        r.progress = !noProgress
        r.verbose = verbose
        r.quiet = quiet
        r.threads = threads
        r.isolation = isolation
        r.pluginMemory = pluginMemory
        r.memory = memory
        r.tempDirectory = tempDir
        return r
    }

    /// Refuses an option that names one file given twice (exit 2); before the command takes the
    /// process's signals, so that a test may check it in its own process.
    func refuseRepeatedFiles() throws {
        try refuseRepeated(
            [
                "--config": config, "--profiles": profiles, "--rejects": rejects, "--skipped": skipped,
                "--duplicates": duplicates, "--state": state,
            ], because: "it names one file or folder")
    }

    /// Loads and checks everything; a mistake is exit 2 before any source runs.
    func plan() throws -> RunPlan {
        try ProfilesFolder.use(profiles.first)
        let plan: RunPlan
        do {
            plan = try RunPlan.make(request, pluginHost: PluginHostChild.executable())
        } catch {
            throw usageFailure("\(error)")
        }
        for warning in plan.warnings { StandardStreams.error("txfeed: warning: \(warning)\n") }
        return plan
    }
}

extension ColourMode: ExpressibleByArgument {}
extension Isolation: ExpressibleByArgument {}

struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Run again on a timer, on SIGHUP, or on Enter; Ctrl-C or SIGTERM stops (exit 0).")

    @OptionGroup var options: RunOptions<Refreshing>

    @Option(help: "How often to refresh: N ms, s, m or h (default 60s).")
    var every: String = "60s"

    func run() throws {
        // A bad --every is known before any plugin is loaded (and before the signals are
        // txfeed's: a test may check it in its own process).
        let interval: Double
        do { interval = try Watcher.parseDuration(every) } catch { throw usageFailure("\(error)") }
        try options.refuseRepeatedFiles()
        StopSignals.block()
        // Until the watcher is there (planning may wait for a FIFO's writer), a stop signal
        // ends txfeed as it ends a run.
        let watching = Mutex<Watcher?>(nil)
        StopSignals.listen { signal in
            guard let watcher = watching.withLock({ $0 }) else { StopSignals.die(of: signal) }
            switch signal {
            case SIGHUP: watcher.refresh()
            case SIGQUIT:
                // Quit means now, as from any program: no refresh finishes, nothing is committed.
                Watcher.showCursor()
                StopSignals.die(of: signal)
            default: watcher.stop()
            }
        }
        let plan = try options.plan()
        // Reading Enter from the terminal's background fails with EIO instead of stopping us.
        if isatty(0) != 0 { signal(SIGTTIN, SIG_IGN) }
        let watcher = Watcher(
            plan: plan, every: interval, unfinished: UnfinishedFileRegistry.shared
        ) {
            // A run still loading may take until its timeout: leave soon regardless (files are
            // only ever renamed into place whole, so none is half-written).
            DispatchQueue.global().asyncAfter(deadline: .now() + 1) {
                Watcher.showCursor()
                UnfinishedFileRegistry.shared.removeAll()
                Glibc.exit(0)
            }
        }
        watching.withLock { $0 = watcher }
        if watcher.run() == .refused { throw ExitStatusError(status: .usage) }
    }
}
