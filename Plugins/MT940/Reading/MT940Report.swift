import StatementText

/// What `txfeed sniff` shows of an MT940 file: one line per statement, the `:86:` dialects,
/// and a problem for each statement that would fail.
public struct MT940Report {
    public var statements: [MT940StatementEnd] = []
    public var rejects: [MT940Reject] = []
    public var failure: StatementFailure?
    public var notes: [String] = []
    public var dialects: [String: Int] = [:]

    /// Reads the whole file (entries are counted, not kept).
    public init(reader: MT940Reader) {
        while let event = reader.next() {
            switch event {
            case .statementEnd(let end): statements.append(end)
            case .reject(let reject): rejects.append(reject)
            case .failure(let failure): self.failure = failure
            case .statement, .entry: break
            }
        }
        notes = reader.notes
        dialects = reader.dialects
    }

    /// Statements that would fail, and the failure that stopped the reading.
    public var problems: [String] {
        statements.compactMap { end in end.failure.map { "\(end.statement.path): \($0)" } }
            + (failure.map { ["\($0)"] } ?? [])
    }

    public var text: String {
        var report = ReportLines()
        let interim = statements.filter(\.statement.isInterim).count
        var format = "SWIFT MT940 customer statement"
        if interim == statements.count, interim > 0 {
            format = "SWIFT MT942 interim transaction report"
        } else if interim > 0 {
            format += " (and \(interim) MT942)"
        }
        report.add("format", format)
        report.add("statements", "\(statements.count)")
        for end in statements { report.add(end.statement.path, Self.describe(end)) }
        let details = MT940Details.Dialect.allCases.compactMap { dialect in
            dialects[dialect.rawValue].map { "\(dialect.rawValue) (\($0))" }
        }
        if !details.isEmpty { report.add(":86: details", details.joined(separator: ", ")) }
        if let reject = rejects.first {
            let more = rejects.count > 1 ? "; and \(rejects.count - 1) more" : ""
            report.add("rejected", "\(rejects.count) (\(reject.location): \(reject.reason)\(more))")
        }
        report.add("note", notes)
        for problem in problems { report.add("problem", problem) }
        return report.text
    }

    /// `DE89370400440532013000 EUR, :28C: 00042/001, 4 entries, opening 1000.00 (2024-03-01),
    /// closing 1500.00 (2024-03-05): reconciles`.
    static func describe(_ end: MT940StatementEnd) -> String {
        let statement = end.statement
        let digits = statement.decimals
        var parts = [
            [statement.accountID ?? "no :25: account", statement.currency ?? "no currency"].joined(separator: " ")
        ]
        if let number = statement.number { parts.append(":28C: \(number)") }
        var entries = end.entries.counted("entry", "entries")
        if end.rejected > 0 { entries += " (\(end.rejected) rejected)" }
        if statement.isInterim { entries += ", pending (MT942)" }
        parts.append(entries)
        if let opening = statement.opening {
            parts.append("opening \(opening.amount.plain(decimals: digits)) (\(opening.day), :\(opening.tag):)")
        }
        if let closing = statement.closing {
            parts.append("closing \(closing.amount.plain(decimals: digits)) (\(closing.day), :\(closing.tag):)")
        }
        for balance in statement.available {
            parts.append(":\(balance.tag): \(balance.amount.plain(decimals: digits)) (\(balance.day))")
        }
        var verdicts: [String] = []
        if statement.isInterim {
            verdicts.append("not reconciled (an MT942 interim report has no opening and closing balance)")
        }
        if let problem = end.problem {
            verdicts.append("cannot be checked: \(problem)")
        } else {
            if !statement.isInterim {
                verdicts.append(
                    end.reconciliation.arithmetic(decimals: digits).map { "does NOT reconcile: \($0)" } ?? "reconciles")
            }
            if let totals = end.totalsFailure {
                verdicts.append("totals do NOT agree: \(totals)")
            } else if !statement.totals.isEmpty {
                verdicts.append(statement.totals.map { ":\($0.tag):" }.joined(separator: " and ") + " agree")
            }
        }
        return parts.joined(separator: ", ") + ": " + verdicts.joined(separator: "; ")
    }
}
