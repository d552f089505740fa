/// A record an earlier batch of the state file wrote without a transfer's other half, kept
/// there (`halves`) so that a later run whose files do not hold it again can still link the
/// other half to it: a checking export read on Monday, the savings statement on Friday.
public struct RememberedHalf: Sendable, Equatable {
    public var batch: Int64
    /// Its account as the state file keys it (``IdentityKey/accountKey(of:)``).
    public var accountKey: String
    public var accountName: String
    /// The account's bank id (an IBAN, a number): evidence when the other half names it.
    public var accountID: String?
    public var currency: String
    public var scale: Int
    /// The source that read it: a journal names an account without a name after it.
    public var source: String
    /// Its bank id, else its fingerprint's text: the `id` its batch wrote, and what dedupe
    /// matches when its file is read again.
    public var identity: String
    /// Days since 1970-01-01.
    public var day: Int64
    public var signedMinor: Int64
    public var vendor: String
    public var memo: String?
    /// What its batch's rules called it; nil when a journal posted it uncategorised.
    public var category: String?
    /// A batch linked it (its own, or a later one): no earlier half any more, but a record of
    /// the run that is it, seen again, must not be one either.
    public var taken = false

    public init(
        batch: Int64, accountKey: String, accountName: String, accountID: String?, currency: String, scale: Int,
        source: String, identity: String, day: Int64, signedMinor: Int64, vendor: String, memo: String?,
        category: String?, taken: Bool = false
    ) {
        self.batch = batch
        self.accountKey = accountKey
        self.accountName = accountName
        self.accountID = accountID
        self.currency = currency
        self.scale = scale
        self.source = source
        self.identity = identity
        self.day = day
        self.signedMinor = signedMinor
        self.vendor = vendor
        self.memo = memo
        self.category = category
        self.taken = taken
    }

    /// What a half a batch linked is known by: its account's state key and its identity. One
    /// spelling for the halves the state file gives and the records of a run seen again.
    public static func takenKey(accountKey: String, identity: String) -> String {
        accountKey + "\u{0}" + identity
    }

    /// Its account, as the feed would hold it had the run read its file.
    var account: Account {
        Account(
            name: accountName, id: accountID, balance: nil, currency: currency, profile: nil, source: 0, origin: source,
            scale: scale)
    }
}
