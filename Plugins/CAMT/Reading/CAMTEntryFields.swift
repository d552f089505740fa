/// The texts of one `Ntry` as they are read, then judged whole at `</Ntry>`.
struct CAMTEntryFields {
    var amount: String?
    var currency: String?
    var indicator: String?
    var status: String?
    var bookingDay: String?
    var bookingTime: String?
    var valueDay: String?
    var valueTime: String?
    var servicerRef: String?
    var entryRef: String?
    var endToEnd: String?
    var creditor: String?
    var debtor: String?
    var unstructured: [String] = []
    var additional: String?

    /// What an entry comes to.
    enum Outcome {
        /// `booked` is its signed amount when it counts towards the closing balance.
        case entry(CAMTEntry, booked: CAMTAmount?)
        case info
        /// `booked`: the amount the bank counted, when it could be read (a reject is reported on
        /// its own; reconciliation checks the file's arithmetic).
        case reject(field: String, reason: String, booked: CAMTAmount?)
    }

    /// Judges the entry at `location` in an account held in `accountCurrency`.
    func outcome(location: String, accountCurrency: String?) -> Outcome {
        // MARK: Status, amount, sign
        let pending: Bool
        switch status {
        case "BOOK": pending = false
        case "PDNG": pending = true
        case "INFO": return .info
        case let code?: return .reject(field: "Sts", reason: "unknown status \"\(code)\"", booked: nil)
        case nil: return .reject(field: "Sts", reason: "missing status", booked: nil)
        }
        guard let text = amount else { return .reject(field: "Amt", reason: "missing amount", booked: nil) }
        guard let magnitude = CAMTAmount(text: text) else {
            return .reject(field: "Amt", reason: "\"\(text)\" is not an amount", booked: nil)
        }
        let signed: CAMTAmount
        switch indicator {
        case "CRDT": signed = magnitude
        case "DBIT": signed = magnitude.negated
        case let other?:
            return .reject(field: "CdtDbtInd", reason: "\"\(other)\" is neither CRDT nor DBIT", booked: nil)
        case nil: return .reject(field: "CdtDbtInd", reason: "missing CdtDbtInd", booked: nil)
        }
        if let currency, let accountCurrency, currency != accountCurrency {
            return .reject(
                field: "Amt", reason: "the amount is in \(currency), the account in \(accountCurrency)", booked: nil)
        }
        let booked = pending ? nil : signed
        let decimals = CAMTCurrency.decimals(of: accountCurrency)
        if magnitude.significantDecimals > decimals {
            let reason = "\"\(text)\" has more than \(decimals) decimals for \(accountCurrency ?? "the account")"
            return .reject(field: "Amt", reason: reason, booked: booked)
        }
        // MARK: Date, vendor, id, memo
        let dated = date()
        guard let date = dated.value else { return .reject(field: dated.field, reason: dated.reason, booked: booked) }
        let memo = unstructured.isEmpty ? additional : unstructured.joined(separator: " ")
        let party = signed.units < 0 ? creditor : debtor
        guard let vendor = party ?? unstructured.first ?? additional else {
            let reason = "no counterparty name, Ustrd or AddtlNtryInf to name the vendor"
            return .reject(field: "NtryDtls", reason: reason, booked: booked)
        }
        let reference = endToEnd == "NOTPROVIDED" ? nil : endToEnd
        let entry = CAMTEntry(
            date: date, vendor: vendor, amount: signed.plain(decimals: decimals),
            id: servicerRef ?? entryRef ?? reference, memo: memo, pending: pending, location: location)
        return .entry(entry, booked: booked)
    }

    /// `BookgDt`, else `ValDt`; each a `Dt` (a day) or a `DtTm` (an instant).
    private func date() -> (value: String?, field: String, reason: String) {
        for (name, day, time) in [("BookgDt", bookingDay, bookingTime), ("ValDt", valueDay, valueTime)] {
            if let day {
                guard let value = CAMTDate.day(day) else { return (nil, name, "\"\(day)\" is not a day yyyy-MM-dd") }
                return (value, name, "")
            }
            if let time {
                guard let value = CAMTDate.instant(time) else {
                    return (nil, name, "\"\(time)\" is not a time yyyy-MM-ddTHH:mm:ss[.frac][Z|±HH:MM]")
                }
                return (value, name, "")
            }
        }
        return (nil, "BookgDt", "missing BookgDt and ValDt")
    }
}
