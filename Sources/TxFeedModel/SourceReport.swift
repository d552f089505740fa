/// How one source's run ended, for the summary and the sinks.
public struct SourceReport: Sendable {
    public enum Status: String, Sendable { case success, failure }

    /// The `source` column: its `name=` option, else the plugin's name (`#2`... when repeated).
    public var name: String
    public var plugin: String
    public var status: Status
    /// Why it failed: run error, timeout, or the documents that failed (first few).
    public var error: String?
    /// Transactions delivered into the feed.
    public var count: Int
    public var rejected: Int
    /// Envelopes delivered whole.
    public var documents: Int
    public var failedDocuments: Int
    public var elapsedMilliseconds: Int

    /// `read = written + rejected`, the reconciliation the summary states.
    public var read: Int { count + rejected }
}
