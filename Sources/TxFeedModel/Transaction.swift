/// One normalised transaction, kept compact so a million of them wait cheaply at the barrier.
///
/// Strings live elsewhere: the vendor is an index into a ``VendorTable``, the account an index
/// into the feed's accounts, and a bank id or memo an index into the feed's
/// ``TransactionDetails``. Money is integer minor units (the account's currency decides the
/// scale); time is Unix seconds in UTC.
public struct Transaction: Sendable, BitwiseCopyable {
    /// The instant; for a civil date (a day without a time), that day's midnight in UTC, which is
    /// where it sorts among timed records.
    public var unixSeconds: Int64
    /// The unsigned amount in minor units; the sign comes from ``isDebit``.
    public var amountMinor: Int64
    public var vendor: UInt32
    public var account: UInt32
    /// Index of its bank id and memo in the details, or ``noDetails`` (the usual case: no
    /// strings stored at all).
    public var details: UInt32
    public var flags: Flags
    /// The offset from UTC its file gave the instant (`-05:00` is -300), in minutes; 0 for none,
    /// `Z` and a civil date. Days are shown in `--tz`; the run says when a record's day there is
    /// not its day at this offset, the bank's (in the padding: the record stays 32 bytes).
    public var offsetMinutes: Int16

    /// What a transaction is, in one byte.
    public struct Flags: OptionSet, Sendable, BitwiseCopyable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// Money out; without it, money in.
        public static let debit = Flags(rawValue: 1)
        /// Not yet booked by the bank (`status` `pending`).
        public static let pending = Flags(rawValue: 2)
        /// The date is a calendar day, not an instant: the same day in every time zone.
        public static let civilDate = Flags(rawValue: 4)
    }

    public static let noDetails = UInt32.max

    public init(
        unixSeconds: Int64, amountMinor: Int64, vendor: UInt32, account: UInt32, isDebit: Bool,
        isPending: Bool = false, isCivilDate: Bool = false, details: UInt32 = Transaction.noDetails,
        offsetMinutes: Int16 = 0
    ) {
        self.offsetMinutes = offsetMinutes
        self.unixSeconds = unixSeconds
        self.amountMinor = amountMinor
        self.vendor = vendor
        self.account = account
        self.details = details
        var flags: Flags = []
        if isDebit { flags.insert(.debit) }
        if isPending { flags.insert(.pending) }
        if isCivilDate { flags.insert(.civilDate) }
        self.flags = flags
    }

    public var isDebit: Bool { flags.contains(.debit) }
    public var isPending: Bool { flags.contains(.pending) }
    public var isCivilDate: Bool { flags.contains(.civilDate) }

    /// Whether its day in UTC is not its day at the offset its file gave (`2024-03-31T23:00-05:00`
    /// is 1 April in UTC): with days shown in UTC, the bank's day is not the one shown.
    public var dayDiffersAtOffset: Bool {
        offsetMinutes != 0
            && TransactionDate.days(ofUnixSeconds: unixSeconds + Int64(offsetMinutes) * 60)
                != TransactionDate.days(ofUnixSeconds: unixSeconds)
    }

    /// The signed amount: credits are money in, debits money out.
    public var signedMinor: Int64 { isDebit ? -amountMinor : amountMinor }

    /// `booked` or `pending`, as every sink writes it.
    public var status: String { isPending ? "pending" : "booked" }
}

/// What a transaction may carry besides its amount and vendor: the bank's own reference and
/// free text beside the payee. Stored only for transactions that have either.
public struct TransactionDetails: Sendable, Equatable {
    /// The bank's own reference (OFX FITID, a CSV id column, the envelope's `id`).
    public var id: String?
    public var memo: String?
    /// Where the record is in its file (`line 17`, `transactions[3]`), kept only when
    /// `--duplicates` asks for it: a dropped copy is then named by its place.
    public var location: String?

    public init(id: String?, memo: String?, location: String? = nil) {
        self.id = id
        self.memo = memo
        self.location = location
    }

    /// The index of a record's details in `details`, appended when it has any (an id, a memo
    /// or a place); ``Transaction/noDetails`` when it has none, as most records.
    package static func index(
        id: String?, memo: String?, location: String?, appendingTo details: inout [TransactionDetails]
    ) -> UInt32 {
        guard id != nil || memo != nil || location != nil else { return Transaction.noDetails }
        details.append(TransactionDetails(id: id, memo: memo, location: location))
        return UInt32(details.count - 1)
    }
}
