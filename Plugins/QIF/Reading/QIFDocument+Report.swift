extension QIFDocument {
    /// What `txfeed sniff` prints: the findings of the first pass, then a counting pass over
    /// every record for what would be read, rejected, and the days it spans.
    public var report: String {
        var report = QIFReport()
        report.format =
            "QIF "
            + (structure.types.isEmpty
                ? "(no transaction block)"
                : structure.types.map {
                    "!Type:\($0)"
                }.joined(separator: ", "))
        report.encoding = text.encoding
        report.accounts = structure.accounts.map { "\($0.name) (\($0.records.count.counted("record")))" }
        if structure.accounts.isEmpty { report.accounts = ["none: the file holds no transaction record"] }
        if let datePattern {
            report.dateFormat = "\(datePattern)" + (dateEvidence.map { " (\($0))" } ?? "")
        }
        report.decimalMark = "\(mark)" + (markEvidence.isEmpty ? "" : " (\(markEvidence))")
        report.skipped = structure.skipped.map(\.description)
        report.notes = notes.filter { !$0.hasPrefix("skipped ") }
        report.problems = problems.map { String($0.dropFirst(origin.count + 2)) }
        guard problems.isEmpty else {
            report.records = "\(structure.records.count) (not read: see the problem below)"
            return report.text
        }
        var read = 0
        var rejected: [QIFReject] = []
        var rejectCount = 0
        var first: [UInt8]?
        var last: [UInt8]?
        for account in structure.accounts.indices {
            forEachBatch(account: account, batchSize: 4096) { batch in
                read += batch.texts.entries.count + batch.rejects.count
                rejectCount += batch.rejects.count
                if rejected.isEmpty, let reject = batch.rejects.first { rejected.append(reject) }
                for entry in batch.texts.entries {
                    let day = Array(batch.texts.bytes[entry.date])
                    if first.map({ day.lexicographicallyPrecedes($0) }) ?? true { first = day }
                    if last.map({ $0.lexicographicallyPrecedes(day) }) ?? true { last = day }
                }
                return true
            }
        }
        var records = "\(read)"
        if let reject = rejected.first {
            let more = rejectCount > 1 ? "; and \(rejectCount - 1) more" : ""
            records += " (\(rejectCount) rejected: \(reject.location): \(reject.reason)\(more))"
        } else {
            records += " (none rejected)"
        }
        report.records = records
        if let first, let last {
            report.period = String(decoding: first, as: UTF8.self) + " … " + String(decoding: last, as: UTF8.self)
        }
        return report.text
    }

}
