/// A record `--dedupe` dropped because an earlier one (in source order, or in an earlier run
/// remembered by `--state`) has its identity, kept whole so `--duplicates FILE` can show what
/// was dropped and what it duplicated.
public struct Duplicate: Sendable {
    /// The dropped record, numbered like the feed's own (its vendor, account and details are
    /// the feed's).
    public var transaction: Transaction
    public var fingerprint: Fingerprint
    /// The index of the source that delivered it.
    public var source: Int
    /// Its position among its source's transactions, from 0, in the order the source gave them.
    public var index: Int
    /// Where the record that was kept came from.
    public var kept: Original
    /// The kept record's bank id when that is what matched; nil when it matched on the
    /// fingerprint, which is then this record's own (no string is made per duplicate).
    public var keptBankID: String?
    /// The kept record's position among its source's transactions, when it is in this run.
    public var keptIndex: Int?
    /// The kept record's place in its file (``TransactionDetails/location``), when it is in
    /// this run and places were kept (`--duplicates`).
    public var keptLocation: String?

    /// For a pending record a booked one of another source replaces in this run
    /// (``Feed/dropHoldsBookedInRun(window:tolerancePercent:remembered:)``): how they were matched,
    /// `payee, 2 days later`; nil for a record of the same identity.
    public var evidence: String?

    /// The kept record's identity: its bank id, or its fingerprint's text.
    public var keptIdentity: String { keptBankID ?? fingerprint.text }
    /// Whether the two matched on their bank ids; else on their fingerprints (the same day,
    /// amount, vendor and memo, and the same occurrence among such records of their sources).
    public var byBankID: Bool
    /// Matched an earlier batch's bank id while its fingerprint is none that batch remembered:
    /// the same payment worded otherwise, or another payment under a reused id
    /// (`StateFile.moneySeenBefore` asks its money).
    public var byIDAlone = false

    /// Where the record a duplicate duplicates came from.
    public enum Original: Sendable, Equatable {
        /// Earlier in this run, from the source with this index.
        case source(Int)
        /// An earlier run, recorded in the state file as this batch.
        case batch(Int64)
    }

    public init(
        transaction: Transaction, fingerprint: Fingerprint, source: Int, index: Int, kept: Original,
        keptBankID: String?, byBankID: Bool, keptIndex: Int? = nil
    ) {
        self.transaction = transaction
        self.fingerprint = fingerprint
        self.source = source
        self.index = index
        self.kept = kept
        self.keptBankID = keptBankID
        self.byBankID = byBankID
        self.keptIndex = keptIndex
    }
}
