/// The camt elements the reader looks at, by local name (the raw value); every other element is
/// `other`. The element stack holds these, so matching a path compares small integers, not strings.
enum CAMTName: String, CaseIterable {
    case other = ""
    case document = "Document"
    case bkToCstmrStmt = "BkToCstmrStmt"
    case bkToCstmrAcctRpt = "BkToCstmrAcctRpt"
    case bkToCstmrDbtCdtNtfctn = "BkToCstmrDbtCdtNtfctn"
    case stmt = "Stmt"
    case rpt = "Rpt"
    case ntfctn = "Ntfctn"
    case acct = "Acct"
    case id = "Id"
    case iban = "IBAN"
    case othr = "Othr"
    case ccy = "Ccy"
    case nm = "Nm"
    case ownr = "Ownr"
    case pty = "Pty"
    case bal = "Bal"
    case tp = "Tp"
    case cdOrPrtry = "CdOrPrtry"
    case subTp = "SubTp"
    case cd = "Cd"
    case prtry = "Prtry"
    case amt = "Amt"
    case cdtDbtInd = "CdtDbtInd"
    case dt = "Dt"
    case dtTm = "DtTm"
    case frToDt = "FrToDt"
    case frDtTm = "FrDtTm"
    case toDtTm = "ToDtTm"
    case ntry = "Ntry"
    case sts = "Sts"
    case bookgDt = "BookgDt"
    case valDt = "ValDt"
    case acctSvcrRef = "AcctSvcrRef"
    case ntryRef = "NtryRef"
    case addtlNtryInf = "AddtlNtryInf"
    case bkTxCd = "BkTxCd"
    case rvslInd = "RvslInd"
    case txsSummry = "TxsSummry"
    case ttlNtries = "TtlNtries"
    case ttlCdtNtries = "TtlCdtNtries"
    case ttlDbtNtries = "TtlDbtNtries"
    case nbOfNtries = "NbOfNtries"
    case sum = "Sum"
    case stmtPgntn = "StmtPgntn"
    case rptPgntn = "RptPgntn"
    case ntfctnPgntn = "NtfctnPgntn"
    case pgNb = "PgNb"
    case lastPgInd = "LastPgInd"
    case ntryDtls = "NtryDtls"
    case txDtls = "TxDtls"
    case rltdPties = "RltdPties"
    case cdtr = "Cdtr"
    case dbtr = "Dbtr"
    case rmtInf = "RmtInf"
    case ustrd = "Ustrd"
    case amtDtls = "AmtDtls"
    case txAmt = "TxAmt"

    /// The statement-like elements: camt.053 `Stmt`, camt.052 `Rpt`, camt.054 `Ntfctn`.
    var isStatement: Bool { self == .stmt || self == .rpt || self == .ntfctn }

    /// The message elements under `Document`.
    var isMessage: Bool {
        self == .bkToCstmrStmt || self == .bkToCstmrAcctRpt || self == .bkToCstmrDbtCdtNtfctn
    }

    static let byText: [String: CAMTName] = Dictionary(
        uniqueKeysWithValues: allCases.filter { $0 != .other }.map { ($0.rawValue, $0) })
}
