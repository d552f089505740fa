import Synchronization

/// The plugin host children of one run, kept per plugin and reused: a folder of ten thousand
/// statements is run by as many children as run at once, not ten thousand. A child that
/// crashed, was killed or answered garbled is never reused.
public final class PluginChildPool: Sendable {
    /// The txfeed executable (`/proc/self/exe`), which is also the plugin host.
    public let executable: String
    /// Address space each child may use (`--plugin-memory`), or nil.
    public let memoryLimit: Int?
    let show: @Sendable (String) -> Void
    private let idle = Mutex<[String: [PluginChild]]>([:])

    /// - Parameters:
    ///   - show: where plugins' own output lines go (txfeed's stderr, above the live display).
    public init(executable: String, memoryLimit: Int?, show: @escaping @Sendable (String) -> Void) {
        self.executable = executable
        self.memoryLimit = memoryLimit
        self.show = show
    }

    /// An idle child with the plugin loaded, or a new one.
    func acquire(_ pluginPath: String) throws(IsolationError) -> PluginChild {
        if let child = idle.withLock({ $0[pluginPath]?.popLast() }) { return child }
        return try PluginChild(executable: executable, pluginPath: pluginPath, memoryLimit: memoryLimit, show: show)
    }

    /// Gives a healthy child back for the next source of its plugin.
    func release(_ child: PluginChild) {
        idle.withLock { $0[child.pluginPath, default: []].append(child) }
    }

    /// Ends every idle child (at the end of a run, and of each `watch` refresh).
    public func shutdown() {
        let children = idle.withLock { idle in
            defer { idle = [:] }
            return idle.values.flatMap { $0 }
        }
        for child in children { child.finish() }
    }
}
