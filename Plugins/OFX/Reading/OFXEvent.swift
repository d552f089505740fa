/// What reading a file finds, in file order.
public enum OFXEvent: Sendable {
    /// A statement's account is known (before its first transaction, or at its end when it has none).
    case statementBegan(OFXStatement)
    case transaction(OFXTransaction)
    case reject(OFXReject)
    /// A statement read to its end tag, with its ledger balance and counts.
    case statementEnded(OFXStatement)
    /// Something the file holds that is not read, said once: `text after </OFX> …: ignored`.
    case note(String)
}
