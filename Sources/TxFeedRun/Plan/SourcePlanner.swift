import Foundation
import TxFeedModel
import TxFeedPluginHost

/// The sources of a run, from the config file, bare FILE arguments and `-s SPEC`s, in that
/// order: every plugin loaded and every option checked before anything runs.
struct SourcePlanner {
    var searchPath: PluginSearchPath

    private struct Entry {
        var plugin: String
        var name: String?
        var options: [(key: String, value: String)]?
        var spec: SourceSpec?
    }

    func plan(config: ConfigFile?, request: RunRequest) throws -> [SourcePlan] {
        var entries = (config?.sources ?? []).map { Entry(plugin: $0.plugin, name: $0.name, options: $0.options) }
        entries += request.files.map { Entry(plugin: "fixture", options: [("path", $0)]) }
        for text in request.sources {
            let spec = try SourceSpec(parsing: text)
            entries.append(Entry(plugin: spec.plugin, spec: spec))
        }
        guard !entries.isEmpty else {
            throw UsageError(
                "no sources: give a FILE, -s SPEC or --config FILE (try: txfeed run samples/accounts/checking.json)")
        }
        var uses: [String: Int] = [:]
        var sources: [SourcePlan] = []
        for entry in entries {
            var source = try load(entry)
            if source.name.isEmpty {
                // The file's stem (`checking`), else the plugin's name; `#2`, `#3`… when repeated.
                let base =
                    source.options.last { $0.key == "path" }.flatMap { Paths.stem(of: $0.value) } ?? source.plugin.name
                uses[base, default: 0] += 1
                let n = uses[base]!
                source.name = n == 1 ? base : "\(base)#\(n)"
            }
            sources.append(source)
        }
        let names = sources.map(\.name)
        if let repeated = names.first(where: { n in names.filter { $0 == n }.count > 1 }) {
            throw UsageError("two sources are named '\(repeated)'; give each its own name=")
        }
        return sources
    }

    /// One source with its options checked; its name empty when none was given.
    private func load(_ entry: Entry) throws -> SourcePlan {
        let plugin = try searchPath.load(entry.plugin, kind: .source)
        var options =
            try entry.spec?.options(mainOption: plugin.mainOption?.name) { key in
                key == "name" || plugin.options.contains { $0.accepts(key) }
            } ?? entry.options ?? []
        var name = entry.name
        if let n = options.firstIndex(where: { $0.key == "name" }) {
            name = options[n].value
            options.remove(at: n)
        }
        try PluginOptions.check(options, of: plugin)
        if let given = name, given.trimmingCharacters(in: .whitespaces).isEmpty {
            throw UsageError(
                "source '\(plugin.name)': name= is empty; the name fills the source column, so give it one (or leave name= out)"
            )
        }
        return SourcePlan(name: name ?? "", plugin: plugin, options: options)
    }
}
