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

    static let labelWidth = 14

    var text: String {
        var lines: [String] = []
        func add(_ label: String, _ values: [String]) {
            for (index, value) in values.enumerated() {
                let padding = index == 0 ? label : ""
                lines.append(padding + String(repeating: " ", count: Self.labelWidth - padding.count) + value)
            }
        }
        add("format", [format])
        add("encoding", [encoding])
        add(accounts.count == 1 ? "account" : "accounts", accounts)
        add("records", [records])
        if let dateFormat { add("date format", [dateFormat]) }
        add("decimal mark", [decimalMark])
        if let period { add("period", [period]) }
        add("skipped", skipped)
        add("note", notes)
        for problem in problems { add("problem", [problem]) }
        return lines.joined(separator: "\n") + "\n"
    }
}
