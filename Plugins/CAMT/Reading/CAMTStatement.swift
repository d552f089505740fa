import StatementText

/// A statement's header (`Stmt`, `Rpt` or `Ntfctn`): the account and its balances, known before
/// its entries. Each statement is its own account in the host.
public struct CAMTStatement: Equatable, Sendable {
    /// Its place among the file's statements, from 0.
    public var index: Int
    /// `Stmt`, `Rpt` or `Ntfctn`: the name paths start with.
    public var element: String
    /// `Acct/Id/IBAN`, else `Acct/Id/Othr/Id`.
    public var accountID: String?
    /// `Acct/Ccy`, else the first `Amt@Ccy` of the statement.
    public var currency: String?
    /// `Acct/Nm`, else `Acct/Ownr/Nm`, else the account id.
    public var accountName: String?
    public var balances: [CAMTBalance] = []
    /// `FrToDt`: the period's first and last day.
    public var from: String?
    public var to: String?
    /// `TxsSummry`.
    public var summary = CAMTSummary()
    /// `StmtPgntn/PgNb` and `LastPgInd` (`RptPgntn`, `NtfctnPgntn`).
    public var pageNumber: String?
    public var lastPage: String?

    public init(index: Int, element: String) {
        self.index = index
        self.element = element
    }

    /// `Stmt[1]`.
    public var path: String { "\(element)[\(index)]" }

    /// The opening balance: `OPBD`, else `PRCD`.
    public var opening: CAMTBalance? {
        balances.first { $0.code == "OPBD" } ?? balances.first { $0.code == "PRCD" }
    }

    /// The closing booked balance: the account's balance in the host.
    public var closing: CAMTBalance? { balances.first(where: \.isClosing) }

    /// The one day the statement covers, which dates an entry that gives neither `BookgDt` nor
    /// `ValDt` (a bank's daily statement does leave them out): its `FrToDt` when that is one
    /// day; without `FrToDt`, the day its opening and closing balances both bear. Nil for a
    /// statement of several days, or one that does not say.
    public var onlyDay: String? {
        if let from, let to { return from == to ? from : nil }
        guard let day = opening?.day, day == closing?.day else { return nil }
        return day
    }

    /// One page of a statement the bank sent in several: its summary may be of them all.
    public var isOnePageOfSeveral: Bool {
        (pageNumber.map { $0 != "1" } ?? false) || lastPage == "false"
    }

    /// The currency's decimals, for figures in messages.
    public var decimals: Int { CurrencyMinorUnits.decimals(of: currency) }
}
