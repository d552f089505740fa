import TxFeedModel

/// What closes a journal: beancount's `open` directives (not under `--state`), and for each
/// account and currency whose source stated its balance an opening entry (the balance less the
/// entries up to its day) and an assertion of the balance after its last entry.
struct JournalBalances {
    var syntax: JournalSink.Syntax
    var accounts: [JournalAccount]
    var summary: [JournalSink.AccountSummary]
    var balances: Bool
    /// The accounts rules' categories posted to.
    var categories: Set<String> = []

    /// The statements whose closing a journal account's balance is: the one that ends last by
    /// its records' own days (a transfer's money-in half is written on its money-out half's: by
    /// that day, an earlier page's closing was taken, off by the transfer), of two on one day
    /// the later in the feed (a file's statements come in order); then each later statement of
    /// its source whose closing follows from it and its own booked records (a page whose only
    /// record is dated by its value date alone, before the page ahead of it: that page's
    /// closing was taken, opening and assertion 34.61 off, exit 0). The first and those after.
    static func closingStatements(
        _ stated: [Int], _ accounts: [JournalAccount], _ summary: [JournalSink.AccountSummary]
    ) -> [Int] {
        guard
            let first = stated.max(by: { a, b in
                let (x, y) = (summary[a].lastOwn!, summary[b].lastOwn!)
                return x.lexicographicallyPrecedes(y) || (x == y && a < b)
            })
        else { return [] }
        var chain = [first]
        for next in stated where next > chain.last! && accounts[next].source == accounts[first].source {
            let (from, to) = (accounts[chain.last!], accounts[next])
            guard let was = from.balance.flatMap({ rescaled($0, to: from.scale) }),
                let now = to.balance.flatMap({ rescaled($0, to: to.scale) }), from.scale == to.scale,
                Int128(now.minorUnits) - Int128(was.minorUnits) == summary[next].bookedMinor
            else { break }
            chain.append(next)
        }
        return chain
    }

    func append(to b: inout [UInt8]) throws(JournalError) {
        // Accounts with records of their own that an entry is written to.
        let used = accounts.indices.filter { summary[$0].lastOwn != nil && summary[$0].first != nil }
        guard let earliest = used.compactMap({ summary[$0].first }).min(by: { $0.lexicographicallyPrecedes($1) })
        else { return }
        let day = { (bytes: [UInt8]) in String(decoding: bytes, as: UTF8.self) }
        let lastDay = used.compactMap({ summary[$0].last }).max(by: { $0.lexicographicallyPrecedes($1) })!
        // Journal accounts whose statements stated a balance and hold no entry (a card statement
        // of a month without charges): left out, a net worth was short by their balance. Their
        // balance is written on the journal's last day, its one day they stand in the journal.
        let standing = balances ? balanceOnly(besides: used) : []
        // Under --state (no balances) a file is a slice to include beside the others: an `open`
        // in each would open the same account twice, which beancount refuses.
        if syntax == .beancount && balances {
            let fixed = [JournalAccount.expenses, JournalAccount.income, JournalAccount.opening]
            for name in fixed + categories.subtracting(fixed).sorted() {
                b.append(contentsOf: "\(day(earliest)) open \(name)\n".utf8)
            }
            // An account of several feed accounts (an MT940 file's pages) opens on the first day of any.
            var opens: [String: [UInt8]] = [:]
            var order: [String] = []
            for a in used {
                let name = accounts[a].name, first = summary[a].first!
                if let opened = opens[name] {
                    if first.lexicographicallyPrecedes(opened) { opens[name] = first }
                } else {
                    order.append(name)
                    opens[name] = first
                }
            }
            for name in order { b.append(contentsOf: "\(day(opens[name]!)) open \(name)\n".utf8) }
            for a in standing where opens[accounts[a].name] == nil {
                opens[accounts[a].name] = lastDay
                b.append(contentsOf: "\(day(lastDay)) open \(accounts[a].name)\n".utf8)
            }
            b.append(0x0A)
        }
        guard balances else { return }
        for a in standing {
            guard let stated = Self.rescaled(accounts[a].balance!, to: accounts[a].scale), stated.minorUnits != 0
            else { continue }
            JournalEntry(
                date: lastDay, pending: false, payee: "Opening balance", memo: nil, id: nil,
                account: accounts[a], amount: stated
            ).appendOpening(syntax, to: &b)
        }
        // A statement a page (MT940, camt) is an account each in the feed and one in the journal,
        // balanced per currency (an account name may have several): its opening is the latest
        // closing less the entries up to that closing's day.
        var groups: [Group: [Int]] = [:]
        for a in used {
            groups[Group(name: accounts[a].name, currency: accounts[a].currency ?? ""), default: []].append(a)
        }
        // A statement whose every record `--dedupe` dropped, beside an account that has them.
        for a in accounts.indices
        where summary[a].first == nil && summary[a].lastOwn != nil && accounts[a].balance != nil {
            groups[Group(name: accounts[a].name, currency: accounts[a].currency ?? "")]?.append(a)
        }
        for group in groups.keys.sorted() {
            let members = groups[group]!
            let stated = members.filter { accounts[$0].balance != nil }
            let chain = Self.closingStatements(stated, accounts, summary)
            guard let latest = chain.last,
                let closing = Self.rescaled(accounts[latest].balance!, to: accounts[latest].scale),
                members.allSatisfy({ accounts[$0].scale == accounts[latest].scale })
            else { continue }
            let account = accounts[latest]
            let first = members.compactMap { summary[$0].first }.min { $0.lexicographicallyPrecedes($1) }!
            // The balance is booked money: the opening is it less the booked records it holds —
            // those up to the first statement's last day, and the later statements that follow
            // from it whole (a pending one in the opening made it 12.50 too much).
            let end = summary[chain[0]].lastOwn!
            let through = members.reduce(Int128(0)) { sum, m in
                sum + (chain.dropFirst().contains(m) ? summary[m].bookedMinor : summary[m].sum(through: end))
            }
            let opening = try Self.money(Int128(closing.minorUnits) - through, of: account, "its opening balance")
            if opening.minorUnits != 0 {
                JournalEntry(
                    date: first, pending: false, payee: "Opening balance", memo: nil, id: nil, account: account,
                    amount: opening
                ).appendOpening(syntax, to: &b)
            }
            // Asserted after the account's last entry: the closing, the booked records after its
            // day and every pending one.
            // Ledger checks an assertion against every posting before it in the file (hledger
            // and beancount in date order), and the entries are all before it.
            let last = members.compactMap { summary[$0].last }.max { $0.lexicographicallyPrecedes($1) }!
            let total = members.reduce(Int128(0)) { $0 + summary[$1].sumMinor }
            let asserted = try Self.money(
                Int128(closing.minorUnits) + (total - through), of: account, "the balance it asserts")
            switch syntax {
            case .ledger:
                b.append(contentsOf: "\(day(last)) * Balance assertion\n".utf8)
                b.append(contentsOf: "    \(account.name)  0".utf8)
                if let currency = account.currency { b.append(contentsOf: " \(currency)".utf8) }
                b.append(contentsOf: " = ".utf8)
                JournalEntry.appendSigned(asserted, to: &b)
                if let currency = account.currency { b.append(contentsOf: " \(currency)".utf8) }
                b.append(contentsOf: "\n\n".utf8)
            case .beancount:
                // Checked at the start of its day: the day after the last entry. After 9999-12-31
                // there is no day beancount reads: no assertion, and a comment says so.
                var amount: [UInt8] = []
                JournalEntry.appendSigned(asserted, to: &amount)
                amount.append(contentsOf: " \(account.currency ?? "")".utf8)
                guard let next = Self.nextDay(last) else {
                    b.append(contentsOf: "; \(account.name): no balance assertion of ".utf8)
                    b.append(contentsOf: amount)
                    b.append(
                        contentsOf:
                            ": it would be checked on the day after \(day(last)), which beancount cannot write\n\n"
                            .utf8)
                    continue
                }
                b.append(contentsOf: "\(next) balance \(account.name)  ".utf8)
                b.append(contentsOf: amount)
                b.append(contentsOf: "\n\n".utf8)
            }
        }
    }

    /// Of the feed accounts with a stated balance and no record, the last of each journal name
    /// and currency that no account of `used` has.
    private func balanceOnly(besides used: [Int]) -> [Int] {
        let written = Set(used.map { Group(name: accounts[$0].name, currency: accounts[$0].currency ?? "") })
        var last: [Group: Int] = [:]
        for a in accounts.indices where summary[a].first == nil && accounts[a].balance != nil {
            let group = Group(name: accounts[a].name, currency: accounts[a].currency ?? "")
            if !written.contains(group) { last[group] = a }
        }
        return last.keys.sorted().map { last[$0]! }
    }

    /// The accounts balanced together: one journal name in one currency ("" for none).
    struct Group: Hashable, Comparable {
        var name: String
        var currency: String

        static func < (a: Self, b: Self) -> Bool { (a.name, a.currency) < (b.name, b.currency) }
    }

    /// `minor` as an amount of `account`; an error past what an amount holds (an opening of the
    /// balance less ten thousand records of the largest amount), never a number wrapped round.
    static func money(_ minor: Int128, of account: JournalAccount, _ what: String) throws(JournalError) -> Money {
        guard let units = Int64(exactly: minor), units != .min else {
            throw JournalError(
                description: "\(account.name): \(what) is \(minor) minor units, past what a journal amount holds "
                    + "(the entries' sum overflows); write the feed as CSV or JSON instead")
        }
        return Money(minorUnits: units, scale: account.scale)
    }

    /// `stated` in `scale` decimals; nil when it has more that are not zeros.
    static func rescaled(_ stated: Money, to scale: Int) -> Money? {
        var minor = stated.minorUnits
        var from = stated.scale
        while from < scale {
            minor = minor &* 10
            from += 1
        }
        while from > scale {
            guard minor % 10 == 0 else { return nil }
            minor /= 10
            from -= 1
        }
        return Money(minorUnits: minor, scale: scale)
    }

    /// The day after `day`; nil after 9999-12-31, which has no four-digit year.
    static func nextDay(_ day: [UInt8]) -> String? {
        guard let read = try? TransactionDate.read(String(decoding: day, as: UTF8.self)) else {
            return String(decoding: day, as: UTF8.self)
        }
        var out: [UInt8] = []
        ISODate.appendUTC(unixSeconds: read.unixSeconds + 86_400, to: &out)
        // A year out of 0...9999 is written with its sign: `+10000-01-01`.
        guard let first = out.first, first != UInt8(ascii: "+"), first != UInt8(ascii: "-") else { return nil }
        return String(decoding: out.prefix(10), as: UTF8.self)
    }
}

extension JournalEntry {
    /// The opening entry: the account against `Equity:Opening-Balances`.
    func appendOpening(_ syntax: JournalSink.Syntax, to b: inout [UInt8]) {
        b.append(contentsOf: date)
        switch syntax {
        case .ledger: b.append(contentsOf: " * Opening balance\n".utf8)
        case .beancount: b.append(contentsOf: " * \"Opening balance\" \"\"\n".utf8)
        }
        let indent: StaticString = syntax == .ledger ? "    " : "  "
        JournalEntry.posting(indent, account.name, amount, account, to: &b)
        JournalEntry.posting(
            indent, JournalAccount.opening, Money(minorUnits: -amount.minorUnits, scale: amount.scale), account, to: &b)
        b.append(0x0A)
    }
}
