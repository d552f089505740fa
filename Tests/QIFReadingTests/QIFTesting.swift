import QIFReading
import XCTest

/// One entry with its texts read out of the batch arena.
struct ReadEntry: Equatable, CustomStringConvertible {
    var location: String
    var date: String
    var vendor: String
    var amount: String
    var id: String?
    var memo: String?
    var raw: String

    var description: String { "\(location): \(date) \(vendor) \(amount) id=\(id ?? "-") memo=\(memo ?? "-")" }
}

/// A document over test bytes, and everything it handed out.
struct ReadResult {
    var problems: [String]
    var notes: [String]
    var warnings: [String] = []
    var report: String
    var accounts: [String]
    /// Every account's entries, in file order.
    var entries: [ReadEntry]
    var rejects: [QIFReject]
    var rejectRaws: [String]

    var dates: [String] { entries.map(\.date) }

    /// The report's line starting with `label` (its value, the label column cut off), or nil.
    func reportLine(_ label: String) -> String? {
        report.split(separator: "\n").first { $0.hasPrefix(label + " ") }.map { String($0.dropFirst(14)) }
    }
}

/// Reads `bytes` as the file `test.qif` with `options`, every account, every batch.
func readQIF(_ bytes: [UInt8], options: [String: String] = [:], batchSize: Int = 4096) throws -> ReadResult {
    let settings = try QIFSettings(options: options)
    let document = bytes.withUnsafeBytes {
        QIFDocument(bytes: $0, origin: "test.qif", stem: "test", settings: settings)
    }
    var result = ReadResult(
        problems: document.problems, notes: document.notes, warnings: document.warnings, report: document.report,
        accounts: document.accountNames, entries: [], rejects: [], rejectRaws: [])
    guard document.problems.isEmpty else { return result }
    for account in document.accountNames.indices {
        document.forEachBatch(account: account, batchSize: batchSize) { batch in
            func text(_ range: Range<Int>) -> String { String(decoding: batch.texts.bytes[range], as: UTF8.self) }
            for entry in batch.texts.entries {
                result.entries.append(
                    ReadEntry(
                        location: text(entry.location), date: text(entry.date), vendor: text(entry.vendor),
                        amount: text(entry.amount), id: entry.id.map(text), memo: entry.memo.map(text),
                        raw: entry.raw.map(text) ?? ""))
            }
            result.rejects.append(contentsOf: batch.rejects)
            result.rejectRaws.append(contentsOf: batch.rejects.map { text($0.raw) })
            return true
        }
    }
    return result
}

func readQIF(_ text: String, options: [String: String] = [:]) throws -> ReadResult {
    try readQIF(Array(text.utf8), options: options)
}

/// A bank file of records, each given as its lines without the `^`.
func bankFile(_ records: [[String]], header: String = "!Type:Bank") -> String {
    ([header] + records.flatMap { $0 + ["^"] }).joined(separator: "\n") + "\n"
}
