/// A `STMTTRN` that cannot be a transaction: the field at fault and why.
public struct OFXReject: Error, Sendable, Equatable {
    /// `STMTRS[0].STMTTRN[17].TRNAMT`.
    public var location: String
    /// `"abc" is not an amount`.
    public var reason: String
    /// The transaction as XML.
    public var raw: String
}
