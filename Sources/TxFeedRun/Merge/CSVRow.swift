import TxFeedDecoding
import TxFeedModel
import TxFeedOutput

/// A CSV row made from a transaction's NDJSON object, cell for cell what the CSV sink writes
/// for the same transaction in the same dialect: its text cells through the same quoting and
/// formula guard, its amount in the same decimal mark.
enum CSVRow {
    /// The NDJSON keys of the columns every part carries: the standard twelve. (`local_date`
    /// needs the run's zone, which a part does not record, so `merge` refuses it.)
    private static let keys = FeedColumn.standard.map { Array($0.rawValue.utf8) }

    /// Reused from row to row: the values of the row being written, and where each is; and
    /// the columns written, each with its place among ``keys``.
    struct Scratch {
        var bytes: [UInt8] = []
        var ranges: [Range<Int>?] = []
        let columns: [(column: FeedColumn, key: Int)]

        /// `columns` must all be standard ones.
        init(columns: [FeedColumn]) {
            self.columns = columns.map { ($0, FeedColumn.standard.firstIndex(of: $0)!) }
        }
    }

    static func append(
        _ record: [UInt8], in part: String, dialect: CSVDialect, scratch: inout Scratch, to out: inout [UInt8]
    ) throws(UsageError) {
        guard JSONObjectFields.strings(in: record, keys: keys, into: &scratch.bytes, ranges: &scratch.ranges) else {
            throw UsageError("\(part): a transaction is not a JSON object")
        }
        let values = scratch.bytes.span
        for (n, (column, key)) in scratch.columns.enumerated() {
            if n > 0 { out.append(dialect.separator) }
            // An absent memo (null) is an empty cell, as the CSV sink writes it.
            let value = values.extracting(scratch.ranges[key] ?? 0..<0)
            if column.isText {
                dialect.appendCell(value, to: &out)
            } else if column == .amount {
                dialect.appendAmount(value, to: &out)
            } else {
                out.append(value)
            }
        }
        out += [0x0D, 0x0A]
    }
}
