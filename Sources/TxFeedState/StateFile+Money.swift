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
    /// The new keys are sorted, and only the blocks of their accounts that overlap their days
    /// are read: a run that finds nothing new (the common one) reads nothing more.
    public func moneySeenBefore(_ feed: Feed, moneyKeys: [Int64], accountNumbers: [Int]) throws(StateError)
        -> [(position: Int, batch: Int64)]
    {
        struct Asked: Comparable {
            var number: Int32
            var position: Int32
            var key: Int64
            static func < (a: Asked, b: Asked) -> Bool { (a.number, a.key) < (b.number, b.key) }
        }
        var asked: [Asked] = []
        for (position, key) in moneyKeys.enumerated() where key != 0 {
            let account = Int(feed.transactions[position].account)
            asked.append(Asked(number: Int32(accountNumbers[account]), position: Int32(position), key: key))
        }
        guard !asked.isEmpty else { return [] }
        asked.sort()
        var batches = [Int64](repeating: 0, count: asked.count)
        do {
            let findAccount = try database.prepare("SELECT id FROM accounts WHERE key = ?")
            let blocks = try database.prepare(
                "SELECT batch, keys, kinds FROM seen WHERE account = ? AND last_day >= ? AND first_day <= ? ORDER BY batch"
            )
            var start = 0
            while start < asked.count {
                var end = start + 1
                while end < asked.count && asked[end].number == asked[start].number { end += 1 }
                defer { start = end }
                let days = asked[start..<end].map {
                    TransactionDate.days(ofUnixSeconds: feed.transactions[Int($0.position)].unixSeconds)
                }
                let account = feed.accounts[Int(feed.transactions[Int(asked[start].position)].account)]
                findAccount.bind(1, IdentityKey.accountKey(of: account))
                defer { findAccount.reset() }
                guard try findAccount.step() else { continue }
                blocks.bind(1, findAccount.int64(0))
                blocks.bind(2, days.min()!)
                blocks.bind(3, days.max()!)
                defer { blocks.reset() }
                while try blocks.step() {
                    let batch = blocks.int64(0)
                    let keys = blocks.blob(1)
                    let kinds = blocks.blob(2)
                    guard keys.count == kinds.count * 8 else { continue }
                    for i in 0..<kinds.count where Int64(kinds[i]) == IdentityKey.Kind.money.rawValue {
                        let money = Int64(littleEndian: keys.loadUnaligned(fromByteOffset: i * 8, as: Int64.self))
                        // The first of the account's new keys not below it.
                        var low = start, high = end
                        while low < high {
                            let middle = (low + high) / 2
                            if asked[middle].key < money { low = middle + 1 } else { high = middle }
                        }
                        if low < end && asked[low].key == money && batches[low] == 0 { batches[low] = batch }
                    }
                }
            }
        } catch {
            throw StateError(error, path: path)
        }
        var found: [(position: Int, batch: Int64)] = []
        for (n, batch) in batches.enumerated() where batch != 0 {
            let position = Int(asked[n].position)
            if !feed.keptAnyway.isEmpty,
                let id = feed.details(of: feed.transactions[position])?.id ?? feed.fingerprint(at: position)?.text,
                feed.keptAnyway.contains(id)
            {
                continue
            }
            found.append((position, batch))
        }
        return found.sorted { $0.position < $1.position }
    }
}
