import TxFeedModel

/// What the rules made of a chunk's records (``RulesChunk``), kept by vendor and by the steps
/// that held (``VendorScreen/StepList/held(for:)``) when those decide it
/// (``VendorScreen/StepList/repeats``): a feed of a million records has a few dozen such pairs,
/// so each record's outcome, labels and rewritten vendor are worked out, hashed and interned
/// once a pair, not once a record.
struct FeedOutcomes {
    /// What a record's outcome does to it in the feed, in the tables of its chunk.
    struct Effect: Sendable {
        /// Why a rule skipped it; nil when it stays.
        var skipped: String?
        /// Its labels' index in the chunk's ``FeedLabels/distinct``, or ``FeedLabels/none``.
        var labels = FeedLabels.none
        /// The text a rule rewrote the vendor to, when it differs: its id in the chunk's table.
        var vendor: UInt32?
        /// The memo a rule wrote; it replaces the record's when it differs.
        var memo: String?
    }

    private struct Key: Hashable {
        var vendor: UInt32
        var held: UInt64
    }

    private var effects: [Key: UInt32] = [:]

    /// The index of the effect on records of `vendor` on which the steps `held` hold; nil until noted.
    subscript(vendor vendor: UInt32, held held: UInt64) -> UInt32? {
        get { effects[Key(vendor: vendor, held: held)] }
        set { effects[Key(vendor: vendor, held: held)] = newValue }
    }
}
