/// A transaction that was not taken into the feed, and why. Nothing is dropped silently:
/// the summary counts rejects and `--rejects FILE` writes each one.
public struct Reject: Sendable {
    /// Where it came from (file name or URL).
    public var origin: String
    /// Its path in the envelope, e.g. `transactions[17].amount`.
    public var path: String
    public var reason: String
    /// The record's own JSON text, as it arrived.
    public var raw: [UInt8]

    public init(origin: String, path: String, reason: String, raw: [UInt8]) {
        self.origin = origin
        self.path = path
        self.reason = reason
        self.raw = raw
    }
}
