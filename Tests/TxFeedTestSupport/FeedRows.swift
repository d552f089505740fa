import Foundation

/// One record of a feed as `JSONSerialization` reads it: what the statement readers' end-to-end
/// tests compare field by field.
public typealias FeedRow = [String: Any]

/// A line of the output that is no JSON object.
public struct NotAFeedRow: Error, CustomStringConvertible {
    public var line: String
    public var description: String { "not a JSON object: \(line)" }
}

/// The NDJSON feed a run wrote, one row per line.
public func feedRows(_ result: CommandResult) throws -> [FeedRow] {
    try feedRows(result.output)
}

/// NDJSON text, one row per line.
public func feedRows(_ output: String) throws -> [FeedRow] {
    try output.split(separator: "\n").map { line in
        guard let row = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? FeedRow else {
            throw NotAFeedRow(line: String(line))
        }
        return row
    }
}

/// A text field of `row`; nil when absent or null.
public func text(_ row: FeedRow, _ field: String) -> String? { row[field] as? String }

/// `amount_minor`, or `Int.min` when the row has none (so a missing one fails any comparison).
public func minor(_ row: FeedRow) -> Int { minor(row, "amount_minor") }

/// An integer field of `row` (`balance_minor`), `Int.min` when absent.
public func minor(_ row: FeedRow, _ field: String) -> Int { (row[field] as? NSNumber)?.intValue ?? .min }
