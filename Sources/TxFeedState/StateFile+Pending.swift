import TxFeedModel
import TxFeedSQLite

extension StateFile {
    /// The pending records earlier runs remembered for these accounts and that no booked
    /// record has replaced yet, nor the window dropped: what ``PendingMatcher`` matches against.
    public func openPending(for accounts: [Account]) throws(StateError) -> [RememberedPending] {
        var open: [RememberedPending] = []
        do {
            let rows = try database.prepare(
                """
                SELECT p.id, p.batch, p.key, p.bank_id, p.vendor, p.day, p.amount
                FROM pending p JOIN accounts a ON a.id = p.account
                WHERE a.key = ? AND p.ended IS NULL ORDER BY p.id
                """)
            for key in Set(accounts.map(IdentityKey.accountKey(of:))).sorted() {
                rows.bind(1, key)
                defer { rows.reset() }
                while try rows.step() {
                    open.append(
                        RememberedPending(
                            row: rows.int64(0), batch: rows.int64(1), accountKey: key, key: rows.int64(2),
                            bankID: rows.text(3), vendor: rows.text(4) ?? "", day: rows.int64(5),
                            signedMinor: rows.int64(6)))
                }
            }
        } catch {
            throw StateError(error, path: path)
        }
        return open
    }

    /// Writes what the run made of pending records, in the run's transaction: the new ones
    /// remembered, those seen again marked so, the replaced ones ended `booked` with their
    /// evidence, the dropped ones ended `dropped`, and the run's holds another source's booking
    /// replaced remembered as `booked`.
    func rememberPending(of feed: Feed) throws {
        guard let settlement = feed.pending else { return }
        let insert = try database.prepare(
            """
            INSERT INTO pending (account, batch, key, bank_id, vendor, day, amount, last_batch)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for position in settlement.new {
            let t = feed.transactions[position]
            let account = try accountID(of: feed.accounts[Int(t.account)])
            try insert.run {
                $0.bind(1, account)
                $0.bind(2, batch)
                $0.bind(3, PendingMatcher.identityKey(feed, position))
                $0.bind(4, feed.details(of: t)?.id)
                $0.bind(5, feed.vendors.name(of: t.vendor))
                $0.bind(6, TransactionDate.days(ofUnixSeconds: t.unixSeconds))
                $0.bind(7, t.signedMinor)
                $0.bind(8, batch)
            }
        }
        let seen = try database.prepare("UPDATE pending SET last_batch = ? WHERE id = ?")
        for (_, row) in settlement.again {
            try seen.run {
                $0.bind(1, batch)
                $0.bind(2, row)
            }
        }
        let end = try database.prepare("UPDATE pending SET ended = ?, ended_batch = ?, evidence = ? WHERE id = ?")
        let endings =
            settlement.bookings.map { ("booked", $0.pending.row, $0.evidence) }
            + settlement.dropped.map { ("dropped", $0.row, settlement.droppedWhy) }
        for (ended, row, evidence) in endings {
            try end.run {
                $0.bind(1, ended)
                $0.bind(2, batch)
                $0.bind(3, evidence)
                $0.bind(4, row)
            }
        }
        // A hold another source's booking replaced in this run, remembered booked: the stale
        // export read again later is seen (``ImportHistory/bookedHold(account:key:)``).
        let booked = try database.prepare(
            """
            INSERT INTO pending (account, batch, key, bank_id, vendor, day, amount, last_batch, ended, ended_batch, evidence)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'booked', ?, ?)
            """)
        for duplicate in feed.duplicates where duplicate.evidence != nil {
            let t = duplicate.transaction
            let bankID = feed.details(of: t)?.id
            let account = try accountID(of: feed.accounts[Int(t.account)])
            try booked.run {
                $0.bind(1, account)
                $0.bind(2, batch)
                $0.bind(3, bankID.map { IdentityKey.of(bankID: $0) } ?? IdentityKey.of(duplicate.fingerprint))
                $0.bind(4, bankID)
                $0.bind(5, feed.vendors.name(of: t.vendor))
                $0.bind(6, TransactionDate.days(ofUnixSeconds: t.unixSeconds))
                $0.bind(7, t.signedMinor)
                $0.bind(8, batch)
                $0.bind(9, batch)
                $0.bind(10, duplicate.evidence)
            }
        }
    }
}
