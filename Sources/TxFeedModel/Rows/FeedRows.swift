/// The feed's rows, newest first, read once from the first to the last: what every sink
/// iterates, whether the feed is in memory or spilled (``Feed/rows()``).
///
/// ```swift
/// var rows = feed.rows()
/// while let row = try rows.next() { … row.transaction, row.fingerprint, row.details … }
/// ```
public struct FeedRows {
    @usableFromInline let transactions: [Transaction]
    @usableFromInline let fingerprints: [Fingerprint]
    @usableFromInline let details: [TransactionDetails]
    @usableFromInline let labels: FeedLabels?
    @usableFromInline let transfers: FeedTransfers?
    @usableFromInline let pending: PendingSettlement?
    /// Rows in this order instead of the feed's (the text sink's rows of one account).
    @usableFromInline let order: ArraySlice<UInt32>?
    @usableFromInline var position: Int
    @usableFromInline let end: Int
    /// A spilled feed's merge of its sorted runs; nil in memory.
    @usableFromInline let merge: SpilledRows?
    /// Whether these rows begin with the feed's first: a sink that writes a separator between
    /// rows writes none before that one, whichever block of rows (``Feed/rows(in:)``) holds it.
    public let beginsAtTheFirstRow: Bool

    /// - Parameter range: the positions read (in `order` when there is one, else the feed's).
    init(_ feed: Feed, order: ArraySlice<UInt32>? = nil, range: Range<Int>? = nil) {
        transactions = feed.transactions
        fingerprints = feed.fingerprints
        details = feed.details
        labels = feed.labels
        transfers = feed.transfers
        pending = feed.pending
        self.order = order
        let range = range ?? (order?.indices ?? feed.transactions.indices)
        position = range.lowerBound
        end = range.upperBound
        merge = nil
        beginsAtTheFirstRow = order == nil && position == 0
    }

    init(spilled: SpilledRows) {
        transactions = []
        fingerprints = []
        details = []
        labels = nil
        transfers = nil
        pending = nil
        order = nil
        position = 0
        end = 0
        merge = spilled
        beginsAtTheFirstRow = true
    }

    /// The account of the row `distance` rows after the next one, for a sink that asks the cache
    /// for what that row will read; nil past the last row, and for a spilled feed.
    @inlinable
    public func account(ahead distance: Int) -> UInt32? {
        guard merge == nil, position + distance < end else { return nil }
        return transactions[order.map { Int($0[position + distance]) } ?? position + distance].account
    }

    /// The next row, or nil after the last.
    @inlinable
    public mutating func next() throws(FeedReadError) -> FeedRow? {
        if let merge { return try merge.next() }
        guard position < end else { return nil }
        let index = order.map { Int($0[position]) } ?? position
        position += 1
        let t = transactions[index]
        let labelsIndex = labels?.index(at: index) ?? FeedLabels.none
        // A transfer's half is 141 bytes: made and moved only for a row that is one.
        let pairing =
            transfers?.isTransfer(at: index) != true && pending == nil
            ? nil
            : FeedRow.Pairing.of(
                transfer: transfers?.transfer(at: index) { transactions[$0].account },
                replaces: pending?.replaced(at: index))
        return FeedRow(
            transaction: t, fingerprint: index < fingerprints.count ? fingerprints[index] : nil,
            details: t.details == Transaction.noDetails ? nil : details[Int(t.details)],
            labelSets: labels?.distinct, labelsIndex: labelsIndex, pairing: pairing)
    }
}
