import TxFeedModel
import TxFeedSQLite

extension StateFile {
    /// What earlier runs imported into these accounts, and the pending records they saw booked,
    /// for the merge to drop as seen.
    ///
    /// Each account's blocks of keys are read whole, once however many sources hold the
    /// account: the lookups then happen in memory, a million of them in milliseconds.
    ///
    /// - Parameters:
    ///   - accounts: every source's accounts in source order, which is their index in the feed.
    public func history(for accounts: [Account]) throws(StateError) -> ImportHistory {
        var history = ImportHistory(capacity: 1024)
        do {
            let rows = try database.prepare("SELECT batch, keys, kinds FROM seen WHERE account = ?")
            let bookedHolds = try database.prepare(
                "SELECT key, batch FROM pending WHERE account = ? AND ended = 'booked'")
            // The merge's first account of each state account: the later ones ask it.
            var first: [Int64: Int] = [:]
            for (index, account) in accounts.enumerated() {
                guard let id = try storedAccountID(of: account) else { continue }
                if let owner = first[id] {
                    history.answer(for: index, from: owner)
                    continue
                }
                first[id] = index
                rows.bind(1, id)
                defer { rows.reset() }
                while try rows.step() {
                    let batch = rows.int64(0)
                    let keys = rows.blob(1)
                    let kinds = rows.blob(2)
                    guard keys.count == kinds.count * 8 else {
                        throw StateError(
                            path: path,
                            reason:
                                "damaged (a block of batch \(batch) has \(keys.count) bytes of keys for \(kinds.count) kinds); it was left as it is: restore it from a backup, or start a new state file"
                        )
                    }
                    for i in 0..<kinds.count {
                        // Money keys are asked only for the run's new records (`moneySeenBefore`).
                        guard let kind = IdentityKey.Kind(rawValue: Int64(kinds[i])), kind != .money else { continue }
                        let key = Int64(littleEndian: keys.loadUnaligned(fromByteOffset: i * 8, as: Int64.self))
                        history.add(account: index, key: key, kind: kind, batch: batch)
                    }
                }
                bookedHolds.bind(1, id)
                defer { bookedHolds.reset() }
                while try bookedHolds.step() {
                    history.addBookedHold(account: index, key: bookedHolds.int64(0), batch: bookedHolds.int64(1))
                }
            }
            let (keeps, sames) = try overrules()
            history.keeps = keeps
            applySames(sames, to: &history, accounts: Array(first.values))
        } catch {
            throw StateError(error, path: path)
        }
        return history
    }

    /// The file's row id of an account earlier runs imported, nil for one they did not; looked
    /// up once a run, with one prepared statement.
    func storedAccountID(of account: Account) throws -> Int64? {
        let key = IdentityKey.accountKey(of: account)
        if let known = accountIDs[key] { return known }
        if accountLookup == nil { accountLookup = try database.prepare("SELECT id FROM accounts WHERE key = ?") }
        let lookup = accountLookup!
        lookup.bind(1, key)
        defer { lookup.reset() }
        guard try lookup.step() else { return nil }
        let id = lookup.int64(0)
        accountIDs[key] = id
        return id
    }

    /// The input files each of `batches` read (`batch_sources`), in source order; a batch whose
    /// sources had no file (stdin, HTTP) has none.
    public func files(ofBatches batches: Set<Int64>) throws(StateError) -> [Int64: [String]] {
        var files: [Int64: [String]] = [:]
        do {
            let rows = try database.prepare(
                "SELECT path FROM batch_sources WHERE batch = ? AND path IS NOT NULL ORDER BY position")
            for batch in batches {
                rows.bind(1, batch)
                defer { rows.reset() }
                while try rows.step() { files[batch, default: []].append(rows.text(0) ?? "") }
            }
        } catch {
            throw StateError(error, path: path)
        }
        return files
    }

    /// An earlier batch, not undone, that read a file of these bytes, for a run that finds new
    /// records in it: the same bytes read again give the same identities, unless the reading
    /// changed (a txfeed that reads a payee or memo otherwise, other options), and then the
    /// money is written a second time.
    public struct EarlierImport: Sendable {
        public var batch: Int64
        /// The txfeed version that ran it.
        public var txfeed: String
        public var rejected: Int
    }

    /// For each of `sha256s`, the first batch, not undone, that wrote records from a file of
    /// those bytes (else the first that read one): where the money the file holds went first.
    /// One pass over the batches' sources however many files ask, as `sha256` has no index.
    public func earlierImports(ofSHA256 sha256s: Set<String>) throws(StateError) -> [String: EarlierImport] {
        guard !sha256s.isEmpty else { return [:] }
        var found: [String: (earlier: EarlierImport, wrote: Bool)] = [:]
        do {
            let rows = try database.prepare(
                """
                SELECT s.sha256, b.id, b.txfeed, s.written, s.rejected FROM batch_sources s JOIN batches b ON b.id = s.batch
                WHERE s.sha256 IS NOT NULL AND b.undone IS NULL AND s.written + s.rejected + s.seen > 0
                ORDER BY b.id
                """)
            while try rows.step() {
                guard let sha256 = rows.text(0), sha256s.contains(sha256) else { continue }
                let wrote = rows.int64(3) > 0
                if let kept = found[sha256], kept.wrote || !wrote { continue }
                let earlier = EarlierImport(
                    batch: rows.int64(1), txfeed: rows.text(2) ?? "?", rejected: Int(rows.int64(4)))
                found[sha256] = (earlier, wrote)
            }
        } catch {
            throw StateError(error, path: path)
        }
        return found.mapValues(\.earlier)
    }
}
