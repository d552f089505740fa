import CSVCells
import StatementText

/// Turns one table row into an ``EntryRanges`` or a ``CSVReject``, every text appended to the
/// batch's arena: the second pass's inner loop, so no `String` and no allocation of its own.
struct CSVRowReader {
    let text: CSVBytes
    let width: Int
    /// A row one field short is whole when the table's last column is the dropped empty one
    /// (otherwise when it ends where an empty last field would be: ``endsShort(_:)``).
    let lastColumnDropped: Bool
    var columns: ColumnColumns
    let datePattern: DatePattern
    let zone: ZoneRule?
    let mark: DecimalMark
    let sideWords: SideWords
    /// The file's amounts run the other way (the balance chain, payment words or `sign=inverted`).
    var inverted = false
    /// `CR` marks the credits and nothing the debits (HDFC's card exports): an amount with
    /// neither a sign nor a side word is money out.
    var bareIsDebit = false
    /// The indicator column holds credit words and blanks only, and no amount a minus: a blank
    /// indicator is money out.
    var blankIndicatorIsDebit = false
    /// The file writes its fees signed (some fee cell has a minus: Capitec's `-7.50` charge
    /// beside a `0.35` correction): a row of a fee alone moved that fee as written.
    var feesSigned = false
    /// Lines whose credit word wins over the cell's minus sign: the balances say so.
    var creditWordLines: Set<Int> = []
    /// The rows read are under a `Pending Transactions` line: pending whatever their status.
    var pendingSection = false
    /// The years a Gregorian date of a statement falls in, when no calendar was given: a date
    /// outside them is refused, naming `calendar=`.
    var years: ClosedRange<Int>?
    /// The table's header row: met again among the rows, it says two exports were joined.
    var header: CSVRecordSpan?
    private var scratch: [UInt8] = []

    /// The role columns as plain optionals, looked up once.
    struct ColumnColumns {
        var date: Int
        var vendor: Int
        /// The payee of money out, and of money in, where the layout keeps them apart.
        var vendorDebit: Int?
        var vendorCredit: Int?
        var amount: Int?
        var debit: Int?
        var credit: Int?
        var indicator: Int?
        var id: Int?
        var memo: Int?
        var status: Int?
        var currency: Int?
        var fee: Int?
        /// The entry's kind: the payee when the payee and memo are empty.
        var kind: Int? = nil
    }

    init(
        text: CSVBytes, width: Int, lastColumnDropped: Bool, columns: ColumnColumns,
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

    /// Whether `record` is `header`'s bytes again.
    private func repeats(_ header: CSVRecordSpan, _ record: CSVRecordSpan) -> Bool {
        guard record.end - record.start == header.end - header.start, record.start != header.start else { return false }
        return text.withSpan { bytes in
            (0..<(record.end - record.start)).allSatisfy { bytes[record.start + $0] == bytes[header.start + $0] }
        }
    }

    /// Reads the row into `batch`: an entry, or a reject naming the column.
    mutating func read(_ record: CSVRecordSpan, fields: [CSVFieldSpan], into batch: inout CSVBatch) {
        // One field short, the rest in their columns' shapes: the bank left out an empty last
        // field (a blank memo), as the row's own separators show.
        if fields.count == width - 1, !lastColumnDropped, endsShort(fields) {
            read(
                record, fields: fields + [CSVFieldSpan(start: record.end, end: record.end, escaped: false)],
                into: &batch)
            return
        }
        let rawStart = batch.texts.bytes.count
        text.withSpan { SpanBytes.append($0, record.start..<record.end, to: &batch.texts.bytes) }
        let raw = rawStart..<batch.texts.bytes.count
        let count = fields.count
        guard
            count == width || (count == width + 1 && fields[width].isEmpty)
                || (count == width - 1 && lastColumnDropped)
        else {
            reject(record, raw, "\(count) fields, the header has \(width)", into: &batch)
            return
        }
        // A row whose status says the money never moved (`REVERTED`, `DECLINED`) is no
        // transaction and no reject: the host counts it as skipped, the first pass in a note.
        if let status = columns.status, cell(fields[status], { Self.statusKind(of: $0) }) == .neverMoved {
            let word = cell(fields[status]) { SpanBytes.string($0) }.trimmingBlanks()
            batch.neverMoved.append(
                CSVReject(line: record.line, reason: "money that never moved (\(word))", raw: raw))
            return
        }
        // MARK: Date
        let dateField = fields[columns.date]
        let dateStart = batch.texts.bytes.count
        let pattern = datePattern
        let date = cell(dateField) { pattern.parse($0) }
        guard let date else {
            if let word = balanceWord(fields) { return skipBalance(record, raw, word, into: &batch) }
            if isOpeningBalance(fields) {
                batch.texts.bytes.removeSubrange(rawStart...)
                return
            }
            // `Total Pending Check and other Credit(s)` among the rows: a sum of them, skipped.
            if cell(dateField, { StatementWords.isTotalRow($0) }) {
                let word = cell(dateField) { SpanBytes.string($0) }.trimmingBlanks()
                batch.neverMoved.append(
                    CSVReject(line: record.line, reason: "a total, not a transaction (\(word))", raw: raw))
                return
            }
            if let header, repeats(header, record) {
                let reason =
                    "the header of line \(header.line) again: two exports joined into one file? "
                    + "The rows after it may repeat rows before it, each then in the feed twice: remove the repeat"
                return reject(record, raw, reason, into: &batch)
            }
            let quoted = quote(dateField)
            let reason = quoted.isEmpty ? "date is empty" : "date \"\(quoted)\" does not read as \(datePattern)"
            reject(record, raw, reason, into: &batch)
            return
        }
        if let years, !years.contains(date.year) {
            let reason = DateCalendar.implausible(year: date.year, today: years.upperBound - 1)
            return reject(record, raw, "date \"\(quote(dateField))\": \(reason)", into: &batch)
        }
        date.write(zone: zone, into: &batch.texts.bytes)
        let dateRange = dateStart..<batch.texts.bytes.count
        // MARK: Amount
        let amountStart = batch.texts.bytes.count
        if let failure = writeAmount(fields, line: record.line, into: &batch.texts.bytes) {
            batch.texts.bytes.removeSubrange(dateStart...)
            if let word = balanceWord(fields) { return skipBalance(record, raw, word, into: &batch) }
            if isOpeningBalance(fields) {
                batch.texts.bytes.removeSubrange(rawStart...)
                return
            }
            reject(record, raw, failure, into: &batch)
            return
        }
        let amountRange = amountStart..<batch.texts.bytes.count
        // MARK: Texts
        var memo = columns.memo.flatMap { appendTrimmed(fields[$0], to: &batch.texts.bytes) }
        let sided = sideVendor(amount: batch.texts.bytes[amountRange]).flatMap {
            appendTrimmed(fields[$0], to: &batch.texts.bytes)
        }
        var vendor = sided ?? appendTrimmed(fields[columns.vendor], to: &batch.texts.bytes)
        // Only a quoted cell can hold a line break: other rows pay one byte's test.
        if sided == nil, isQuoted(fields[columns.vendor]), let cell = vendor, batch.texts.bytes[cell].contains(0x0A) {
            let read = PayeeLines.read(cell, in: &batch.texts.bytes)
            vendor = read.payee
            if memo == nil { memo = read.memo }
        }
        if vendor == nil { vendor = memo ?? columns.kind.flatMap { appendTrimmed(fields[$0], to: &batch.texts.bytes) } }
        guard let vendor else {
            batch.texts.bytes.removeSubrange(dateStart...)
            let why = columns.kind == nil ? "there is no memo to use" : "so are the memo and the kind of entry"
            reject(record, raw, "vendor is empty, and \(why)", into: &batch)
            return
        }
        // A row that is the account's balance (`BALANCE`, `Saldo` and an amount: CertoOne's card
        // export opens with one) is no money that moved. Asked of the texts where they already
        // lie, trimmed in the arena: a second read of every row's cells cost 8% of a large file.
        if let balance = sided == nil ? balanceText(vendor, memo, in: batch.texts.bytes) : balanceWord(fields) {
            batch.texts.bytes.removeSubrange(dateStart...)
            return skipBalance(record, raw, balance, into: &batch)
        }
        let id = columns.id.flatMap { appendTrimmed(fields[$0], to: &batch.texts.bytes) }
        let pending =
            pendingSection || (columns.status.map { isPending(fields[$0]) } ?? false)
            || columns.vendor < fields.count && cell(fields[columns.vendor]) { Self.opensPending($0) }
        let location = batch.texts.appendLine(record.line)
        batch.texts.entries.append(
            EntryRanges(
                date: dateRange, vendor: vendor, amount: amountRange, id: id, memo: memo, location: location,
                raw: raw, pending: pending))
    }

    /// The payee column of the row's side, as written (`-12.50` is money out), when the layout
    /// has one; nil for an amount of zero, which moved nothing either way.
    private func sideVendor(amount written: ArraySlice<UInt8>) -> Int? {
        guard columns.vendorDebit != nil || columns.vendorCredit != nil,
            written.contains(where: { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        return written.first == UInt8(ascii: "-") ? columns.vendorDebit : columns.vendorCredit
    }

    // MARK: - Money

    /// Appends the signed amount; returns the reject reason when the cells do not make one.
    private mutating func writeAmount(_ fields: [CSVFieldSpan], line: Int, into out: inout [UInt8]) -> String? {
        switch money(fields) {
        case .failure(let reason): return reason
        case .empty(let reason):
            // A row of a fee alone, its money cells empty (Capitec's `Monthly Account Admin Fee`:
            // 66 of a real statement's 299 rows): the fee is what moved. Rejected, the account's
            // fees were lost. As written where the file signs its fees, else money out.
            guard let feeColumn = columns.fee, case .success(let fee?) = parseAmount(fields[feeColumn], name: "fee"),
                fee.units != 0
            else { return reason }
            DecimalAmount(negative: feesSigned ? fee.negative : true, units: fee.units, decimals: fee.decimals)
                .write(into: &out)
            return nil
        case .read(let money):
            var negated = money.negated != inverted
            // A credit word beside a negative cell: the balance chain said which of the two holds.
            if money.creditWordOnNegative, !creditWordLines.isEmpty, creditWordLines.contains(line) {
                negated.toggle()
            }
            if let feeColumn = columns.fee {
                switch parseAmount(fields[feeColumn], name: "fee") {
                case .failure(let reason): return reason
                case .success(let fee?) where fee.units != 0:
                    // What moved is the amount with the fee taken, as the balance column shows.
                    guard let moved = Self.charged(money.amount, negated: negated, fee: fee) else {
                        return "amount and fee \"\(quote(fields[feeColumn]))\" are too large to add"
                    }
                    moved.write(into: &out)
                    return nil
                default: break
                }
            }
            money.amount.write(negated: negated, into: &out)
            return nil
        }
    }

    /// `amount` (its sign flipped when `negated`) less the fee, whichever sign the bank wrote the
    /// fee with: a fee is always money out. Nil past what 64 bits hold.
    static func charged(_ amount: DecimalAmount, negated: Bool, fee: DecimalAmount) -> DecimalAmount? {
        let decimals = max(amount.decimals, fee.decimals)
        func scaled(_ value: DecimalAmount) -> Int64? {
            guard var units = Int64(exactly: value.units) else { return nil }
            for _ in value.decimals..<decimals {
                let (next, overflow) = units.multipliedReportingOverflow(by: 10)
                if overflow { return nil }
                units = next
            }
            return units
        }
        guard let a = scaled(amount), let f = scaled(fee) else { return nil }
        let signed = (amount.negative != negated) ? -a : a
        let (moved, overflow) = signed.subtractingReportingOverflow(f)
        guard !overflow else { return nil }
        return DecimalAmount(negative: moved < 0, units: moved.magnitude, decimals: decimals)
    }

    /// A row's money as its cells give it, before the file's sign convention is applied.
    struct RowMoney {
        var amount: DecimalAmount
        /// Written with its sign flipped: a debit column or word on a positive cell.
        var negated: Bool
        /// A credit word beside a negative cell: the cell's sign is kept, the word is the other reading.
        var creditWordOnNegative = false
    }

    enum MoneyReading {
        case read(RowMoney)
        /// No money cell is filled (an opening balance row, or a reject).
        case empty(String)
        case failure(String)
    }

    /// The row's amount from the amount column (with its indicator) or the debit and credit columns.
    mutating func money(_ fields: [CSVFieldSpan]) -> MoneyReading {
        if let column = columns.amount {
            let parsed = parseAmount(fields[column], name: "amount")
            guard case .success(let amount?) = parsed else {
                if case .failure(let reason) = parsed { return .failure(reason) }
                return .empty("amount is empty")
            }
            var outward = false
            if let indicator = columns.indicator {
                let words = sideWords
                switch cell(fields[indicator], { words.side(of: $0) }) {
                case .debit: outward = true
                case .credit:
                    return .read(RowMoney(amount: amount, negated: false, creditWordOnNegative: amount.negative))
                case nil:
                    let word = quote(fields[indicator])
                    if !word.isEmpty {
                        return .failure(
                            "indicator \"\(word)\" is neither a debit nor a credit word: set debit-words or credit-words"
                        )
                    }
                    outward = blankIndicatorIsDebit
                }
            }
            if bareIsDebit, columns.indicator == nil, !amount.negative,
                cell(fields[column], { AmountText.sideWord($0) }) == nil
            {
                return .read(RowMoney(amount: amount, negated: true))
            }
            return .read(RowMoney(amount: amount, negated: outward && !amount.negative))
        }
        guard let debitColumn = columns.debit, let creditColumn = columns.credit else {
            return .failure("no amount column")
        }
        let debit = parseAmount(fields[debitColumn], name: "debit")
        let credit = parseAmount(fields[creditColumn], name: "credit")
        if case .failure(let reason) = debit { return .failure(reason) }
        if case .failure(let reason) = credit { return .failure(reason) }
        guard case .success(let debitAmount) = debit, case .success(let creditAmount) = credit else {
            return .failure("no amount column")
        }
        // A zero in the other column is as good as a blank one.
        let debitFilled = debitAmount.map { $0.units != 0 } ?? false
        let creditFilled = creditAmount.map { $0.units != 0 } ?? false
        switch (debitFilled, creditFilled) {
        case (true, true):
            return .failure(
                "debit \"\(quote(fields[debitColumn]))\" and credit \"\(quote(fields[creditColumn]))\" are both filled")
        case (true, false):
            // Money out, whatever sign the bank wrote it with.
            return .read(RowMoney(amount: debitAmount!, negated: !debitAmount!.negative))
        case (false, true):
            // Money in, whatever sign the bank wrote it with: Citi's card export puts payments
            // and refunds in Credit as negative cells.
            return .read(RowMoney(amount: creditAmount!, negated: creditAmount!.negative))
        case (false, false):
            guard let zero = debitAmount ?? creditAmount else { return .empty("debit and credit are both empty") }
            return .read(RowMoney(amount: zero, negated: false))
        }
    }

    /// The payee or memo of a row with an amount that is only a balance's name (`BALANCE`,
    /// `Saldo`, `Kontostand`, `New balance`), as written; nil for any other row. A whole cell,
    /// never a word in one: `BALANCE TRANSFER` is a card's transaction.
    mutating func balanceWord(_ fields: [CSVFieldSpan]) -> String? {
        for column in [columns.vendor, columns.memo] {
            guard let column, column < fields.count, !fields[column].isEmpty,
                cell(fields[column], { StatementWords.isBalanceRow($0) })
            else { continue }
            if case .empty = money(fields) { return nil }
            return cell(fields[column]) { SpanBytes.string($0) }.trimmingBlanks()
        }
        return nil
    }

    /// The payee or memo, already in the arena, that names a balance; nil for almost every row.
    @inline(__always)
    private func balanceText(_ vendor: Range<Int>, _ memo: Range<Int>?, in bytes: [UInt8]) -> String? {
        let arena = bytes.span
        if StatementWords.isBalanceRow(arena.extracting(vendor)) { return SpanBytes.string(arena, vendor) }
        guard let memo, memo != vendor else { return nil }
        return StatementWords.isBalanceRow(arena.extracting(memo)) ? SpanBytes.string(arena, memo) : nil
    }

    /// An opening balance row (`Beginning balance` with no amount): where the balance chain
    /// starts, neither an entry nor a reject. Asked only of rows that would be rejected.
    mutating func isOpeningBalance(_ fields: [CSVFieldSpan]) -> Bool {
        guard case .empty = money(fields) else { return false }
        for column in [columns.vendor, columns.memo] {
            guard let column else { continue }
            let text = HeaderVocabulary.normalise(cell(fields[column]) { SpanBytes.string($0) })
            if StatementWords.isOpeningBalance(normalised: text) { return true }
        }
        return false
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

    private mutating func cell<Result>(_ field: CSVFieldSpan, _ body: (Span<UInt8>) -> Result) -> Result {
        let text = self.text
        guard field.escaped else { return text.withSpan { body($0.extracting(field.start..<field.end)) } }
        scratch.removeAll(keepingCapacity: true)
        text.withSpan { CSVTokenizer.appendUnescaped(field, text: $0, to: &scratch) }
        return body(scratch.span)
    }

    /// The cell as a reject reason quotes it, controls escaped and cut short (rejects are few: a
    /// String is fine here).
    private mutating func quote(_ field: CSVFieldSpan) -> String {
        cell(field) { CellQuote.text($0) }
    }

    /// Appends the field without blanks around it; nil (and nothing kept) when it is empty.
    private func appendTrimmed(_ field: CSVFieldSpan, to out: inout [UInt8]) -> Range<Int>? {
        let start = out.count
        text.withSpan { CSVTokenizer.appendUnescaped(field, text: $0, to: &out) }
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

    /// Whether the field was written in quotes: the byte before its first is the opening one.
    private func isQuoted(_ field: CSVFieldSpan) -> Bool {
        field.start > 0 && text.withSpan { $0[field.start - 1] } == UInt8(ascii: "\"")
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }

    private static let pendingMark = Array("(pending)".utf8)

    /// Whether a payee opens with `(Pending)`, as Capitec marks a hold (its balance cell empty):
    /// read as booked, it was written again once booked. The parentheses make it a mark, not a
    /// payee's word (`Pending Transactions` heads a section; `Reserverat Bord AB` is a payee).
    static func opensPending(_ cell: Span<UInt8>) -> Bool {
        var start = 0
        while start < cell.count, isBlank(cell[start]) { start += 1 }
        guard start < cell.count, cell[start] == UInt8(ascii: "("), cell.count - start >= pendingMark.count else {
            return false
        }
        for n in 0..<pendingMark.count {
            let byte = cell[start + n]
            if (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) != pendingMark[n] { return false }
        }
        return true
    }

    private mutating func isPending(_ field: CSVFieldSpan) -> Bool {
        cell(field) { Self.statusKind(of: $0) } == .pending
    }

    /// What a status cell says of the money.
    enum StatusKind {
        case booked, pending
        /// Money that never moved: reverted, declined, denied, failed, cancelled.
        case neverMoved
    }

    /// A status cell's meaning by its words (case, accents and punctuation folded); booked for
    /// any other word, as before.
    static func statusKind(of cell: Span<UInt8>) -> StatusKind {
        guard cell.count <= HeaderVocabulary.longestWordCell else { return .booked }
        let status = HeaderVocabulary.normalise(SpanBytes.string(cell))
        if pendingWords.contains(status) { return .pending }
        if neverMovedWords.contains(status) { return .neverMoved }
        return .booked
    }

    static let pendingWords: Set<String> = [
        "pending", "vorgemerkt", "umsatz vorgemerkt", "en attente", "pendiente", "in behandeling", "authorised",
        "authorized", "reserviert",
        // VTB: `В обработке` (being processed) beside `Исполнено` (done), a card payment not booked yet.
        "в обработке",
        // DKB: `Nicht gebucht` beside `Gebucht`, a row not booked yet.
        "nicht gebucht",
        // Money held for a payment not booked yet; Danske Bank's `Venter` (waiting) beside `Udført`.
        "held", "venter",
        // Nordea's Nordic netbank writes a card payment it holds, not booked yet, in place of the
        // booking date: `Reserverat` (Swedish), `Varaus` (Finnish); the Danish and Norwegian words
        // for reserved as well. Whole cells only: a payee's text is never read for them.
        "reserverat", "varaus", "reserveret", "reservert",
        // PayPal's Italian `Stato`: `In sospeso` beside `Completata`. Revolut's and PayPal's
        // German: `Ausstehend` beside `Abgeschlossen`.
        "in sospeso", "ausstehend",
        // Revolut's Portuguese, Polish and Dutch words for pending.
        "pendente", "oczekujące", "in afwachting",
    ]
    /// Words that say the money moved: what a status column holds besides the others.
    static let bookedWords: Set<String> = [
        "booked", "completed", "posted", "cleared", "settled", "executed", "gebucht", "umsatz gebucht", "uitgevoerd",
        "geboekt", "comptabilise", "execute", "ejecutado", "contabilizado", "udfort", "исполнено", "completata",
        "approved", "complete", "paid", "success", "successful", "done", "card charged", "processed",
        // Revolut's Italian `COMPLETATO`, Revolut's and PayPal's German `Abgeschlossen`, PayPal's Japanese `完了`.
        "completato", "abgeschlossen", "完了",
        // Alipay's `交易成功` and WeChat Pay's `支付成功`.
        "交易成功", "支付成功",
        // Revolut's Spanish, Portuguese, French, Dutch and Polish; Norwegian banks' `Utført`; BNP's `Geaccepteerd`.
        "completado", "concluido", "termine", "voltooid", "zakończono", "utfort", "geaccepteerd",
    ]
    static let neverMovedWords: Set<String> = [
        "reverted", "declined", "failed", "cancelled", "canceled", "rejected", "storniert", "abgelehnt",
        "fehlgeschlagen", "annule", "refuse", "echoue", "rechazado", "cancelado", "cancelada", "geannuleerd",
        "geweigerd", "refused", "voided", "void", "expired",
        // PayPal: a pending payment the holder refused. Satispay's `NOT APPROVED` beside
        // `APPROVED`, Cash App's `CARD DECLINED` beside `CARD CHARGED`.
        "denied", "not approved", "unapproved", "card declined", "payment declined", "payment failed",
        // Alipay: a trade closed before it was paid.
        "交易关闭",
        // Revolut's reverted and declined rows in Spanish and Portuguese (`REVERTIDO`), Italian,
        // German, Polish and Dutch.
        "revertido", "revertida", "recusado", "recusada", "stornato", "rifiutato", "ruckgangig gemacht",
        "cofnięto", "odrzucono", "teruggedraaid",
    ]

    /// Whether a row one field short reads as the table's row without its last field: that
    /// column is none of the date, payee or money ones, every money cell is blank or an amount,
    /// and the payee is no amount (a field left out in the middle moves the amount into it).
    private mutating func endsShort(_ fields: [CSVFieldSpan]) -> Bool {
        let needed = [columns.date, columns.vendor, columns.amount, columns.debit, columns.credit, columns.indicator]
        guard !needed.contains(width - 1) else { return false }
        let money = [columns.amount, columns.debit, columns.credit].compactMap { $0 }
        let shaped = money.allSatisfy { column in
            fields[column].isEmpty || cell(fields[column]) { AmountText.isBlank($0) || AmountText.looksLikeAmount($0) }
        }
        return shaped && !cell(fields[columns.vendor]) { AmountText.looksLikeAmount($0) }
    }

    /// Counts the row as skipped, never imported: the host's `--skipped`, the document's note.
    private func skipBalance(_ record: CSVRecordSpan, _ raw: Range<Int>, _ word: String, into batch: inout CSVBatch) {
        batch.neverMoved.append(CSVReject(line: record.line, reason: "the account's balance (\(word))", raw: raw))
        batch.balanceRows.append((record.line, word))
    }

    private func reject(_ record: CSVRecordSpan, _ raw: Range<Int>, _ reason: String, into batch: inout CSVBatch) {
        batch.rejects.append(CSVReject(line: record.line, reason: reason, raw: raw))
    }
}
