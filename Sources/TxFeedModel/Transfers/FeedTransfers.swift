/// The transfers a run linked (``Feed/linkTransfers(window:)``): for each record that is half of
/// one, the transfer's number and the other half's account, beside the records as
/// ``FeedLabels`` are.
public struct FeedTransfers: Sendable {
    /// One linked transfer: its two records' positions in the feed, and what linked them.
    public struct Pair: Sendable, Equatable {
        public var debit: Int
        public var credit: Int
        public var evidence: String
        /// The half an earlier batch wrote, when this run dropped it as seen: its position is
        /// ``FeedTransfers/earlierPosition``.
        public var earlier: EarlierHalf? = nil
    }

    /// A transfer's half that an earlier batch of the state file wrote, unlinked then (its other
    /// half came later): a journal writes this run's half against what that batch posted it to.
    /// This run either read it again and dropped it as seen (``seen``), or did not read its file
    /// and the state file remembered it (``RememberedHalf``).
    public struct EarlierHalf: Sendable, Equatable {
        /// Its account: a feed account, or one of ``FeedTransfers/outsideAccounts`` past them
        /// (``Feed/transferAccount(_:)``).
        public var account: UInt32
        public var signedMinor: Int64
        /// Days since 1970-01-01.
        public var day: Int64
        public var batch: Int64
        /// Its bank id, else its fingerprint's text: with its account, what the state file
        /// marks taken, so that no later run links it again.
        public var identity: String
        /// The category it was written under: what its batch's rules gave it (for a seen one,
        /// these rules, as that batch's were); nil for none, when a journal posted it as
        /// uncategorised.
        public var category: String?
        /// The record as this run read it again (its account, vendor and details the feed's),
        /// with the fingerprint this run gave it; nil when remembered.
        public var seen: Transaction?
        public var fingerprint: Fingerprint?

        public init(seen transaction: Transaction, fingerprint: Fingerprint? = nil, identity: String, batch: Int64) {
            account = transaction.account
            signedMinor = transaction.signedMinor
            day = TransactionDate.days(ofUnixSeconds: transaction.unixSeconds)
            self.batch = batch
            self.identity = identity
            seen = transaction
            self.fingerprint = fingerprint
        }

        public init(remembered half: RememberedHalf, account: UInt32) {
            self.account = account
            signedMinor = half.signedMinor
            day = half.day
            batch = half.batch
            identity = half.identity
            category = half.category
        }

        public static func == (a: Self, b: Self) -> Bool {
            a.batch == b.batch && a.category == b.category && a.account == b.account && a.signedMinor == b.signedMinor
                && a.day == b.day && a.identity == b.identity && a.seen?.unixSeconds == b.seen?.unixSeconds
                && a.seen?.vendor == b.seen?.vendor && a.seen?.details == b.seen?.details
        }
    }

    /// Records of this run and earlier halves that could pair, but not one with one: linked to
    /// nothing, and listed for a person to decide.
    public struct EarlierSet: Sendable, Equatable {
        /// Positions in the feed.
        public var records: [Int]
        public var earlier: [EarlierHalf]
    }

    /// The position of a pair's half that is not among the feed's records (``Pair/earlier``).
    public static let earlierPosition = -1

    /// `rows[i]` is the index in ``pairs`` of `transactions[i]`'s transfer, or ``none``.
    public var rows: [UInt32] = []
    public var pairs: [Pair] = []
    /// Records that had candidates but no unambiguous partner, by position, as they could pair.
    public var ambiguous: [[Int]] = []
    /// Sets with earlier halves that could not be paired (``EarlierSet``).
    public var ambiguousWithEarlier: [EarlierSet] = []
    /// The accounts of remembered halves that are not the feed's (no file of theirs was read),
    /// numbered after the feed's accounts.
    public var outsideAccounts: [Account] = []

    public static let none = UInt32.max

    /// The transfers of a feed of `records` records: each pair's two rows point at it.
    init(
        pairs: [Pair], ambiguous: [[Int]], records: Int, ambiguousWithEarlier: [EarlierSet] = [],
        outsideAccounts: [Account] = []
    ) {
        rows = [UInt32](repeating: Self.none, count: records)
        self.ambiguousWithEarlier = ambiguousWithEarlier
        self.outsideAccounts = outsideAccounts
        for (n, pair) in pairs.enumerated() {
            if pair.debit >= 0 { rows[pair.debit] = UInt32(n) }
            if pair.credit >= 0 { rows[pair.credit] = UInt32(n) }
        }
        self.pairs = pairs
        self.ambiguous = ambiguous
    }

    /// Whether the record at `position` is half of a transfer.
    @inlinable
    public func isTransfer(at position: Int) -> Bool { position < rows.count && rows[position] != Self.none }

    /// The transfer of the record at `position`; nil when it is not half of one.
    @inlinable
    public func transfer(at position: Int, accounts: (Int) -> UInt32) -> RowTransfer? {
        guard isTransfer(at: position) else { return nil }
        let number = Int(rows[position])
        let pair = pairs[number]
        let isDebit = pair.debit == position
        let other = isDebit ? pair.credit : pair.debit
        return RowTransfer(
            id: "T\(number + 1)", otherAccount: other >= 0 ? accounts(other) : pair.earlier!.account, isDebit: isDebit,
            earlier: pair.earlier)
    }
}

/// One record's half of a transfer, as the sinks write it.
public struct RowTransfer: Sendable, Equatable {
    /// `T1`, `T2`…: the transfer's number in the run, the same on both records.
    public var id: String
    /// The account of the other record: a feed account, or one past them that only a
    /// remembered half is in (``Feed/transferAccount(_:)``).
    public var otherAccount: UInt32
    /// Whether this is the money-out half.
    public var isDebit: Bool
    /// The other half, when an earlier batch wrote it (``FeedTransfers/Pair/earlier``).
    public var earlier: FeedTransfers.EarlierHalf?

    @inlinable
    public init(id: String, otherAccount: UInt32, isDebit: Bool, earlier: FeedTransfers.EarlierHalf? = nil) {
        self.id = id
        self.otherAccount = otherAccount
        self.isDebit = isDebit
        self.earlier = earlier
    }
}

extension Feed {
    /// Links transfers between the feed's accounts (``TransferMatcher``), in memory only: a
    /// spilled feed is left as it is, and the caller says so.
    /// - Parameters:
    ///   - remembered: halves earlier batches wrote alone and the state file kept
    ///     (``RememberedHalf``), for the records this run does not link among its own.
    /// - Returns: whether any record had a candidate (linked or listed).
    @discardableResult
    public mutating func linkTransfers(window: Int64 = 4, remembered: [RememberedHalf] = []) -> Bool {
        guard spilled == nil, accounts.count > 1 || !remembered.isEmpty else { return false }
        let (currencies, currencyOf) = currencyCodes()
        let opposites = opposites(currencyOf: currencyOf, window: window)
        // A statement a page (MT940) or a file a month is one real account in many feed
        // accounts. Earlier halves are looked for among every record; else only records with an
        // opposite in another feed account may be a half, and only their accounts are numbered.
        // Halves a batch linked: a record of this run that is one, seen again, is no earlier half.
        let taken = Set(
            remembered.lazy.filter(\.taken).map {
                RememberedHalf.takenKey(accountKey: $0.accountKey, identity: $0.identity)
            })
        var remembered = remembered.filter { !$0.taken }
        let lookingEarlier = !duplicates.isEmpty || !remembered.isEmpty
        let (real, realCount) = accountNumbers(of: lookingEarlier ? nil : opposites.accounts)
        // A remembered half of the run's one account has nothing to pair with.
        if realCount == 1, !remembered.isEmpty {
            let only = IdentityKey.accountKey(of: accounts[0])
            remembered.removeAll { $0.accountKey == only }
        }
        guard realCount > 1 || !remembered.isEmpty else { return false }
        var numbers = [[String]](repeating: [], count: realCount)
        for a in accounts.indices where real[a] >= 0 {
            if let id = accounts[a].id, !numbers[real[a]].contains(id) { numbers[real[a]].append(id) }
        }
        let candidates =
            realCount > 1 ? candidates(opposites.order, real: real, currencies: currencies, window: window) : []
        let result = TransferMatcher.match(candidates, accountNumbers: numbers, window: window)
        let earlier = linksToEarlierHalves(
            linked: Set(result.links.flatMap { [$0.debit, $0.credit] }), real: real, numbers: numbers,
            currencies: currencies, window: window, remembered: remembered, taken: taken)
        guard !result.links.isEmpty || !result.ambiguous.isEmpty || !earlier.pairs.isEmpty || !earlier.ambiguous.isEmpty
        else { return false }
        transfers = FeedTransfers(
            pairs: result.links.map { FeedTransfers.Pair(debit: $0.debit, credit: $0.credit, evidence: $0.evidence) }
                + earlier.pairs,
            ambiguous: result.ambiguous, records: transactions.count, ambiguousWithEarlier: earlier.ambiguous,
            outsideAccounts: earlier.outsideAccounts)
        return true
    }
}

extension Feed {
    /// The records with the opposite amount in another feed account, in their currency, within
    /// the window (``TransferOrder``); and the accounts they are in. Most records have none,
    /// and are spared numbering their accounts and building their text.
    private func opposites(currencyOf: [Int], window: Int64) -> (order: TransferOrder, accounts: [Bool]) {
        var order = TransferOrder(transactions, currencyOf: currencyOf)
        var marked = [Bool](repeating: false, count: transactions.count)
        var accounts = [Bool](repeating: false, count: self.accounts.count)
        let found = order.withOpposite(within: window, groups: self.accounts.count) {
            (transactions[$0].isDebit, Int(transactions[$0].account))
        }
        for index in found {
            marked[index] = true
            accounts[Int(transactions[index].account)] = true
        }
        order.keep { marked[$0] }
        return (order, accounts)
    }

    /// Each account's currency code (empty for none), and its place among the feed's codes.
    /// Currencies are ISO 4217 codes, a few in a feed: a look along those met, by their bytes,
    /// beats making a String of a million accounts' codes (~250 instructions each) and hashing them.
    private func currencyCodes() -> (names: [String], indexes: [Int]) {
        var codes: [(bytes: [UInt8], name: String)] = [([], "")]
        var indexes: [Int] = []
        indexes.reserveCapacity(accounts.count)
        for a in accounts.indices {
            guard accounts[a].has(.currency) else {
                indexes.append(0)
                continue
            }
            indexes.append(
                accounts[a].withBytes(of: .currency) { code in
                    if let n = codes.firstIndex(where: { ByteWord.same($0.bytes.span, code) }) { return n }
                    let bytes = code.withUnsafeBufferPointer { Array($0) }
                    codes.append((bytes, String(decoding: bytes, as: UTF8.self)))
                    return codes.count - 1
                })
        }
        return (indexes.map { codes[$0].name }, indexes)
    }

    /// The records that may be half of a transfer within the run: of the ``opposites(currencyOf:window:)``,
    /// those with the opposite amount in another real account.
    private func candidates(
        _ opposites: TransferOrder, real: [Int], currencies: [String], window: Int64
    ) -> [TransferMatcher.Candidate] {
        var isCandidate = [Bool](repeating: false, count: transactions.count)
        let found = opposites.withOpposite(within: window, groups: (real.max() ?? -1) + 1) {
            (transactions[$0].isDebit, real[Int(transactions[$0].account)])
        }
        for index in found { isCandidate[index] = true }
        return transactions.indices.filter { isCandidate[$0] }.map {
            transferCandidate(transactions[$0], row: $0, real: real, currencies: currencies)
        }
    }

    /// `t` as the matcher sees it: its real account, currency, signed amount, day, and the
    /// payee and memo where a transfer word or the other account's number would be.
    func transferCandidate(_ t: Transaction, row: Int, real: [Int], currencies: [String]) -> TransferMatcher.Candidate {
        TransferMatcher.Candidate(
            row: row, account: real[Int(t.account)], currency: currencies[Int(t.account)], signedMinor: t.signedMinor,
            day: TransactionDate.days(ofUnixSeconds: t.unixSeconds), payee: vendors.name(of: t.vendor),
            memo: details(of: t)?.memo)
    }
}

extension Feed {
    /// Keeps only the records whose `kept` is true (a rule skipped the others, or `--state` saw
    /// a pending one booked): the records, their fingerprints, source positions and labels,
    /// and the transfers, renumbered. A transfer with a half gone is no longer one, and an
    /// unpaired set loses the records that went.
    public mutating func keepOnly(_ kept: [Bool]) {
        precondition(kept.count == transactions.count, "one flag a record")
        var newPosition = [Int](repeating: -1, count: kept.count)
        var next = 0
        for (i, keep) in kept.enumerated() where keep {
            newPosition[i] = next
            next += 1
        }
        guard next < kept.count else { return }
        func prune<Element>(_ parallel: inout [Element]) {
            guard parallel.count == kept.count else { return }
            var n = 0
            parallel.removeAll { _ in
                defer { n += 1 }
                return !kept[n]
            }
        }
        prune(&transactions)
        prune(&fingerprints)
        prune(&sourcePositions)
        if labels != nil { prune(&labels!.rows) }
        guard let old = transfers else { return }
        // A half an earlier batch wrote (position -1) is not the run's to skip.
        func keeps(_ position: Int) -> Bool { position < 0 || kept[position] }
        func moved(_ position: Int) -> Int { position < 0 ? position : newPosition[position] }
        let pairs = old.pairs.filter { keeps($0.debit) && keeps($0.credit) }.map {
            FeedTransfers.Pair(
                debit: moved($0.debit), credit: moved($0.credit), evidence: $0.evidence, earlier: $0.earlier)
        }
        let ambiguous = old.ambiguous.map { $0.filter { kept[$0] }.map { newPosition[$0] } }.filter { $0.count > 1 }
        let withEarlier = old.ambiguousWithEarlier.map {
            FeedTransfers.EarlierSet(
                records: $0.records.filter { kept[$0] }.map { newPosition[$0] }, earlier: $0.earlier)
        }.filter { !$0.records.isEmpty }
        transfers =
            pairs.isEmpty && ambiguous.isEmpty && withEarlier.isEmpty
            ? nil
            : FeedTransfers(
                pairs: pairs, ambiguous: ambiguous, records: next, ambiguousWithEarlier: withEarlier,
                outsideAccounts: old.outsideAccounts)
    }

    /// Whether the record at `position` is half of a linked transfer.
    @inlinable
    public func isTransfer(at position: Int) -> Bool { transfers?.isTransfer(at: position) ?? false }
}
