/// The account an envelope describes, as the feed shows it.
public struct Account: Sendable {
    public var name: String
    /// The bank's id for the account (an IBAN or account number), when the source gave one.
    public var id: String?
    /// The balance in the account currency's minor units, when the source gave one.
    public var balance: Money?
    /// ISO 4217 code, or nil when the source gave none (two decimals are assumed).
    public var currency: String?
    public var profile: Profile?
    /// Index of the source (in run order) that delivered it.
    public var source: Int
    /// Where it came from (file name or URL), for messages.
    public var origin: String

    /// Decimals of this account's money.
    public var scale: Int

    public init(
        name: String, id: String? = nil, balance: Money?, currency: String?, profile: Profile?, source: Int,
        origin: String,
        scale: Int
    ) {
        self.name = name
        self.id = id
        self.balance = balance
        self.currency = currency
        self.profile = profile
        self.source = source
        self.origin = origin
        self.scale = scale
    }
}

/// The account holder, when the source says who it is.
public struct Profile: Sendable, Equatable {
    public var id: String?
    public var firstName: String?
    public var lastName: String?

    public init(id: String?, firstName: String?, lastName: String?) {
        self.id = id
        self.firstName = firstName
        self.lastName = lastName
    }
}
