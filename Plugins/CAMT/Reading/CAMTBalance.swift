import StatementText

/// One `Bal` of a statement: its type code (`OPBD`, `PRCD`, `CLBD`, `CLAV`…), signed amount and day.
public struct CAMTBalance: Equatable, Sendable {
    public var code: String
    public var amount: StatementAmount
    public var currency: String?
    public var day: String?
    /// It had no `CdtDbtInd` and was read as a credit.
    public var withoutIndicator = false

    public init(code: String, amount: StatementAmount, currency: String?, day: String?) {
        self.code = code
        self.amount = amount
        self.currency = currency
        self.day = day
    }

    /// `CLBD`: the closing booked balance.
    public var isClosing: Bool { code == "CLBD" }
}
