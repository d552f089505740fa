/// One `STMTTRN` as the host's entry: every field already in a host form.
public struct OFXTransaction: Sendable, Equatable {
    /// `2024-01-02` (a day) or `2024-01-02T12:00:00-05:00` (an instant).
    public var date: String
    public var vendor: String
    /// A plain signed decimal: `-12.50`.
    public var amount: String
    /// `FITID`.
    public var id: String?
    public var memo: String?
    public var pending: Bool
    /// `STMTRS[0].STMTTRN[17]`.
    public var location: String
    /// The transaction as XML, for `--rejects` should the host refuse it.
    public var raw: String
    /// What was read differently from how the file put it, said with its path before the entry
    /// (`STMTRS[0].STMTTRN[4].CORRECTACTION: REPLACE without CORRECTFITID: …`).
    public var note: String? = nil
}
