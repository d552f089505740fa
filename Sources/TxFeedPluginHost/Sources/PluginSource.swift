import Glibc
import Synchronization
import TxFeedModel
import TxFeedPluginABI

/// A source backed by a C plugin: `open`, `run` and `close` from its descriptor, and the
/// host callbacks it calls while running.
///
/// The plugin is handed a pointer to a ``CallbackContext`` for the length of one `run`; the
/// context is retained for exactly that long, so a finished run leaves nothing behind.
public final class PluginSource: SourceSession {
    public let plugin: LoadedPlugin
    /// The configuration `open` receives: a JSON object of string values.
    public let configuration: String
    public var pluginName: String { plugin.name }

    /// The plugin's state after `open`; nil when not open. Touched by whichever thread opens,
    /// runs or closes, never by two at once: the pipeline hands the session over in turn.
    private let opened = Mutex<OpenState?>(nil)

    /// - Parameters:
    ///   - options: already checked against the plugin's declaration; they reach the plugin
    ///     as a JSON object of strings, in this order.
    public convenience init(plugin: LoadedPlugin, options: [(key: String, value: String)]) {
        self.init(plugin: plugin, configuration: JSONString.object(options))
    }

    /// - Parameters:
    ///   - configuration: the JSON object `open` receives, already built (a plugin host child
    ///     gets it that way from txfeed).
    public init(plugin: LoadedPlugin, configuration: String) {
        precondition(plugin.kind == .source, "\(plugin.path) is not a source plugin")
        self.plugin = plugin
        self.configuration = configuration
    }

    public func open() -> String? {
        let d = plugin.descriptor.pointee
        var error: UnsafeMutablePointer<CChar>?
        var state: UnsafeMutableRawPointer?
        let status = configuration.withCString { d.open($0, &state, &error) }
        guard status == TXFEED_OK else {
            return plugin.takeError(error, default: "plugin could not open its configuration")
        }
        plugin.discardError(error)
        opened.withLock { $0 = OpenState(pointer: state) }
        return nil
    }

    public func run(_ events: any SourceEvents) -> SourceRunResult {
        if opened.withLock({ $0 == nil }), let refused = open() { return .failed(refused) }
        let state = opened.withLock { $0!.pointer }
        let context = CallbackContext(events: events)
        // Retained while the plugin may call back: released when `run` returns. A run that
        // never returns (abandoned after its timeout) keeps its context, and with it the
        // collector, because the plugin may still call; its data was handed over already.
        let retained = Unmanaged.passRetained(context)
        context.host.pointee.host_data = retained.toOpaque()
        var error: UnsafeMutablePointer<CChar>?
        let status = plugin.descriptor.pointee.run(state, context.host, &error)
        context.detach()
        retained.release()
        if status != TXFEED_OK {
            return .failed(plugin.takeError(error, default: status == TXFEED_STOP ? "stopped" : "source failed"))
        }
        plugin.discardError(error)
        return .completed
    }

    public func close() {
        guard let state = opened.withLock({ $0.take() }) else { return }
        plugin.descriptor.pointee.close(state.pointer)
    }

    /// The plugin's `void *state`, moved between threads in turn (open, run, close).
    /// `@unchecked Sendable`: the ABI lets the state change threads between calls, and the host
    /// makes them one at a time (`opened` is taken under its lock before `close`).
    private struct OpenState: @unchecked Sendable {
        var pointer: UnsafeMutableRawPointer?
    }
}

/// What `host_data` points to during one `run`: the host table the plugin was given and the
/// events its calls turn into. Once `run` returns, calls are refused (`TXFEED_STOP`): a
/// plugin thread that outlives `run` can no longer add to a finished feed.
final class CallbackContext: Sendable {
    /// The table handed to the plugin; lives exactly as long as the context.
    /// `nonisolated(unsafe)`: written once in `init` and by `run` before the plugin sees it.
    nonisolated(unsafe) let host: UnsafeMutablePointer<txfeed_source_host>
    private let target: Mutex<(any SourceEvents)?>
    /// The thread that runs the source (the one that made the context): the only one whose
    /// callbacks count.
    let runThread: pthread_t

    init(events: any SourceEvents) {
        target = Mutex(events)
        runThread = pthread_self()
        host = .allocate(capacity: 1)
        host.initialize(to: PluginSource.callbacks)
    }

    /// The events, or nil once `run` has returned.
    var events: (any SourceEvents)? { target.withLock { $0 } }

    func detach() {
        target.withLock { $0 = nil }
    }

    deinit {
        host.deinitialize(count: 1)
        host.deallocate()
    }
}
