/// A leaf element whose text the reader keeps.
enum CAMTField {
    // The statement's account and period.
    case iban, otherID, accountCurrency, accountName, ownerName, from, to
    // Its `TxsSummry`, and its page when the bank sent it in several.
    case summaryEntries, summaryCredits, summaryCreditSum, summaryDebits, summaryDebitSum
    case pageNumber, lastPage
    // A balance.
    case balanceCode, balanceSubType, balanceAmount, balanceIndicator, balanceDay, balanceTime
    // An entry.
    case amount, indicator, status, bookingDay, bookingTime, valueDay, valueTime
    case servicerRef, entryRef, creditor, debtor, unstructured, additional, bankCode, reversal
    // One `TxDtls` of several: its amount.
    case partAmount
}
