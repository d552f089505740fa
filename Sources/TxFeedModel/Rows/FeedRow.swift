/// One row of the feed as every sink writes it: the record, its identity and its strings.
///
/// What a sink needs of a row travels with it, so that a sink reads rows one after the other
/// and never indexes the feed: the same loop then reads a feed in memory or one spilled to
/// temporary files (``FeedRows``).
public struct FeedRow {
    /// Vendor and account ids are the feed's (``Feed/vendors``, ``Feed/accounts``).
    public var transaction: Transaction
    /// The record's `id` when the source gave no bank id; nil only in a feed built by hand.
    public var fingerprint: Fingerprint?
    /// The bank id and memo, when the record has either.
    public var details: TransactionDetails?
    /// What rules gave it (``Feed/labels``); nil without rules, or when none applied.
    public var labels: RowLabels?
    /// Where ``labels`` lies in ``FeedLabels/distinct``, or ``FeedLabels/none``: a sink that
    /// renders each distinct set of labels once finds the row's by it.
    public var labelsIndex: UInt32
    /// Its half of a transfer between two of the feed's accounts (``Feed/transfers``).
    public var transfer: RowTransfer?
    /// The pending record an earlier run remembered that this booked one replaces (`--state`).
    public var replaces: RememberedPending?

    @inlinable
    public init(
        transaction: Transaction, fingerprint: Fingerprint?, details: TransactionDetails?, labels: RowLabels? = nil,
        labelsIndex: UInt32 = FeedLabels.none, transfer: RowTransfer? = nil, replaces: RememberedPending? = nil
    ) {
        self.transaction = transaction
        self.fingerprint = fingerprint
        self.details = details
        self.labels = labels
        self.labelsIndex = labelsIndex
        self.transfer = transfer
        self.replaces = replaces
    }
}

/// Reading a spilled feed's temporary files failed (the disk, not the input).
public struct FeedReadError: Error, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
