import StatementText

/// Entries and rejects of consecutive records: the entries as the host takes them (their
/// fields ranges of one byte arena), the rejects' raw text in that arena too.
public struct QIFBatch: Sendable {
    public var texts = EntryBatch()
    public var rejects: [QIFReject] = []

    mutating func removeAll() {
        texts.removeAll()
        rejects.removeAll(keepingCapacity: true)
    }
}
