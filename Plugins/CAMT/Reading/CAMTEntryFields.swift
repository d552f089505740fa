import StatementText

/// The texts of one `Ntry` as they are read, then judged whole at `</Ntry>`.
///
/// One value serves every entry of a file: the texts are kept as libxml2's UTF-8 bytes in one
/// buffer that keeps its capacity, each field a range of it, and Strings are made only for
/// what the entry (or its reject) hands out.
struct CAMTEntryFields {
    /// The fields that hold one text (written again, the last one counts, except where
    /// ``keep(_:_:)`` says the first does).
    private enum Slot: Int, CaseIterable {
        case amount, indicator, status, bookingDay, bookingTime, valueDay, valueTime
        case servicerRef, entryRef, creditor, debtor, additional, bankCode, reversal
    }

    /// One `TxDtls` of the entry: its parties and amount, for a memo naming each part when a
    /// bank books several together (a batch of transfers as one entry).
    private struct Part {
        var creditor: Range<Int>?
        var debtor: Range<Int>?
        var amount: Range<Int>?
    }

    /// `Amt@Ccy`.
    var currency: String?
    /// Every text kept, one after another.
    private var bytes: [UInt8] = []
    private var slots = [Range<Int>?](repeating: nil, count: Slot.allCases.count)
    /// Each `Ustrd`, in order.
    private var unstructured: [Range<Int>] = []
    private var parts: [Part] = []

    init() {
        bytes.reserveCapacity(1024)
        unstructured.reserveCapacity(4)
    }

    /// Forgets the last entry, keeping the buffers.
    mutating func reset() {
        currency = nil
        bytes.removeAll(keepingCapacity: true)
        for index in slots.indices { slots[index] = nil }
        unstructured.removeAll(keepingCapacity: true)
        parts.removeAll(keepingCapacity: true)
    }

    /// A `TxDtls` begins.
    mutating func beginPart() {
        parts.append(Part())
    }

    /// Keeps the (trimmed, non-empty) text of an entry's leaf; false for a field that is not the
    /// entry's.
    mutating func keep(_ field: CAMTField, _ value: Span<UInt8>) -> Bool {
        let slot: Slot
        switch field {
        case .amount: slot = .amount
        case .indicator: slot = .indicator
        case .status: slot = .status
        case .bookingDay: slot = .bookingDay
        case .bookingTime: slot = .bookingTime
        case .valueDay: slot = .valueDay
        case .valueTime: slot = .valueTime
        case .servicerRef: slot = .servicerRef
        case .entryRef: slot = .entryRef
        case .creditor, .debtor:
            let kept = append(value)
            // The first transaction's parties name the entry; each part keeps its own.
            let named = field == .creditor ? Slot.creditor : .debtor
            if slots[named.rawValue] == nil { slots[named.rawValue] = kept }
            if let last = parts.indices.last {
                if field == .creditor { parts[last].creditor = kept } else { parts[last].debtor = kept }
            }
            return true
        case .partAmount:
            if let last = parts.indices.last { parts[last].amount = append(value) }
            return true
        case .unstructured:
            unstructured.append(append(value))
            return true
        case .additional: slot = .additional
        case .bankCode: slot = .bankCode
        case .reversal: slot = .reversal
        default: return false
        }
        slots[slot.rawValue] = append(value)
        return true
    }

    private mutating func append(_ value: Span<UInt8>) -> Range<Int> {
        let start = bytes.count
        SpanBytes.append(value, to: &bytes)
        return start..<bytes.count
    }

    // MARK: The entry

    /// What an entry comes to.
    enum Outcome {
        /// `booked` is its signed amount when it counts towards the closing balance.
        case entry(StatementEntry, booked: StatementAmount?)
        case info
        /// `booked`: the amount the bank counted, when it could be read (a reject is reported on
        /// its own; reconciliation checks the file's arithmetic).
        /// `uncounted`: the entry's amount, sign, status or currency could not be read, so a
        /// booked one is missing from the reconciliation (its failure names it).
        case reject(field: String, reason: String, booked: StatementAmount?, uncounted: Bool = false)
    }

    /// Judges the entry at `location` in an account held in `accountCurrency`.
    /// - Parameters:
    ///   - element: the statement-like element it is in. A camt.053 `Stmt` is of booked
    ///     entries: one without `Sts` is booked, where a report's or notification's is
    ///     rejected. A camt.054 `Ntfctn`'s entry without a bank reference is known by its
    ///     structured creditor reference before its end-to-end id.
    ///   - statementDay: the statement's only day (``CAMTStatement/onlyDay``), the date of an
    ///     entry without `BookgDt` and `ValDt`.
    func outcome(location: String, accountCurrency: String?, statementDay: String?, in element: CAMTName)
        -> Outcome
    {
        outcome(
            bytes.span, location: location, accountCurrency: accountCurrency, statementDay: statementDay,
            element: element)
    }

    /// Whether the entry states its status.
    var hasStatus: Bool { slots[Slot.status.rawValue] != nil }

    /// The entry's side and amount as written, when both can be read: what `TxsSummry` counts.
    var side: (debit: Bool, magnitude: StatementAmount)? {
        let all = bytes.span
        guard let amount = slots[Slot.amount.rawValue], let sign = slots[Slot.indicator.rawValue],
            let magnitude = StatementAmount(utf8: all.extracting(amount))
        else { return nil }
        if CAMTText.equals(all, sign, "DBIT") { return (true, magnitude) }
        if CAMTText.equals(all, sign, "CRDT") { return (false, magnitude) }
        return nil
    }

    /// Whether the entry gives a day of its own (`BookgDt` or `ValDt`).
    var hasDate: Bool {
        // Slot by slot, not through an array: this is asked of every entry.
        slots[Slot.bookingDay.rawValue] != nil || slots[Slot.bookingTime.rawValue] != nil
            || slots[Slot.valueDay.rawValue] != nil || slots[Slot.valueTime.rawValue] != nil
    }

    private func outcome(
        _ all: Span<UInt8>, location: String, accountCurrency: String?, statementDay: String?,
        element: CAMTName
    ) -> Outcome {
        // The range of `slot`'s text in `all`.
        func text(_ slot: Slot) -> Range<Int>? { slots[slot.rawValue] }
        func string(_ slot: Slot) -> String? { text(slot).map { SpanBytes.string(all, $0) } }
        func string(_ range: Range<Int>) -> String { SpanBytes.string(all, range) }
        func equal(_ range: Range<Int>, _ word: StaticString) -> Bool { CAMTText.equals(all, range, word) }
        // MARK: Status, amount, sign
        let pending: Bool
        switch text(.status) {
        case let code? where equal(code, "BOOK"): pending = false
        case let code? where equal(code, "PDNG"): pending = true
        case let code? where equal(code, "INFO"): return .info
        case let code?:
            return .reject(field: "Sts", reason: "unknown status \"\(string(code))\"", booked: nil, uncounted: true)
        case nil where element == .stmt: pending = false
        case nil: return .reject(field: "Sts", reason: "missing status", booked: nil, uncounted: true)
        }
        guard let amountText = text(.amount) else {
            return .reject(field: "Amt", reason: "missing amount", booked: nil, uncounted: !pending)
        }
        guard let magnitude = StatementAmount(utf8: all.extracting(amountText)) else {
            return .reject(
                field: "Amt", reason: "\"\(string(amountText))\" is not an amount", booked: nil,
                uncounted: !pending)
        }
        let signed: StatementAmount
        switch text(.indicator) {
        case let sign? where equal(sign, "CRDT"): signed = magnitude
        case let sign? where equal(sign, "DBIT"): signed = magnitude.negated
        case let other?:
            return .reject(
                field: "CdtDbtInd", reason: "\"\(string(other))\" is neither CRDT nor DBIT", booked: nil,
                uncounted: !pending)
        case nil: return .reject(field: "CdtDbtInd", reason: "missing CdtDbtInd", booked: nil, uncounted: !pending)
        }
        if let currency, let accountCurrency, currency != accountCurrency {
            return .reject(
                field: "Amt", reason: "the amount is in \(currency), the account in \(accountCurrency)", booked: nil,
                uncounted: !pending)
        }
        let booked = pending ? nil : signed
        let decimals = CurrencyMinorUnits.decimals(of: accountCurrency)
        if magnitude.significantDecimals > decimals {
            let reason =
                "\"\(string(amountText))\" has more than \(decimals) decimals for \(accountCurrency ?? "the account")"
            return .reject(field: "Amt", reason: reason, booked: booked)
        }
        // MARK: Date, vendor, id, memo
        let dated = date(all, statementDay: statementDay)
        guard let date = dated.value else { return .reject(field: dated.field, reason: dated.reason, booked: booked) }
        var memo = unstructured.isEmpty ? string(.additional) : joined(all)
        if let parts = partsText(all, debit: signed.units < 0) { memo = memo.map { $0 + " " + parts } ?? parts }
        memo = memo.map(Self.fitted)
        let debit = signed.units < 0
        var party = debit ? string(.creditor) : string(.debtor)
        // A reversal's details may keep the original payment's parties (PostFinance's refund of
        // a direct debit names only its Dbtr): without the party of its own side, the other's.
        if party == nil, let reversal = text(.reversal), equal(reversal, "true") || equal(reversal, "1") {
            party = debit ? string(.debtor) : string(.creditor)
        }
        guard
            let vendor = party ?? unstructured.first.map(string)
                ?? string(.additional) ?? string(.bankCode)
        else {
            let reason = "no counterparty name, Ustrd, AddtlNtryInf or BkTxCd/Prtry/Cd to name the vendor"
            return .reject(field: "NtryDtls", reason: reason, booked: booked)
        }
        // Only the bank's own references name a booking: an end-to-end id or a creditor
        // reference is the payer's, and a standing order or a direct debit gives the same one
        // every month (under --state the second month's payment was dropped as seen).
        // NONREF is none (as in MT940); an NtryRef of a few characters is the entry's number in
        // its statement (1, 2, 3…), which the next statement numbers again: under --state the
        // next day's payments were dropped as seen.
        let servicer = string(.servicerRef).flatMap {
            Self.isNONREF($0) || Self.isCounter($0) ? nil : $0
        }
        let numbered = string(.entryRef).flatMap { $0.count >= Self.entryRefIdLength && !Self.isCounter($0) ? $0 : nil }
        let id = servicer ?? numbered
        let entry = StatementEntry(
            date: date, vendor: vendor, amount: signed.plain(decimals: decimals), id: id,
            memo: memo, pending: pending, location: location)
        return .entry(entry, booked: booked)
    }

    /// The shortest `NtryRef` that is an id: shorter ones are counters within a statement.
    static let entryRefIdLength = 8

    /// Whether a reference is a number below a million, however padded (`1`, `00000003`): an
    /// entry's number in its statement, which the next statement gives again. Bytes, not
    /// Characters: a Character's numeric property cost a tenth of reading 100,000 entries.
    static func isCounter(_ reference: String) -> Bool {
        var significant = 0
        for byte in reference.utf8 {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return false }
            if significant > 0 || byte != UInt8(ascii: "0") { significant += 1 }
        }
        return !reference.isEmpty && significant <= 6
    }

    /// `NONREF` in any case.
    static func isNONREF(_ reference: String) -> Bool {
        reference.utf8.count == 6 && zip(reference.utf8, "NONREF".utf8).allSatisfy { $0 & 0xDF == $1 }
    }

    /// `BookgDt`, else `ValDt`; each a `Dt` (a day) or a `DtTm` (an instant). Without either,
    /// the statement's only day: every entry between its balances was booked that day.
    private func date(_ all: Span<UInt8>, statementDay: String?) -> (value: String?, field: String, reason: String) {
        for (name, daySlot, timeSlot) in [
            ("BookgDt", Slot.bookingDay, Slot.bookingTime), ("ValDt", .valueDay, .valueTime),
        ] {
            if let day = slots[daySlot.rawValue] {
                guard let value = CAMTDate.day(utf8: all.extracting(day)) else {
                    return (nil, name, "\"\(SpanBytes.string(all, day))\" is not a day yyyy-MM-dd")
                }
                return (value, name, "")
            }
            if let time = slots[timeSlot.rawValue] {
                guard let value = CAMTDate.instant(utf8: all.extracting(time)) else {
                    return (
                        nil, name,
                        "\"\(SpanBytes.string(all, time))\" is not a time yyyy-MM-ddTHH:mm:ss[.frac][Z|±HH:MM]"
                    )
                }
                return (value, name, "")
            }
        }
        if let statementDay { return (statementDay, "BookgDt", "") }
        let reason =
            "missing BookgDt and ValDt, and the statement is not of one day to date it by (a FrToDt of one day, "
            + "or without FrToDt an opening and a closing balance of the same day)"
        return (nil, "BookgDt", reason)
    }

    /// `3 parts: Alice 1200.00; Bob 800.00; Carol 500.00` for an entry booking several
    /// transactions together (each the counterparty its sign names, and its amount as written);
    /// nil for one.
    private func partsText(_ all: Span<UInt8>, debit: Bool) -> String? {
        guard parts.count > 1 else { return nil }
        let each = parts.map { part in
            let name = (debit ? part.creditor : part.debtor) ?? part.creditor ?? part.debtor
            return [name, part.amount].compactMap { $0.map { SpanBytes.string(all, $0) } }
                .joined(separator: " ")
        }
        return "\(parts.count) parts: " + each.map { $0.isEmpty ? "?" : $0 }.joined(separator: "; ")
    }

    /// The longest memo the host takes, in bytes: a salary batch of sixty parts named each
    /// one and was rejected whole for a memo past it.
    static let memoBytes = 4096

    /// `memo` cut at a character to fit ``memoBytes``, ending in `…` when cut.
    static func fitted(_ memo: String) -> String {
        guard memo.utf8.count > memoBytes else { return memo }
        var kept = 0
        var end = memo.startIndex
        for index in memo.indices {
            let width = memo[index].utf8.count
            if kept + width > memoBytes - 4 { break }  // room for " …"
            kept += width
            end = memo.index(after: index)
        }
        return memo[..<end] + " …"
    }

    /// The `Ustrd` lines joined with a space.
    private func joined(_ all: Span<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(unstructured.reduce(unstructured.count - 1) { $0 + $1.count })
        for (index, range) in unstructured.enumerated() {
            if index > 0 { out.append(0x20) }
            SpanBytes.append(all, range, to: &out)
        }
        return String(decoding: out, as: UTF8.self)
    }
}
