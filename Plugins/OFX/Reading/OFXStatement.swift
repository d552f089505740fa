/// A bank (`STMTRS`) or credit-card (`CCSTMTRS`) statement: one account.
public struct OFXStatement: Sendable, Equatable {
    /// `STMTRS` or `CCSTMTRS`.
    public var element: String
    /// Counts statements of the same element from 0.
    public var index: Int
    /// `ACCTID`.
    public var accountID: String?
    /// `ACCTTYPE` (`CHECKING`, `SAVINGS`…); `CREDITCARD` for a card statement.
    public var accountType: String?
    /// `CURDEF`.
    public var currency: String?
    /// `LEDGERBAL/BALAMT` as written.
    public var balanceText: String?
    /// `LEDGERBAL/DTASOF` in a host form.
    public var balanceDate: String?
    public var transactions = 0
    public var rejects = 0
    /// The first and last day of the transactions read (`yyyy-MM-dd`, as the bank wrote it).
    public var firstDay: String?
    public var lastDay: String?

    public init(element: String, index: Int) {
        self.element = element
        self.index = index
        accountType = element == OFXStatement.cardElement ? "CREDITCARD" : nil
    }

    public static let bankElement = "STMTRS"
    public static let cardElement = "CCSTMTRS"

    /// `STMTRS[0]`: where its transactions' paths start.
    public var path: String { "\(element)[\(index)]" }

    /// `CHECKING 1234567890`, `CREDITCARD 4111…`: the account's name when none is given.
    public var defaultName: String {
        [accountType ?? "ACCOUNT", accountID].compactMap { $0 }.joined(separator: " ")
    }

    /// The ledger balance as a plain decimal, when it reads as one.
    public var balance: String? { balanceText.flatMap(OFXAmount.normalized) }

    /// Widens the span of days by a transaction's date.
    mutating func include(day: String) {
        if firstDay.map({ day < $0 }) ?? true { firstDay = day }
        if lastDay.map({ day > $0 }) ?? true { lastDay = day }
    }
}
