import ArgumentParser
import Dispatch
import Synchronization
import TxFeedPipeline
import TxFeedPluginHost
import TxFeedRun

/// What `-s`/`--source` and `--sink` complete to in a shell (`txfeed ---completion`, which the
/// generated scripts call): the plugins on the search path the line being typed would use — its
/// `--plugin-path` folders, `TXFEED_PLUGIN_PATH`, the built-in folder — and for `--sink` the
/// built-in sinks first.
///
/// Whether a plugin is a source or a sink is in its descriptor, which only loading tells: a
/// plugin host child loads them, as `plugins list` does, so no plugin code runs in this process.
/// A completion must never hang or print an error: the child's output is dropped, a plugin
/// that cannot be loaded is left out, and after ``limit`` the plugins not yet read are offered
/// by their file names for either option (the child ends with this process).
enum PluginNameCompletion {
    /// The longest a completion waits for the plugin host (all the shipped plugins take a few
    /// tens of milliseconds).
    static let limit: DispatchTimeInterval = .milliseconds(1500)

    static var sources: CompletionKind {
        .custom { words, _, prefix in names(of: .source, words: words, prefix: prefix) }
    }

    static var sinks: CompletionKind {
        .custom { words, _, prefix in names(of: .sink, words: words, prefix: prefix) }
    }

    /// The names of `kind` starting with `prefix`: built-in sinks, then plugins in search order.
    static func names(of kind: PluginKind, words: [String], prefix: String) -> [String] {
        var names = kind == .sink ? SinkPlan.builtInNames : []
        for plugin in plugins(on: PluginSearchPath.standard(explicit: pluginPaths(in: words)))
        where plugin.kind.map({ $0 == kind }) ?? true && !names.contains(plugin.name) {
            names.append(plugin.name)
        }
        return names.filter { $0.hasPrefix(prefix) }
    }

    /// The `--plugin-path` folders on the line: `--plugin-path DIR`, `--plugin-path=DIR`, and the
    /// `=` as a word of its own, as bash splits it.
    static func pluginPaths(in words: [String]) -> [String] {
        var folders: [String] = []
        var i = 0
        while i < words.count {
            let word = words[i]
            if word.hasPrefix("--plugin-path=") {
                folders.append(String(word.dropFirst("--plugin-path=".count)))
            } else if word == "--plugin-path", i + 1 < words.count {
                i += 1
                if words[i] == "=", i + 1 < words.count { i += 1 }
                folders.append(words[i])
            }
            i += 1
        }
        return folders.filter { !$0.isEmpty }
    }

    /// Every plugin file on `searchPath` with its kind: nil when not read within ``limit``.
    /// A file that is no loadable plugin is left out.
    static func plugins(on searchPath: PluginSearchPath) -> [(name: String, kind: PluginKind?)] {
        let candidates = searchPath.candidates()
        guard !candidates.isEmpty, let host = PluginHostChild.executable() else { return [] }
        let pool = PluginChildPool(executable: host)
        pool.showOutput { _ in }
        var loading = searchPath
        loading.loader = pool
        let read = Reading()
        DispatchQueue.global().async { [loading] in
            for candidate in candidates {
                let kind = try? loading.loadFile(candidate.path).kind
                read.found.withLock { $0[candidate.path] = kind.map(Reading.Found.kind) ?? .refused }
            }
            read.done.signal()
        }
        // In time, the child is ended here; otherwise it ends when this process does (its
        // control pipe closes), whatever the plugin it is loading is doing.
        if read.done.wait(timeout: .now() + limit) == .success { pool.shutdown() }
        let found = read.found.withLock { $0 }
        return candidates.compactMap { candidate in
            switch found[candidate.path] {
            case .kind(let kind): return (candidate.name, kind)
            case .refused: return nil
            case nil: return (candidate.name, nil)
            }
        }
    }

    /// What the loading thread has read so far, by file.
    private final class Reading: Sendable {
        enum Found: Sendable {
            case kind(PluginKind)
            case refused
        }
        let found = Mutex<[String: Found]>([:])
        let done = DispatchSemaphore(value: 0)
    }
}
