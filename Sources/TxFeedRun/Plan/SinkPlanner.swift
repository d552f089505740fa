import TxFeedModel
import TxFeedPluginHost

/// The sinks of a run, from the config file, `--sink SPEC`s and `-o PATH`s: `--sink`s pair
/// with `-o` paths in order when the counts match, a lone `-o` picks its sink by extension,
/// and with none of them the text view goes to stdout.
struct SinkPlanner {
    var searchPath: PluginSearchPath

    private struct Entry {
        var name: String
        var path: String?
        var options: [(key: String, value: String)]
        var plugin: LoadedPlugin?
    }

    func plan(config: ConfigFile?, request: RunRequest) throws -> [SinkPlan] {
        var entries = (config?.sinks ?? []).map { Entry(name: $0.sink, path: $0.path, options: $0.options) }
        for text in request.sinks { entries.append(try entry(SourceSpec(parsing: text))) }
        for i in entries.indices where entries[i].plugin == nil && SinkPlan.builtIn[entries[i].name] == nil {
            entries[i].plugin = try loadPlugin(entries[i].name)
        }
        var outputs = request.outputs
        let unpaired = entries.indices.filter {
            entries[$0].path == nil && !request.sinks.isEmpty && (entries[$0].plugin.map(SinkPlan.takesPath) ?? true)
        }
        if !outputs.isEmpty && unpaired.count == outputs.count {
            for (i, path) in zip(unpaired, outputs) { entries[i].path = path }
            outputs = []
        }
        for path in outputs {
            guard let name = SinkPlan.builtInName(forExtensionOf: path) else {
                throw UsageError(
                    "-o \(path): cannot tell the format from the extension (use .csv, .json, .ndjson, .txt, .db, .xlsx, .journal or .beancount, or --sink)"
                )
            }
            entries.append(Entry(name: name, path: path, options: []))
        }
        if entries.isEmpty { entries.append(Entry(name: "text", options: [])) }
        return try entries.map(plan)
    }

    /// `--sink NAME[:VALUE][,key=value...]`: a built-in sink, or else a sink plugin whose
    /// bare VALUE is its main option; `path` is the output path either way.
    private func entry(_ spec: SourceSpec) throws -> Entry {
        guard SinkPlan.builtIn[spec.plugin] == nil else {
            let options = try spec.options(mainOption: nil) { _ in true }
            return Entry(
                name: spec.plugin, path: options.first { $0.key == "path" }?.value,
                options: options.filter { $0.key != "path" })
        }
        let plugin = try loadPlugin(spec.plugin)
        let options = try spec.options(mainOption: plugin.mainOption?.name) { key in
            key == "path" || plugin.options.contains { $0.accepts(key) }
        }
        return Entry(
            name: spec.plugin, path: options.last { $0.key == "path" }?.value,
            options: options.filter { $0.key != "path" }, plugin: plugin)
    }

    /// The sink plugin for `NAME` (or a path containing `/`), through the same search path as
    /// sources; the descriptor's name must match and its kind must be sink.
    private func loadPlugin(_ name: String) throws -> LoadedPlugin {
        do {
            return try searchPath.load(name, kind: .sink)
        } catch {
            guard error.isNotFound else { throw error }
            throw UsageError(
                "unknown sink '\(name)': not a built-in sink (text, json, ndjson, csv, sqlite, xlsx, hledger, ledger, beancount) and \(error)"
            )
        }
    }

    private func plan(_ entry: Entry) throws(UsageError) -> SinkPlan {
        if entry.path?.isEmpty == true { throw UsageError("sink '\(entry.name)': the path is empty") }
        if let plugin = entry.plugin { return try SinkPlan.plugin(plugin, path: entry.path, options: entry.options) }
        guard let accepted = SinkPlan.builtIn[entry.name] else {
            throw UsageError(
                "unknown sink '\(entry.name)'; sinks: text, json, ndjson, csv, sqlite, xlsx, hledger, ledger, beancount"
            )
        }
        for (key, _) in entry.options where !accepted.contains(key) {
            let valid = (["path"] + accepted).joined(separator: ", ")
            throw UsageError("sink '\(entry.name)': unknown option '\(key)'; valid options: \(valid)")
        }
        let sink: SinkPlan.BuiltIn
        switch entry.name {
        case "json": sink = .json
        case "ndjson": sink = .ndjson
        case "csv":
            sink = .csv(
                try SinkPlan.csvDialect(entry.options, sink: entry.name),
                columns: try SinkPlan.columns(entry.options, sink: entry.name))
        case "sqlite": sink = .sqlite
        case "xlsx": sink = .xlsx(columns: try SinkPlan.columns(entry.options, sink: entry.name))
        case "hledger", "ledger": sink = .journal(.ledger)
        case "beancount": sink = .journal(.beancount)
        default: sink = .text
        }
        return SinkPlan(format: .builtIn(sink), path: entry.path)
    }
}
