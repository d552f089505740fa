import Foundation
import TxFeedModel
import TxFeedOutput
import TxFeedPipeline
import TxFeedPluginHost
import TxFeedRules

/// Everything a run needs, checked before any source runs: a mistake here is a usage error.
public struct RunPlan: Sendable {
    public var sources: [SourcePlan] = []
    public var sinks: [SinkPlan] = []
    public var timeout: Double = 30
    public var palette: Palette = .legacy
    public var timeZone: TimeZone?
    public var strict = false
    public var rejectsFile: String?
    /// Keep one record of each identity in each account (`--dedupe`, `"dedupe": true`).
    public var dedupe = false
    public var duplicatesFile: String?
    /// `--skipped FILE`: the records sources left out because the money never moved.
    public var skippedFile: String?
    /// `--state FILE` (implies `dedupe`).
    public var stateFile: String?
    /// Seconds to wait for another run holding the state file's lock.
    public var stateWait: Double = 60
    /// With `--state`: the most days from a pending record to its booked one, and how long an
    /// unbooked one is kept (`--pending-window`).
    public var pendingWindow: Int64 = 10
    /// With `--state`: the most a booked amount may differ from its pending one, in percent of
    /// it (`--pending-tolerance`).
    public var pendingTolerance = 0
    public var colour: ColourMode = .auto
    public var progress = true
    public var threads: Int?
    /// `-v`: plugins' debug log lines too.
    public var verbose = false
    /// `-q`: only problems on stderr.
    public var quiet = false
    public var searchPath = PluginSearchPath(folders: [])
    /// `--shard I/N`: this run is one part of a larger one.
    public var shard: Shard?
    /// Where source plugins run (`--isolation`, `"isolation"`).
    public var isolation: Isolation = .process
    /// Bytes of address space each plugin host child may use (`--plugin-memory`), or nil.
    public var pluginMemory: Int?
    /// The plugin host children that loaded the plan's source plugins and will run them; nil
    /// when they run in this process.
    public var pluginHosts: PluginChildPool?
    /// `--memory`, `--temp-dir`: past the budget, records spill to sorted runs on disk.
    public var memory = MemoryBudget()
    /// `--rules FILE` and the config file's `"rules"`, read and checked; nil without any.
    public var rules: RuleSet?
    /// `--explain`: each record names the rule that set each field (needs rules).
    public var explain = false
    /// `--transfers` (the default) and `--transfer-window DAYS`: link the money moved between
    /// the run's own accounts; nil with `--no-transfers`.
    public var transferWindow: Int64? = 4
    /// Worth saying before the run, but no reason to refuse it.
    public var warnings: [String] = []

    public init() {}

    /// Builds the plan: the config file first, then the flags added to it.
    /// - Parameters:
    ///   - pluginHost: the executable that hosts plugins in child processes (txfeed itself);
    ///     without one, source plugins load and run in this process whatever the isolation.
    /// - Throws: ``UsageError`` or ``PluginLoadError``, both found before anything runs.
    public static func make(
        _ request: RunRequest, pluginHost: String? = nil,
        environment: String? = ProcessInfo.processInfo.environment["TXFEED_PLUGIN_PATH"]
    ) throws -> RunPlan {
        var plan = RunPlan()
        let config = try request.configFile.map { path throws(UsageError) in try ConfigFile(path: path) }
        if let config { try plan.apply(config) }
        // The flags first: a FIFO among the sources is read by the run's --timeout, into --temp-dir.
        try plan.apply(request)
        let folders = (config?.pluginPaths ?? []) + request.pluginPaths
        // An empty folder name is a mistake (an unset variable, say), never "here".
        if folders.contains("") { throw UsageError("--plugin-path is empty; name a folder") }
        plan.searchPath = .standard(explicit: folders, environment: environment)
        // Plugins are loaded by the children that will run them: not even a library
        // constructor runs in txfeed's process.
        if (request.isolation ?? plan.isolation) == .process, let pluginHost {
            let hosts = PluginChildPool(executable: pluginHost)
            plan.pluginHosts = hosts
            plan.searchPath.loader = hosts
        }
        let streams = StreamCopies(folder: plan.memory.folder, timeout: plan.timeout)
        plan.sources = try SourcePlanner(searchPath: plan.searchPath, streams: streams).plan(
            config: config, request: request)
        if let shard = try request.shard.map({ text throws(UsageError) in try Shard(parsing: text) }) {
            try plan.keep(shard, config: config, request: request)
        } else {
            plan.sinks = try SinkPlanner(searchPath: plan.searchPath).plan(config: config, request: request)
        }
        if let window = request.transferWindow {
            guard window >= 0, window <= 366 else {
                throw UsageError("--transfer-window \(window): expected a number of days from 0 to 366")
            }
            plan.transferWindow = Int64(window)
        }
        // A part holds only some accounts: a transfer's halves may be in two parts, and two
        // parts would each number theirs from T1. The merge is then one run with --no-transfers.
        if !request.transfers || plan.shard != nil { plan.transferWindow = nil }
        let rulesFiles = (config?.rules ?? []) + request.rulesFiles
        if !rulesFiles.isEmpty {
            if plan.shard != nil {
                throw UsageError("--rules cannot be used with --shard yet: a part file has no place for categories")
            }
            if let setBy = plan.memory.setBy {
                throw UsageError(
                    "\(setBy) cannot be used with --rules: rules need every record in memory (leave \(setBy == "--memory" ? "--memory" : "\"memory\"") out)"
                )
            }
            plan.rules = try RuleSet.load(files: rulesFiles)
        }
        if request.explain {
            guard plan.rules != nil else {
                throw UsageError("--explain needs --rules: it names the rule that set each field")
            }
            plan.explain = true
        }
        if plan.shard != nil && plan.stateFile != nil {
            throw UsageError("--state cannot be used with --shard: each part would remember only its own sources")
        }
        try plan.checkOutputs()
        if let hosts = plan.pluginHosts {
            var sources: [String: Int] = [:]
            for source in plan.sources {
                if case .plugin(let plugin, _) = source.reader { sources[plugin.path, default: 0] += 1 }
            }
            // Their children start while the run is set up.
            hosts.ready(for: sources, handingOverPlanner: plan.pluginMemory == nil)
        }
        return plan
    }

    /// Every file the run writes, checked before any source runs as a shell checks its
    /// redirections: each can be written (its folder exists; a file's mode allows it), and no
    /// two outputs are the same file or both stdout. Two feeds one after the other on stdout,
    /// one file written twice, or a database with nowhere to go is never what anyone wants. A
    /// sink whose `-o` extension says another format than its explicit `--sink` is only a warning.
    private mutating func checkOutputs() throws(UsageError) {
        // SQLite and xlsx write a file they can seek in, never a stream.
        for sink in sinks where sink.path == nil {
            if case .builtIn(let builtIn) = sink.format, builtIn.writesFileOnly {
                let example = builtIn == .sqlite ? "FILE.db" : "FILE.\(builtIn.name)"
                throw UsageError(
                    "sink '\(builtIn.name)' needs a file: -o \(example) or --sink \(builtIn.name):path=FILE")
            }
        }
        let toStdout = sinks.filter(\.writesStandardOutput).map(\.format.name)
        if toStdout.count > 1 {
            throw UsageError(
                "\(toStdout.count) sinks would write to stdout (\(toStdout.joined(separator: ", "))): give all but one a file with -o FILE or path=FILE"
            )
        }
        // `sink` is the path as the sink was given it, for a sink's own file.
        var outputs: [(what: String, destination: OutputDestination, sink: String?)] = []
        for sink in sinks {
            guard let path = sink.path else {
                // A built-in sink without a path writes stdout, and so does a sink plugin that
                // declares `path`; one that does not writes where its options say.
                if sink.writesStandardOutput {
                    outputs.append(("sink '\(sink.format.name)'", .stream(path: "/dev/stdout"), nil))
                }
                continue
            }
            let destination = try OutputDestination.resolve(path)
            if case .builtIn(let builtIn) = sink.format {
                if builtIn.writesFileOnly && destination.isStream {
                    throw UsageError("sink '\(builtIn.name)' needs a regular file, not the stream \(path)")
                }
                if let named = SinkPlan.builtInName(forExtensionOf: path), named != builtIn.name, builtIn.name != "part"
                {
                    warnings.append("\(path): the extension says \(named), but the sink is \(builtIn.name)")
                }
            }
            outputs.append(("-o \(path)", destination, path))
        }
        if let path = rejectsFile { outputs.append(("--rejects \(path)", try OutputDestination.resolve(path), nil)) }
        if let path = duplicatesFile {
            outputs.append(("--duplicates \(path)", try OutputDestination.resolve(path), nil))
        }
        if let path = skippedFile { outputs.append(("--skipped \(path)", try OutputDestination.resolve(path), nil)) }
        if let path = stateFile {
            let destination = try OutputDestination.resolve(path)
            if destination.isStream { throw UsageError("--state \(path): a state file must be a regular file") }
            outputs.append(("--state \(path)", destination, nil))
        }
        // A file that is there is known by its device and inode: a hard link or a symlink to it
        // is the same file under another name.
        let identities = outputs.map { output in
            output.destination == .stream(path: "/dev/stdout")
                ? Paths.standardOutputIdentity() : Paths.fileIdentity(output.destination.path)
        }
        for (n, output) in outputs.enumerated() {
            if let earlier = outputs.indices.prefix(n).first(where: {
                outputs[$0].destination.path == output.destination.path
                    || (identities[$0] != nil && identities[$0] == identities[n])
            }).map({ outputs[$0] }) {
                if earlier.sink != nil, let path = output.sink {
                    throw UsageError("two sinks would write the same file \(path)")
                }
                throw UsageError(
                    "\(earlier.what) and \(output.what) would both write \(output.destination.path): give each its own")
            }
        }
    }

    /// `--shard I/N`: only the sources of that part, written as one part file (`-o PART`, or
    /// stdout) for `txfeed merge`.
    private mutating func keep(_ shard: Shard, config: ConfigFile?, request: RunRequest) throws(UsageError) {
        guard request.sinks.isEmpty, (config?.sinks ?? []).isEmpty, request.outputs.count <= 1 else {
            throw UsageError(
                "--shard writes one part file for txfeed merge: give -o PART or nothing (stdout), no --sink; the sinks are merge's"
            )
        }
        let kept = sources.indices.filter { shard.contains(sourceNamed: sources[$0].name) }
        let run = PartRun(names: sources.map(\.name))
        sources = kept.map { sources[$0] }
        sinks = [
            SinkPlan(
                format: .builtIn(.part(shard: shard.index, of: shard.count, sourceIndexes: kept, run: run)),
                path: request.outputs.first)
        ]
        self.shard = shard
    }

    /// The config file's settings; flags given too override them (``apply(_:)-request``).
    private mutating func apply(_ config: ConfigFile) throws(UsageError) {
        if let t = config.timeout { timeout = t }
        if let p = config.palette { palette = try Self.palette(p, from: "\(config.file): palette") }
        if let tz = config.timeZone { timeZone = try Self.timeZone(tz, from: "\(config.file): tz") }
        if let strict = config.strict { self.strict = strict }
        if let rejects = config.rejects { rejectsFile = rejects }
        if let dedupe = config.dedupe { self.dedupe = dedupe }
        if let duplicates = config.duplicates { duplicatesFile = duplicates }
        if let skipped = config.skipped { skippedFile = skipped }
        if let state = config.state { stateFile = state }
        if let wait = config.stateWait { stateWait = wait }
        if let isolation = config.isolation { self.isolation = isolation }
        if let memory = config.pluginMemory { pluginMemory = try Self.pluginMemory(memory, "\"plugin-memory\"") }
        if let text = config.memory {
            memory.bytes = try MemoryBudget.parse(text, name: "the config file's \"memory\"")
            memory.setBy = "the config file's \"memory\""
        }
        if let folder = config.tempDirectory { memory.directory = folder }
    }

    private mutating func apply(_ request: RunRequest) throws(UsageError) {
        if let t = request.timeout {
            guard t > 0, t.isFinite else { throw UsageError("--timeout must be a positive number of seconds") }
            timeout = t
        }
        if let p = request.palette { palette = try Self.palette(p) }
        if let tz = request.timeZone { timeZone = try Self.timeZone(tz) }
        if request.strict { strict = true }
        if let r = request.rejectsFile { rejectsFile = r }
        if rejectsFile?.isEmpty == true { throw UsageError("--rejects is empty; name a file") }
        if request.dedupe { dedupe = true }
        if let d = request.duplicatesFile { duplicatesFile = d }
        if duplicatesFile?.isEmpty == true { throw UsageError("--duplicates is empty; name a file") }
        if let s = request.skippedFile { skippedFile = s }
        if skippedFile?.isEmpty == true { throw UsageError("--skipped is empty; name a file") }
        if let state = request.stateFile { stateFile = state }
        if stateFile?.isEmpty == true { throw UsageError("--state is empty; name a file") }
        if let wait = request.stateWait {
            guard wait >= 0, wait.isFinite else { throw UsageError("--state-wait must be 0 or more seconds") }
            stateWait = wait
        }
        if let window = request.pendingWindow {
            guard stateFile != nil || dedupe else { throw UsageError("--pending-window needs --state or --dedupe") }
            guard window >= 0, window <= 366 else {
                throw UsageError("--pending-window \(window): expected a number of days from 0 to 366")
            }
            pendingWindow = Int64(window)
        }
        if let text = request.pendingTolerance {
            guard stateFile != nil || dedupe else { throw UsageError("--pending-tolerance needs --state or --dedupe") }
            let digits = text.hasSuffix("%") ? text.dropLast() : text[...]
            guard let percent = Int(digits), percent >= 0, percent <= 100 else {
                throw UsageError("--pending-tolerance '\(text)': expected a percentage from 0% to 100%, such as 20%")
            }
            pendingTolerance = percent
        }
        // A state file drops what earlier runs imported, and a run's own copies with it.
        if stateFile != nil { dedupe = true }
        // Without --dedupe nothing is dropped, so the file could only ever be empty.
        if duplicatesFile != nil && !dedupe { throw UsageError("--duplicates needs --dedupe (or --state)") }
        if let threads = request.threads {
            guard threads >= 1 else { throw UsageError("--threads must be 1 or more") }
            self.threads = threads
        }
        if let isolation = request.isolation { self.isolation = isolation }
        if let memory = request.pluginMemory { pluginMemory = try Self.pluginMemory(memory, "--plugin-memory") }
        if pluginMemory != nil && isolation == .inProcess {
            throw UsageError("--plugin-memory limits a plugin's own process: it needs --isolation process")
        }
        try applyMemory(request)
        colour = request.colour
        if request.quiet && request.verbose { throw UsageError("-q and -v ask for opposite things; choose one") }
        quiet = request.quiet
        progress = request.progress && !quiet
        verbose = request.verbose
    }

    /// At least 64 MiB: the plugin host itself needs some (the Swift runtime, thread stacks).
    static func pluginMemory(_ text: String, _ name: String) throws(UsageError) -> Int {
        guard let bytes = ByteSize.parse(text), bytes >= 64 << 20 else {
            throw UsageError("\(name) must be a size of at least 64M, such as 512M or 2G (got '\(text)')")
        }
        return bytes
    }

    /// `--memory` and `--temp-dir`: the folder must exist and be writable now, not when the
    /// first run is written halfway through the sources.
    private mutating func applyMemory(_ request: RunRequest) throws(UsageError) {
        if let text = request.memory {
            memory.bytes = try MemoryBudget.parse(text)
            memory.setBy = "--memory"
        }
        if let setBy = memory.setBy, dedupe {
            throw UsageError(
                "\(setBy) cannot be used with \(stateFile != nil ? "--state" : "--dedupe"): finding duplicates needs every record in memory (leave \(setBy == "--memory" ? "--memory" : "\"memory\"") out)"
            )
        }
        if let folder = request.tempDirectory {
            guard !folder.isEmpty else { throw UsageError("--temp-dir is empty; name a folder") }
            memory.directory = folder
        }
        let folder = memory.folder
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue,
            access(folder, W_OK | X_OK) == 0
        else {
            throw UsageError("--temp-dir: \(folder) is not a folder this user can write to")
        }
    }

    /// - Parameters:
    ///   - setting: where the value was given, for the message: the flag, or the config file's key.
    static func palette(_ text: String, from setting: String = "--palette") throws(UsageError) -> Palette {
        do { return try Palette(parsing: text) } catch { throw UsageError("\(setting): \(error)") }
    }

    static func timeZone(_ name: String, from setting: String = "--tz") throws(UsageError) -> TimeZone {
        guard let zone = DayFormat.timeZone(named: name) else {
            throw UsageError(
                "\(setting): unknown time zone '\(name)' (use an IANA name such as Europe/Berlin, or UTC)")
        }
        return zone
    }
}

/// A source ready to run: its name in the feed, and what reads it.
public struct SourcePlan: Sendable {
    public var name: String
    public var reader: Reader

    public enum Reader: Sendable {
        /// A loaded plugin with its options, in the order given, checked against its declaration.
        case plugin(LoadedPlugin, options: [(key: String, value: String)])
        /// A folder entry nothing can read: the run reports it as a failed source, with why.
        case unreadable(reason: String)
    }

    public init(name: String, reader: Reader) {
        self.name = name
        self.reader = reader
    }
}

/// The options a plugin declares, checked the same way for sources and sinks.
enum PluginOptions {
    /// Refuses options the plugin does not declare, except `{placeholders}` used by another
    /// option's value. A source also takes the host's `name`.
    static func check(_ options: [(key: String, value: String)], of plugin: LoadedPlugin) throws(UsageError) {
        for (key, _) in options where !plugin.options.contains(where: { $0.accepts(key) }) {
            let placeholder = "{\(key)}"
            if options.contains(where: { $0.key != key && $0.value.contains(placeholder) }) { continue }
            let names = plugin.options.map(\.name) + (plugin.kind == .source ? ["name"] : [])
            throw UsageError(
                "\(plugin.kind) '\(plugin.name)': unknown option '\(key)'; valid options: \(names.isEmpty ? "none" : names.joined(separator: ", "))"
            )
        }
    }
}
