import StatementText

/// What `txfeed sniff` shows of a camt file: its format, then one line per statement, and a
/// problem for each statement that would fail.
public struct CAMTReport {
    public var format: String?
    public var statements: [CAMTStatementEnd] = []
    public var rejects = 0
    public var failure: StatementFailure?
    /// How the text was read when not as its XML declaration says (``CAMTEncoding``).
    public var encoding: String?

    /// Reads the whole file (entries are counted, not kept).
    public init(reader: CAMTReader) {
        while let event = reader.next() {
            switch event {
            case .statementEnd(let end): statements.append(end)
            case .reject: rejects += 1
            case .failure(let failure): self.failure = failure
            case .statement, .entry: break
            }
        }
        format = reader.format
    }

    /// Statements that do not reconcile, and the failure that stopped the reading.
    public var problems: [String] {
        statements.compactMap { end in end.failure.map { "\(end.statement.path): \($0)" } }
            + (failure.map { ["\($0)"] } ?? [])
    }

    public var text: String {
        var report = ReportLines()
        report.add("format", format ?? "unknown")
        if let encoding { report.add("encoding", encoding) }
        report.add("statements", "\(statements.count)")
        for end in statements { report.add(end.statement.path, Self.describe(end)) }
        for problem in problems { report.add("problem", problem) }
        return report.text
    }

    /// `DE89… EUR, 2024-03-01 … 2024-03-31, 14 entries (1 pending, 1 info), opening 2000.00,
    /// closing 1925.56: reconciles`.
    static func describe(_ end: CAMTStatementEnd) -> String {
        let statement = end.statement
        let digits = statement.decimals
        var parts = [
            [statement.accountID ?? "no account id", statement.currency ?? "no currency"].joined(separator: " ")
        ]
        if let from = statement.from, let to = statement.to { parts.append("\(from) … \(to)") }
        var counts = ["\(end.pending) pending", "\(end.info) info"]
        if end.rejected > 0 { counts.append("\(end.rejected) rejected") }
        if end.datedByStatement > 0 { counts.append("\(end.datedByStatement) dated by the statement's day") }
        parts.append("\(end.entries.counted("entry", "entries")) (\(counts.joined(separator: ", ")))")
        if let opening = statement.opening { parts.append("opening \(opening.amount.plain(decimals: digits))") }
        if let closing = statement.closing { parts.append("closing \(closing.amount.plain(decimals: digits))") }
        let verdict: String
        if let problem = end.balanceProblem {
            verdict = "cannot be checked: \(problem)"
        } else if let arithmetic = end.reconciliation.arithmetic(decimals: digits) {
            verdict = "does NOT reconcile: \(arithmetic)"
        } else if let summary = end.summaryProblem {
            verdict = "not checked (\(missingBalances(statement))), and \(summary)"
        } else {
            verdict =
                end.reconciliation.isStated
                ? "reconciles"
                : statement.summary.isStated && !statement.isOnePageOfSeveral
                    ? "not checked by balances (\(missingBalances(statement))), but its TxsSummry agrees"
                    : "not checked (\(missingBalances(statement)))"
        }
        return parts.joined(separator: ", ") + ": " + verdict
    }

    /// Which stated balance a statement lacks, so that the one to look for is named.
    private static func missingBalances(_ statement: CAMTStatement) -> String {
        switch (statement.opening, statement.closing) {
        case (nil, nil): "no opening or closing balance"
        case (nil, _): "no opening balance"
        default: "no closing balance"
        }
    }
}
