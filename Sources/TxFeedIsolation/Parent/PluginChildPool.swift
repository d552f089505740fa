import Synchronization
import TxFeedPluginHost

/// The plugin host children of a txfeed process, kept per plugin and reused: the child that
/// loaded a plugin to read its descriptor runs its sources too, and a folder of ten thousand
/// statements is run by as many children as run at once, not ten thousand. A child that
/// crashed, was killed or answered garbled is never reused.
///
/// As a ``PluginLoading``, it is where a run's plugins are loaded: no plugin code, not even a
/// library constructor, runs in txfeed's own process.
public final class PluginChildPool: PluginLoading {
    /// The txfeed executable (`/proc/self/exe`), which is also the plugin host.
    public let executable: String
    /// Idle children by plugin file; a sink's (writing to txfeed's own stdout and stderr) apart.
    private let idle = Mutex<[Key: [PluginChild]]>([:])

    private struct Key: Hashable {
        var path: String
        var directOutput: Bool
    }
    /// Until a run says otherwise, straight to stderr (`plugins list`, planning).
    private let shown = Mutex<@Sendable (String) -> Void>({ line in
        _ = FrameWriter.writeAll(2, Array((line + "\n").utf8))
    })

    public init(executable: String) {
        self.executable = executable
    }

    /// Where plugins' own output lines go from now on (txfeed's stderr, above the live display).
    public func showOutput(_ show: @escaping @Sendable (String) -> Void) {
        shown.withLock { $0 = show }
    }

    /// An idle child with the plugin loaded, or a new one.
    /// - Parameters:
    ///   - directOutput: for a sink: the child writes to txfeed's own stdout and stderr.
    func acquire(_ pluginPath: String, directOutput: Bool = false) throws(IsolationError) -> PluginChild {
        let key = Key(path: pluginPath, directOutput: directOutput)
        if let child = idle.withLock({ $0[key]?.popLast() }) { return child }
        return try PluginChild(executable: executable, pluginPath: pluginPath, directOutput: directOutput) {
            [self] line in
            shown.withLock { $0 }(line)
        }
    }

    /// Gives a healthy child back for the next request about its plugin.
    func release(_ child: PluginChild) {
        idle.withLock { $0[Key(path: child.pluginPath, directOutput: child.directOutput), default: []].append(child) }
    }

    /// Ends every idle child (at the end of a run, and of each `watch` refresh); the pool starts
    /// new ones when asked again.
    public func shutdown() {
        let children = idle.withLock { idle in
            defer { idle = [:] }
            return idle.values.flatMap { $0 }
        }
        for child in children { child.finish() }
    }

    // MARK: PluginLoading

    public func load(path: String) throws(PluginLoadError) -> LoadedPlugin {
        let child: PluginChild
        do {
            child = try acquire(path)
        } catch {
            throw .inPluginHost(path: path, message: error.description)
        }
        let description = child.description!
        release(child)
        let calls = PluginHostCalls(
            identify: { [self] files in identify(path, files) },
            explain: { [self] configuration in explain(path, configuration) },
            sinkSession: { [self] in IsolatedSinkSession(pool: self, pluginPath: path, name: description.name) })
        return LoadedPlugin(path: path, description: description, calls: calls)
    }

    /// One request and its one answer, on a child of the plugin's; nil when the child failed
    /// (it is ended, and the call answers as a plugin that did not recognise anything would).
    private func ask(_ pluginPath: String, _ kind: FrameKind, _ payload: (inout WireEncoder) -> Void) -> [UInt8]? {
        guard let child = try? acquire(pluginPath) else { return nil }
        guard child.control.send(kind, payload), case .frame(_, let answer) = child.data.next() else {
            child.finish(grace: 0)
            return nil
        }
        release(child)
        return answer
    }

    private func identify(_ pluginPath: String, _ files: [(path: String, head: [UInt8])]) -> [Int] {
        let answer = ask(pluginPath, .identify) { w in
            w.integer(UInt32(files.count))
            for file in files {
                w.string(file.path)
                w.bytes(file.head)
            }
        }
        guard let answer, answer.count == files.count else { return files.map { _ in 0 } }
        return answer.map(Int.init)
    }

    private func explain(_ pluginPath: String, _ configuration: String) -> LoadedPlugin.Explanation? {
        let answer = ask(pluginPath, .explain) { $0.string(configuration) }
        return answer?.withUnsafeBytes { raw -> LoadedPlugin.Explanation? in
            var r = WireDecoder(raw)
            do {
                guard try r.bool() else { return nil }
                return LoadedPlugin.Explanation(report: try r.string(), problem: try r.optionalString())
            } catch {
                return nil
            }
        }
    }
}
