import TxFeedModel

/// What the rules made of the records of a run, kept by vendor and by the steps that held
/// (``VendorScreen/StepList/held(for:)``) when those decide it (``VendorScreen/StepList/repeats``):
/// a feed of a million records has a few dozen such pairs, so each record's outcome, labels
/// and rewritten vendor are worked out, hashed and interned once a pair, not once a record.
struct FeedOutcomes {
    /// What a record's outcome does to it in the feed.
    struct Effect {
        /// Why a rule skipped it; nil when it stays.
        var skipped: String?
        /// Its labels' index in ``FeedLabels/distinct``, or ``FeedLabels/none``.
        var labels = FeedLabels.none
        /// The vendor's id in ``Feed/vendors`` when a rule rewrote it to another text.
        var vendor: UInt32?
        /// The memo a rule wrote; it replaces the record's when it differs.
        var memo: String?
    }

    private struct Key: Hashable {
        var vendor: UInt32
        var held: UInt64
    }

    private var effects: [Key: Effect] = [:]

    /// The effect on records of `vendor` on which the steps `held` hold; nil until noted.
    subscript(vendor vendor: UInt32, held held: UInt64) -> Effect? {
        get { effects[Key(vendor: vendor, held: held)] }
        set { effects[Key(vendor: vendor, held: held)] = newValue }
    }
}
