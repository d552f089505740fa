/// One account's header: what `begin_account` gets.
public struct CSVAccount: Sendable, Equatable {
    public var name: String
    /// ISO 4217 code, or nil when neither a column nor `default-currency` gives one.
    public var currency: String?
    /// The account's id (IBAN or number) when the preamble or the `account-id` option gives it.
    public var id: String?

    public init(name: String, currency: String?, id: String?) {
        self.name = name
        self.currency = currency
        self.id = id
    }
}
