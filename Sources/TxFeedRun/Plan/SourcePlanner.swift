import Foundation
import TxFeedModel
import TxFeedPluginHost

/// The sources of a run, from the config file, bare FILE arguments (routed by ``FileRouter``)
/// and `-s SPEC`s, in that order: every plugin loaded and every option checked before anything
/// runs.
///
/// A plugin that reads files (it has `identify` and a main option) given a folder reads each
/// file in it as a source of its own, exactly as a bare folder is read, and given a stream
/// reads its copy: whichever way a folder or a FIFO is named, the same code reads it.
struct SourcePlanner {
    var searchPath: PluginSearchPath
    var streams = StreamCopies.standard

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
        for route in try FileRouter(searchPath: searchPath, streams: streams).route(request.files) {
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
            for (var source, file) in try load(entry) {
                if source.name.isEmpty {
                    // The file's stem (`checking`), else the plugin's name; `#2`, `#3`… when repeated.
                    let base = (file ?? source.pathOption).flatMap(Paths.stem(of:)) ?? source.pluginName
                    uses[base, default: 0] += 1
                    let n = uses[base]!
                    source.name = n == 1 ? base : "\(base)#\(n)"
                }
                sources.append(source)
            }
        }
        var names = Set<String>()
        for source in sources where !names.insert(source.name).inserted {
            throw UsageError("two sources are named '\(source.name)'; give each its own name=")
        }
        return sources
    }

    /// The entry's sources with their options checked, each with the file it names; a name
    /// empty when none was given. One source, or one a file of a folder given to a plugin
    /// that reads files.
    private func load(_ entry: Entry) throws -> [(SourcePlan, file: String?)] {
        if let reason = entry.unreadable {
            return [(SourcePlan(name: "", reader: .unreadable(reason: reason)), entry.file)]
        }
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
        guard entry.routed == nil, plugin.canIdentify, let main = plugin.mainOption?.name,
            let at = options.lastIndex(where: { $0.key == main })
        else {
            return [(SourcePlan(name: name ?? "", reader: .plugin(plugin, options: options)), entry.file)]
        }
        let path = options[at].value
        func reading(_ file: String) -> SourcePlan {
            var own = options
            own[at].value = file
            return SourcePlan(name: "", reader: .plugin(plugin, options: own))
        }
        if StreamCopies.isStream(path) {
            switch streams.copy([path])[0] {
            case .success(let copy):
                var source = reading(copy)
                source.name = name ?? ""
                return [(source, path)]
            case .failure(let failure):
                return [(SourcePlan(name: name ?? "", reader: .unreadable(reason: "\(path): \(failure)")), path)]
            }
        }
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            return [(SourcePlan(name: name ?? "", reader: .plugin(plugin, options: options)), entry.file)]
        }
        // A folder: each file its own source, named `NAME/STEM` under a given name, else by its stem.
        return try FileRouter.folderEntries(path).map { file, reason in
            var source =
                reason.map { SourcePlan(name: "", reader: .unreadable(reason: "\(file): \($0)")) } ?? reading(file)
            if let name { source.name = "\(name)/\(Paths.stem(of: file) ?? file)" }
            return (source, file)
        }
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
