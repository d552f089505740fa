/// A leaf element whose text the reader keeps.
enum CAMTField {
    // The statement's account and period.
    case iban, otherID, accountCurrency, accountName, ownerName, from, to
    // A balance.
    case balanceCode, balanceAmount, balanceIndicator, balanceDay, balanceTime
    // An entry.
    case amount, indicator, status, bookingDay, bookingTime, valueDay, valueTime
    case servicerRef, entryRef, creditor, debtor, unstructured, additional, bankCode
    // One `TxDtls` of several: its amount.
    case partAmount
}
