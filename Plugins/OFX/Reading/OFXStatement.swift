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
    /// Whether the list of transactions (`BANKTRANLIST`) was there.
    public var hasTransactionList = false
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

    /// Why the statement holds no transactions, when it holds none: a line each, for the run's
    /// log and `sniff`.
    public var notes: [String] {
        guard transactions + rejects == 0 else { return [] }
        return [
            hasTransactionList ? "no STMTTRN in BANKTRANLIST" : "no BANKTRANLIST: the statement holds no transactions"
        ]
    }

    /// Widens the span of days by a transaction's date (its first ten characters, the day).
    mutating func include(day date: String) {
        var date = date
        date.withUTF8 { bytes in
            let day = UnsafeBufferPointer(rebasing: bytes.prefix(10))
            // Days of ASCII digits and dashes compare as their bytes, as Strings would.
            if firstDay.map({ Self.compare(day, $0) < 0 }) ?? true { firstDay = String(decoding: day, as: UTF8.self) }
            if lastDay.map({ Self.compare(day, $0) > 0 }) ?? true { lastDay = String(decoding: day, as: UTF8.self) }
        }
    }

    private static func compare(_ day: UnsafeBufferPointer<UInt8>, _ other: String) -> Int {
        var other = other
        return other.withUTF8 { other in
            for (a, b) in zip(day, other) where a != b { return a < b ? -1 : 1 }
            return day.count - other.count
        }
    }
}
