/// A transaction that was not taken into the feed, and why. Nothing is dropped silently:
/// the summary counts rejects and `--rejects FILE` writes each one.
public struct Reject: Sendable {
    /// Where it came from (file name or URL).
    public var origin: String
    /// Its path in the envelope, e.g. `transactions[17].amount`.
    public var path: String
    public var reason: String
    /// The record as it arrived: its own JSON text, or (``rawIsText``) a line of a file that
    /// is not JSON, such as a CSV row.
    public var raw: [UInt8]
    /// `raw` is plain text: `--rejects` writes it as a JSON string rather than as JSON.
    public var rawIsText: Bool

    public init(origin: String, path: String, reason: String, raw: [UInt8], rawIsText: Bool = false) {
        self.origin = origin
        self.path = path
        self.reason = reason
        self.raw = raw
        self.rawIsText = rawIsText
    }
}
