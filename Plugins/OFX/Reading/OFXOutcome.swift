/// How reading a file ended.
public enum OFXOutcome: Sendable {
    case finished
    /// The visitor said stop (the host is cancelling).
    case stopped
    case failed(OFXFailure)
}
