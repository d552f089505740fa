import Glibc
import TxFeedModel
import TxFeedSQLite

/// What `txfeed state show` prints: the accounts with what was imported into each, and every
/// batch with its sources and files.
public struct StateReport: Sendable {
    public struct AccountLine: Sendable {
        public var name: String
        public var bankID: String?
        public var currency: String?
        /// Booked transactions remembered (pending ones never are).
        public var transactions: Int
        /// The first and last day imported, `YYYY-MM-DD`.
        public var firstDay: String?
        public var lastDay: String?
    }

    public struct BatchLine: Sendable {
        public var id: Int64
        public var started: String
        public var finished: String
        public var read: Int
        public var written: Int
        public var remembered: Int
        public var pending: Int
        public var seen: Int
        public var duplicates: Int
        public var rejected: Int
        /// Pending records an earlier run remembered that this batch's booked ones replaced,
        /// and that it let go, not booked within the window.
        public var booked: Int = 0
        public var dropped: Int = 0
        /// Each of them: `pending 2024-03-01 Coffee -10.00 (batch 1) booked: payee, 1 day later, amount -1.50`.
        public var endedPending: [String] = []
        /// What a person said of records (`keep ID`, `same A B`), for a batch that is one, and
        /// the batch that used a `keep`.
        public var overrule: String?
        public var usedBy: Int64?
        /// The first drops (duplicates and seen), with why: at most ``StateSchema/listedDrops``.
        public var drops: [DropLine] = []
        /// When `state undo` forgot it.
        public var undone: String?
        public var sources: [SourceLine]
    }

    public struct SourceLine: Sendable {
        public var name: String
        public var plugin: String
        public var status: String
        public var path: String?
        public var sha256: String?
        public var bytes: Int64?
        public var read: Int
        public var written: Int
    }

    /// A record a batch dropped: `2024-01-15 Coffee -3.50 fp:…-1`, matched `by` bank id or
    /// fingerprint, `kept` in `batch 1` or in `jan-1-20#3` (a source of the same run, its record 3).
    public struct DropLine: Sendable {
        /// The dropped record's source and place there: `jan-10-31#0`.
        public var source: String
        public var day: String
        public var vendor: String
        public var amount: String
        public var id: String
        public var by: String
        public var kept: String
        /// Where it is in its file (`line 5`, `transactions[3]`), when the run kept places
        /// (`--duplicates`).
        public var path: String?
    }

    /// A pending record remembered and not yet booked nor dropped.
    public struct PendingLine: Sendable {
        public var account: String
        /// `YYYY-MM-DD`.
        public var day: String
        public var vendor: String
        /// The signed amount as a plain decimal in the account's currency's decimals.
        public var amount: String
        public var batch: Int64
    }

    public var accounts: [AccountLine] = []
    public var batches: [BatchLine] = []
    public var pending: [PendingLine] = []
}

extension StateFile {
    /// Reads the file without taking the write lock or changing it: a run may be under way.
    public static func report(path: String) throws(StateError) -> StateReport {
        try checkExists(path)
        try checkWhole(path)
        do {
            // Read-write when allowed, only so that closing tidies SQLite's -wal and -shm files
            // away; nothing is written.
            let database = try SQLiteDatabase(path: path, mode: access(path, W_OK) == 0 ? .readWrite : .readOnly)
            database.setBusyTimeout(seconds: 5)
            let layout = try checkLayout(database, path: path)
            guard layout != .empty else { throw StateError(path: path, reason: "empty: no run has used it yet") }
            // Layout 1 kept no pending records, nor drops; layout 2 no drop's place.
            let version = if case .older(let version) = layout { version } else { StateSchema.version }
            var report = StateReport()
            let accounts = try database.prepare(
                """
                SELECT a.name, a.bank_id, a.currency, coalesce(sum(s.transactions), 0), min(s.first_day),
                       max(s.last_day)
                FROM accounts a LEFT JOIN seen s ON s.account = a.id
                GROUP BY a.id ORDER BY a.name, a.id
                """)
            while try accounts.step() {
                report.accounts.append(
                    .init(
                        name: accounts.text(0) ?? "", bankID: accounts.text(1), currency: accounts.text(2),
                        transactions: Int(accounts.int64(3)),
                        firstDay: accounts.isNull(4) ? nil : day(accounts.int64(4)),
                        lastDay: accounts.isNull(5) ? nil : day(accounts.int64(5))))
            }
            let sources = try database.prepare(
                """
                SELECT name, plugin, status, path, sha256, bytes, read, written FROM batch_sources
                WHERE batch = ? ORDER BY position
                """)
            let batches = try database.prepare(
                """
                SELECT id, started, finished, read, written, remembered, pending, seen, duplicates, rejected, undone
                FROM batches ORDER BY id
                """)
            while try batches.step() {
                var line = StateReport.BatchLine(
                    id: batches.int64(0), started: batches.text(1) ?? "", finished: batches.text(2) ?? "",
                    read: Int(batches.int64(3)), written: Int(batches.int64(4)), remembered: Int(batches.int64(5)),
                    pending: Int(batches.int64(6)), seen: Int(batches.int64(7)), duplicates: Int(batches.int64(8)),
                    rejected: Int(batches.int64(9)), undone: batches.text(10), sources: [])
                sources.bind(1, line.id)
                while try sources.step() {
                    line.sources.append(
                        .init(
                            name: sources.text(0) ?? "", plugin: sources.text(1) ?? "", status: sources.text(2) ?? "",
                            path: sources.text(3), sha256: sources.text(4),
                            bytes: sources.isNull(5) ? nil : sources.int64(5), read: Int(sources.int64(6)),
                            written: Int(sources.int64(7))))
                }
                sources.reset()
                report.batches.append(line)
            }
            if version >= 2 { try readLayout2(database, into: &report, paths: version >= 3) }
            return report
        } catch {
            throw StateError(error, path: path)
        }
    }

    /// Forgets what `batch` imported, so that the next run imports it again (a corrected
    /// statement, say). The batch stays in the list, marked undone.
    ///
    /// - Returns: how many transactions were forgotten, and the overrule when the batch was one.
    public static func undo(path: String, batch: Int64, wait: Double) throws(StateError) -> (
        forgotten: Int, overrule: String?
    ) {
        try checkExists(path)
        let state = try StateFile(path: path, wait: wait)
        do {
            let found = try state.database.prepare("SELECT remembered, undone FROM batches WHERE id = ?")
            found.bind(1, batch)
            guard try found.step() else {
                throw StateError(path: path, reason: "has no batch \(batch) (txfeed state show \(path) lists them)")
            }
            if let undone = found.text(1) {
                throw StateError(path: path, reason: "batch \(batch) was already undone at \(undone)")
            }
            let remembered = Int(found.int64(0))
            found.reset()
            // What it remembered, and what it made of pending records: those it first saw are
            // forgotten, those it ended are open again.
            let said = try state.database.prepare("SELECT kind, first, second FROM overrules WHERE batch = ?")
            said.bind(1, batch)
            let overrule =
                try said.step()
                ? Overrule(kind: said.text(0), first: said.text(1), second: said.text(2))?.description : nil
            said.reset()
            // What it remembered, what it made of pending records (those it first saw are
            // forgotten, those it ended are open again), what it said, the keeps it used, and
            // the transfer halves it left and took.
            for sql in [
                "DELETE FROM seen WHERE batch = ?", "DELETE FROM pending WHERE batch = ?",
                "UPDATE pending SET ended = NULL, ended_batch = NULL, evidence = NULL WHERE ended_batch = ?",
                "DELETE FROM overrules WHERE batch = ?", "UPDATE overrules SET used_batch = NULL WHERE used_batch = ?",
                "DELETE FROM drops WHERE batch = ?", "DELETE FROM halves WHERE batch = ?",
                "UPDATE halves SET taken_batch = NULL WHERE taken_batch = ?",
            ] {
                try state.database.prepare(sql).run { $0.bind(1, batch) }
            }
            let mark = try state.database.prepare("UPDATE batches SET undone = ? WHERE id = ?")
            try mark.run {
                $0.bind(1, timestamp(Int64(time(nil))))
                $0.bind(2, batch)
            }
            try state.commit()
            return (remembered, overrule)
        } catch {
            state.abandon()
            throw StateError(error, path: path)
        }
    }

    /// What layout 2 added: each batch's pending records booked and dropped, its drops, the
    /// overrule a batch is, and the pending records still open.
    private static func readLayout2(_ database: SQLiteDatabase, into report: inout StateReport, paths: Bool) throws {
        let endings = try database.prepare(
            """
            SELECT p.ended_batch, p.ended, p.day, p.vendor, p.amount, p.batch, p.evidence, a.currency
            FROM pending p JOIN accounts a ON a.id = p.account WHERE p.ended IS NOT NULL ORDER BY p.id
            """)
        var byBatch: [Int64: Int] = [:]
        for (n, line) in report.batches.enumerated() { byBatch[line.id] = n }
        while try endings.step() {
            guard let n = byBatch[endings.int64(0)] else { continue }
            if endings.text(1) == "booked" {
                report.batches[n].booked += 1
            } else {
                report.batches[n].dropped += 1
            }
            let scale = CurrencyScale.decimals(forCurrencyCode: endings.text(7)) ?? 2
            let pending = RememberedPending.text(
                day: endings.int64(2), vendor: endings.text(3) ?? "", signedMinor: endings.int64(4), scale: scale,
                batch: endings.int64(5))
            report.batches[n].endedPending.append(
                "pending \(pending) \(endings.text(1) ?? ""): \(endings.text(6) ?? "")")
        }
        let drops = try database.prepare(
            "SELECT batch, source, day, vendor, amount, id, by, kept, \(paths ? "path" : "NULL") FROM drops ORDER BY batch, position"
        )
        while try drops.step() {
            guard let n = byBatch[drops.int64(0)] else { continue }
            report.batches[n].drops.append(
                .init(
                    source: drops.text(1) ?? "", day: drops.text(2) ?? "", vendor: drops.text(3) ?? "",
                    amount: drops.text(4) ?? "", id: drops.text(5) ?? "", by: drops.text(6) ?? "",
                    kept: drops.text(7) ?? "", path: drops.text(8)))
        }
        let overrules = try database.prepare("SELECT batch, kind, first, second, used_batch FROM overrules")
        while try overrules.step() {
            guard let n = byBatch[overrules.int64(0)] else { continue }
            report.batches[n].overrule =
                Overrule(kind: overrules.text(1), first: overrules.text(2), second: overrules.text(3))?.description
            report.batches[n].usedBy = overrules.isNull(4) ? nil : overrules.int64(4)
        }
        let open = try database.prepare(
            """
            SELECT a.name, a.currency, p.day, p.vendor, p.amount, p.batch
            FROM pending p JOIN accounts a ON a.id = p.account
            WHERE p.ended IS NULL ORDER BY a.name, p.day, p.id
            """)
        while try open.step() {
            let scale = CurrencyScale.decimals(forCurrencyCode: open.text(1)) ?? 2
            report.pending.append(
                .init(
                    account: open.text(0) ?? "", day: day(open.int64(2)), vendor: open.text(3) ?? "",
                    amount: Money(minorUnits: open.int64(4), scale: scale).plainDecimal, batch: open.int64(5)))
        }
    }

    static func checkExists(_ path: String) throws(StateError) {
        guard access(path, F_OK) == 0 else { throw StateError(path: path, reason: SystemError.current) }
    }

    /// Days since 1970-01-01 as `YYYY-MM-DD`.
    static func day(_ days: Int64) -> String { TransactionDate.isoDay(days: days) }
}
