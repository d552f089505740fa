import TxFeedModel

/// `-o feed.journal` (hledger, and Ledger, which reads the same syntax for what is written) and
/// `-o feed.beancount`: the feed as a plain-text accounting journal, one entry per transaction —
/// the account's posting and the balancing one to `Expenses:Uncategorized` (money out) or
/// `Income:Uncategorized` (money in), exact amounts with the currency.
///
/// An account whose source stated its balance (an OFX `LEDGERBAL`, a camt `CLBD`, an MT940
/// `:62F:`, an envelope's `currentBalance`) gets an opening entry against
/// `Equity:Opening-Balances` (the balance less the run's entries) and a balance assertion after
/// its last entry, so that a fresh journal of one run passes its own assertions. Under
/// `--state` the run writes only what is new, a slice of the accounts' history to `include`:
/// neither is written then, nor pending records, each written once it is booked (with what it
/// replaced as a comment), so that no payment is in the journal twice.
public struct JournalSink: FeedSink {
    public enum Syntax: String, Sendable, Equatable {
        /// hledger's journal, which Ledger also reads.
        case ledger
        case beancount
    }

    public let syntax: Syntax
    /// Whether the opening entries and balance assertions are written (not under `--state`).
    public let balances: Bool
    /// A rules file's `[accounts]`: a feed account's name → its ledger account.
    public let accountNames: [String: String]

    /// Whether pending records are written (not under `--state`).
    public let writesPending: Bool

    public init(
        syntax: Syntax, balances: Bool = true, writesPending: Bool = true, accountNames: [String: String] = [:]
    ) {
        self.syntax = syntax
        self.balances = balances
        self.writesPending = writesPending
        self.accountNames = accountNames
    }

    public func refreshMarkLine(_ mark: RefreshMark) -> String? { nil }

    public func write(_ feed: Feed, context: FeedContext, to out: OutputWriter) throws {
        // Then the accounts only a remembered transfer half is in, numbered after the feed's.
        let accounts = try JournalAccount.all(
            feed.accounts.map { ($0, feed.sources[$0.source].name) }
                + (feed.transfers?.outsideAccounts ?? []).map { ($0, $0.origin) },
            syntax: syntax, named: accountNames)
        var days = context.dayFormat
        var summary = [AccountSummary](repeating: AccountSummary(), count: feed.accounts.count)
        var rows = feed.rows()
        try out.withBuffer { buffer in
            var entries: [UInt8] = []
            // The categories rules gave: beancount opens every account it posts to.
            var categories = JournalCategories(syntax: syntax)
            while let row = try rows.next() {
                let t = row.transaction
                if t.isPending && !writesPending { continue }
                let account = Int(t.account)
                var date: [UInt8] = []
                days.appendISODay(of: t, to: &date)
                // Every record counts in its account on its own day, as its statement dates it:
                // what a stated balance follows from.
                summary[account].count(day: date, signedMinor: t.signedMinor, pending: t.isPending)
                // A transfer is one entry between the two accounts, written at its money-out half;
                // one whose other half an earlier batch wrote alone is this half's entry against
                // what that batch posted it to, which it takes back.
                let earlier = row.transfer?.earlier
                if let transfer = row.transfer, !transfer.isDebit, earlier == nil { continue }
                // Where the entry is written, in both accounts: the money-in half on its money-out
                // half's day.
                summary[account].place(date)
                if let transfer = row.transfer, earlier == nil, Int(transfer.otherAccount) < summary.count {
                    summary[Int(transfer.otherAccount)].place(date)
                }
                entries.removeAll(keepingCapacity: true)
                let category = try row.labels?.category.map { (c) throws(JournalError) in try categories.name(of: c) }
                var other = row.transfer.map { accounts[Int($0.otherAccount)].name } ?? category
                var transferOf: String?
                if let earlier {
                    let posted =
                        try earlier.category.map { (c) throws(JournalError) in try categories.name(of: c) }
                        ?? (earlier.signedMinor < 0 ? JournalAccount.expenses : JournalAccount.income)
                    other = posted
                    let half = accounts[Int(earlier.account)]
                    transferOf =
                        "\(half.name) \(TransactionDate.isoDay(days: earlier.day)) "
                        + "\(Money(minorUnits: earlier.signedMinor, scale: half.scale).plainDecimal), "
                        + "written by batch \(earlier.batch) against \(posted)"
                }
                JournalEntry(
                    date: date, pending: t.isPending, payee: feed.vendors.name(of: t.vendor),
                    memo: row.details?.memo, id: row.details?.id ?? row.fingerprint?.text,
                    account: accounts[account],
                    amount: Money(minorUnits: t.signedMinor, scale: accounts[account].scale),
                    other: other,
                    replaces: row.replaces.map {
                        "pending \(TransactionDate.isoDay(days: $0.day)) "
                            + Money(minorUnits: $0.signedMinor, scale: accounts[account].scale).plainDecimal
                            + " (batch \($0.batch))"
                    },
                    transferOf: transferOf
                ).append(syntax, to: &entries)
                buffer.append(contentsOf: entries)
                try out.rowDone(&buffer)
            }
            // A statement `--dedupe` emptied (its records another source's too) still states
            // its balance on its records' last day: without that day, its balance was dropped,
            // and the journal account had no opening and no assertion.
            for duplicate in feed.duplicates where Int(duplicate.transaction.account) < summary.count {
                var date: [UInt8] = []
                days.appendISODay(of: duplicate.transaction, to: &date)
                summary[Int(duplicate.transaction.account)].sawDropped(day: date)
            }
            var closing: [UInt8] = []
            try JournalBalances(
                syntax: syntax, accounts: Array(accounts.prefix(feed.accounts.count)), summary: summary,
                balances: balances, categories: categories.all
            )
            .append(to: &closing)
            buffer.append(contentsOf: closing)
            try out.rowDone(&buffer)
        }
    }

    /// What the closing part needs of an account's entries: the first and last day one is
    /// written on (where the opening and the assertion go); the last day of its own records, as
    /// its statement dates them (which statement ends last); the sum of all it is written, and
    /// each own day's sum of its booked records, as a stated balance is the bank's booked money
    /// up to its day, another statement's records after it and pending ones aside.
    struct AccountSummary {
        var first: [UInt8]?
        var last: [UInt8]?
        var lastOwn: [UInt8]?
        /// Sums in 128 bits: ten thousand records of the largest amount pass 64.
        var sumMinor: Int128 = 0
        /// Own day → the sum of its booked records: a statement has a few hundred days at most.
        var days: [[UInt8]: Int128] = [:]
        /// The sum of its booked records.
        var bookedMinor: Int128 = 0

        /// A record of the account, on its own day.
        mutating func count(day: [UInt8], signedMinor: Int64, pending: Bool) {
            if lastOwn.map({ $0.lexicographicallyPrecedes(day) }) ?? true { lastOwn = day }
            sumMinor += Int128(signedMinor)
            if !pending {
                days[day, default: 0] += Int128(signedMinor)
                bookedMinor += Int128(signedMinor)
            }
        }

        /// A record of the account `--dedupe` dropped: its day is still the statement's.
        mutating func sawDropped(day: [UInt8]) {
            if lastOwn.map({ $0.lexicographicallyPrecedes(day) }) ?? true { lastOwn = day }
        }

        /// An entry posted to the account on `date`.
        mutating func place(_ date: [UInt8]) {
            if first.map({ date.lexicographicallyPrecedes($0) }) ?? true { first = date }
            if last.map({ $0.lexicographicallyPrecedes(date) }) ?? true { last = date }
        }

        /// The sum of the booked records of its own day `day` or before.
        func sum(through day: [UInt8]) -> Int128 {
            days.reduce(Int128(0)) { day.lexicographicallyPrecedes($1.key) ? $0 : $0 + $1.value }
        }
    }
}

/// A journal sink cannot write the feed as it is (beancount and an account without a currency).
public struct JournalError: Error, CustomStringConvertible {
    public var description: String
}
