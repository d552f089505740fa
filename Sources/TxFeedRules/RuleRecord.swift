/// One record as rules read it: the bank's data, never what an earlier rule wrote, so a rule
/// means the same whatever comes before it. Built from a feed row, or from a rule's example.
public struct RuleRecord: Sendable {
    public var vendor: String
    public var memo: String?
    /// The bank's id, else the fingerprint: the `id` every sink writes.
    public var id: String?
    /// The signed amount in minor units (money out is negative), and its decimals.
    public var amountMinor: Int64
    public var scale: Int
    public var account: String
    public var source: String
    public var currency: String?
    public var isPending: Bool
    /// The record's calendar day, as days since 1970-01-01: the day the run's output shows it on
    /// (a civil date's own day, an instant's day in `--tz`), so that `day` and `weekday` judge
    /// what a person reads. Nil when not known (an example without a `date`): no day test holds.
    public var date: Int64?
    /// Whether the record is half of a transfer the run linked between two of its accounts.
    public var isTransfer: Bool
    /// The vendor lowered, when the caller has it: a run lowers each vendor once (``VendorScreen``),
    /// not once a `vendor = …` condition that bytes alone cannot answer (text past ASCII).
    var loweredVendor: String?

    public init(
        vendor: String, memo: String? = nil, id: String? = nil, amountMinor: Int64 = 0, scale: Int = 2,
        account: String = "", source: String = "", currency: String? = nil, isPending: Bool = false,
        date: Int64? = nil, isTransfer: Bool = false
    ) {
        self.init(
            vendor: vendor, memo: memo, id: id, amountMinor: amountMinor, scale: scale, account: account,
            source: source,
            currency: currency, isPending: isPending, date: date, isTransfer: isTransfer, loweredVendor: nil)
    }

    init(
        vendor: String, memo: String?, id: String?, amountMinor: Int64, scale: Int, account: String, source: String,
        currency: String?, isPending: Bool, date: Int64?, isTransfer: Bool, loweredVendor: String?
    ) {
        self.vendor = vendor
        self.memo = memo
        self.id = id
        self.amountMinor = amountMinor
        self.scale = scale
        self.account = account
        self.source = source
        self.currency = currency
        self.isPending = isPending
        self.date = date
        self.isTransfer = isTransfer
        self.loweredVendor = loweredVendor
    }

    /// The text a condition on `field` reads; nil when the record has none.
    func text(_ field: TextField) -> String? {
        switch field {
        case .vendor: return vendor
        case .memo: return memo
        case .id: return id
        case .account: return account
        case .source: return source
        case .currency: return currency
        case .status: return isPending ? "pending" : "booked"
        }
    }
}
