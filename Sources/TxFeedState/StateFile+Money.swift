import TxFeedModel
import TxFeedSQLite

extension StateFile {
    /// The run's new booked records whose money key (``Feed/moneyKeys(accountNumbers:)``) an
    /// earlier batch remembered: the same account, day and amount as a record of that batch
    /// this run did not see again. Likely that money a second time, read otherwise (another
    /// payee text, memo or bank ids than the batch had); never dropped on a guess, since a shop
    /// can take one amount twice a day. Positions in feed order, with the first batch that
    /// remembered the money; records `state keep` said are real are not among them.
    ///
    /// A block an older txfeed wrote holds no money keys: then the new records of the days it
    /// covers are ``MoneySeenBefore/onDaysCovered``, the upgrade's first run being the one most
    /// likely to read a payee otherwise.
    ///
    /// A new record whose money an earlier batch remembered a few days from it
    /// (``dateMoveDays``), on a day this run covers but where it holds that money no more, is
    /// ``MoneySeenBefore/dateMoved``: one export gave the value date, the other the booking date.
    ///
    /// Only the blocks of the new records' accounts that overlap their days are read: a run
    /// that finds nothing new (the common one) reads nothing more.
    public func moneySeenBefore(_ feed: Feed, moneyKeys: [Int64], accountNumbers: [Int]) throws(StateError)
        -> MoneySeenBefore
    {
        var asked = MoneyTable(capacity: moneyKeys.count { $0 != 0 })
        // Each state account's first feed account and its new records' days.
        var accounts: [Int: (account: Int, first: Int64, last: Int64)] = [:]
        // The account of the records met one after another, kept aside from the dictionary.
        var current: (number: Int, account: Int, first: Int64, last: Int64)?
        for (position, key) in moneyKeys.enumerated() where key != 0 {
            let t = feed.transactions[position]
            let number = accountNumbers[Int(t.account)]
            asked.insert(MoneyTable.key(key, number), at: Int64(position))
            let day = TransactionDate.days(ofUnixSeconds: t.unixSeconds)
            if let met = current, met.number == number {
                current = (number, met.account, min(met.first, day), max(met.last, day))
                continue
            }
            if let met = current { accounts[met.number] = (met.account, met.first, met.last) }
            let known = accounts[number] ?? (Int(t.account), day, day)
            current = (number, known.account, min(known.first, day), max(known.last, day))
        }
        if let met = current { accounts[met.number] = (met.account, met.first, met.last) }
        // Records dropped as seen by a bank id whose fingerprint no batch remembered: their
        // money is asked of the same blocks.
        let byIDAlone = feed.duplicates.indices.filter {
            feed.duplicates[$0].byIDAlone && !feed.duplicates[$0].transaction.isPending
        }
        for index in byIDAlone {
            let t = feed.duplicates[index].transaction
            let number = accountNumbers[Int(t.account)]
            let day = TransactionDate.days(ofUnixSeconds: t.unixSeconds)
            let known = accounts[number] ?? (Int(t.account), day, day)
            accounts[number] = (known.account, min(known.first, day), max(known.last, day))
        }
        guard !accounts.isEmpty else { return MoneySeenBefore() }
        // The money of the records this run saw again; with `asked`, the money it holds.
        let seenKeys = feed.seenMoneyKeys(accountNumbers: accountNumbers)
        var held = MoneyTable(capacity: seenKeys.count)
        for (money, number) in seenKeys { held.insert(MoneyTable.key(money, number), at: 0) }
        // Every money key of the blocks read, with the first batch that remembered it.
        var remembered: [(key: Int64, batch: Int64)] = []
        var found: [(position: Int, batch: Int64)] = []
        // By state account: the days and batch of each block without money keys.
        var olderBlocks: [Int: [(batch: Int64, first: Int64, last: Int64)]] = [:]
        // Accounts the state has not met: asked of the others' blocks below.
        var newAccounts: [(number: Int, account: Int, first: Int64, last: Int64)] = []
        do {
            let blocks = try database.prepare(
                """
                SELECT batch, keys, kinds, first_day, last_day FROM seen
                WHERE account = ? AND last_day >= ? AND first_day <= ? ORDER BY batch
                """
            )
            for (number, asking) in accounts {
                guard let id = try storedAccountID(of: feed.accounts[asking.account]) else {
                    newAccounts.append((number, asking.account, asking.first, asking.last))
                    continue
                }
                blocks.bind(1, id)
                blocks.bind(2, asking.first - Self.dateMoveDays)
                blocks.bind(3, asking.last + Self.dateMoveDays)
                defer { blocks.reset() }
                while try blocks.step() {
                    let batch = blocks.int64(0)
                    let keys = blocks.blob(1)
                    let kinds = blocks.blob(2)
                    guard keys.count == kinds.count * 8 else { continue }
                    var holdsMoney = false
                    for i in 0..<kinds.count where Int64(kinds[i]) == IdentityKey.Kind.money.rawValue {
                        holdsMoney = true
                        let money = Int64(littleEndian: keys.loadUnaligned(fromByteOffset: i * 8, as: Int64.self))
                        let key = MoneyTable.key(money, number)
                        // Taken: each is named once, with the first batch (blocks come in batch order).
                        if let position = asked.take(key) {
                            found.append((Int(position), batch))
                        }
                        remembered.append((key, batch))
                    }
                    if !holdsMoney {
                        olderBlocks[number, default: []].append((batch, blocks.int64(3), blocks.int64(4)))
                    }
                }
            }
        } catch {
            throw StateError(error, path: path)
        }
        var onDaysCovered: [(position: Int, batch: Int64)] = []
        if !olderBlocks.isEmpty {
            let named = Self.marks(found.map(\.position), count: moneyKeys.count)
            for (position, key) in moneyKeys.enumerated() where key != 0 && !named[position] {
                let t = feed.transactions[position]
                let day = TransactionDate.days(ofUnixSeconds: t.unixSeconds)
                if let block = olderBlocks[accountNumbers[Int(t.account)]]?.first(where: {
                    $0.first <= day && day <= $0.last
                }) {
                    onDaysCovered.append((position, block.batch))
                }
            }
        }
        let dateMoved = datesMoved(
            feed, moneyKeys: moneyKeys, accountNumbers: accountNumbers,
            named: Self.marks(found.map(\.position) + onDaysCovered.map(\.position), count: moneyKeys.count),
            remembered: remembered,
            holds: { asked.contains($0) || held.contains($0) })
        func real(_ position: Int) -> Bool {
            guard !feed.keptAnyway.isEmpty else { return false }
            return feed.recordID(at: position).map(feed.keptAnyway.contains) ?? false
        }
        var result = MoneySeenBefore(
            likeRemembered: found.filter { !real($0.position) }.sorted { $0.position < $1.position },
            onDaysCovered: onDaysCovered.filter { !real($0.position) },
            dateMoved: dateMoved.filter { !real($0.position) })
        result.reusedIDs = Self.reusedIDs(
            feed, byIDAlone, accountNumbers: accountNumbers, remembered: remembered, olderBlocks: olderBlocks)
        result.underOtherAccounts = try moneyUnderOtherAccounts(
            newAccounts, feed, moneyKeys: moneyKeys, accountNumbers: accountNumbers)
        return result
    }

    /// Of accounts the state has not met, those whose new booked records have the days and
    /// amounts of records it remembers under another account: one account's monthly exports,
    /// each named after its file (`2017-09`, `2017-10`), wrote their overlap twice with exit 0,
    /// since no one account's records were ever asked. At least two records, and half of the new
    /// account's records on the days the other's remembered blocks cover: a shop's one price on
    /// one day in two accounts is no sign.
    private func moneyUnderOtherAccounts(
        _ newAccounts: [(number: Int, account: Int, first: Int64, last: Int64)], _ feed: Feed, moneyKeys: [Int64],
        accountNumbers: [Int]
    ) throws(StateError) -> [(account: Int, other: RememberedAccount, records: Int)] {
        guard let first = newAccounts.map(\.first).min(), let last = newAccounts.map(\.last).max() else { return [] }
        // By other account: its blocks' days, and its matches by new account.
        var others: [RememberedAccount: (covered: [(Int64, Int64)], matched: [Int: Int])] = [:]
        // Each new account's records not matched yet (money key → day), and the new accounts
        // each money key is one of: the blocks are read once for all of them (read once an
        // account, 15,737 new accounts of one record took 13 s where the run took 0.2).
        var remaining: [Int: [Int64: Int64]] = [:]
        var owners: [Int64: [Int]] = [:]
        do {
            // A state with no record of those days (a first run) asks nothing more: grouping the
            // new records cost a first run 2.5%.
            let any = try database.prepare("SELECT 1 FROM seen WHERE last_day >= ? AND first_day <= ? LIMIT 1")
            any.bind(1, first)
            any.bind(2, last)
            let overlaps = try any.step()
            any.reset()
            guard overlaps else { return [] }
            let asked = Set(newAccounts.map(\.number))
            for (position, key) in moneyKeys.enumerated() where key != 0 {
                let t = feed.transactions[position]
                let number = accountNumbers[Int(t.account)]
                guard asked.contains(number) else { continue }
                remaining[number, default: [:]][key] = TransactionDate.days(ofUnixSeconds: t.unixSeconds)
                owners[key, default: []].append(number)
            }
            let blocks = try database.prepare(
                """
                SELECT accounts.name, accounts.key, seen.keys, seen.kinds, seen.first_day, seen.last_day
                FROM seen JOIN accounts ON accounts.id = seen.account
                WHERE seen.last_day >= ? AND seen.first_day <= ? ORDER BY seen.account, seen.batch
                """
            )
            blocks.bind(1, first)
            blocks.bind(2, last)
            defer { blocks.reset() }
            while try blocks.step() {
                let name = RememberedAccount(name: blocks.text(0) ?? "?", key: blocks.text(1) ?? "")
                let keys = blocks.blob(2)
                let kinds = blocks.blob(3)
                guard keys.count == kinds.count * 8 else { continue }
                others[name, default: ([], [:])].covered.append((blocks.int64(4), blocks.int64(5)))
                for i in 0..<kinds.count where Int64(kinds[i]) == IdentityKey.Kind.money.rawValue {
                    let money = Int64(littleEndian: keys.loadUnaligned(fromByteOffset: i * 8, as: Int64.self))
                    // Taken: a record is one match, with the first block that has its money.
                    guard let numbers = owners.removeValue(forKey: money) else { continue }
                    for number in numbers where remaining[number]?.removeValue(forKey: money) != nil {
                        others[name]!.matched[number, default: 0] += 1
                    }
                }
            }
        } catch {
            throw StateError(error, path: path)
        }
        let accountOf = Dictionary(newAccounts.map { ($0.number, $0.account) }, uniquingKeysWith: { a, _ in a })
        var found: [(account: Int, other: RememberedAccount, records: Int)] = []
        for (other, seen) in others {
            for (number, matched) in seen.matched where matched >= 2 {
                let unmatched = (remaining[number] ?? [:]).values.count { day in
                    seen.covered.contains { $0.0 <= day && day <= $0.1 }
                }
                if matched >= unmatched, let account = accountOf[number] { found.append((account, other, matched)) }
            }
        }
        return found.sorted { ($0.account, $0.other.name, $0.other.key) < ($1.account, $1.other.name, $1.other.key) }
    }

    /// Of the records dropped as seen by a bank id alone, those whose amount no block with money
    /// keys remembered within ``dateMoveDays`` of their day, on a day no older block (without
    /// money) covers: the id names another payment there.
    private static func reusedIDs(
        _ feed: Feed, _ byIDAlone: [Int], accountNumbers: [Int], remembered: [(key: Int64, batch: Int64)],
        olderBlocks: [Int: [(batch: Int64, first: Int64, last: Int64)]]
    ) -> [(duplicate: Int, batch: Int64)] {
        guard !byIDAlone.isEmpty else { return [] }
        let keys = Set(remembered.map(\.key))
        return byIDAlone.compactMap { index in
            let duplicate = feed.duplicates[index]
            guard case .batch(let batch) = duplicate.kept else { return nil }
            let t = duplicate.transaction
            let number = accountNumbers[Int(t.account)]
            let day = TransactionDate.days(ofUnixSeconds: t.unixSeconds)
            if olderBlocks[number]?.contains(where: { $0.first <= day && day <= $0.last }) == true { return nil }
            let remembers = (day - dateMoveDays...day + dateMoveDays).contains { near in
                let money = IdentityKey.ofMoney(day: near, signedMinor: t.signedMinor, occurrence: 1)
                return keys.contains(MoneyTable.key(money, number))
            }
            return remembers ? nil : (index, batch)
        }
    }

    /// Which of `count` positions are among `positions`: read in feed order, where a set's probe
    /// of a million named records missed the cache each time.
    private static func marks(_ positions: [Int], count: Int) -> [Bool] {
        var marks = [Bool](repeating: false, count: count)
        for position in positions { marks[position] = true }
        return marks
    }

    /// Days a booking date may lie from the value date another export gave the same payment: a
    /// Friday's card payment booked on Monday, a holiday between.
    public static let dateMoveDays: Int64 = 4

    /// The new records not `named` whose money an earlier batch remembered on a day up to
    /// ``dateMoveDays`` away, nearest first, where this run lists records of the account around
    /// that day (so the export covers it) yet holds that money no more (`holds`). Each money
    /// remembered pairs with one record.
    private func datesMoved(
        _ feed: Feed, moneyKeys: [Int64], accountNumbers: [Int], named: [Bool],
        remembered keys: [(key: Int64, batch: Int64)], holds: (Int64) -> Bool
    ) -> [(position: Int, batch: Int64, day: Int64)] {
        guard !keys.isEmpty else { return [] }
        var remembered = MoneyTable(capacity: keys.count)
        var filter = KeyFilter(capacity: keys.count)
        for (key, batch) in keys {
            remembered.insert(key, at: batch)
            filter.insert(key)
        }
        // The days each state account's booked records span in this run, seen ones too.
        var spans = [(first: Int64, last: Int64)](
            repeating: (.max, .min), count: (accountNumbers.max() ?? -1) + 1)
        func cover(_ t: Transaction) {
            let day = TransactionDate.days(ofUnixSeconds: t.unixSeconds)
            let number = accountNumbers[Int(t.account)]
            spans[number] = (min(spans[number].first, day), max(spans[number].last, day))
        }
        for t in feed.transactions where !t.isPending { cover(t) }
        for t in feed.seenBooked { cover(t) }
        var moved: [(position: Int, batch: Int64, day: Int64)] = []
        // Room for the days around a record, on the stack: an array's appends cost more than the
        // probes they wait for.
        precondition(2 * Self.dateMoveDays <= 8, "a record's neighbouring days fit in eight")
        var neighbours = InlineArray<8, (day: Int64, key: Int64)>(repeating: (0, 0))
        for (position, key) in moneyKeys.enumerated() where key != 0 && !named[position] {
            let t = feed.transactions[position]
            let number = accountNumbers[Int(t.account)]
            let day = TransactionDate.days(ofUnixSeconds: t.unixSeconds)
            let span = spans[number]
            // The days before and after at each distance, nearest first, with their first money
            // key: asked of the filter at once, so that its words come from memory together.
            var count = 0
            for step in 2...(2 * Self.dateMoveDays + 1) {
                let other = step & 1 == 0 ? day - step / 2 : day + step / 2
                guard span.first <= other && other <= span.last else { continue }
                let first = MoneyTable.key(
                    IdentityKey.ofMoney(day: other, signedMinor: t.signedMinor, occurrence: 1), number)
                filter.prefetch(first)
                neighbours[count] = (other, first)
                count += 1
            }
            search: for index in 0..<count {
                let (other, first) = neighbours[index]
                // The money of that day and amount remembered, past what this run holds of it
                // and what another record was paired with.
                for occurrence in 1... {
                    let probe =
                        occurrence == 1
                        ? first
                        : MoneyTable.key(
                            IdentityKey.ofMoney(day: other, signedMinor: t.signedMinor, occurrence: occurrence), number)
                    guard filter.mayContain(probe), let batch = remembered.peek(probe) else { break }
                    if batch < 0 || holds(probe) { continue }
                    _ = remembered.take(probe)
                    moved.append((position, batch, other))
                    break search
                }
            }
        }
        return moved
    }
}

/// New records that are likely money an earlier batch wrote, read otherwise.
public struct MoneySeenBefore: Sendable {
    /// Of the account, day and amount of a record an earlier batch remembered and this run did
    /// not see again, with that batch; by position in the feed.
    public var likeRemembered: [(position: Int, batch: Int64)] = []
    /// Of a day an earlier batch covered whose records an older txfeed remembered without their
    /// money, with that batch: where nothing finer can be asked.
    public var onDaysCovered: [(position: Int, batch: Int64)] = []
    /// Of the account and amount of a record an earlier batch remembered a few days from it, on
    /// a day this run covers without it: that batch, and that day.
    public var dateMoved: [(position: Int, batch: Int64, day: Int64)] = []
    /// Records dropped as seen by a bank id alone whose amount no batch remembered within
    /// ``StateFile/dateMoveDays`` of their day: another payment under an id the bank gave
    /// before (a card's installments); by index in ``Feed/duplicates``, with the batch.
    public var reusedIDs: [(duplicate: Int, batch: Int64)] = []
    /// Accounts the state had not met whose new records have the days and amounts of records it
    /// remembers under another account (``StateFile/moneySeenBefore(_:moneyKeys:accountNumbers:)``):
    /// the feed account, the other's name, and how many.
    public var underOtherAccounts: [(account: Int, other: RememberedAccount, records: Int)] = []

    public init(
        likeRemembered: [(position: Int, batch: Int64)] = [], onDaysCovered: [(position: Int, batch: Int64)] = [],
        dateMoved: [(position: Int, batch: Int64, day: Int64)] = []
    ) {
        self.likeRemembered = likeRemembered
        self.onDaysCovered = onDaysCovered
        self.dateMoved = dateMoved
    }
}

/// Which keys a ``MoneyTable`` may hold, in two bytes a key: most keys asked of a large table were
/// never put in, and the filter answers those from the cache where the table would be read from
/// memory (a million new records' neighbouring days cost 1 s of random reads). Both of a key's
/// bits are in one word, so that a question is one read, and one that can be asked ahead.
private struct KeyFilter {
    private var words: [UInt64]
    private let mask: Int

    init(capacity: Int) {
        var count = 1
        while count * 64 < capacity * 16 { count <<= 1 }
        words = Array(repeating: 0, count: count)
        mask = count - 1
    }

    /// The key's word and two bits in it, from the key's own (FNV) bits.
    private func place(_ key: Int64) -> (word: Int, bits: UInt64) {
        let bits = UInt64(bitPattern: key)
        return (Int(truncatingIfNeeded: bits >> 12) & mask, 1 << (bits & 63) | 1 << (bits >> 6 & 63))
    }

    mutating func insert(_ key: Int64) {
        let (word, bits) = place(key)
        words[word] |= bits
    }

    /// False when the key was never inserted; true when it may have been.
    func mayContain(_ key: Int64) -> Bool {
        let (word, bits) = place(key)
        return words[word] & bits == bits
    }

    /// Asks the cache for the key's word, which ``mayContain(_:)`` reads soon.
    func prefetch(_ key: Int64) { words.prefetch(at: place(key).word) }
}

/// Money keys, each with a value (a feed position, a batch): an open-addressing table over the
/// keys' own bits (FNV hashes already), where a `Dictionary` would hash each again.
private struct MoneyTable {
    /// A key and its value, side by side: one cache line a probe.
    private struct Slot {
        var key: Int64 = 0
        var value: Int64 = -1
    }
    private var slots: [Slot]
    private let mask: Int

    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: Slot(), count: size)
        mask = size - 1
    }

    /// A money key of one state account; never 0, the free slot's mark.
    static func key(_ money: Int64, _ account: Int) -> Int64 {
        let mixed = money ^ Int64(bitPattern: UInt64(account) &* 0x9E37_79B9_7F4A_7C15)
        return mixed == 0 ? 1 : mixed
    }

    /// Keeps the first value of a key; `value` is never negative.
    mutating func insert(_ key: Int64, at value: Int64) {
        var slot = slot(of: key)
        while slots[slot].key != 0 {
            if slots[slot].key == key { return }
            slot = (slot + 1) & mask
        }
        slots[slot] = Slot(key: key, value: value)
    }

    /// The value of `key` the first time it is asked; nil when absent or already taken.
    mutating func take(_ key: Int64) -> Int64? {
        guard let slot = index(of: key) else { return nil }
        let value = slots[slot].value
        slots[slot].value = -1
        return value >= 0 ? value : nil
    }

    /// The value of `key`, -1 once taken; nil when absent.
    func peek(_ key: Int64) -> Int64? { index(of: key).map { slots[$0].value } }

    /// The slot holding `key`; nil when absent.
    private func index(of key: Int64) -> Int? {
        var slot = slot(of: key)
        while slots[slot].key != 0 {
            if slots[slot].key == key { return slot }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Whether `key` was inserted, taken or not.
    func contains(_ key: Int64) -> Bool { peek(key) != nil }

    @inline(__always)
    private func slot(of key: Int64) -> Int { Int(truncatingIfNeeded: UInt64(bitPattern: key) >> 7) & mask }
}

/// An account the state remembers: its name, and its key (`i` and its bank id, else `n` and its
/// name), which says what joins an export to it.
public struct RememberedAccount: Hashable, Sendable {
    public var name: String
    public var key: String

    /// Its bank id, when the state knows it by one.
    public var bankID: String? { key.hasPrefix("i") ? String(key.dropFirst()) : nil }
}
