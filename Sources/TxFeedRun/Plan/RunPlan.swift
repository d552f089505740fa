import CJansson
import Foundation

/// Where a sink's output goes and what writes it.
public struct SinkPlan: Sendable {
    public enum Kind: Sendable, Equatable {
        case text, json, ndjson, csv
        /// A sink plugin (``plugin``), loaded like a source plugin.
        case plugin

        /// The options each built-in sink accepts (besides `path`).
        var options: [String] {
            switch self {
            case .csv: return ["bom"]
            case .text, .json, .ndjson, .plugin: return []
            }
        }
    }

    public var kind: Kind
    /// nil: stdout.
    public var path: String?
    public var options: [String: String]
    /// For ``Kind/plugin``: the loaded sink plugin and its checked options (see PluginSink.swift).
    public var plugin: LoadedPlugin?
    public var pluginOptions: [(key: String, value: String)] = []

    /// A sink's yes/no option (`bom=true`): true/false, yes/no or 1/0 in any case; nil for
    /// anything else, which the plan refuses rather than read as "no".
    public static func flag(_ value: String) -> Bool? {
        switch value.lowercased() {
        case "true", "yes", "1": return true
        case "false", "no", "0": return false
        default: return nil
        }
    }

    /// `-o out.csv` picks the sink from the extension.
    public static func kind(forExtensionOf path: String) -> Kind? {
        let ext = path.split(separator: ".").count > 1 ? path.split(separator: ".").last!.lowercased() : ""
        switch ext {
        case "csv": return .csv
        case "json": return .json
        case "ndjson", "jsonl": return .ndjson
        case "txt", "text": return .text
        default: return nil
        }
    }

    static func kind(named name: String) -> Kind? {
        switch name {
        case "text": return .text
        case "json": return .json
        case "ndjson": return .ndjson
        case "csv": return .csv
        default: return nil
        }
    }
}

/// Everything a run needs, checked before any source runs: a mistake here is exit 2.
public struct RunPlan: Sendable {
    public var sources: [SourceConfiguration] = []
    public var sinks: [SinkPlan] = []
    public var timeout: Double = 30
    public var palette: Palette = .legacy
    public var timeZone: TimeZone?
    public var strict = false
    public var rejectsFile: String?
    public var colour: ColourMode = .auto
    public var progress = true
    public var threads: Int?
    public var searchPath = PluginSearchPath(folders: [])

    /// Builds the plan: the config file first, then the flags added to it.
    /// - Throws: ``UsageError`` or ``PluginLoadError`` (both exit 2).
    public static func make(_ request: RunRequest, environment: String? = ProcessInfo.processInfo.environment["TXFEED_PLUGIN_PATH"]) throws -> RunPlan {
        var plan = RunPlan()
        var sourceEntries: [(plugin: String, name: String?, options: [(key: String, value: String)]?, spec: SourceSpec?)] = []
        var sinkEntries: [(name: String, path: String?, options: [(key: String, value: String)], plugin: LoadedPlugin?)] = []
        var pluginPaths = request.pluginPaths

        if let file = request.configFile {
            let config = try ConfigFile(path: file)
            pluginPaths = config.pluginPaths + pluginPaths
            for s in config.sources { sourceEntries.append((s.plugin, s.name, s.options, nil)) }
            for s in config.sinks { sinkEntries.append((s.sink, s.path, s.options, nil)) }
            if let t = config.timeout { plan.timeout = t }
            if let p = config.palette { plan.palette = try palette(p) }
            if let tz = config.timeZone { plan.timeZone = try timeZone(tz) }
            if let strict = config.strict { plan.strict = strict }
            if let rejects = config.rejects { plan.rejectsFile = rejects }
        }
        // An empty folder or file name is a mistake (an unset variable, say), never "here".
        if pluginPaths.contains("") { throw UsageError("--plugin-path is empty; name a folder") }
        plan.searchPath = .standard(explicit: pluginPaths, environment: environment)

        for file in request.files { sourceEntries.append(("fixture", nil, [("path", file)], nil)) }
        for text in request.sources {
            let spec = try SourceSpec(parsing: text)
            sourceEntries.append((spec.plugin, nil, nil, spec))
        }
        guard !sourceEntries.isEmpty else {
            throw UsageError("no sources: give a FILE, -s SPEC or --config FILE (try: txfeed run samples/accounts/checking.json)")
        }

        // Load every plugin and check every option before anything runs.
        var uses: [String: Int] = [:]
        for entry in sourceEntries {
            let plugin = try plan.searchPath.load(entry.plugin, kind: .source)
            var options = try entry.spec?.options(mainOption: plugin.mainOption?.name) { key in
                key == "name" || plugin.options.contains { $0.accepts(key) }
            } ?? entry.options ?? []
            var name = entry.name
            if let n = options.firstIndex(where: { $0.key == "name" }) {
                name = options[n].value
                options.remove(at: n)
            }
            try checkOptions(options, of: plugin)
            if let given = name, given.trimmingCharacters(in: .whitespaces).isEmpty {
                throw UsageError("source '\(plugin.name)': name= is empty; the name fills the source column, so give it one (or leave name= out)")
            }
            if name == nil {
                uses[plugin.name, default: 0] += 1
                let n = uses[plugin.name]!
                name = n == 1 ? plugin.name : "\(plugin.name)#\(n)"
            }
            plan.sources.append(SourceConfiguration(name: name!, plugin: plugin, options: options))
        }
        let names = plan.sources.map(\.name)
        if let repeated = names.first(where: { n in names.filter { $0 == n }.count > 1 }) {
            throw UsageError("two sources are named '\(repeated)'; give each its own name=")
        }

        // Sinks: --sink specs, paired in order with -o paths when the counts match.
        for text in request.sinks {
            let spec = try SourceSpec(parsing: text)
            // A name that is not a built-in sink is a sink plugin (PluginSink.swift).
            if SinkPlan.kind(named: spec.plugin) == nil {
                sinkEntries.append(try SinkPlan.pluginEntry(spec, searchPath: plan.searchPath))
                continue
            }
            let options = try spec.options(mainOption: nil) { _ in true }
            sinkEntries.append((spec.plugin, options.first { $0.key == "path" }?.value, options.filter { $0.key != "path" }, nil))
        }
        for i in sinkEntries.indices where sinkEntries[i].plugin == nil && SinkPlan.kind(named: sinkEntries[i].name) == nil {
            sinkEntries[i].plugin = try SinkPlan.loadPlugin(sinkEntries[i].name, searchPath: plan.searchPath)
        }
        var outputs = request.outputs
        let unpaired = sinkEntries.indices.filter {
            sinkEntries[$0].path == nil && !request.sinks.isEmpty && (sinkEntries[$0].plugin.map(SinkPlan.takesPath) ?? true)
        }
        if !outputs.isEmpty && unpaired.count == outputs.count {
            for (i, path) in zip(unpaired, outputs) { sinkEntries[i].path = path }
            outputs = []
        }
        for path in outputs {
            guard let kind = SinkPlan.kind(forExtensionOf: path) else {
                throw UsageError("-o \(path): cannot tell the format from the extension (use .csv, .json, .ndjson or .txt, or --sink)")
            }
            sinkEntries.append(("\(kind)", path, [], nil))
        }
        if sinkEntries.isEmpty { sinkEntries.append(("text", nil, [], nil)) }
        // Two feeds one after the other on stdout, or one file written twice, is never what
        // anyone wants: say so before anything runs. (A sink plugin without a path writes
        // wherever it likes, so it is left out.)
        let toStdout = sinkEntries.filter { $0.path == nil && $0.plugin == nil }.map(\.name)
        if toStdout.count > 1 {
            throw UsageError("\(toStdout.count) sinks would write to stdout (\(toStdout.joined(separator: ", "))): give all but one a file with -o FILE or path=FILE")
        }
        var seenPaths: Set<String> = []
        for path in sinkEntries.compactMap(\.path) where !seenPaths.insert(Paths.absolute(path)).inserted {
            throw UsageError("two sinks would write the same file \(path)")
        }
        for entry in sinkEntries {
            if entry.path?.isEmpty == true { throw UsageError("sink '\(entry.name)': the path is empty") }
            if let plugin = entry.plugin {
                plan.sinks.append(try SinkPlan.plugin(plugin, path: entry.path, options: entry.options))
                continue
            }
            guard let kind = SinkPlan.kind(named: entry.name) else {
                throw UsageError("unknown sink '\(entry.name)'; sinks: text, json, ndjson, csv")
            }
            var options: [String: String] = [:]
            for (key, value) in entry.options {
                guard kind.options.contains(key) else {
                    let valid = (["path"] + kind.options).joined(separator: ", ")
                    throw UsageError("sink '\(entry.name)': unknown option '\(key)'; valid options: \(valid)")
                }
                if key == "bom" && SinkPlan.flag(value) == nil {
                    throw UsageError("sink '\(entry.name)': bom must be true or false, not '\(value)'")
                }
                options[key] = value
            }
            plan.sinks.append(SinkPlan(kind: kind, path: entry.path, options: options))
        }

        if let t = request.timeout {
            guard t > 0, t.isFinite else { throw UsageError("--timeout must be a positive number of seconds") }
            plan.timeout = t
        }
        if let p = request.palette { plan.palette = try palette(p) }
        if let tz = request.timeZone { plan.timeZone = try timeZone(tz) }
        if request.strict { plan.strict = true }
        if let r = request.rejectsFile { plan.rejectsFile = r }
        if plan.rejectsFile?.isEmpty == true { throw UsageError("--rejects is empty; name a file") }
        if let threads = request.threads {
            guard threads >= 1 else { throw UsageError("--threads must be 1 or more") }
            plan.threads = threads
        }
        plan.colour = request.colour
        plan.progress = request.progress
        return plan
    }

    /// Refuses options the plugin does not declare, except `{placeholders}` used by another
    /// option's value. Sources and sinks alike; a source also takes the host's `name`.
    static func checkOptions(_ options: [(key: String, value: String)], of plugin: LoadedPlugin) throws(UsageError) {
        for (key, _) in options where !plugin.options.contains(where: { $0.accepts(key) }) {
            let placeholder = "{\(key)}"
            if options.contains(where: { $0.key != key && $0.value.contains(placeholder) }) { continue }
            let names = plugin.options.map(\.name) + (plugin.kind == .source ? ["name"] : [])
            throw UsageError("\(plugin.kind) '\(plugin.name)': unknown option '\(key)'; valid options: \(names.isEmpty ? "none" : names.joined(separator: ", "))")
        }
    }

    static func palette(_ text: String) throws(UsageError) -> Palette {
        do { return try Palette(parsing: text) } catch { throw UsageError("--palette: \(error)") }
    }

    static func timeZone(_ name: String) throws(UsageError) -> TimeZone {
        guard let zone = DayFormat.timeZone(named: name) else {
            throw UsageError("--tz: unknown time zone '\(name)' (use an IANA name such as Europe/Berlin, or UTC)")
        }
        return zone
    }
}
