import Glibc
import TxFeedModel

/// Where plugins are looked for, in order: `--plugin-path` folders, `TXFEED_PLUGIN_PATH`,
/// then the shipped plugins' folder (``builtInFolder()``).
///
/// Never the current directory unless asked for by name: an empty entry in
/// `TXFEED_PLUGIN_PATH` (which shells read as ".") is skipped.
public struct PluginSearchPath: Sendable {
    public var folders: [String]
    /// Where the plugins found are loaded: a plugin host child (process isolation), or, when
    /// nil, this process.
    public var loader: (any PluginLoading)?

    public init(folders: [String]) {
        self.folders = folders
    }

    /// - Parameters:
    ///   - explicit: `--plugin-path` folders, searched first.
    ///   - environment: the value of `TXFEED_PLUGIN_PATH`, colon-separated.
    public static func standard(
        explicit: [String], environment: String? = getenv("TXFEED_PLUGIN_PATH").map { String(cString: $0) }
    ) -> PluginSearchPath {
        var folders = explicit
        folders += (environment ?? "").split(separator: ":", omittingEmptySubsequences: true).map(String.init)
        if let builtIn = builtInFolder() { folders.append(builtIn) }
        var seen = Set<String>()
        return PluginSearchPath(folders: folders.filter { seen.insert($0).inserted })
    }

    /// Where the shipped plugins are, found from the running executable's real path: for an
    /// installed txfeed (`PREFIX/lib/txfeed/txfeed`, which `PREFIX/bin/txfeed` links to, as
    /// `bin/install` lays it out) `PREFIX/lib/txfeed/plugins`, else the executable's own
    /// folder, where SwiftPM builds the plugins.
    public static func builtInFolder() -> String? {
        Paths.executable().map { shippedFolder(executableFolder: Paths.parentFolder(of: $0)) }
    }

    /// `FOLDER/plugins` when `FOLDER` is an installed `…/lib/txfeed` holding that folder, else `FOLDER`.
    static func shippedFolder(executableFolder folder: String) -> String {
        let installed = folder + "/plugins"
        var info = stat()
        guard folder.hasSuffix("/lib/txfeed"), stat(installed, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            return folder
        }
        return installed
    }

    /// The file for plugin `name`: `libNAME.so` in the first folder that holds it.
    public func locate(_ name: String) throws(PluginLoadError) -> String {
        let file = "lib\(name).so"
        for folder in folders {
            let path = folder.hasSuffix("/") ? folder + file : folder + "/" + file
            if access(path, F_OK) == 0 { return path }
        }
        throw .notFound(name: name, searched: folders, available: candidates().map(\.name))
    }

    /// The plugin file at `path`, its trust checked here, loaded where ``loader`` says.
    public func loadFile(_ path: String) throws(PluginLoadError) -> LoadedPlugin {
        guard let loader else { return try PluginLoader.load(path: path) }
        try PluginFileTrust.check(path)
        return try loader.load(path: path)
    }

    /// Loads the plugin a SPEC names: `NAME` through ``locate(_:)`` (its descriptor must call
    /// itself `NAME`), or a path containing `/` as it is. Either way it must be of `kind`.
    public func load(_ nameOrPath: String, kind: PluginKind) throws(PluginLoadError) -> LoadedPlugin {
        let byName = !nameOrPath.contains("/")
        let path = byName ? try locate(nameOrPath) : nameOrPath
        let plugin = try loadFile(path)
        if byName && plugin.name != nameOrPath {
            throw .nameMismatch(path: path, expected: nameOrPath, found: plugin.name)
        }
        guard plugin.kind == kind else { throw .wrongKind(path: path, expected: kind, found: plugin.kind) }
        return plugin
    }

    /// Every `lib*.so` in the folders, first one of a name winning, as PATH does.
    public func candidates() -> [(name: String, path: String)] {
        var result: [(String, String)] = []
        var seen = Set<String>()
        for folder in folders {
            guard let dir = opendir(folder) else { continue }
            var names: [String] = []
            while let entry = readdir(dir) {
                let file = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                if file.hasPrefix("lib") && file.hasSuffix(".so") && file.count > 6 { names.append(file) }
            }
            closedir(dir)
            for file in names.sorted() {
                let name = String(file.dropFirst(3).dropLast(3))
                if seen.insert(name).inserted {
                    result.append((name, folder.hasSuffix("/") ? folder + file : folder + "/" + file))
                }
            }
        }
        return result
    }
}
