import StatementText

/// What `txfeed sniff` shows for a QIF file: one finding a line behind a 14-character label,
/// as the csv report does.
struct QIFReport: Sendable {
    var format = ""
    var encoding = ""
    var accounts: [String] = []
    var records = ""
    var dateFormat: String?
    var decimalMark = ""
    var period: String?
    var skipped: [String] = []
    var notes: [String] = []
    var problems: [String] = []

    var text: String {
        var report = ReportLines()
        func add(_ label: String, _ values: [String]) { report.add(label, values) }
        add("format", [format])
        add("encoding", [encoding])
        add("account".plural(accounts.count), accounts)
        add("records", [records])
        if let dateFormat { add("date format", [dateFormat]) }
        add("decimal mark", [decimalMark])
        if let period { add("period", [period]) }
        add("skipped", skipped)
        add("note", notes)
        for problem in problems { add("problem", [problem]) }
        return report.text
    }
}
