/// An account's header as plain fields, before the host has checked any of them: what a plugin
/// hands over with `begin_account_fields` instead of an envelope for the host to parse.
///
/// Every buffer is borrowed for the call that carries it; nil is a field the plugin left out.
public struct AccountFields {
    public var name: UnsafeBufferPointer<UInt8>?
    /// The bank's id for the account: an IBAN or an account number.
    public var id: UnsafeBufferPointer<UInt8>?
    public var currency: UnsafeBufferPointer<UInt8>?
    /// The balance now, a plain signed decimal: `-12.50`.
    public var balance: UnsafeBufferPointer<UInt8>?
    public var profileID: UnsafeBufferPointer<UInt8>?
    public var firstName: UnsafeBufferPointer<UInt8>?
    public var lastName: UnsafeBufferPointer<UInt8>?

    public init(
        name: UnsafeBufferPointer<UInt8>?, id: UnsafeBufferPointer<UInt8>? = nil,
        currency: UnsafeBufferPointer<UInt8>? = nil, balance: UnsafeBufferPointer<UInt8>? = nil,
        profileID: UnsafeBufferPointer<UInt8>? = nil, firstName: UnsafeBufferPointer<UInt8>? = nil,
        lastName: UnsafeBufferPointer<UInt8>? = nil
    ) {
        self.name = name
        self.id = id
        self.currency = currency
        self.balance = balance
        self.profileID = profileID
        self.firstName = firstName
        self.lastName = lastName
    }

    /// Whether the plugin named a holder (the envelope's `profile`).
    public var hasProfile: Bool { profileID != nil || firstName != nil || lastName != nil }
}
