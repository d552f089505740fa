import TxFeedModel
import TxFeedSQLite

extension StateFile {
    /// The records earlier batches wrote, dated in `days`: those without a transfer's other half,
    /// not yet linked by a later run, are what ``Feed/linkTransfers(window:remembered:)`` matches
    /// this run's records against when their files are not read again; the others, ``RememberedHalf/taken``,
    /// keep a record of this run that is one of them, seen again, from being linked a second time.
    public func openHalves(days: ClosedRange<Int64>) throws(StateError) -> [RememberedHalf] {
        var halves: [RememberedHalf] = []
        do {
            let rows = try database.prepare(
                """
                SELECT h.batch, a.key, a.name, a.bank_id, a.currency, h.scale, h.source, h.record, h.day, h.amount,
                    h.vendor, h.memo, h.category, h.taken_batch IS NOT NULL
                FROM halves h JOIN accounts a ON a.id = h.account
                WHERE h.day BETWEEN ? AND ? ORDER BY h.id
                """)
            rows.bind(1, days.lowerBound)
            rows.bind(2, days.upperBound)
            while try rows.step() {
                halves.append(
                    RememberedHalf(
                        batch: rows.int64(0), accountKey: rows.text(1) ?? "", accountName: rows.text(2) ?? "",
                        accountID: rows.text(3), currency: rows.text(4) ?? "", scale: Int(rows.int64(5)),
                        source: rows.text(6) ?? "", identity: rows.text(7) ?? "", day: rows.int64(8),
                        signedMinor: rows.int64(9), vendor: rows.text(10) ?? "", memo: rows.text(11),
                        category: rows.text(12), taken: rows.int64(13) != 0))
            }
        } catch {
            throw StateError(error, path: path)
        }
        return halves
    }

    /// In the run's transaction: the earlier halves the run linked are taken (whether it read
    /// them again or not), and its own booked records of its accounts' last
    /// ``StateSchema/halfDays`` days are remembered for the runs to come: those no transfer took
    /// as halves, the others as taken by this batch.
    func rememberHalves(of feed: Feed) throws {
        if let transfers = feed.transfers {
            let take = try database.prepare(
                """
                UPDATE halves SET taken_batch = ?
                WHERE taken_batch IS NULL AND record = ? AND account = (SELECT id FROM accounts WHERE key = ?)
                """)
            for half in transfers.pairs.compactMap(\.earlier) {
                try take.run {
                    $0.bind(1, batch)
                    $0.bind(2, half.identity)
                    $0.bind(3, IdentityKey.accountKey(of: feed.transferAccount(half.account)))
                }
            }
        }
        var newest: [UInt32: Int64] = [:]
        for t in feed.transactions where !t.isPending {
            let day = TransactionDate.days(ofUnixSeconds: t.unixSeconds)
            newest[t.account] = max(newest[t.account] ?? day, day)
        }
        var ids: [UInt32: Int64] = [:]
        let insert = try database.prepare(
            """
            INSERT INTO halves (account, batch, source, record, day, amount, scale, vendor, memo, category, taken_batch)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for (position, t) in feed.transactions.enumerated() where !t.isPending && t.amountMinor != 0 {
            let day = TransactionDate.days(ofUnixSeconds: t.unixSeconds)
            let account = feed.accounts[Int(t.account)]
            guard day >= newest[t.account]! - StateSchema.halfDays, account.currency?.isEmpty == false,
                let fingerprint = feed.fingerprint(at: position)
            else { continue }
            let taken = feed.isTransfer(at: position)
            let details = feed.details(of: t)
            let id = try ids[t.account] ?? accountID(of: account)
            ids[t.account] = id
            try insert.run {
                $0.bind(1, id)
                $0.bind(2, batch)
                $0.bind(3, feed.sources[account.source].name)
                $0.bind(4, details?.id ?? fingerprint.text)
                $0.bind(5, day)
                $0.bind(6, t.signedMinor)
                $0.bind(7, Int64(account.scale))
                $0.bind(8, feed.vendors.name(of: t.vendor))
                $0.bind(9, details?.memo)
                $0.bind(10, feed.labels?.labels(at: position)?.category)
                if taken { $0.bind(11, batch) } else { $0.bindNull(11) }
            }
        }
    }
}
