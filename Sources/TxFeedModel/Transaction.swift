/// One normalised transaction, kept compact so a million of them wait cheaply at the barrier.
///
/// Strings live elsewhere: the vendor is an index into a ``VendorTable`` and the account an
/// index into the feed's accounts. Money is integer minor units (the account's currency
/// decides the scale); time is Unix seconds in UTC.
public struct Transaction: Sendable {
    public var unixSeconds: Int64
    /// The unsigned amount in minor units; the sign comes from ``isDebit``.
    public var amountMinor: Int64
    public var vendor: UInt32
    public var account: UInt32
    public var isDebit: Bool

    public init(unixSeconds: Int64, amountMinor: Int64, vendor: UInt32, account: UInt32, isDebit: Bool) {
        self.unixSeconds = unixSeconds
        self.amountMinor = amountMinor
        self.vendor = vendor
        self.account = account
        self.isDebit = isDebit
    }

    /// The signed amount: credits are money in, debits money out.
    public var signedMinor: Int64 { isDebit ? -amountMinor : amountMinor }
}
