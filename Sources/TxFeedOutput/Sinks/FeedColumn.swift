import TxFeedModel

/// A transaction column of the CSV and XLSX sinks (`columns=` chooses and orders them):
/// one list of names, one parser and one default, so both sinks and `txfeed merge` agree.
public enum FeedColumn: String, CaseIterable, Sendable {
    case date
    /// `YYYY-MM-DD` in `--tz`: the day a spreadsheet reads as a date.
    case localDate = "local_date"
    case day, account, vendor, type, amount, currency, colour, source, id, status, memo
    /// What rules gave the record (empty without `--rules`): docs/RULES.md.
    case category, tags
    case originalVendor = "original_vendor"
    /// The run's transfer the record is half of (`T1`), and the other half's account: docs/CLI.md.
    case transfer
    case transferAccount = "transfer_account"

    /// The columns without `columns=`: docs/FEED.md's twelve, in their order.
    public static let standard: [FeedColumn] = [
        .date, .day, .account, .vendor, .type, .amount, .currency, .colour, .source, .id, .status, .memo,
    ]

    /// The columns rules add to ``standard`` when `columns=` does not choose.
    public static let rules: [FeedColumn] = [.category, .tags, .originalVendor]

    /// The columns a run that linked transfers adds to ``standard`` when `columns=` does not choose.
    public static let transfers: [FeedColumn] = [.transfer, .transferAccount]

    /// Whether CSV treats the cell as text (quoted, formula guard); the others are never changed.
    public var isText: Bool {
        switch self {
        case .date, .localDate, .type, .amount, .colour, .status: return false
        case .day, .account, .vendor, .currency, .source, .id, .memo, .category, .tags, .originalVendor,
            .transferAccount:
            return true
        case .transfer: return false
        }
    }

    /// `columns=date,vendor,amount`: names in the order wanted, each once.
    public static func parse(_ list: String, sink: String) throws(UsageError) -> [FeedColumn] {
        let names = list.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: " ")
        }
        var columns: [FeedColumn] = []
        for name in names {
            guard let column = FeedColumn(rawValue: name) else {
                let known = allCases.map(\.rawValue).joined(separator: ", ")
                let what = name.isEmpty ? "an empty column name" : "unknown column '\(name)'"
                throw UsageError("sink '\(sink)': \(what) in columns=; known columns: \(known)")
            }
            guard !columns.contains(column) else {
                throw UsageError("sink '\(sink)': column '\(name)' is named twice in columns=")
            }
            columns.append(column)
        }
        return columns
    }
}

extension Substring {
    /// Without leading and trailing `character`s.
    fileprivate func trimmingCharacters(in character: Character) -> String {
        String(drop { $0 == character }.reversed().drop { $0 == character }.reversed())
    }
}
