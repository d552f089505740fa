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
    /// Why each failed document failed, every one (``error`` names the first few): for
    /// `--rejects` and the JSON sink's sources.
    public var documentFailures: [String] = []
    public var elapsedMilliseconds: Int
    /// Records `--dedupe` dropped as copies of earlier ones (0 without it).
    public var duplicates: Int
    /// Records `--state` dropped because an earlier run already imported them (0 without it).
    public var seen: Int
    /// Records left out on purpose: those whose file says the money never moved
    /// (``neverMoved``), then those a `--rules` rule skipped.
    public var skipped = 0
    /// The records the source left out because their file says the money never moved, for
    /// `--skipped`: their path, why, and their own text.
    public var neverMoved: [Reject] = []

    public init(
        name: String, plugin: String, status: Status, error: String?, count: Int, rejected: Int,
        documents: Int, failedDocuments: Int, elapsedMilliseconds: Int
    ) {
        self.name = name
        self.plugin = plugin
        self.status = status
        self.error = error
        self.count = count
        self.rejected = rejected
        self.documents = documents
        self.failedDocuments = failedDocuments
        self.elapsedMilliseconds = elapsedMilliseconds
        duplicates = 0
        seen = 0
    }

    /// `read = written + rejected + duplicates + seen + skipped`, the reconciliation the
    /// summary states.
    public var read: Int { count + rejected + duplicates + seen + skipped }
}

/// What one source delivered and how its run ended: what the barrier hands to the merge.
public struct SourceOutcome: Sendable {
    public var data: SourceData
    public var report: SourceReport
    /// The data's fingerprints (``SourceData/fingerprints()``) when its source's thread counted
    /// them as it ended; nil for the merge to count.
    public var fingerprints: [Fingerprint]?

    public init(data: SourceData, report: SourceReport, fingerprints: [Fingerprint]? = nil) {
        self.data = data
        self.report = report
        self.fingerprints = fingerprints.flatMap { $0.count == data.transactions.count ? $0 : nil }
    }
}

extension Feed {
    /// Whether the summary counts `skipped`: with rules, or when a source left records out
    /// (money that never moved), so that a run without either writes what it always wrote. It
    /// looks at every source: a loop over the sources asks it once, before it starts.
    public var countsSkipped: Bool { labels != nil || sources.contains { $0.skipped > 0 } }
}
