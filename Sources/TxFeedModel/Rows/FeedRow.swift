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
    @inlinable public var labels: RowLabels? {
        guard let labelSets, labelsIndex != FeedLabels.none else { return nil }
        return labelSets[Int(labelsIndex)]
    }
    /// Where ``labels`` lies in ``FeedLabels/distinct``, or ``FeedLabels/none``: a sink that
    /// renders each distinct set of labels once finds the row's by it.
    public let labelsIndex: UInt32
    /// The feed's ``FeedLabels/distinct``, shared by its rows: a row's own copy of its labels
    /// was 96 bytes, moved with the row whether it had labels or not.
    @usableFromInline let labelSets: [RowLabels]?
    /// Its half of a transfer between two of the feed's accounts (``Feed/transfers``).
    @inlinable public var transfer: RowTransfer? { pairing?.transfer }
    /// The pending record an earlier run remembered that this booked one replaces (`--state`).
    @inlinable public var replaces: RememberedPending? { pairing?.replaces }
    /// ``transfer`` and ``replaces``, out of line: few rows have either, and with both inline a
    /// row was 441 bytes, copied several times on its way from the feed to a sink.
    @usableFromInline let pairing: Pairing?

    @usableFromInline
    final class Pairing: Sendable {
        @usableFromInline let transfer: RowTransfer?
        @usableFromInline let replaces: RememberedPending?

        @usableFromInline
        init(transfer: RowTransfer?, replaces: RememberedPending?) {
            self.transfer = transfer
            self.replaces = replaces
        }

        /// Both, or nil when the row has neither.
        @inlinable
        static func of(transfer: RowTransfer?, replaces: RememberedPending?) -> Pairing? {
            transfer == nil && replaces == nil ? nil : Pairing(transfer: transfer, replaces: replaces)
        }
    }

    /// A row without labels.
    @inlinable
    public init(
        transaction: Transaction, fingerprint: Fingerprint?, details: TransactionDetails?,
        transfer: RowTransfer? = nil, replaces: RememberedPending? = nil
    ) {
        self.init(
            transaction: transaction, fingerprint: fingerprint, details: details, labelSets: nil,
            labelsIndex: FeedLabels.none, pairing: Pairing.of(transfer: transfer, replaces: replaces))
    }

    @inlinable
    init(
        transaction: Transaction, fingerprint: Fingerprint?, details: TransactionDetails?, labelSets: [RowLabels]?,
        labelsIndex: UInt32, pairing: Pairing?
    ) {
        self.transaction = transaction
        self.fingerprint = fingerprint
        self.details = details
        self.labelSets = labelSets
        self.labelsIndex = labelsIndex
        self.pairing = pairing
    }
}

/// Reading a spilled feed's temporary files failed (the disk, not the input).
public struct FeedReadError: Error, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
