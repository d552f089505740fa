import StatementText

/// The texts of one `Bal` as they are read.
struct CAMTBalanceFields {
    var code: String?
    /// `SubTp`'s text (`BLCK`, a blocked amount): a part of the balance, not it.
    var subType: String?
    var amount: String?
    var currency: String?
    var indicator: String?
    var day: String?

    /// The balance, or why it cannot be read (an unreadable balance fails its statement: the
    /// statement cannot be checked).
    func balance() -> Result<CAMTBalance, CAMTBalanceProblem>? {
        guard let code, subType == nil else { return nil }
        guard let text = amount, let magnitude = StatementAmount(text: text) else {
            return .failure(CAMTBalanceProblem("balance \(code): \"\(amount ?? "")\" is not an amount"))
        }
        switch indicator {
        case nil:
            // The schema makes it mandatory, yet banks leave it out of positive balances: a
            // credit, said in a note, and the reconciliation checks it.
            var read = CAMTBalance(code: code, amount: magnitude, currency: currency, day: day)
            read.withoutIndicator = true
            return .success(read)
        case "CRDT": return .success(CAMTBalance(code: code, amount: magnitude, currency: currency, day: day))
        case "DBIT": return .success(CAMTBalance(code: code, amount: magnitude.negated, currency: currency, day: day))
        default: return .failure(CAMTBalanceProblem("balance \(code): CdtDbtInd \"\(indicator ?? "")\""))
        }
    }
}

/// A balance that cannot be read.
struct CAMTBalanceProblem: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
