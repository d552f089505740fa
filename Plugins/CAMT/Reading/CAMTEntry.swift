/// One `Ntry` read whole, in the host's terms: what becomes a transaction.
public struct CAMTEntry: Equatable, Sendable {
    /// `yyyy-MM-dd` (from `Dt`) or an instant with its offset (from `DtTm`).
    public var date: String
    public var vendor: String
    /// A plain signed decimal: CRDT positive, DBIT negative.
    public var amount: String
    public var id: String?
    public var memo: String?
    public var pending: Bool
    /// `Stmt[0].Ntry[17]`.
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
