/// One entry of a statement read whole (a camt `Ntry`, an MT940 `:61:` with its `:86:`), in the
/// host's terms: what becomes a transaction.
public struct StatementEntry: Equatable, Sendable {
    /// `yyyy-MM-dd`, or an instant with its offset (camt's `DtTm`).
    public var date: String
    public var vendor: String
    /// A plain signed decimal: credits positive, debits negative.
    public var amount: String
    public var id: String?
    public var memo: String?
    public var pending: Bool
    /// `Stmt[0].Ntry[17]`, `line 17`.
    public var location: String

    public init(
        date: String, vendor: String, amount: String, id: String?, memo: String?, pending: Bool, location: String
    ) {
        self.date = date
        self.vendor = vendor
        self.amount = amount
        self.id = id
        self.memo = memo
        self.pending = pending
        self.location = location
    }
}
