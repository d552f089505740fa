/// An entry the plugin could not make a transaction of: where (with the field), why, and the
/// entry's own XML for `--rejects`.
public struct CAMTReject: Equatable, Sendable {
    /// `Stmt[0].Ntry[17].Amt`.
    public var location: String
    /// `"12,5" is not an amount`.
    public var reason: String
    public var raw: [UInt8]

    public init(location: String, reason: String, raw: [UInt8]) {
        self.location = location
        self.reason = reason
        self.raw = raw
    }
}
