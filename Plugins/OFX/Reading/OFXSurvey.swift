/// A whole pass over a file without handing anything over: its statements with their ledger
/// balances (which OFX writes after the transactions), and what would fail.
public struct OFXSurvey: Sendable {
    /// Every statement read to its end, in file order.
    public var statements: [OFXStatement] = []
    /// The first transaction that would be rejected.
    public var firstReject: OFXReject?
    /// What the file holds outside its statements and is not read.
    public var notes: [String] = []
    public var failure: OFXFailure?
}
