import TxFeedDecoding
import TxFeedModel
import TxFeedOutput

/// A CSV row made from a transaction's NDJSON object, cell for cell what the CSV sink writes
/// for the same transaction in the same dialect: its text cells through the same quoting and
/// formula guard, its amount in the same decimal mark.
enum CSVRow {
    /// The CSV columns in order, and whether each is a text cell (quoted and guarded).
    private static let columns: [(key: String, isText: Bool)] = [
        ("date", false), ("day", true), ("account", true), ("vendor", true), ("type", false), ("amount", false),
        ("currency", true), ("colour", false), ("source", true), ("id", true), ("status", false), ("memo", true),
    ]
    private static let keys = columns.map { Array($0.key.utf8) }

    /// Reused from row to row: the values of the row being written, and where each is.
    struct Scratch {
        var bytes: [UInt8] = []
        var ranges: [Range<Int>?] = []
    }

    static func append(
        _ record: [UInt8], in part: String, dialect: CSVDialect, scratch: inout Scratch, to out: inout [UInt8]
    ) throws(UsageError) {
        guard JSONObjectFields.strings(in: record, keys: keys, into: &scratch.bytes, ranges: &scratch.ranges) else {
            throw UsageError("\(part): a transaction is not a JSON object")
        }
        scratch.bytes.withUnsafeBufferPointer { values in
            for (n, column) in columns.enumerated() {
                if n > 0 { out.append(dialect.separator) }
                // An absent memo (null) is an empty cell, as the CSV sink writes it.
                let value =
                    scratch.ranges[n].map { UnsafeBufferPointer(rebasing: values[$0]) }
                    ?? UnsafeBufferPointer(start: nil, count: 0)
                if column.isText {
                    dialect.appendCell(value, to: &out)
                } else if column.key == "amount" {
                    dialect.appendAmount(value, to: &out)
                } else {
                    out.append(contentsOf: value)
                }
            }
        }
        out += [0x0D, 0x0A]
    }
}
