import StatementText

/// A bank (`STMTRS`), credit-card (`CCSTMTRS`) or investment (`INVSTMTRS`) statement: one
/// account. An investment statement's entries are its cash movements.
public struct OFXStatement: Sendable, Equatable {
    /// `STMTRS`, `CCSTMTRS` or `INVSTMTRS`.
    public var element: String
    /// Counts statements of the same element from 0.
    public var index: Int
    /// `ACCTID`.
    public var accountID: String?
    /// `ACCTTYPE` (`CHECKING`, `SAVINGS`…); `CREDITCARD` for a card statement, `INVESTMENT`
    /// for an investment one.
    public var accountType: String?
    /// `CURDEF`.
    public var currency: String? { didSet { decimals = OFXAmount.decimals(of: currency) } }
    /// The currency's minor-unit digits, found once a statement rather than once an amount; nil
    /// without a currency the host knows (it then fails the account with its own message).
    public private(set) var decimals: Int?
    /// `LEDGERBAL/BALAMT` as written.
    public var balanceText: String?
    /// A `LEDGERBAL/BALAMT` below another element of the statement (`BANKTRANLIST.LEDGERBAL.BALAMT`)
    /// and its text: not the statement's balance, and a note says so.
    public var misplacedBalance: Leaf?
    /// `LEDGERBAL/DTASOF` in a host form.
    public var balanceDate: String?
    public var transactions = 0
    public var rejects = 0
    /// Whether the list of transactions (`BANKTRANLIST`, `INVTRANLIST`) was there.
    public var hasTransactionList = false
    /// Investment transactions with no cash effect, by element (`TRANSFER`, `SPLIT`…): not read.
    public var skipped: [String: Int] = [:]
    /// Each `FITID` two or more of the statement's transactions carry, with how many do. OFX
    /// gives each transaction of an account an id of its own: a repeat may be one payment the
    /// bank sent twice, which no later step can tell from two (both are read, and said).
    public var repeatedFITIDs: [String: Int] = [:]
    /// The holdings of an investment statement (`INVPOSLIST`'s elements): not transactions.
    public var positions = 0
    /// `INVBAL/AVAILCASH` as written: stated, not checked.
    public var availableCash: String?
    /// The signs of a bank or card statement's `DEBIT`s, which decide how its amounts are read
    /// (``OFXDebitSigns/reading``); none counted under `sign=as-is` or in an investment statement.
    public var debitSigns = OFXDebitSigns()
    /// The first and last day of the transactions read (`yyyy-MM-dd`, as the bank wrote it).
    public var firstDay: String?
    public var lastDay: String?

    public init(element: String, index: Int) {
        self.element = element
        self.index = index
        switch element {
        case OFXStatement.cardElement: accountType = "CREDITCARD"
        case OFXStatement.investmentElement: accountType = "INVESTMENT"
        default: accountType = nil
        }
    }

    /// A leaf's path below the statement and its text.
    public struct Leaf: Sendable, Equatable {
        public var path: String
        public var text: String
    }

    public static let bankElement = "STMTRS"
    public static let cardElement = "CCSTMTRS"
    public static let investmentElement = "INVSTMTRS"

    public var isInvestment: Bool { element == OFXStatement.investmentElement }
    public var isCard: Bool { element == OFXStatement.cardElement }

    /// `STMTRS[0]`: where its transactions' paths start.
    public var path: String { "\(element)[\(index)]" }

    /// `CHECKING 1234567890`, `CREDITCARD 4111…`: the account's name when none is given.
    public var defaultName: String {
        [accountType ?? "ACCOUNT", accountID].compactMap { $0 }.joined(separator: " ")
    }

    /// The ledger balance as a plain decimal, when it reads as one.
    public var balance: String? { balanceText.flatMap(OFXAmount.normalized) }

    /// `STMTRS[0].LEDGERBAL.BALAMT: "1.234,56" is not an amount`: a stated balance that cannot be
    /// read fails the statement, as in camt and MT940 (a balance nobody can check against is
    /// not one to drop quietly). Nil when the balance reads or is not given.
    ///
    /// So does one with more decimals than its currency has (ofxgo's money-market sample's
    /// `2607.1664944585727` USD), said here with its path: the host refused it as
    /// `end_account_with_balance: balance …`, which named neither the file's element nor where.
    public var balanceProblem: String? {
        guard let text = balanceText, !text.isEmpty else { return nil }
        guard let balance else { return "\(path).LEDGERBAL.BALAMT: \"\(text)\" is not an amount" }
        if OFXAmount.isCommaBeforeThreeDigits(Array(text.utf8).span, decimals: decimals) {
            return "\(path).LEDGERBAL.BALAMT: \"\(text)\": "
                + OFXAmount.commaBeforeThreeDigits(currency: currency, decimals: decimals)
        }
        guard let decimals = OFXAmount.decimalsExceeded(by: balance, decimals: decimals) else { return nil }
        return "\(path).LEDGERBAL.BALAMT: \"\(text)\" has more decimals than \(currency ?? "")'s \(decimals)"
    }

    /// What the statement left unread, or why it holds no transactions: a line each, for the
    /// run's log and `sniff`.
    public var notes: [String] {
        var notes: [String] = []
        let list = isInvestment ? "INVTRANLIST" : "BANKTRANLIST"
        let skippedCount = skipped.values.reduce(0, +)
        if transactions + rejects + skippedCount == 0 {
            if positions > 0 {
                notes.append("investment positions only: no transactions in \(list)")
            } else if hasTransactionList {
                notes.append(isInvestment ? "no transactions in INVTRANLIST" : "no STMTTRN in BANKTRANLIST")
            } else {
                notes.append("no \(list): the statement holds no transactions")
            }
        }
        if skippedCount > 0 {
            let kinds = skipped.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
            notes.append(
                "skipped \(skippedCount.counted("investment transaction")) without a cash effect "
                    + "(units or sub-accounts only): \(kinds)")
        }
        if positions > 0 {
            notes.append("\(positions.counted("position")) in INVPOSLIST not read: holdings are not transactions")
        }
        if let note = debitSigns.note { notes.append(note) }
        if !repeatedFITIDs.isEmpty {
            let shown = repeatedFITIDs.sorted { $0.key < $1.key }.prefix(3).map { "\($0.key) (\($0.value)×)" }
            let more = repeatedFITIDs.count > 3 ? ", …" : ""
            let count = repeatedFITIDs.values.reduce(0, +)
            notes.append(
                "\(count) transactions share FITIDs, which OFX makes unique in an account: "
                    + "\(shown.joined(separator: ", "))\(more); each is read (--dedupe keeps them too), so a payment "
                    + "the bank sent twice is counted twice")
        }
        if let misplaced = misplacedBalance {
            notes.append(
                "\(misplaced.path) \(misplaced.text) not read as the ledger balance: a LEDGERBAL belongs in "
                    + "\(element) itself")
        }
        if currency == nil {
            notes.append("no currency: CURDEF is missing or empty, so the amounts carry none")
        }
        if isInvestment {
            notes.append(
                "no balance checked: "
                    + (availableCash.map {
                        "INVBAL's AVAILCASH \($0) is not a ledger balance the cash movements could be checked against"
                    } ?? "no LEDGERBAL or INVBAL/AVAILCASH"))
        }
        return notes
    }

    /// Widens the span of days by a transaction's date (its first ten characters, the day).
    mutating func include(day date: String) {
        // Days of ASCII digits and dashes compare as their bytes.
        let day = String(Substring(date.utf8.prefix(10)))
        if firstDay.map({ day < $0 }) ?? true { firstDay = day }
        if lastDay.map({ day > $0 }) ?? true { lastDay = day }
    }
}
