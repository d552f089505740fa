import StatementText

/// What `txfeed sniff` shows: every finding of the first pass, one a line, and a ready `-s`
/// spec and `rules` JSON that pin down what was inferred.
struct CSVReport: Sendable {
    /// One reported column: its position, header, role, why, and two sample values.
    struct Column: Sendable {
        var position: Int
        var header: String
        var role: ColumnRole
        var reason: String?
        var samples: [String]
    }

    /// Which rows were read and how many rejected: filled by a counting pass on demand.
    struct Rows: Sendable {
        var entries = 0
        var rejects = 0
        var firstReject: CSVReject?
    }

    var origin = ""
    /// The bank profile read with, and why: `amex-us (American Express (US); header: 13 of 13 columns)`.
    var profile: String?
    /// Where the profile and what the file itself shows differ, one a line.
    var profileDisagreements: [String] = []
    var encoding = ""
    var separator: String?
    var separatorEvidence: String?
    var header: String?
    var skipped: [String] = []
    var columns: [Column] = []
    var ignored: [String] = []
    var dropped: [String] = []
    var dateFormat: String?
    var dateEvidence: String?
    var decimalMark: String?
    var decimalEvidence: String?
    var accounts: [String] = []
    /// A currency the file states outside its rows, and where: `EUR (the header "Betrag (EUR)")`.
    var currency: String?
    /// `27 of 27 rows agree (newest first)`, or why the chain was not walked.
    var balanceChain: String?
    /// `inverted (the balance column: 27 of 27 rows)`, `not checked (…)`.
    var sign: String?
    /// The options that reproduce what was inferred, in the order the spec lists them.
    var options: [(name: String, value: String, isNumber: Bool)] = []
    /// The options given with the source: the spec and rules keep every one.
    var given: [(name: String, value: String)] = []
    var problems: [String] = []

    func text(rows: Rows?) -> String {
        var report = ReportLines()
        func add(_ label: String, _ values: [String]) { report.add(label, values) }
        if let profile { add("profile", [profile]) }
        if !profileDisagreements.isEmpty { add("disagrees", profileDisagreements) }
        add("encoding", [encoding])
        if let separator {
            add("separator", [separator + (separatorEvidence.map { "  (\($0))" } ?? "")])
        }
        if let header { add("header", [header]) }
        if !skipped.isEmpty { add("skipped", [skipped.joined(separator: ", ")]) }
        var columnLines = columns.map { column in
            let reason = column.reason.map { " (\($0))" } ?? ""
            let samples = column.samples.isEmpty ? "" : "  (\(column.samples.joined(separator: ", ")))"
            return "\(column.position) \(column.header) → \(column.role.rawValue)\(reason)\(samples)"
        }
        if !ignored.isEmpty { columnLines.append("ignored: " + ignored.joined(separator: ", ")) }
        if !dropped.isEmpty { columnLines.append("dropped (empty): " + dropped.joined(separator: ", ")) }
        if !columnLines.isEmpty { add("columns", columnLines) }
        if let dateFormat { add("date format", [dateFormat + (dateEvidence.map { " (\($0))" } ?? "")]) }
        if let decimalMark { add("decimal mark", [decimalMark + (decimalEvidence.map { " (\($0))" } ?? "")]) }
        if let balanceChain { add("balance chain", [balanceChain]) }
        if let sign { add("sign", [sign]) }
        if let rows { add("rows", [Self.describe(rows)]) }
        if let currency { add("currency", [currency]) }
        if !accounts.isEmpty { add("accounts", [accounts.joined(separator: ", ")]) }
        add("spec", [spec])
        add("rules", [rules])
        for problem in problems { add("problem", [problem]) }
        return report.text
    }

    private static func describe(_ rows: Rows) -> String {
        var text = "\(rows.entries.counted("transaction")), \(rows.rejects) rejected"
        if let first = rows.firstReject {
            let more = rows.rejects > 1 ? "; and \(rows.rejects - 1) more" : ""
            text += " (line \(first.line): \(first.reason)\(more))"
        }
        return text
    }

    /// What was found, then each option given that it does not already hold.
    private var allOptions: [(name: String, value: String, isNumber: Bool)] {
        let found = Set(options.map(\.name))
        return options
            + given.filter { !found.contains($0.name) }.map {
                ($0.name, $0.value, $0.name == "skip" && Int($0.value) != nil)
            }
    }

    /// `-s 'csv:FILE,separator=;,skip=4,…'`, quoted for a POSIX shell: how the file is written,
    /// and every option given.
    var spec: String {
        let named = Set(given.map(\.name))
        let settings = allOptions.filter { Self.specOptions.contains($0.name) || named.contains($0.name) }
            .map { "\($0.name)=\($0.value)" }
        let body = (["csv:" + origin] + settings).joined(separator: ",")
        return "-s '" + body.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Every option found, as a `rules` file holds them.
    var rules: String {
        let members = allOptions.map { option in
            JSONText.quoted(option.name) + ": " + (option.isNumber ? option.value : JSONText.quoted(option.value))
        }
        return "{" + members.joined(separator: ", ") + "}"
    }

    /// What the spec repeats: how the file is written, not which column is which (the header says that).
    private static let specOptions: Set<String> = [
        "encoding", "separator", "skip", "date-format", "decimal-mark", "sign", "check-balance",
    ]
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
