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
        // A pending record the run first saw: open, or (a hold another source's booking replaced in
        // this run) booked at once, so that its export read again later is seen
        // (``ImportHistory/bookedHold(account:key:)``).
        let insert = try database.prepare(
            """
            INSERT INTO pending (account, batch, key, bank_id, vendor, day, amount, last_batch, ended, ended_batch, evidence)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        func remember(_ t: Transaction, key: Int64, bookedAs evidence: String?) throws {
            let account = try accountID(of: feed.accounts[Int(t.account)])
            try insert.run {
                $0.bind(1, account)
                $0.bind(2, batch)
                $0.bind(3, key)
                $0.bind(4, feed.details(of: t)?.id)
                $0.bind(5, feed.vendors.name(of: t.vendor))
                $0.bind(6, TransactionDate.days(ofUnixSeconds: t.unixSeconds))
                $0.bind(7, t.signedMinor)
                $0.bind(8, batch)
                $0.bind(9, evidence == nil ? nil : "booked")
                if evidence == nil { $0.bindNull(10) } else { $0.bind(10, batch) }
                $0.bind(11, evidence)
            }
        }
        for position in settlement.new {
            try remember(feed.transactions[position], key: PendingMatcher.identityKey(feed, position), bookedAs: nil)
        }
        for duplicate in feed.duplicates where duplicate.evidence != nil {
            let t = duplicate.transaction
            let key = PendingMatcher.identityKey(bankID: feed.details(of: t)?.id, fingerprint: duplicate.fingerprint)
            try remember(t, key: key, bookedAs: duplicate.evidence)
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
    }
}
