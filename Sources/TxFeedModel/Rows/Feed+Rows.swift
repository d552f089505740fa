extension Feed {
    /// Every row, newest first: what a sink writes.
    public func rows() -> FeedRows { spilled.map { FeedRows(spilled: SpilledRows($0)) } ?? FeedRows(self) }

    /// A spilled feed's rows of one account, newest first (each call is a pass over the runs).
    public func rows(ofAccount account: Int) -> FeedRows {
        spilled.map { FeedRows(spilled: SpilledRows($0, account: UInt32(account))) } ?? FeedRows(self)
    }

    /// The rows at `indices` (positions in the feed's order), in that order: the text sink's
    /// rows of one account.
    public func rows(at indices: ArraySlice<UInt32>) -> FeedRows { FeedRows(self, order: indices) }

    /// How many rows ``rows()`` reads: the transactions written.
    public var rowCount: Int { spilled?.count ?? transactions.count }
}
