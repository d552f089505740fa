import CSVCells

/// A running balance column walked as a chain: balance[i] = balance[i−1] ± amount[i], in the
/// file's order (oldest first or newest first), over exact integers.
///
/// Which order and which sign hold is what the rows agree on: the dates decide the order when
/// they go one way more than the other, the balances otherwise; the sign is the one under which
/// the most rows follow (as-is first on a tie). A row that does not follow is a break.
public struct BalanceChain: Sendable {
    /// One row as the chain sees it, its money in a fixed scale (ten-thousandths).
    public struct Row: Sendable, Equatable {
        public var line: Int
        /// A number that grows with the date (`20240315`), or nil when the date did not read.
        public var day: Int?
        /// The signed amount as read; nil for a row the chain starts again from (an opening
        /// balance, an amount that did not read).
        public var amount: Int64?
        /// The other reading the row allows (a credit word beside a negative cell); nil when none.
        public var alternative: Int64?
        /// The running balance after the row; nil when the cell is empty.
        public var balance: Int64?
        /// Rows of different accounts (currencies) are separate chains.
        public var account: Int
        /// A pending row without a balance of its own: the next balance may count its amount
        /// or not (Revolut lists holds among booked rows, and its balance leaves them out).
        public var pendingWithoutBalance: Bool

        public init(
            line: Int, day: Int?, amount: Int64?, alternative: Int64? = nil, balance: Int64?, account: Int = 0,
            pendingWithoutBalance: Bool = false
        ) {
            self.line = line
            self.day = day
            self.amount = amount
            self.alternative = alternative
            self.balance = balance
            self.account = account
            self.pendingWithoutBalance = pendingWithoutBalance
        }
    }

    public enum Order: String, Sendable {
        case oldestFirst = "oldest first"
        case newestFirst = "newest first"
    }

    /// The first row whose balance does not follow from the one before it in the walk.
    public struct Break: Sendable, Equatable {
        public var line: Int
        public var previousLine: Int
        /// The rows whose amounts lie between the two balances (the row itself last).
        public var amountLines: [Int]

        public init(line: Int, previousLine: Int, amountLines: [Int]) {
            self.line = line
            self.previousLine = previousLine
            self.amountLines = amountLines
        }
    }

    /// What the walk found under the order and sign that hold best.
    public struct Verdict: Sendable, Equatable {
        public var order: Order
        /// The amounts run against the balances: the file is written in the bank's or issuer's view.
        public var inverted: Bool
        /// Rows with a balance before them in the walk: the ones that could be checked.
        public var checked: Int
        public var agreeing: Int
        public var firstBreak: Break?
        /// Lines whose ``Row/alternative`` the balances chose.
        public var alternatives: [Int]

        public var holds: Bool { agreeing == checked }
    }

    /// Walks `rows` (in file order); nil when no row has a balance before it to check against.
    public static func walk(_ rows: [Row]) -> Verdict? {
        var best: Verdict?
        for order in orders(rows) {
            for inverted in [false, true] {
                let verdict = walk(rows, order: order, inverted: inverted)
                // Of two readings the balances agree with alike, the amounts as written: where
                // the dates cannot tell the order (rows of one day), newest first as written and
                // oldest first inverted fit the same balances, and ING's two direct debits of
                // one day were read as money in with exit 0.
                let better = best.map {
                    verdict.agreeing > $0.agreeing
                        || verdict.agreeing == $0.agreeing && $0.inverted && !verdict.inverted
                }
                if better ?? true { best = verdict }
            }
        }
        guard let best, best.checked > 0 else { return nil }
        return best
    }

    /// The orders the dates allow: the one they go more steps in, or both when they do not say.
    static func orders(_ rows: [Row]) -> [Order] {
        var rising = 0
        var falling = 0
        var previous: Int?
        for row in rows {
            guard let day = row.day else { continue }
            if let previous, day > previous { rising += 1 }
            if let previous, day < previous { falling += 1 }
            previous = day
        }
        if rising > falling { return [.oldestFirst] }
        if falling > rising { return [.newestFirst] }
        return [.oldestFirst, .newestFirst]
    }

    static func walk(_ rows: [Row], order: Order, inverted: Bool) -> Verdict {
        var verdict = Verdict(order: order, inverted: inverted, checked: 0, agreeing: 0, alternatives: [])
        // Per account: the last row with a balance, and the rows with an amount since.
        var previous: [Int: Int] = [:]
        var between: [Int: [Int]] = [:]
        let indices = order == .oldestFirst ? Array(rows.indices) : rows.indices.reversed()
        for index in indices {
            let row = rows[index]
            guard row.amount != nil else {
                previous[row.account] = row.balance == nil ? nil : index
                between[row.account] = []
                continue
            }
            between[row.account, default: []].append(index)
            guard let balance = row.balance else { continue }
            let amounts = between[row.account] ?? []
            between[row.account] = []
            defer { previous[row.account] = index }
            guard let last = previous[row.account], let before = rows[last].balance else { continue }
            verdict.checked += 1
            var sum: Int64 = 0
            var held: Int64 = 0
            for line in amounts {
                sum &+= rows[line].amount ?? 0
                if rows[line].pendingWithoutBalance { held &+= rows[line].amount ?? 0 }
            }
            let step = inverted ? before &- balance : balance &- before
            if step == sum || (held != 0 && step == sum &- held) {
                verdict.agreeing += 1
            } else if amounts.count == 1, let other = row.alternative, step == other {
                verdict.agreeing += 1
                verdict.alternatives.append(row.line)
            } else if verdict.firstBreak == nil {
                verdict.firstBreak = Break(
                    line: row.line, previousLine: rows[last].line, amountLines: amounts.map { rows[$0].line })
            }
        }
        verdict.alternatives.sort()
        return verdict
    }

    /// The same of a cell's text.
    static func scaled(_ text: String, mark: DecimalMark) -> Int64? {
        scaled(Array(text.utf8).span, mark: mark)
    }

    /// A money cell in the chain's scale (ten-thousandths), or nil when it is blank, does not
    /// read, or has more than four decimals.
    static func scaled(_ cell: Span<UInt8>, mark: DecimalMark) -> Int64? {
        guard !AmountText.isBlank(cell), let amount = try? AmountText.parse(cell, mark: mark), amount.decimals <= 4,
            amount.units < UInt64(Int64.max / 10_000)
        else { return nil }
        var units = Int64(amount.units)
        for _ in amount.decimals..<4 { units *= 10 }
        return amount.negative ? -units : units
    }
}
