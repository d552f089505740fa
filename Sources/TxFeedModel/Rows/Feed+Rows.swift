extension Feed {
    /// Every row, newest first: what a sink writes.
    public func rows() -> FeedRows { FeedRows(self) }

    /// The rows at `indices` (positions in the feed's order), in that order: the text sink's
    /// rows of one account.
    public func rows(at indices: ArraySlice<UInt32>) -> FeedRows { FeedRows(self, order: indices) }

    /// How many rows ``rows()`` reads: the transactions written.
    public var rowCount: Int { transactions.count }
}
