import StatementText

/// What `</Stmt>` settles: how its entries went and whether its balances reconcile.
public struct CAMTStatementEnd: Equatable, Sendable {
    public var statement: CAMTStatement
    /// Every `Ntry`, whatever became of it.
    public var entries = 0
    public var pending = 0
    /// `INFO` entries: for information only, never transactions.
    public var info = 0
    /// Entries of a camt.053 statement without `Sts`, read as booked.
    public var withoutStatus = 0
    public var rejected = 0
    /// The signed sum of the booked entries whose amount and sign could be read.
    public var booked = StatementAmount.zero

    /// A balance that could not be read: the statement cannot be checked, so it fails.
    public var balanceProblem: String?

    public init(statement: CAMTStatement) {
        self.statement = statement
    }

    mutating func add(_ amount: StatementAmount) {
        booked = booked + amount
    }

    /// Why the statement fails as a whole, if it does.
    public var failure: String? {
        balanceProblem ?? reconciliation.failure(decimals: statement.decimals)
    }

    public var reconciliation: BalanceReconciliation {
        BalanceReconciliation(opening: statement.opening?.amount, booked: booked, closing: statement.closing?.amount)
    }
}
