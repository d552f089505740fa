/// A record `--dedupe` dropped because an earlier one (in source order) has its identity, kept
/// whole so `--duplicates FILE` can show what was dropped and what it duplicated.
public struct Duplicate: Sendable {
    /// The dropped record, numbered like the feed's own (its vendor, account and details are
    /// the feed's).
    public var transaction: Transaction
    public var fingerprint: Fingerprint
    /// The index of the source that delivered it.
    public var source: Int
    /// Its position among its source's transactions, from 0, in the order the source gave them.
    public var index: Int
    /// The source of the record that was kept.
    public var keptSource: Int
    /// The kept record's identity: its bank id, or its fingerprint's text.
    public var keptIdentity: String

    public init(
        transaction: Transaction, fingerprint: Fingerprint, source: Int, index: Int, keptSource: Int,
        keptIdentity: String
    ) {
        self.transaction = transaction
        self.fingerprint = fingerprint
        self.source = source
        self.index = index
        self.keptSource = keptSource
        self.keptIdentity = keptIdentity
    }
}
