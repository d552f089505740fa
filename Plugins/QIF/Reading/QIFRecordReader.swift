import CSVCells
import StatementText

/// Reads records with the file's decided date format and decimal mark, into a batch: an entry
/// when every field reads, else a reject naming the record, its first line and the reason.
struct QIFRecordReader {
    let text: [UInt8]
    let lines: [QIFLine]
    /// Nil when no record has a date: then each record is rejected for lacking one.
    let datePattern: DatePattern?
    let mark: DecimalMark

    /// Why a record is rejected.
    private struct Refusal: Error {
        var reason: String
    }

    func read(_ record: QIFRecord, into batch: inout QIFBatch) {
        let start = batch.texts.bytes.count
        do {
            var entry = try entry(record, into: &batch)
            entry.raw = appendRaw(record, into: &batch)
            batch.texts.entries.append(entry)
        } catch {
            batch.texts.bytes.removeSubrange(start...)
            let raw = appendRaw(record, into: &batch)
            batch.rejects.append(QIFReject(location: record.location, reason: error.reason, raw: raw))
        }
    }

    private func entry(_ record: QIFRecord, into batch: inout QIFBatch) throws(Refusal) -> EntryRanges {
        if let (code, line) = record.repeated {
            let name = String(decoding: [code], as: UTF8.self)
            throw Refusal(
                reason: "line \(line) is a second \(name) in one record: two records without the ^ between them?")
        }
        guard let dateField = record.date, !trimmed(dateField).isEmpty else {
            throw Refusal(reason: "no date (a D line)")
        }
        let dateText = QIFDateText(text[trimmed(dateField)])
        guard let datePattern, let day = dateText.parse(with: datePattern) else {
            let format = datePattern.map { " as \($0)" } ?? ""
            throw Refusal(reason: "date \"\(quote(dateField))\" does not read\(format)")
        }
        guard let amountField = record.amount, !trimmed(amountField).isEmpty else {
            throw Refusal(reason: "no amount (a T line)")
        }
        let amount = try parseAmount(amountField, what: "amount")
        var splitTexts: [[UInt8]] = []
        for (index, split) in record.splits.enumerated() {
            splitTexts.append(try describe(split, number: index + 1))
        }
        let payee = record.payee.map(trimmed) ?? 0..<0
        let memo = record.memo.map(trimmed) ?? 0..<0
        let category = record.category.map(trimmed) ?? 0..<0
        let reference = record.reference.map(trimmed) ?? 0..<0
        let isCheckNumber = !reference.isEmpty && text[reference].allSatisfy { (0x30...0x39).contains($0) }
        // P and M are optional in QIF: without them the record is still money that moved, named
        // by what it has: its category (L), else its number (N: `Check 1234`, `ATM`), else its type.
        let vendor: [UInt8]
        var memoParts: [[UInt8]] = []
        if !payee.isEmpty {
            vendor = Array(text[payee])
            if !memo.isEmpty { memoParts.append(Array(text[memo])) }
        } else if !memo.isEmpty {
            vendor = Array(text[memo])
        } else if !category.isEmpty {
            vendor = Array(text[category])
        } else if !reference.isEmpty {
            vendor = isCheckNumber ? Array("Check ".utf8) + text[reference] : Array(text[reference])
        } else {
            vendor = Array(record.type.isEmpty ? "Transaction".utf8 : record.type.utf8)
        }
        if !category.isEmpty {
            let name = text[category]
            // A transfer is written `[Savings]` already.
            memoParts.append(name.first == UInt8(ascii: "[") ? Array(name) : Array("[".utf8) + name + Array("]".utf8))
        }
        if !splitTexts.isEmpty {
            memoParts.append(Array("splits: ".utf8) + Array(splitTexts.joined(separator: "; ".utf8)))
        }

        var written: [UInt8] = []
        day.write(zone: nil, into: &written)
        let date = batch.texts.append(written)
        let vendorRange = batch.texts.append(vendor)
        written.removeAll()
        amount.write(into: &written)
        let amountRange = batch.texts.append(written)
        // Quicken's N is a check number or a code (`ATM`, `DEP`, `EFT`, `TXFR`) many records
        // share: only a check number names one transaction.
        let id = isCheckNumber ? batch.texts.append(text[reference]) : nil
        let memoRange = memoParts.isEmpty ? nil : batch.texts.append(Array(memoParts.joined(separator: " ".utf8)))
        let location = batch.texts.append(record.location.utf8)
        return EntryRanges(
            date: date, vendor: vendorRange, amount: amountRange, id: id, memo: memoRange, location: location,
            raw: location)
    }

    /// `Groceries 40.00 (weekly shop)`: one split as the memo lists it.
    private func describe(_ split: QIFSplit, number: Int) throws(Refusal) -> [UInt8] {
        var out: [UInt8] = []
        let category = split.category.map(trimmed) ?? 0..<0
        out.append(contentsOf: category.isEmpty ? Array("(no category)".utf8) : Array(text[category]))
        if let field = split.amount, !trimmed(field).isEmpty {
            out.append(0x20)
            try parseAmount(field, what: "split \(number) amount").write(into: &out)
        }
        if let memo = split.memo.map(trimmed), !memo.isEmpty {
            out.append(contentsOf: Array(" (".utf8) + text[memo] + Array(")".utf8))
        }
        return out
    }

    private func parseAmount(_ field: Range<Int>, what: String) throws(Refusal) -> DecimalAmount {
        do {
            return try text.withUnsafeBufferPointer { all throws(AmountTextError) in
                try AmountText.parse(UnsafeBufferPointer(rebasing: all[field]), mark: mark)
            }
        } catch {
            throw Refusal(reason: "\(what) \(error.description)")
        }
    }

    /// The record's non-blank lines joined with `\n`.
    private func appendRaw(_ record: QIFRecord, into batch: inout QIFBatch) -> Range<Int> {
        let start = batch.texts.bytes.count
        for line in lines[record.lines] where !line.bytes.isEmpty {
            if batch.texts.bytes.count > start { batch.texts.bytes.append(0x0A) }
            batch.texts.bytes.append(contentsOf: text[line.bytes])
        }
        return start..<batch.texts.bytes.count
    }

    private func trimmed(_ field: Range<Int>) -> Range<Int> {
        var start = field.lowerBound
        var end = field.upperBound
        while start < end && (text[start] == 0x20 || text[start] == 0x09) { start += 1 }
        while end > start && (text[end - 1] == 0x20 || text[end - 1] == 0x09) { end -= 1 }
        return start..<end
    }

    private func quote(_ field: Range<Int>) -> String {
        CellQuote.text(String(decoding: text[trimmed(field)], as: UTF8.self))
    }
}
