import CSVReading
import XCTest

/// What tests compare: one entry with its texts read out of the batch arena.
struct ReadEntry: Equatable, CustomStringConvertible {
    var line: Int
    var date: String
    var vendor: String
    var amount: String
    var id: String? = nil
    var memo: String? = nil
    var pending = false

    var description: String {
        "line \(line): \(date) \(vendor) \(amount) id=\(id ?? "-") memo=\(memo ?? "-")\(pending ? " pending" : "")"
    }
}

/// One reject as tests compare it.
struct ReadReject: Equatable {
    var line: Int
    var reason: String
    var raw: String
}

/// A document over test bytes, and everything it handed out.
struct ReadResult {
    var problems: [String]
    var notes: [String]
    var report: String
    var accounts: [CSVAccount]
    /// Per account, in file order.
    var entries: [[ReadEntry]]
    var rejects: [[ReadReject]]
    var raws: [[String]]
    /// Rows whose money never moved, as rejects are compared.
    var neverMoved: [[ReadReject]] = []

    /// The report's line starting with `label` (its value, label column cut off), or nil.
    func reportLine(_ label: String) -> String? {
        report.split(separator: "\n").first { $0.hasPrefix(label + " ") }.map {
            String($0.dropFirst(14))
        }
    }
}

enum CSVReading {
    /// Reads `bytes` as the plugin would: settings, document, then every account's batches.
    static func read(
        _ bytes: [UInt8], options: [String: String] = [:], origin: String = "bank.csv", stem: String = "bank",
        batchSize: Int = 1_000
    ) throws -> ReadResult {
        let settings = try CSVSettings(options: options)
        return bytes.withUnsafeBytes { buffer in
            result(of: CSVDocument(bytes: buffer, origin: origin, stem: stem, settings: settings), batchSize: batchSize)
        }
    }

    /// Everything `document` hands out, account by account.
    static func result(of document: CSVDocument, batchSize: Int = 1_000) -> ReadResult {
        var result = ReadResult(
            problems: document.problems, notes: document.notes, report: document.report,
            accounts: document.accounts, entries: [], rejects: [], raws: [])
        for account in document.accounts.indices {
            var entries: [ReadEntry] = []
            var rejects: [ReadReject] = []
            var raws: [String] = []
            var neverMoved: [ReadReject] = []
            document.forEachBatch(account: account, batchSize: batchSize) { batch in
                XCTAssertLessThanOrEqual(
                    batch.texts.entries.count + batch.rejects.count + batch.neverMoved.count, batchSize)
                let text = { (range: Range<Int>) in String(decoding: batch.texts.bytes[range], as: UTF8.self) }
                for entry in batch.texts.entries {
                    let location = text(entry.location)
                    XCTAssertTrue(location.hasPrefix("line "), location)
                    entries.append(
                        ReadEntry(
                            line: Int(location.dropFirst(5)) ?? -1, date: text(entry.date), vendor: text(entry.vendor),
                            amount: text(entry.amount), id: entry.id.map(text), memo: entry.memo.map(text),
                            pending: entry.pending))
                    raws.append(entry.raw.map(text) ?? "")
                }
                for reject in batch.rejects {
                    rejects.append(ReadReject(line: reject.line, reason: reject.reason, raw: text(reject.raw)))
                }
                for row in batch.neverMoved {
                    neverMoved.append(ReadReject(line: row.line, reason: row.reason, raw: text(row.raw)))
                }
                return true
            }
            result.entries.append(entries)
            result.rejects.append(rejects)
            result.raws.append(raws)
            result.neverMoved.append(neverMoved)
        }
        // Notes of rows found by reading them (a balance row) come with the rows.
        result.notes = document.notes
        return result
    }

    static func read(
        _ text: String, options: [String: String] = [:], origin: String = "bank.csv", stem: String = "bank",
        batchSize: Int = 1_000
    ) throws -> ReadResult {
        try read(Array(text.utf8), options: options, origin: origin, stem: stem, batchSize: batchSize)
    }
}

/// Asserts that `problems` is one problem holding each of `fragments`: most refusals are
/// checked so.
func assertOneProblem(
    _ problems: [String], _ fragments: String..., file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertEqual(problems.count, 1, "\(problems)", file: file, line: line)
    for fragment in fragments {
        XCTAssertTrue(problems.first?.contains(fragment) == true, "\(problems)", file: file, line: line)
    }
}
