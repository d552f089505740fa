import StatementText

/// What `txfeed sniff` shows for an OFX file: its format, its statements, what would fail.
public enum OFXReport {
    /// The report's text and the problems that stop the file being read whole.
    public static func make(_ document: OFXDocument) -> (text: String, problems: [String]) {
        var report = ReportLines()
        func add(_ label: String, _ value: String) { report.add(label, value) }
        guard let header = document.header else {
            let failure = "\(document.origin): not an OFX file: no OFXHEADER:, <?OFX or <OFX> at its start"
            add("problem", failure)
            return (report.text, [failure])
        }
        let survey = document.survey()
        add("format", header.summary)
        add("statements", "\(survey.statements.count)")
        for statement in survey.statements { add(statement.path, describe(statement)) }
        report.add(
            "note",
            survey.statements.flatMap { statement in statement.notes.map { "\(statement.path): \($0)" } }
                + survey.notes)
        if let reject = survey.firstReject {
            let count = survey.statements.map(\.rejects).reduce(0, +)
            add("rejected", "\(count.counted("transaction")), first \(reject.location): \(reject.reason)")
        }
        var problems: [String] = []
        for problem in survey.statements.compactMap(\.balanceProblem) {
            let failure = "\(document.origin): \(problem): the statement fails"
            problems.append(failure)
            add("problem", failure)
        }
        if let failure = survey.failure {
            problems.append(failure.description)
            add("problem", failure.description)
        }
        return (report.text, problems)
    }

    /// `CHECKING 1234567890 USD, 2024-01-02 … 2024-01-31, 23 transactions, ledger balance 1925.56 on 2024-01-31`.
    static func describe(_ statement: OFXStatement) -> String {
        var parts = [[statement.defaultName, statement.currency].compactMap { $0 }.joined(separator: " ")]
        if let first = statement.firstDay, let last = statement.lastDay { parts.append("\(first) … \(last)") }
        let count = statement.transactions
        parts.append(count.counted("transaction"))
        if statement.rejects > 0 { parts.append("\(statement.rejects) rejected") }
        let skipped = statement.skipped.values.reduce(0, +)
        if skipped > 0 { parts.append("\(skipped) skipped") }
        if statement.positions > 0 { parts.append(statement.positions.counted("position")) }
        if let cash = statement.availableCash { parts.append("available cash \(cash)") }
        if let balance = statement.balanceText {
            let on = statement.balanceDate.map { " on \($0.prefix(10))" } ?? ""
            parts.append("ledger balance \(statement.balance ?? "\"\(balance)\" (not an amount)")\(on)")
        }
        return parts.joined(separator: ", ")
    }
}
