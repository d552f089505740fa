extension Feed {
    /// Every row, newest first: what a sink writes.
    public func rows() -> FeedRows { spilled.map { FeedRows(spilled: SpilledRows($0)) } ?? FeedRows(self) }

    /// The rows of one account, newest first: for a spilled feed each call is a pass over the
    /// runs (the text sink groups a feed in memory once, with ``rows(at:)``, instead).
    public func rows(ofAccount account: Int) -> FeedRows {
        if let spilled { return FeedRows(spilled: SpilledRows(spilled, account: UInt32(account))) }
        let indices = transactions.indices.filter { transactions[$0].account == account }.map { UInt32($0) }
        return FeedRows(self, order: indices[...])
    }

    /// The rows at `indices` (positions in the feed's order), in that order: the text sink's
    /// rows of one account.
    public func rows(at indices: ArraySlice<UInt32>) -> FeedRows { FeedRows(self, order: indices) }

    /// The rows at positions `range` of ``rows()``, of a feed in memory: a block of them, which
    /// a sink renders beside the blocks around it.
    public func rows(in range: Range<Int>) -> FeedRows {
        precondition(spilled == nil, "a spilled feed's rows are read in order")
        return FeedRows(self, range: range)
    }

    /// How many rows ``rows()`` reads: the transactions written.
    public var rowCount: Int { spilled?.count ?? transactions.count }
}
