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
    /// Only the accounts of new records are read, block by block: a run that finds nothing new
    /// (the common one) reads nothing more, and nothing is held beyond its new records' keys.
    public func moneySeenBefore(_ feed: Feed, moneyKeys: [Int64?], accountNumbers: [Int]) throws(StateError)
        -> [(position: Int, batch: Int64)]
    {
        // Each state account's new keys, asked through its first feed account.
        var asked: [Int: (account: Int, keys: [Int64: Int64])] = [:]
        for (position, key) in moneyKeys.enumerated() {
            guard let key else { continue }
            let account = Int(feed.transactions[position].account)
            asked[accountNumbers[account], default: (account, [:])].keys[key] = 0
        }
        guard !asked.isEmpty else { return [] }
        do {
            let findAccount = try database.prepare("SELECT id FROM accounts WHERE key = ?")
            let rows = try database.prepare("SELECT batch, keys, kinds FROM seen WHERE account = ? ORDER BY batch")
            for (number, question) in asked {
                let key = IdentityKey.accountKey(of: feed.accounts[question.account])
                findAccount.bind(1, key)
                defer { findAccount.reset() }
                guard try findAccount.step() else { continue }
                rows.bind(1, findAccount.int64(0))
                defer { rows.reset() }
                var keys = question.keys
                while try rows.step() {
                    let batch = rows.int64(0)
                    let stored = rows.blob(1)
                    let kinds = rows.blob(2)
                    guard stored.count == kinds.count * 8 else { continue }
                    for i in 0..<kinds.count where Int64(kinds[i]) == IdentityKey.Kind.money.rawValue {
                        let money = Int64(littleEndian: stored.loadUnaligned(fromByteOffset: i * 8, as: Int64.self))
                        if keys[money] == 0 { keys[money] = batch }
                    }
                }
                asked[number]?.keys = keys
            }
        } catch {
            throw StateError(error, path: path)
        }
        var found: [(position: Int, batch: Int64)] = []
        for (position, key) in moneyKeys.enumerated() {
            guard let key else { continue }
            let account = Int(feed.transactions[position].account)
            guard let batch = asked[accountNumbers[account]]?.keys[key], batch > 0 else { continue }
            if !feed.keptAnyway.isEmpty,
                let id = feed.details(of: feed.transactions[position])?.id ?? feed.fingerprint(at: position)?.text,
                feed.keptAnyway.contains(id)
            {
                continue
            }
            found.append((position, batch))
        }
        return found
    }
}
