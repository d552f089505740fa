/// How a plugin's process went away in the middle of a request: the one account of a crash or
/// an `exit` in a plugin, for a run's source or sink and for `plugins check` alike.
public struct LostProcess: Sendable, Equatable {
    /// `Segmentation fault (signal 11)`, `exit status 0`, `it stopped answering`.
    public let how: String
    /// Whether a signal ended it.
    public let crashed: Bool

    public init(how: String, crashed: Bool) {
        self.how = how
        self.crashed = crashed
    }

    /// As a source's or a sink's error says it: `the plugin crashed: Aborted (signal 6)`,
    /// `the plugin ended its process (exit status 0)`.
    public var text: String { crashed ? "the plugin crashed: \(how)" : "the plugin ended its process (\(how))" }
}
