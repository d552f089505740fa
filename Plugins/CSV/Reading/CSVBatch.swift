/// A range of bytes in ``CSVBatch/bytes``; `nil` where a field is absent.
public typealias CSVField = Range<Int>?

/// Entries and rejects read from a run of rows; every text lives in `bytes`, UTF-8.
public struct CSVBatch: Sendable {
    public var bytes: [UInt8] = []
    public var entries: [CSVEntry] = []
    public var rejects: [CSVReject] = []
    /// Rows whose status says the money never moved, the status as the file writes it their
    /// reason: for the host's `--skipped`.
    public var neverMoved: [CSVReject] = []
    public init() {}
}
