import TxFeedPluginHost

/// A folder entry nothing can read, run as a source that fails at once with the reason: it is
/// reported beside the files that were read, never skipped in silence.
final class UnreadableSource: SourceSession {
    let pluginName = "none"
    let reason: String

    init(reason: String) {
        self.reason = reason
    }

    func open() -> String? { nil }
    func run(_ events: any SourceEvents) -> SourceRunResult { .failed(reason) }
    func close() {}
}
