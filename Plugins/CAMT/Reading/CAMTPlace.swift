/// Where an element sits among those the reader knows: each element's place follows from its
/// parent's and its own name, so a path is matched one step at a time, never as a string.
enum CAMTPlace: Equatable {
    case outside, document, message, statement, ignored
    case account, accountID, accountOther, accountOwner
    case balance, balanceType, balanceCodeOrProprietary, balanceDate
    case period, summary, summaryTotal, summaryCredits, summaryDebits, pagination
    case entry, bookingDate, valueDate, bankTransactionCode, proprietaryBankCode, details, transaction, parties
    case creditor, debtor, creditorParty, debtorParty, remittance
    case amountDetails, transactionAmount
    case field(CAMTField)

    /// The place of a child named `name` of an element at this place.
    func child(_ name: CAMTName) -> CAMTPlace {
        switch (self, name) {
        case (.outside, .document): .document
        case (.document, _) where name.isMessage: .message
        case (.message, _) where name.isStatement: .statement
        case (.statement, .acct): .account
        case (.statement, .bal): .balance
        case (.statement, .frToDt): .period
        case (.statement, .ntry): .entry
        case (.account, .id): .accountID
        case (.account, .ccy): .field(.accountCurrency)
        case (.account, .nm): .field(.accountName)
        case (.account, .ownr): .accountOwner
        case (.accountID, .iban): .field(.iban)
        case (.accountID, .othr): .accountOther
        case (.accountOther, .id): .field(.otherID)
        case (.accountOwner, .nm): .field(.ownerName)
        case (.balance, .tp): .balanceType
        case (.balance, .amt): .field(.balanceAmount)
        case (.balance, .cdtDbtInd): .field(.balanceIndicator)
        case (.balance, .dt): .balanceDate
        case (.balanceType, .cdOrPrtry): .balanceCodeOrProprietary
        case (.balanceCodeOrProprietary, .cd): .field(.balanceCode)
        case (.balanceType, .subTp), (.field(.balanceSubType), .cd), (.field(.balanceSubType), .prtry):
            .field(.balanceSubType)
        case (.balanceDate, .dt): .field(.balanceDay)
        case (.balanceDate, .dtTm): .field(.balanceTime)
        case (.period, .frDtTm): .field(.from)
        case (.period, .toDtTm): .field(.to)
        case (.statement, .txsSummry): .summary
        case (.summary, .ttlNtries): .summaryTotal
        case (.summary, .ttlCdtNtries): .summaryCredits
        case (.summary, .ttlDbtNtries): .summaryDebits
        case (.summaryTotal, .nbOfNtries): .field(.summaryEntries)
        case (.summaryCredits, .nbOfNtries): .field(.summaryCredits)
        case (.summaryCredits, .sum): .field(.summaryCreditSum)
        case (.summaryDebits, .nbOfNtries): .field(.summaryDebits)
        case (.summaryDebits, .sum): .field(.summaryDebitSum)
        case (.statement, .stmtPgntn), (.statement, .rptPgntn), (.statement, .ntfctnPgntn): .pagination
        case (.pagination, .pgNb): .field(.pageNumber)
        case (.pagination, .lastPgInd): .field(.lastPage)
        default: entryChild(name)
        }
    }

    private func entryChild(_ name: CAMTName) -> CAMTPlace {
        switch (self, name) {
        case (.entry, .amt): .field(.amount)
        case (.entry, .cdtDbtInd): .field(.indicator)
        // `Sts` holds the code itself up to .07; from .08 `Sts/Cd`, or `Sts/Prtry` with the same codes.
        case (.entry, .sts), (.field(.status), .cd), (.field(.status), .prtry): .field(.status)
        case (.entry, .bookgDt): .bookingDate
        case (.entry, .valDt): .valueDate
        case (.entry, .acctSvcrRef): .field(.servicerRef)
        case (.entry, .ntryRef): .field(.entryRef)
        case (.entry, .addtlNtryInf): .field(.additional)
        case (.entry, .rvslInd): .field(.reversal)
        // The entry's own `BkTxCd/Prtry/Cd`, not a transaction's.
        case (.entry, .bkTxCd): .bankTransactionCode
        case (.bankTransactionCode, .prtry): .proprietaryBankCode
        case (.proprietaryBankCode, .cd): .field(.bankCode)
        case (.entry, .ntryDtls): .details
        case (.bookingDate, .dt): .field(.bookingDay)
        case (.bookingDate, .dtTm): .field(.bookingTime)
        case (.valueDate, .dt): .field(.valueDay)
        case (.valueDate, .dtTm): .field(.valueTime)
        case (.details, .txDtls): .transaction
        case (.transaction, .rltdPties): .parties
        case (.transaction, .rmtInf): .remittance
        case (.parties, .cdtr): .creditor
        case (.parties, .dbtr): .debtor
        // `Cdtr/Nm` up to .07, `Cdtr/Pty/Nm` from .08.
        case (.creditor, .nm), (.creditorParty, .nm): .field(.creditor)
        case (.creditor, .pty): .creditorParty
        case (.debtor, .nm), (.debtorParty, .nm): .field(.debtor)
        case (.debtor, .pty): .debtorParty
        case (.remittance, .ustrd): .field(.unstructured)
        // A part's amount: `TxDtls/Amt` from .08, `TxDtls/AmtDtls/TxAmt/Amt` before.
        case (.transaction, .amt), (.transactionAmount, .amt): .field(.partAmount)
        case (.transaction, .amtDtls): .amountDetails
        case (.amountDetails, .txAmt): .transactionAmount
        default: .ignored
        }
    }
}
