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
    /// Entries without `BookgDt` and `ValDt`, dated by the statement's only day.
    public var datedByStatement = 0
    public var rejected = 0
    /// The signed sum of the booked entries whose amount and sign could be read.
    public var booked = StatementAmount.zero
    /// Rejected entries that may be booked but whose amount, sign, status or currency could not
    /// be read: missing from `booked`. Each its place and why (`Stmt[0].Ntry[1].Amt (missing
    /// amount)`).
    public var uncounted: [String] = []

    /// A balance that could not be read: the statement cannot be checked, so it fails.
    public var balanceProblem: String?

    /// Every entry, the entries but `INFO`, and the booked ones, by side: what `TxsSummry` is
    /// checked against (kept only when the statement has one), indexed by ``Tally``.
    public var tallies = [CAMTTally](repeating: CAMTTally(), count: 3)

    public enum Tally: Int {
        case every, notInfo, booked
    }

    public init(statement: CAMTStatement) {
        self.statement = statement
    }

    mutating func add(_ amount: StatementAmount) {
        booked = booked + amount
    }

    /// Why the statement fails as a whole, if it does; balances that do not reconcile name the
    /// entries not counted, which the failure keeps from the feed as rejects.
    public var failure: String? {
        if let balanceProblem { return balanceProblem }
        if let summaryProblem { return summaryProblem }
        guard var failure = reconciliation.failure(decimals: statement.decimals) else { return nil }
        if !uncounted.isEmpty {
            failure += "; not counted, as they could not be read: " + uncounted.prefix(3).joined(separator: ", ")
            if uncounted.count > 3 { failure += " and \(uncounted.count - 3) more" }
        }
        return failure
    }

    /// How the entries disagree with the statement's `TxsSummry`, when the balances cannot
    /// check them (one is missing): then the summary is the file's only word on what it holds.
    /// Balances that are stated decide alone, and a page of several is not checked.
    public var summaryProblem: String? {
        guard !reconciliation.isStated, !statement.isOnePageOfSeveral else { return nil }
        return statement.summary.disagreement(with: tallies, decimals: statement.decimals)
    }

    public var reconciliation: BalanceReconciliation {
        BalanceReconciliation(opening: statement.opening?.amount, booked: booked, closing: statement.closing?.amount)
    }
}
