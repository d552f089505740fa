/// A pending record an earlier run remembered (`--state`): what it takes to know it again, and
/// the booked record that later replaces it.
public struct RememberedPending: Sendable, Equatable {
    /// Its row in the state file.
    public var row: Int64
    /// The batch that first saw it.
    public var batch: Int64
    /// Its account's key (``IdentityKey/accountKey(of:)``).
    public var accountKey: String
    /// Its identity key: of its bank id, else of its fingerprint.
    public var key: Int64
    public var bankID: String?
    /// The vendor as the bank wrote it.
    public var vendor: String
    /// Days since 1970-01-01 (UTC), as the state file counts them.
    public var day: Int64
    public var signedMinor: Int64
    /// For a pending record of this run, not remembered: its position in the feed. Only a booked
    /// record of another source may replace it.
    public var position: Int?

    public init(
        row: Int64, batch: Int64, accountKey: String, key: Int64, bankID: String?, vendor: String, day: Int64,
        signedMinor: Int64, position: Int? = nil
    ) {
        self.row = row
        self.batch = batch
        self.accountKey = accountKey
        self.key = key
        self.bankID = bankID
        self.vendor = vendor
        self.day = day
        self.signedMinor = signedMinor
        self.position = position
    }

    /// `2024-03-01 SQ *BLUE BOTTLE -10.00 (batch 1)`: how messages and `state show` name it.
    public func text(scale: Int) -> String {
        Self.text(day: day, vendor: vendor, signedMinor: signedMinor, scale: scale, batch: batch)
    }

    /// The same, from the state file's columns.
    public static func text(day: Int64, vendor: String, signedMinor: Int64, scale: Int, batch: Int64) -> String {
        "\(TransactionDate.isoDay(days: day)) \(vendor) \(Money(minorUnits: signedMinor, scale: scale).plainDecimal) (batch \(batch))"
    }
}

/// What a run with `--state` makes of pending records (docs/STATE.md, "Pending becomes
/// booked"): which of the feed's pending records are new and which were seen before, which
/// booked records replace a pending one an earlier run remembered, and which remembered ones
/// were never booked within the window and are let go.
public struct PendingSettlement: Sendable {
    /// One booked record of the feed and the remembered pending record it replaces.
    public struct Booking: Sendable, Equatable {
        public var position: Int
        public var pending: RememberedPending
        /// How they were matched: `bank id`, or `payee, 2 days later, amount +3.00`.
        public var evidence: String
    }

    /// Positions of the feed's pending records that no earlier run saw.
    public var new: [Int] = []
    /// The feed's pending records an earlier run remembered, and their rows.
    public var again: [(position: Int, row: Int64)] = []
    /// The feed's pending records whose remembered record a booked record of the run replaces:
    /// the feed drops them as seen (``Feed/settlePending(_:window:tolerancePercent:today:)``).
    public var bookedAgain: [(position: Int, pending: RememberedPending)] = []
    public var bookings: [Booking] = []
    /// Remembered pending records of the run's accounts older than the window, never booked.
    public var dropped: [RememberedPending] = []
    /// The window in days, for messages.
    public var window: Int64 = 10

    /// Why a remembered pending record was dropped: `not booked within 10 days`.
    public var droppedWhy: String { "not booked within \(Self.days(window))" }

    /// `1 day`, `10 days`.
    public static func days(_ count: Int64) -> String { count.counted("day") }

    /// Whether the state file learns anything from it: a pending record seen again only
    /// confirms what it holds (a `watch` refresh that brings nothing else is no batch).
    public var changesState: Bool { !new.isEmpty || !bookings.isEmpty || !dropped.isEmpty }

    /// The remembered pending record the booked record at `position` replaces.
    public func replaced(at position: Int) -> RememberedPending? {
        replacements[position].map { bookings[$0].pending }
    }

    fileprivate var replacements: [Int: Int] = [:]

    public init() {}
}

/// Matches a run's records against the pending records earlier runs remembered.
///
/// A booked record replaces a remembered pending record of the same account when their bank
/// ids are equal; else when the payees agree once cleaned (``PayeeCleaner``; one may go on
/// where the other stops: `SQ *BLUE BOTTLE` and `SQ *BLUE BOTTLE COFFEE SF`), the money runs
/// the same way, the booked day is at most `window` days after the pending one, and the amount
/// differs by at most `tolerance` percent of the pending amount (0: exactly equal). Of several
/// candidates the nearest amount wins, then the nearest day, then the oldest. Booked records
/// are matched oldest first, and each pending record replaced once: two equal coffees pending
/// are two, and book as two. Booked records are matched before the run's pending ones, so that
/// a hold listed again beside its booking is seen, not shown beside it.
public enum PendingMatcher {
    /// - Parameters:
    ///   - open: the remembered pending records of the feed's accounts not yet booked or dropped.
    ///   - today: the run's day (days since 1970-01-01, UTC): a remembered record older than the
    ///     window, of an account in the run, not seen again and not booked, is dropped.
    ///   - listedTogether: whether the booked record at the first position and the run's hold at
    ///     the second are listed by one export: then they are the bank's two records.
    public static func settle(
        _ feed: Feed, open: [RememberedPending], window: Int64, tolerancePercent: Int, today: Int64,
        listedTogether: (_ booked: Int, _ hold: Int) -> Bool = { _, _ in false }
    ) -> PendingSettlement {
        var settlement = PendingSettlement()
        settlement.window = window
        let accountKeys = feed.accounts.map(IdentityKey.accountKey(of:))
        // Each payee cleaned once: every open hold's, and a booked record's only when its day and
        // amount ask for it. Cleaning is slow beside a lookup, and exports repeat their payees.
        var cleaned: [String: PayeeKey] = [:]
        func payeeKey(_ vendor: String) -> PayeeKey {
            if let known = cleaned[vendor] { return known }
            let key = PayeeKey(vendor)
            cleaned[vendor] = key
            return key
        }
        var slotOfKey: [String: Int] = [:]
        var records: [OpenRecords] = []
        for (n, pending) in open.enumerated() {
            let slot = slotOfKey[pending.accountKey] ?? records.count
            if slot == records.count {
                slotOfKey[pending.accountKey] = slot
                records.append(OpenRecords())
            }
            records[slot].add(n, pending, tolerancePercent: tolerancePercent)
        }
        // Each hold's payee, by its index: asked of every hold a booked record looks at.
        let holdPayees = open.map { payeeKey($0.vendor) }
        for slot in records.indices { records[slot].sort(open, payees: holdPayees) }
        // Per feed account, its remembered pending records' slot: one array index a record, not
        // a hashed account key (most runs have none, and a million booked records ask).
        let slotOfAccount = accountKeys.map { slotOfKey[$0] }
        var taken = [Bool](repeating: false, count: open.count)
        // Those a booked record of the run replaces.
        var bookedNow = taken

        var booked: [Int] = []
        var holds: [Int] = []
        for (position, t) in feed.transactions.enumerated() {
            if t.isPending {
                holds.append(position)
            } else if slotOfAccount[Int(t.account)] != nil {
                booked.append(position)
            }
        }
        // Oldest first, so that the first of two equal booked records takes the older pending one.
        booked.sort { (feed.transactions[$0].unixSeconds, $0) < (feed.transactions[$1].unixSeconds, $1) }
        for position in booked {
            let t = feed.transactions[position]
            func free(_ n: Int) -> Bool {
                !taken[n] && !(open[n].position.map { listedTogether(position, $0) } ?? false)
            }
            let slot = slotOfAccount[Int(t.account)]!
            let day = TransactionDate.days(ofUnixSeconds: t.unixSeconds)
            if let id = feed.details(of: t)?.id, let same = records[slot].byBankID[id]?.first(where: free) {
                (taken[same], bookedNow[same]) = (true, true)
                settlement.bookings.append(.init(position: position, pending: open[same], evidence: "bank id"))
                continue
            }
            // The payee cleaned only for a record the day and amount leave a candidate for: of a
            // million booked records beside a few holds, most have none.
            let sameMoney = records[slot].byMoney[OpenRecords.moneyKey(t.signedMinor, tolerancePercent)] ?? []
            let first = sameMoney.partitionPoint { open[$0].day >= day - window }
            guard first < sameMoney.count, open[sameMoney[first]].day <= day else { continue }
            let payee = payeeKey(feed.vendors.name(of: t.vendor))
            guard let word = payee.words.first else { continue }
            let best = records[slot].byPayee[OpenRecords.PayeeGroup(isDebit: t.signedMinor < 0, firstWord: word)]?
                .nearest(
                    to: abs(t.signedMinor), day: day, window: window, tolerancePercent: tolerancePercent, open: open,
                    taken: taken
                ) { n in free(n) && payee.agrees(with: holdPayees[n]) }
            guard let best else { continue }
            (taken[best], bookedNow[best]) = (true, true)
            let pending = open[best]
            let later = day - pending.day
            let scale = feed.accounts[Int(t.account)].scale
            let difference = t.signedMinor - pending.signedMinor
            var evidence = "payee, " + (later == 0 ? "same day" : "\(PendingSettlement.days(later)) later")
            if difference != 0 {
                evidence +=
                    ", amount \(difference > 0 ? "+" : "")\(Money(minorUnits: difference, scale: scale).plainDecimal)"
            }
            settlement.bookings.append(.init(position: position, pending: pending, evidence: evidence))
        }
        // Then the pending records: a hold the run lists again beside its booking (a stale
        // export read with the statement that books it) is that payment, not one still pending.
        for position in holds {
            let key = identityKey(feed, position)
            let sameKey =
                slotOfAccount[Int(feed.transactions[position].account)].flatMap { records[$0].byKey[key] } ?? []
            if let same = sameKey.first(where: { !taken[$0] }) {
                taken[same] = true
                settlement.again.append((position, open[same].row))
            } else if let replaced = sameKey.first(where: { bookedNow[$0] }) {
                settlement.bookedAgain.append((position, open[replaced]))
            } else {
                settlement.new.append(position)
            }
        }
        for (n, booking) in settlement.bookings.enumerated() { settlement.replacements[booking.position] = n }

        let inRun = Set(accountKeys)
        for (n, pending) in open.enumerated()
        where !taken[n] && inRun.contains(pending.accountKey) && today - pending.day > window {
            settlement.dropped.append(pending)
        }
        return settlement
    }

    /// The identity key the state file remembers a pending record by: its bank id's, else its
    /// fingerprint's.
    public static func identityKey(_ feed: Feed, _ position: Int) -> Int64 {
        if let id = feed.details(of: feed.transactions[position])?.id { return IdentityKey.of(bankID: id) }
        return feed.fingerprint(at: position).map(IdentityKey.of) ?? 0
    }

    /// The same, of a record taken out of the feed (a ``Duplicate``) or not yet in it.
    public static func identityKey(bankID: String?, fingerprint: Fingerprint) -> Int64 {
        bankID.map { IdentityKey.of(bankID: $0) } ?? IdentityKey.of(fingerprint)
    }

    /// Whether `amount` is within `percent` of `pending`'s magnitude of it (0: equal).
    static func within(_ amount: Int64, of pending: Int64, percent: Int) -> Bool {
        let difference = abs(amount - pending)
        return difference == 0
            || difference.multipliedReportingOverflow(by: 100).partialValue <= abs(pending) * Int64(percent)
    }
}

/// The open pending records of one account (their indices, each list in the order given), by
/// what a record of the run must share with one to be it.
struct OpenRecords {
    var byBankID: [String: [Int]] = [:]
    var byKey: [Int64: [Int]] = [:]
    /// By ``moneyKey(_:_:)``, oldest day first: whether a booked record has a hold of its money
    /// in the window at all, before its payee is cleaned.
    var byMoney: [Int64: [Int]] = [:]
    /// By the direction of their money and their payee's first word, which two payees that agree
    /// share (``PayeeKey/agrees(with:)``).
    var byPayee: [PayeeGroup: HoldsByAmount] = [:]

    struct PayeeGroup: Hashable {
        var isDebit: Bool
        var firstWord: Substring
    }

    /// The amount itself where amounts must be equal, else only its sign.
    static func moneyKey(_ signedMinor: Int64, _ tolerancePercent: Int) -> Int64 {
        tolerancePercent == 0 ? signedMinor : signedMinor < 0 ? -1 : 0
    }

    mutating func add(_ n: Int, _ pending: RememberedPending, tolerancePercent: Int) {
        if let id = pending.bankID { byBankID[id, default: []].append(n) }
        byKey[pending.key, default: []].append(n)
        byMoney[Self.moneyKey(pending.signedMinor, tolerancePercent), default: []].append(n)
    }

    /// Orders the lists and makes the payee groups, once every record is added.
    mutating func sort(_ open: [RememberedPending], payees: [PayeeKey]) {
        var members: [PayeeGroup: [Int]] = [:]
        for money in byMoney.keys {
            byMoney[money]!.sort { (open[$0].day, $0) < (open[$1].day, $1) }
            for n in byMoney[money]! {
                guard let word = payees[n].words.first else { continue }
                members[PayeeGroup(isDebit: open[n].signedMinor < 0, firstWord: word), default: []].append(n)
            }
        }
        byPayee = members.mapValues { HoldsByAmount($0, open: open) }
    }
}

extension Array {
    /// The first index whose element is `true` of `belongs`, which holds from some index to the end.
    func partitionPoint(_ belongs: (Element) -> Bool) -> Int {
        var (low, high) = (0, count)
        while low < high {
            let middle = (low + high) / 2
            if belongs(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}

/// A payee as pending and booked records are compared: its ``PayeeCleaner/key(_:)``, in words
/// of letters and digits.
struct PayeeKey: Equatable {
    var words: [Substring]

    init(_ vendor: String) {
        words = String(PayeeCleaner.key(vendor).map { $0.isLetter || $0.isNumber ? $0 : " " }).split(separator: " ")
    }

    /// Equal, or one the other's first words: a pending text is often cut short.
    func agrees(with other: PayeeKey) -> Bool {
        guard !words.isEmpty, !other.words.isEmpty else { return false }
        let (short, long) = words.count <= other.words.count ? (words, other.words) : (other.words, words)
        return long.starts(with: short)
    }
}

extension Feed {
    /// `--dedupe` and `--state`: a pending record of one source that a booked record of another
    /// source replaces (``PendingMatcher``'s rules) is one payment in two exports (yesterday's
    /// with the hold, today's with its booking): it leaves the feed as the booking's duplicate,
    /// with the evidence. A pending and a booked record one export lists (or copies of them, the
    /// merge dropped as duplicates) are the bank's own two, never matched; a hold an earlier run
    /// remembered (`remembered`) is settled against that.
    public mutating func dropHoldsBookedInRun(
        window: Int64, tolerancePercent: Int, remembered: [RememberedPending] = []
    ) {
        // Kept by the merge when a record is pending (``removeDuplicates(history:)``).
        guard sourcePositions.count == transactions.count else { return }
        // Only an account two sources hold can have a hold and its booking in two exports.
        let accountKeys = accounts.map(IdentityKey.accountKey(of:))
        var sourcesOf: [String: Set<Int>] = [:]
        for (account, key) in zip(accounts, accountKeys) { sourcesOf[key, default: []].insert(account.source) }
        let known = Set(remembered.map { "\($0.key) \($0.accountKey)" })
        var holds: [RememberedPending] = []
        for (position, t) in transactions.enumerated() where t.isPending {
            let account = accountKeys[Int(t.account)]
            guard sourcesOf[account]!.count > 1 else { continue }
            let key = PendingMatcher.identityKey(self, position)
            guard !known.contains("\(key) \(account)") else { continue }
            holds.append(
                RememberedPending(
                    row: Int64(position), batch: 0, accountKey: account, key: key, bankID: details(of: t)?.id,
                    vendor: vendors.name(of: t.vendor), day: TransactionDate.days(ofUnixSeconds: t.unixSeconds),
                    signedMinor: t.signedMinor, position: position))
        }
        guard !holds.isEmpty else { return }
        // The sources that list each kept record: its own, and those of its copies the merge dropped.
        func place(_ source: Int, _ index: Int) -> Int { source << 32 | index }
        var copiesIn: [Int: [Int]] = [:]
        for duplicate in duplicates {
            guard case .source(let source) = duplicate.kept, let index = duplicate.keptIndex else { continue }
            copiesIn[place(source, index), default: []].append(duplicate.source)
        }
        func exports(_ position: Int) -> [Int] {
            let source = accounts[Int(transactions[position].account)].source
            return [source] + (copiesIn[place(source, sourcePositions[position])] ?? [])
        }
        let settlement = PendingMatcher.settle(
            self, open: holds, window: window, tolerancePercent: tolerancePercent, today: .min,
            listedTogether: { booked, hold in
                let holdExports = exports(hold)
                return exports(booked).contains(where: holdExports.contains)
            })
        guard !settlement.bookings.isEmpty else { return }
        drop(
            settlement.bookings.map { booking in
                let booked = transactions[booking.position]
                var dropped = duplicate(
                    at: booking.pending.position!, kept: .source(accounts[Int(booked.account)].source),
                    keptBankID: details(of: booked)?.id ?? fingerprints[booking.position].text, byBankID: false)
                dropped.keptIndex = sourcePositions[booking.position]
                dropped.keptLocation = details(of: booked)?.location
                dropped.evidence = booking.evidence
                return (booking.pending.position!, dropped)
            })
    }

    /// The record at `position` as a ``Duplicate`` of `kept`, named by its source and its
    /// position there.
    private func duplicate(at position: Int, kept: Duplicate.Original, keptBankID: String?, byBankID: Bool)
        -> Duplicate
    {
        let t = transactions[position]
        return Duplicate(
            transaction: t, fingerprint: fingerprints[position], source: accounts[Int(t.account)].source,
            index: sourcePositions[position], kept: kept, keptBankID: keptBankID, byBankID: byBankID)
    }

    /// Drops records after the merge (each a ``duplicate(at:kept:keptBankID:byBankID:)``), as the
    /// merge drops its own: listed, counted, and out of every parallel array.
    private mutating func drop(_ dropped: [(position: Int, duplicate: Duplicate)]) {
        var kept = [Bool](repeating: true, count: transactions.count)
        for (position, duplicate) in dropped {
            recordDrop(duplicate)
            kept[position] = false
        }
        keepOnly(kept)
    }

    /// Settles the feed's pending and booked records against the pending ones earlier runs
    /// remembered (``PendingMatcher``), for the sinks and the state file.
    ///
    /// A pending record whose remembered one this run books leaves the feed as seen, counted
    /// and listed in `--duplicates` under the batch that first wrote it.
    public mutating func settlePending(
        _ open: [RememberedPending], window: Int64, tolerancePercent: Int, today: Int64
    ) {
        func settle(_ feed: Feed) -> PendingSettlement {
            PendingMatcher.settle(feed, open: open, window: window, tolerancePercent: tolerancePercent, today: today)
        }
        var settlement = settle(self)
        if !settlement.bookedAgain.isEmpty {
            drop(
                settlement.bookedAgain.map { position, remembered in
                    let seen = duplicate(
                        at: position, kept: .batch(remembered.batch), keptBankID: remembered.bankID,
                        byBankID: remembered.bankID != nil)
                    return (position, seen)
                })
            // The records moved up: matched again, to the same bookings.
            settlement = settle(self)
        }
        pending = settlement
    }
}
