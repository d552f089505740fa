import StatementText

/// One message's statement (a page of it, with `:60M:`/`:62M:`), or an MT942 interim report:
/// one account in the host, begun at its first `:61:` line or at its end.
public struct MT940Statement: Equatable, Sendable {
    /// Its place among the file's messages, from 0.
    public var index: Int
    /// The line of its `:20:`.
    public var line: Int
    /// `:20:` transaction reference.
    public var reference: String?
    /// `:25:` account identification (`DE89370400440532013000`, `NL91ABNA0417164300`,
    /// `37040044/0532013000`).
    public var accountID: String?
    /// `:28C:` statement number and page (`00042/001`).
    public var number: String?
    /// An MT942 (`{2:O942`, or a `:34F:` floor limit): its entries are pending and there are
    /// no balances to reconcile.
    public var isInterim = false
    public var opening: MT940Balance?
    public var closing: MT940Balance?
    /// `:64:` closing available and `:65:` forward available balances: shown by `sniff`.
    public var available: [MT940Balance] = []
    /// `:34F:`'s currency in an MT942.
    public var floorCurrency: String?
    /// An MT942's `:90D:` and `:90C:`, checked against its `:61:` lines.
    public var totals: [MT940Total] = []

    public init(index: Int, line: Int) {
        self.index = index
        self.line = line
    }

    /// `statement 2`.
    public var path: String { "statement \(index + 1)" }

    /// `:60F:`'s currency, else `:62F:`'s, else `:34F:`'s, else an MT942's `:90D:`/`:90C:`'s.
    public var currency: String? { opening?.currency ?? closing?.currency ?? floorCurrency ?? totals.first?.currency }

    public var decimals: Int { CurrencyMinorUnits.decimals(of: currency) }

    /// The account's balance in the host: a final closing balance (`:62F:`), not a page's.
    public var finalBalance: String? {
        guard let closing, closing.tag == "62F" else { return nil }
        return closing.amount.plain(decimals: decimals)
    }
}

/// What a statement's end settles: how its lines went and whether its balances reconcile.
public struct MT940StatementEnd: Equatable, Sendable {
    public var statement: MT940Statement
    /// Every `:61:` line, whatever became of it.
    public var entries = 0
    public var rejected = 0
    /// Lines whose amount or mark could not be read: the sum misses them.
    public var uncounted = 0
    /// The file's line of the first of them, which a failure names.
    public var firstUncountedLine: Int?
    /// The signed sum of the lines whose amount could be read.
    public var booked = StatementAmount.zero
    /// The same lines by side (`D` and `RC` are debits), for `:90D:` and `:90C:`.
    public var debits = MT940Tally()
    public var credits = MT940Tally()
    /// `:86:` dialects met, by how many lines.
    public var dialectCounts = MT940DialectCounts()
    public var dialects: [String: Int] { dialectCounts.byName }
    /// Why the statement cannot be checked (a balance unreadable or missing, the file cut inside it).
    public var problem: String?

    public init(statement: MT940Statement) { self.statement = statement }

    public var reconciliation: BalanceReconciliation {
        BalanceReconciliation(opening: statement.opening?.amount, booked: booked, closing: statement.closing?.amount)
    }

    /// Why the statement fails as a whole, if it does: an MT942 is never reconciled, but its
    /// `:90D:`/`:90C:` totals are checked.
    public var failure: String? {
        if let problem { return problem }
        if !statement.isInterim, let failure = reconciliation.failure(decimals: statement.decimals) {
            return counted(failure)
        }
        return totalsFailure.map(counted)
    }

    /// The first `:90D:`/`:90C:` that the `:61:` lines do not add up to.
    public var totalsFailure: String? {
        statement.totals.lazy.compactMap {
            $0.disagreement(with: $0.isDebit ? self.debits : self.credits, decimals: self.statement.decimals)
        }.first
    }

    private func counted(_ failure: String) -> String {
        guard uncounted > 0 else { return failure }
        let first = firstUncountedLine.map { uncounted == 1 ? ": line \($0)" : ", the first on line \($0)" } ?? ""
        return failure + " (\(uncounted) :61: \("line".plural(uncounted)) with no amount that can be read\(first))"
    }
}

/// A `:61:` line that is no transaction: where, why, and its fields' text for `--rejects`.
public struct MT940Reject: Equatable, Sendable {
    public var location: String
    public var reason: String
    public var raw: [UInt8]
}

/// What the reader hands out, in file order: a statement's header before its entries and
/// rejects, its end last; a failure ends the file.
public enum MT940Event: Equatable, Sendable {
    case statement(MT940Statement)
    case entry(StatementEntry)
    case reject(MT940Reject)
    case statementEnd(MT940StatementEnd)
    case failure(StatementFailure)
}

/// What ``MT940Reader/nextWritingEntries(upTo:)`` hands out.
public enum MT940Output: Sendable {
    /// ``MT940Reader/written`` holds as many entries as asked for: hand them on.
    case entries
    /// An event; the entries written before it come first.
    case event(MT940Event)
}

/// How many `:86:` fields of each dialect: counted by the dialect's place, named only when shown.
public struct MT940DialectCounts: Equatable, Sendable {
    /// Numbers, not an array: every entry adds to one, and an array would be checked for being
    /// shared each time.
    var german = 0
    var angled = 0
    var tilde = 0
    var dutch = 0
    var free = 0
    var nonSwift = 0

    public init() {}

    mutating func add(_ dialect: MT940Details.Dialect) {
        switch dialect {
        case .german: german += 1
        case .angled: angled += 1
        case .tilde: tilde += 1
        case .dutch: dutch += 1
        case .free: free += 1
        case .nonSwift: nonSwift += 1
        }
    }

    func count(_ dialect: MT940Details.Dialect) -> Int {
        switch dialect {
        case .german: german
        case .angled: angled
        case .tilde: tilde
        case .dutch: dutch
        case .free: free
        case .nonSwift: nonSwift
        }
    }

    /// `["German ?20–?33": 3]`: the dialects met.
    public var byName: [String: Int] {
        var names: [String: Int] = [:]
        for dialect in MT940Details.Dialect.allCases where count(dialect) > 0 {
            names[dialect.rawValue] = count(dialect)
        }
        return names
    }
}
