import TxFeedModel
import TxFeedSQLite

extension StateFile {
    /// What earlier runs imported into these accounts, for the merge to drop as seen.
    ///
    /// Each account's rows are one range of the `seen` table's key, read in one pass: the
    /// lookups then happen in memory, a million of them in milliseconds.
    ///
    /// - Parameters:
    ///   - accounts: every source's accounts in source order, which is their index in the feed.
    public func history(for accounts: [Account]) throws(StateError) -> ImportHistory {
        var history = ImportHistory(capacity: 1024)
        do {
            let findAccount = try database.prepare("SELECT id FROM accounts WHERE key = ?")
            let rows = try database.prepare("SELECT key, kind, batch FROM seen WHERE account = ?")
            for (index, account) in accounts.enumerated() {
                let key = IdentityKey.accountKey(of: account)
                let id: Int64
                if let known = accountIDs[key] {
                    id = known
                } else {
                    findAccount.bind(1, key)
                    defer { findAccount.reset() }
                    guard try findAccount.step() else { continue }
                    id = findAccount.int64(0)
                    accountIDs[key] = id
                }
                rows.bind(1, id)
                defer { rows.reset() }
                while try rows.step() {
                    guard let kind = IdentityKey.Kind(rawValue: rows.int64(1)) else { continue }
                    history.add(account: index, key: rows.int64(0), kind: kind, batch: rows.int64(2))
                }
            }
        } catch {
            throw StateError(error, path: path)
        }
        return history
    }
}
