import StatementText

/// Brazilian banks' OFX (Itaú, Bradesco, Banco do Brasil) write the account's balance among the
/// transactions: `SALDO ANTERIOR` (the balance brought forward) and `SALDO TOTAL DISPONÍVEL
/// DIA` (the day's) as `STMTTRN`s with the balance as their amount. Read as money that moved,
/// they made millions of income out of nothing, exit 0.
///
/// A transaction whose payee or memo opens with `SALDO` is held back until the statement ends.
/// Such rows are balances when they chain: each is the one before it plus the transactions
/// between (in file order, or newest first), and the last one with nothing after it is the
/// `LEDGERBAL`; at least one such step must be checked. Then they are left out with a note;
/// otherwise they are read as transactions, and a note says they were not the balance
/// (`PIX RECEBIDO SALDO …` is money that moved, and never held back: it does not open so).
public struct OFXBalanceRows: Sendable {
    /// The rows held back, each with the sum of the booked transactions before it.
    private var held: [(entry: OFXTransaction, amount: Int128, before: Int128)] = []
    /// The sum of the booked transactions read so far (balance rows aside), in 10^-5 units.
    private var moved: Int128 = 0
    /// Whether an amount could not be read exactly: nothing is then checked.
    private var unreadable = false

    public init() {}

    /// What the held rows turned out to be at the statement's end.
    public enum Outcome: Sendable, Equatable {
        /// None were held.
        case none
        /// Balances: left out, the note says which and why.
        case balances(note: String)
        /// Not balances after all: to be read as transactions, with the note.
        case transactions([OFXTransaction], note: String)
    }

    /// Takes a transaction of the statement: true when it is held back (a possible balance row).
    public mutating func holds(_ entry: OFXTransaction) -> Bool {
        guard !entry.pending else { return false }
        let amount = Self.units(entry.amount)
        if Self.opensWithSaldo(entry.vendor) || Self.opensWithSaldo(entry.memo ?? "") {
            guard let amount else {
                unreadable = true
                return false
            }
            held.append((entry, amount, moved))
            return true
        }
        if let amount { moved += amount } else { unreadable = true }
        return false
    }

    /// The statement ended with `ledger` (its `LEDGERBAL`, a plain decimal) or none.
    public mutating func end(ledger: String?) -> Outcome {
        defer { self = OFXBalanceRows() }
        guard !held.isEmpty else { return .none }
        let locations = held.map { String($0.entry.location.split(separator: ".").last ?? "") }
        let words = held.reduce(into: [String]()) { words, row in
            let text = Self.opensWithSaldo(row.entry.vendor) ? row.entry.vendor : row.entry.memo ?? ""
            if !words.contains(text) { words.append(text) }
        }
        let named = "\(locations.joined(separator: ", ")) (\(words.joined(separator: ", ")))"
        if !unreadable, let evidence = chain(ledger: ledger.flatMap(Self.units)) {
            return .balances(note: "\(named) not imported: the account's balance, not money that moved: \(evidence)")
        }
        return .transactions(
            held.map(\.entry),
            note: "\(named) read as transactions, though named like the account's balance: they do not follow "
                + "from one another and the transactions between as balances do")
    }

    /// Why the held rows are balances, or nil when they are not: every step between two of them
    /// holds one way (oldest first or newest first), and the last, with nothing after it, is
    /// the ledger balance.
    private func chain(ledger: Int128?) -> String? {
        var checked = 0
        var forward = true
        var backward = true
        for (previous, next) in zip(held, held.dropFirst()) {
            let between = next.before - previous.before
            forward = forward && next.amount == previous.amount + between
            backward = backward && previous.amount == next.amount + between
            checked += 1
        }
        guard forward || backward else { return nil }
        var steps = checked > 0 ? ["each follows from the one before and the transactions between"] : []
        if let ledger, let first = held.first, let last = held.last {
            // Oldest first: the last and what follows it make the ledger balance; newest first,
            // the first and what comes before it.
            if forward, last.amount + (moved - last.before) == ledger {
                steps.append(
                    last.before == moved
                        ? "the last is the ledger balance"
                        : "the last and the transactions after it make the ledger balance")
            } else if backward, first.amount + first.before == ledger {
                steps.append(
                    first.before == 0
                        ? "the first is the ledger balance"
                        : "the first and the transactions before it make the ledger balance")
            } else {
                // A LEDGERBAL as of a later day (Itaú's, two days after the list ends) need not
                // be the last: the steps between the rows are the evidence then, if any.
                guard checked > 0 else { return nil }
                steps.append("the ledger balance is none of them (it may be of a later day)")
                return steps.joined(separator: "; ")
            }
            checked += 1
        }
        return checked > 0 ? steps.joined(separator: ", and ") : nil
    }

    /// `saldo`, any case, at the start of the text.
    static func opensWithSaldo(_ text: String) -> Bool {
        let bytes = Array(text.utf8.prefix(5))
        return bytes.count == 5 && zip(bytes, "saldo".utf8).allSatisfy { ($0 | 0x20) == $1 }
    }

    /// A plain signed decimal in 10^-5 units; nil when it is not one.
    static func units(_ amount: String) -> Int128? {
        let negative = amount.hasPrefix("-")
        guard let value = StatementAmount(text: negative ? String(amount.dropFirst()) : amount) else { return nil }
        return negative ? -value.units : value.units
    }
}
