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
            asked.insert(MoneyTable.key(key, number), at: Int32(position))
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
        guard !accounts.isEmpty else { return MoneySeenBefore() }
        var found: [(position: Int, batch: Int64)] = []
        // By state account: the days and batch of each block without money keys.
        var olderBlocks: [Int: [(batch: Int64, first: Int64, last: Int64)]] = [:]
        do {
            let blocks = try database.prepare(
                """
                SELECT batch, keys, kinds, first_day, last_day FROM seen
                WHERE account = ? AND last_day >= ? AND first_day <= ? ORDER BY batch
                """
            )
            for (number, asking) in accounts {
                guard let id = try storedAccountID(of: feed.accounts[asking.account]) else { continue }
                blocks.bind(1, id)
                blocks.bind(2, asking.first)
                blocks.bind(3, asking.last)
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
                        // Taken: each is named once, with the first batch (blocks come in batch order).
                        if let position = asked.take(MoneyTable.key(money, number)) {
                            found.append((Int(position), batch))
                        }
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
            let named = Set(found.map(\.position))
            for (position, key) in moneyKeys.enumerated() where key != 0 && !named.contains(position) {
                let t = feed.transactions[position]
                let day = TransactionDate.days(ofUnixSeconds: t.unixSeconds)
                if let block = olderBlocks[accountNumbers[Int(t.account)]]?.first(where: {
                    $0.first <= day && day <= $0.last
                }) {
                    onDaysCovered.append((position, block.batch))
                }
            }
        }
        func real(_ position: Int) -> Bool {
            guard !feed.keptAnyway.isEmpty else { return false }
            return feed.recordID(at: position).map(feed.keptAnyway.contains) ?? false
        }
        return MoneySeenBefore(
            likeRemembered: found.filter { !real($0.position) }.sorted { $0.position < $1.position },
            onDaysCovered: onDaysCovered.filter { !real($0.position) })
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

    public init(
        likeRemembered: [(position: Int, batch: Int64)] = [], onDaysCovered: [(position: Int, batch: Int64)] = []
    ) {
        self.likeRemembered = likeRemembered
        self.onDaysCovered = onDaysCovered
    }
}

/// The new records' money keys, each with its feed position: an open-addressing table over the
/// keys' own bits (FNV hashes already), where a `Dictionary` would hash each again.
private struct MoneyTable {
    /// A key and its position, side by side: one cache line a probe.
    private struct Slot {
        var key: Int64 = 0
        var position: Int32 = -1
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

    mutating func insert(_ key: Int64, at position: Int32) {
        var slot = slot(of: key)
        while slots[slot].key != 0 {
            if slots[slot].key == key { return }
            slot = (slot + 1) & mask
        }
        slots[slot] = Slot(key: key, position: position)
    }

    /// The position of `key` the first time it is asked; nil when absent or already taken.
    mutating func take(_ key: Int64) -> Int32? {
        var slot = slot(of: key)
        while slots[slot].key != 0 {
            if slots[slot].key == key {
                let position = slots[slot].position
                slots[slot].position = -1
                return position >= 0 ? position : nil
            }
            slot = (slot + 1) & mask
        }
        return nil
    }

    @inline(__always)
    private func slot(of key: Int64) -> Int { Int(truncatingIfNeeded: UInt64(bitPattern: key) >> 7) & mask }
}
