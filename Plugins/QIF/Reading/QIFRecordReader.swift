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
        let splitAmounts = try splitAmounts(record, total: amount)
        var splitTexts: [[UInt8]] = []
        for (index, split) in record.splits.enumerated() {
            splitTexts.append(describe(split, amount: splitAmounts[index]))
        }
        let payee = record.payee.map(trimmed) ?? 0..<0
        let memo = record.memo.map(trimmed) ?? 0..<0
        let category = record.category.map(trimmed) ?? 0..<0
        let reference = record.reference.map(trimmed) ?? 0..<0
        var written: [UInt8] = []
        day.write(zone: nil, into: &written)
        // American Express writes the record's own day in N (`N20231124`): every record of that
        // day shares it, so it names none. As an id, a later export's one payment that day was
        // dropped as seen under --state.
        let isOwnDay = text[reference].elementsEqual(written.lazy.filter { $0 != UInt8(ascii: "-") })
        let isCheckNumber =
            !reference.isEmpty && !isOwnDay && text[reference].allSatisfy { (0x30...0x39).contains($0) }
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

    /// Each split's amount, nil where it has none; a reason for the first that does not read.
    ///
    /// Quicken's own QIF specification writes a split `$=746.36` in its example (T-1,000.00,
    /// splits -253.64 and =746.36), and the copy of it on moneymvps.org writes `$-746.36`: only
    /// -746.36 makes the splits add up to T, so the `=` is a `-` mistyped (the next key). A split
    /// `=X` is read as -X when that makes the splits add up to T, as X when that does, and
    /// rejects the record when neither does: the file's own total decides, never a guess.
    private func splitAmounts(_ record: QIFRecord, total: DecimalAmount) throws(Refusal) -> [DecimalAmount?] {
        var amounts: [DecimalAmount?] = []
        var marked: [(index: Int, field: Range<Int>)] = []
        for (index, split) in record.splits.enumerated() {
            guard let field = split.amount.map(trimmed), !field.isEmpty else {
                amounts.append(nil)
                continue
            }
            if text[field.lowerBound] == UInt8(ascii: "=") {
                let value = try parseAmount(
                    (field.lowerBound + 1)..<field.upperBound, what: "split \(index + 1) amount")
                marked.append((index, field))
                amounts.append(value)
            } else {
                amounts.append(try parseAmount(field, what: "split \(index + 1) amount"))
            }
        }
        guard !marked.isEmpty else { return amounts }
        // Each `=` split negated, then as written: the two readings there are.
        let target = Self.scaled(total)
        var negated = amounts
        for (index, _) in marked { negated[index]!.negative.toggle() }
        if let target, Self.sum(negated) == target { return negated }
        if let target, Self.sum(amounts) == target { return amounts }
        let first = marked[0]
        let value = amounts[first.index]!
        var shown: [UInt8] = []
        value.write(into: &shown)
        throw Refusal(
            reason: "split \(first.index + 1) amount \"\(quote(first.field))\": its = is no sign QIF defines, and "
                + "neither \(String(decoding: shown, as: UTF8.self)) nor its negative makes the splits add up to T")
    }

    /// What the run's log says of a record whose split is written `$=`, when the record reads:
    /// how its amount was read, and what decided it. Nil for any other record.
    func splitNote(_ record: QIFRecord) -> String? {
        let marked = record.splits.indices.filter { index in
            record.splits[index].amount.map(trimmed).map { !$0.isEmpty && text[$0.lowerBound] == UInt8(ascii: "=") }
                ?? false
        }
        guard let first = marked.first, let field = record.amount, !trimmed(field).isEmpty,
            let total = try? parseAmount(field, what: "amount"), let amounts = try? splitAmounts(record, total: total),
            let amount = amounts[first]
        else { return nil }
        var shown: [UInt8] = []
        amount.write(into: &shown)
        var written: [UInt8] = []
        total.write(into: &written)
        let more = marked.count > 1 ? " (and \(marked.count - 1) more so written)" : ""
        return "\(record.location): split \(first + 1) amount \"\(quote(record.splits[first].amount!))\" read as "
            + "\(String(decoding: shown, as: UTF8.self))\(more): so the splits add up to the record's T "
            + "\(String(decoding: written, as: UTF8.self)) (QIF defines no = there)"
    }

    /// The amounts' sum in 10^-5 units; nil when one has more decimals than that.
    private static func sum(_ amounts: [DecimalAmount?]) -> Int128? {
        var total: Int128 = 0
        for amount in amounts {
            guard let amount else { continue }
            guard let units = scaled(amount) else { return nil }
            total += units
        }
        return total
    }

    private static func scaled(_ amount: DecimalAmount) -> Int128? {
        guard amount.decimals <= 5 else { return nil }
        var units = Int128(amount.units)
        for _ in amount.decimals..<5 { units *= 10 }
        return amount.negative ? -units : units
    }

    /// `Groceries 40.00 (weekly shop)`: one split as the memo lists it.
    private func describe(_ split: QIFSplit, amount: DecimalAmount?) -> [UInt8] {
        var out: [UInt8] = []
        let category = split.category.map(trimmed) ?? 0..<0
        out.append(contentsOf: category.isEmpty ? Array("(no category)".utf8) : Array(text[category]))
        if let amount {
            out.append(0x20)
            amount.write(into: &out)
        }
        if let memo = split.memo.map(trimmed), !memo.isEmpty {
            out.append(contentsOf: Array(" (".utf8) + text[memo] + Array(")".utf8))
        }
        return out
    }

    private func parseAmount(_ field: Range<Int>, what: String) throws(Refusal) -> DecimalAmount {
        do {
            return try AmountText.parse(text.span.extracting(field), mark: mark)
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
