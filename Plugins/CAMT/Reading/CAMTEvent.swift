import StatementText

/// What the reader hands out, in file order. A statement's header comes before its entries
/// and rejects; its end comes last; a failure ends the file.
public enum CAMTEvent: Equatable, Sendable {
    case statement(CAMTStatement)
    case entry(StatementEntry)
    case reject(CAMTReject)
    case statementEnd(CAMTStatementEnd)
    case failure(StatementFailure)

    var isFailure: Bool {
        if case .failure = self { true } else { false }
    }
}
