import Foundation
import TxFeedModel
import TxFeedPluginHost

/// The sources of a run, from the config file, bare FILE arguments (routed by ``FileRouter``)
/// and `-s SPEC`s, in that order: every plugin loaded and every option checked before anything
/// runs.
struct SourcePlanner {
    var searchPath: PluginSearchPath

    private struct Entry {
        var plugin: String = ""
        var name: String?
        var options: [(key: String, value: String)]?
        var spec: SourceSpec?
        /// A routed FILE: its plugin, already loaded.
        var routed: LoadedPlugin?
        /// A routed FILE, or a folder entry nothing reads.
        var file: String?
        var unreadable: String?
    }

    func plan(config: ConfigFile?, request: RunRequest) throws -> [SourcePlan] {
        var entries = (config?.sources ?? []).map { Entry(plugin: $0.plugin, name: $0.name, options: $0.options) }
        for route in try FileRouter(searchPath: searchPath).route(request.files) {
            switch route {
            case let .read(plugin, file, _):
                entries.append(Entry(options: [(plugin.mainOption!.name, file)], routed: plugin, file: file))
            case let .unreadable(file, reason):
                entries.append(Entry(file: file, unreadable: "\(file): \(reason)"))
            }
        }
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
                let file = entry.file ?? source.pathOption
                let base = file.flatMap(Paths.stem(of:)) ?? source.pluginName
                uses[base, default: 0] += 1
                let n = uses[base]!
                source.name = n == 1 ? base : "\(base)#\(n)"
            }
            sources.append(source)
        }
        var names = Set<String>()
        for source in sources where !names.insert(source.name).inserted {
            throw UsageError("two sources are named '\(source.name)'; give each its own name=")
        }
        return sources
    }

    /// One source with its options checked; its name empty when none was given.
    private func load(_ entry: Entry) throws -> SourcePlan {
        if let reason = entry.unreadable { return SourcePlan(name: "", reader: .unreadable(reason: reason)) }
        let plugin = try entry.routed ?? searchPath.load(entry.plugin, kind: .source)
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
        return SourcePlan(name: name ?? "", reader: .plugin(plugin, options: options))
    }
}

extension SourcePlan {
    /// The plugin's name, or `none` for what nothing reads.
    var pluginName: String {
        if case .plugin(let plugin, _) = reader { return plugin.name }
        return "none"
    }

    /// The value of a `path` option, when the source has one.
    var pathOption: String? {
        if case .plugin(_, let options) = reader { return options.last { $0.key == "path" }?.value }
        return nil
    }
}
