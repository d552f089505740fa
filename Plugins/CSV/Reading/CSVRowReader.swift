import CSVCells

/// Turns one table row into a ``CSVEntry`` or a ``CSVReject``, every text appended to the
/// batch's arena: the second pass's inner loop, so no `String` and no allocation of its own.
struct CSVRowReader {
    let text: UnsafeBufferPointer<UInt8>
    let width: Int
    /// A row one field short is whole when the table's last column is the dropped empty one.
    let lastColumnDropped: Bool
    let columns: ColumnColumns
    let datePattern: DatePattern
    let zone: ZoneRule?
    let mark: DecimalMark
    let sideWords: SideWords
    private var scratch: [UInt8] = []

    /// The role columns as plain optionals, looked up once.
    struct ColumnColumns {
        var date: Int
        var vendor: Int
        var amount: Int?
        var debit: Int?
        var credit: Int?
        var indicator: Int?
        var id: Int?
        var memo: Int?
        var status: Int?
        var currency: Int?
    }

    init(
        text: UnsafeBufferPointer<UInt8>, width: Int, lastColumnDropped: Bool, columns: ColumnColumns,
        datePattern: DatePattern, zone: ZoneRule?, mark: DecimalMark, sideWords: SideWords
    ) {
        self.text = text
        self.width = width
        self.lastColumnDropped = lastColumnDropped
        self.columns = columns
        self.datePattern = datePattern
        self.zone = zone
        self.mark = mark
        self.sideWords = sideWords
    }

    /// Reads the row into `batch`: an entry, or a reject naming the column.
    mutating func read(_ record: CSVRecordSpan, fields: [CSVFieldSpan], into batch: inout CSVBatch) {
        let rawStart = batch.bytes.count
        batch.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[record.start..<record.end]))
        let raw = rawStart..<batch.bytes.count
        let count = fields.count
        guard
            count == width || (count == width + 1 && fields[width].isEmpty)
                || (count == width - 1 && lastColumnDropped)
        else {
            reject(record, raw, "\(count) fields, the header has \(width)", into: &batch)
            return
        }
        // MARK: Date
        let dateField = fields[columns.date]
        let dateStart = batch.bytes.count
        let pattern = datePattern
        let date = cell(dateField) { pattern.parse($0) }
        guard let date else {
            let quoted = quote(dateField)
            let reason = quoted.isEmpty ? "date is empty" : "date \"\(quoted)\" does not read as \(datePattern)"
            reject(record, raw, reason, into: &batch)
            return
        }
        date.write(zone: zone, into: &batch.bytes)
        let dateRange = dateStart..<batch.bytes.count
        // MARK: Amount
        let amountStart = batch.bytes.count
        if let failure = writeAmount(fields, into: &batch.bytes) {
            batch.bytes.removeSubrange(dateStart...)
            reject(record, raw, failure, into: &batch)
            return
        }
        let amountRange = amountStart..<batch.bytes.count
        // MARK: Texts
        let memo = columns.memo.flatMap { appendTrimmed(fields[$0], to: &batch.bytes) }
        var vendor = appendTrimmed(fields[columns.vendor], to: &batch.bytes)
        if vendor == nil { vendor = memo }
        guard let vendor else {
            batch.bytes.removeSubrange(dateStart...)
            reject(record, raw, "vendor is empty, and there is no memo to use", into: &batch)
            return
        }
        let id = columns.id.flatMap { appendTrimmed(fields[$0], to: &batch.bytes) }
        let pending = columns.status.map { isPending(fields[$0]) } ?? false
        batch.entries.append(
            CSVEntry(
                line: record.line, date: dateRange, vendor: vendor, amount: amountRange, id: id, memo: memo,
                raw: raw, pending: pending))
    }

    // MARK: - Money

    /// Appends the signed amount; returns the reject reason when the cells do not make one.
    private mutating func writeAmount(_ fields: [CSVFieldSpan], into out: inout [UInt8]) -> String? {
        if let column = columns.amount {
            let parsed = parseAmount(fields[column], name: "amount")
            guard case .success(let amount?) = parsed else {
                if case .failure(let reason) = parsed { return reason }
                return "amount is empty"
            }
            var outward = false
            if let indicator = columns.indicator {
                let words = sideWords
                switch cell(fields[indicator], { words.side(of: $0) }) {
                case .debit: outward = true
                case .credit: break
                case nil:
                    let word = quote(fields[indicator])
                    if !word.isEmpty {
                        return
                            "indicator \"\(word)\" is neither a debit nor a credit word: set debit-words or credit-words"
                    }
                }
            }
            amount.write(negated: outward && !amount.negative, into: &out)
            return nil
        }
        guard let debitColumn = columns.debit, let creditColumn = columns.credit else { return "no amount column" }
        let debit = parseAmount(fields[debitColumn], name: "debit")
        let credit = parseAmount(fields[creditColumn], name: "credit")
        if case .failure(let reason) = debit { return reason }
        if case .failure(let reason) = credit { return reason }
        guard case .success(let debitAmount) = debit, case .success(let creditAmount) = credit else { return nil }
        // A zero in the other column is as good as a blank one.
        let debitFilled = debitAmount.map { $0.units != 0 } ?? false
        let creditFilled = creditAmount.map { $0.units != 0 } ?? false
        switch (debitFilled, creditFilled) {
        case (true, true):
            return
                "debit \"\(quote(fields[debitColumn]))\" and credit \"\(quote(fields[creditColumn]))\" are both filled"
        case (true, false):
            // Money out, whatever sign the bank wrote it with.
            debitAmount!.write(negated: !debitAmount!.negative, into: &out)
        case (false, true):
            creditAmount!.write(into: &out)
        case (false, false):
            guard let zero = debitAmount ?? creditAmount else { return "debit and credit are both empty" }
            zero.write(into: &out)
        }
        return nil
    }

    private enum Parsed {
        case success(DecimalAmount?)
        case failure(String)
    }

    private mutating func parseAmount(_ field: CSVFieldSpan, name: String) -> Parsed {
        let mark = self.mark
        let result: Result<DecimalAmount?, AmountTextError> = cell(field) { cell in
            if AmountText.isBlank(cell) { return .success(nil) }
            do throws(AmountTextError) {
                return .success(try AmountText.parse(cell, mark: mark))
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let amount): return .success(amount)
        case .failure(let error):
            // The cells' reason quotes the cell itself (`"1,23,4": thousands…`); add it if not.
            let reason =
                error.description.hasPrefix("\"") ? error.description : "\"\(quote(field))\": \(error.description)"
            return .failure("\(name) \(reason)")
        }
    }

    // MARK: - Cells

    private mutating func cell<Result>(_ field: CSVFieldSpan, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result
    {
        guard field.escaped else { return body(UnsafeBufferPointer(rebasing: text[field.start..<field.end])) }
        scratch.removeAll(keepingCapacity: true)
        CSVTokenizer.appendUnescaped(field, text: text, to: &scratch)
        return scratch.withUnsafeBufferPointer(body)
    }

    /// The cell as a reject reason quotes it, controls escaped and cut short (rejects are few: a
    /// String is fine here).
    private mutating func quote(_ field: CSVFieldSpan) -> String {
        cell(field) { CellQuote.text($0) }
    }

    /// Appends the field without blanks around it; nil (and nothing kept) when it is empty.
    private func appendTrimmed(_ field: CSVFieldSpan, to out: inout [UInt8]) -> Range<Int>? {
        let start = out.count
        CSVTokenizer.appendUnescaped(field, text: text, to: &out)
        var lower = start
        var upper = out.count
        while lower < upper, Self.isBlank(out[lower]) { lower += 1 }
        while upper > lower, Self.isBlank(out[upper - 1]) { upper -= 1 }
        guard lower < upper else {
            out.removeSubrange(start...)
            return nil
        }
        return lower..<upper
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }

    private mutating func isPending(_ field: CSVFieldSpan) -> Bool {
        let status = HeaderVocabulary.normalise(cell(field) { String(decoding: $0, as: UTF8.self) }.trimmingBlanks())
        return Self.pendingWords.contains(status)
    }

    static let pendingWords: Set<String> = ["pending", "vorgemerkt", "en attente", "pendiente", "in behandeling"]

    private func reject(_ record: CSVRecordSpan, _ raw: Range<Int>, _ reason: String, into batch: inout CSVBatch) {
        batch.rejects.append(CSVReject(line: record.line, reason: reason, raw: raw))
    }
}
