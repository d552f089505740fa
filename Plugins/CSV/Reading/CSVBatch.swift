import StatementText

/// Entries and rejects read from a run of rows: the entries as the host takes them (their
/// fields ranges of one byte arena), the rejects' raw rows in that arena too.
public struct CSVBatch: Sendable {
    public var texts = EntryBatch()
    public var rejects: [CSVReject] = []
    /// Rows whose status says the money never moved, the status as the file writes it their
    /// reason: for the host's `--skipped`.
    public var neverMoved: [CSVReject] = []
    /// Those of ``neverMoved`` that are the account's balance, and the word: the document's note.
    var balanceRows: [(line: Int, word: String)] = []

    public init() {}

    /// Rows read into the batch so far: what its size counts.
    var count: Int { texts.entries.count + rejects.count + neverMoved.count }

    /// Empties every part: a part left over would be handed out again with the next batch,
    /// its raw range pointing into bytes that are no longer its row.
    mutating func removeAll() {
        texts.removeAll()
        rejects.removeAll(keepingCapacity: true)
        neverMoved.removeAll(keepingCapacity: true)
        balanceRows.removeAll()
    }
}
