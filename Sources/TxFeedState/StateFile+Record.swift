import Glibc
import TxFeedModel
import TxFeedSQLite

/// A source's input file as the batch remembers it.
public struct BatchFile: Sendable, Equatable {
    public var path: String
    public var sha256: String
    public var bytes: Int64

    public init(path: String, sha256: String, bytes: Int64) {
        self.path = path
        self.sha256 = sha256
        self.bytes = bytes
    }
}

extension StateFile {
    /// Remembers every booked record the run wrote, what became of its pending ones
    /// (``Feed/pending``) and the run as a batch, in one transaction, and lets go of the lock. Call it only once every sink has committed its output.
    ///
    /// - Parameters:
    ///   - files: each source's input file (nil for one without, such as an HTTP source), in
    ///     the feed's source order.
    ///   - started: the run's start (Unix seconds), for the batch row.
    ///   - keepEmpty: whether a run that remembered nothing is still a batch; `watch` records
    ///     only the refreshes that brought something.
    ///   - moneyKeys: ``Feed/moneyKeys(accountNumbers:)``, when the run has them already.
    /// - Returns: whether a batch was recorded.
    @discardableResult
    public func record(
        _ feed: Feed, files: [BatchFile?], started: Int64, keepEmpty: Bool = true, moneyKeys: [Int64]? = nil
    ) throws(StateError) -> Bool {
        do {
            let remembered = try rememberTransactions(
                of: feed, moneyKeys: moneyKeys ?? feed.moneyKeys(accountNumbers: feed.accountNumbers().numbers))
            guard remembered > 0 || feed.pending?.changesState == true || !feed.keptAnyway.isEmpty || keepEmpty else {
                abandon()
                return false
            }
            try rememberPending(of: feed)
            try rememberHalves(of: feed)
            try useKeeps(feed.keptAnyway)
            try recordBatch(feed, files: files, started: started, remembered: remembered)
            try recordDrops(of: feed)
            try commit()
            return true
        } catch {
            abandon()
            throw StateError(error, path: path)
        }
    }

    /// Remembers the keys of every booked record, per account, in blocks of
    /// ``StateSchema/blockSize``: its identity (bank id and fingerprint for a record with a bank
    /// id, the fingerprint for one without) and its money key.
    private func rememberTransactions(of feed: Feed, moneyKeys: [Int64]) throws -> Int {
        var blocks: [Int: Keys] = [:]
        var remembered = 0
        for (index, t) in feed.transactions.enumerated() where !t.isPending {
            guard let fingerprint = feed.fingerprint(at: index) else { continue }
            let day = TransactionDate.days(ofUnixSeconds: t.unixSeconds)
            // One dictionary access a record, not one a key.
            if let bankID = feed.details(of: t)?.id {
                blocks[Int(t.account), default: Keys()].add(
                    (IdentityKey.of(bankID: bankID), .bankID), (IdentityKey.of(fingerprint), .fingerprintOfBankRecord),
                    (moneyKeys[index], .money), day: day)
            } else {
                blocks[Int(t.account), default: Keys()].add(
                    (IdentityKey.of(fingerprint), .fingerprint), (moneyKeys[index], .money), day: day)
            }
            remembered += 1
        }
        let insert = try database.prepare(
            """
            INSERT INTO seen (account, batch, transactions, first_day, last_day, keys, kinds)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        insert.bind(2, batch)
        for (account, keys) in blocks.sorted(by: { $0.key < $1.key }) {
            let id = try accountID(of: feed.accounts[account])
            for start in stride(from: 0, to: keys.keys.count, by: StateSchema.blockSize) {
                let range = start..<min(keys.keys.count, start + StateSchema.blockSize)
                let days = keys.days[start / StateSchema.blockSize]
                // A record is one key of kind 0 (a fingerprint) or 2 (a bank id); its others ride along.
                let transactions = keys.kinds[range].reduce(0) {
                    $0
                        + ($1 == UInt8(IdentityKey.Kind.fingerprint.rawValue)
                            || $1 == UInt8(IdentityKey.Kind.bankID.rawValue) ? 1 : 0)
                }
                // Little-endian on disk whatever the machine (x86-64 and arm64 are already).
                let littleEndian = keys.keys[range].map(\.littleEndian)
                try insert.run {
                    $0.bind(1, id)
                    $0.bind(3, Int64(transactions))
                    $0.bind(4, days.lowerBound)
                    $0.bind(5, days.upperBound)
                    $0.bind(6, blob: littleEndian[...])
                    $0.bind(7, blob: keys.kinds[range])
                }
            }
        }
        return remembered
    }

    /// One account's keys in the order met, with their kinds, and the days each block of
    /// ``StateSchema/blockSize`` keys spans.
    private struct Keys {
        var keys: [Int64] = []
        var kinds: [UInt8] = []
        var days: [ClosedRange<Int64>] = []

        /// A record's keys: its identity's one or two, then its money's.
        mutating func add(
            _ first: (key: Int64, kind: IdentityKey.Kind), _ second: (key: Int64, kind: IdentityKey.Kind),
            _ third: (key: Int64, kind: IdentityKey.Kind)? = nil, day: Int64
        ) {
            append(first.key, first.kind, day)
            append(second.key, second.kind, day)
            if let third { append(third.key, third.kind, day) }
        }

        @inline(__always)
        private mutating func append(_ key: Int64, _ kind: IdentityKey.Kind, _ day: Int64) {
            if keys.count % StateSchema.blockSize == 0 {
                days.append(day...day)
            } else {
                let span = days[days.count - 1]
                days[days.count - 1] = min(span.lowerBound, day)...max(span.upperBound, day)
            }
            keys.append(key)
            kinds.append(UInt8(kind.rawValue))
        }
    }

    /// The account's row id, added on first sight; its name and currency follow the latest run
    /// (its first account of that key). Once a run an account: a million accounts prepared the
    /// statement a million times, over half of recording them.
    func accountID(of account: Account) throws -> Int64 {
        let key = IdentityKey.accountKey(of: account)
        if let id = recordedAccounts[key] { return id }
        if accountUpsert == nil {
            accountUpsert = try database.prepare(
                """
                INSERT INTO accounts (key, name, bank_id, currency) VALUES (?, ?, ?, ?)
                ON CONFLICT (key) DO UPDATE SET name = excluded.name, currency = coalesce(excluded.currency, currency)
                RETURNING id
                """)
        }
        let upsert = accountUpsert!
        upsert.bind(1, key)
        upsert.bind(2, account.name)
        upsert.bind(3, account.id)
        upsert.bind(4, account.currency)
        defer { upsert.reset() }
        guard try upsert.step() else { throw StateError(path: path, reason: "could not add account \(account.name)") }
        let id = upsert.int64(0)
        accountIDs[key] = id
        recordedAccounts[key] = id
        return id
    }

    private func recordBatch(_ feed: Feed, files: [BatchFile?], started: Int64, remembered: Int) throws {
        let rejected = feed.sources.reduce(0) { $0 + $1.rejected }
        let seen = feed.sources.reduce(0) { $0 + $1.seen }
        let duplicates = feed.sources.reduce(0) { $0 + $1.duplicates }
        let pending = feed.transactions.reduce(0) { $0 + ($1.isPending ? 1 : 0) }
        let insert = try database.prepare(
            """
            INSERT INTO batches (id, started, finished, txfeed, read, written, remembered, pending, seen, duplicates,
                                 rejected)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        try insert.run {
            $0.bind(1, batch)
            $0.bind(2, Self.timestamp(started))
            $0.bind(3, Self.timestamp(Int64(time(nil))))
            $0.bind(4, TxFeed.version)
            $0.bind(5, Int64(feed.transactions.count + rejected + duplicates + seen))
            $0.bind(6, Int64(feed.transactions.count))
            $0.bind(7, Int64(remembered))
            $0.bind(8, Int64(pending))
            $0.bind(9, Int64(seen))
            $0.bind(10, Int64(duplicates))
            $0.bind(11, Int64(rejected))
        }
        let source = try database.prepare(
            """
            INSERT INTO batch_sources (batch, position, name, plugin, status, error, path, sha256, bytes, read, written,
                                       rejected, duplicates, seen)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for (position, s) in feed.sources.enumerated() {
            let file = position < files.count ? files[position] : nil
            try source.run {
                $0.bind(1, batch)
                $0.bind(2, Int64(position))
                $0.bind(3, s.name)
                $0.bind(4, s.plugin)
                $0.bind(5, s.status.rawValue)
                $0.bind(6, s.error)
                $0.bind(7, file?.path)
                $0.bind(8, file?.sha256)
                if let bytes = file?.bytes { $0.bind(9, bytes) } else { $0.bindNull(9) }
                $0.bind(10, Int64(s.read))
                $0.bind(11, Int64(s.count))
                $0.bind(12, Int64(s.rejected))
                $0.bind(13, Int64(s.duplicates))
                $0.bind(14, Int64(s.seen))
            }
        }
    }

    /// The batch's first ``StateSchema/listedDrops`` drops, for `state show` to list with why.
    private func recordDrops(of feed: Feed) throws {
        let insert = try database.prepare(
            "INSERT INTO drops (batch, position, source, day, vendor, amount, id, by, kept, path) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        )
        for (position, drop) in feed.duplicates.prefix(StateSchema.listedDrops).enumerated() {
            let t = drop.transaction
            let details = feed.details(of: t)
            let kept: String
            switch drop.kept {
            case .batch(let batch): kept = "batch \(batch)"
            case .source(let source): kept = "\(feed.sources[source].name)#\(drop.keptIndex.map(String.init) ?? "?")"
            }
            try insert.run {
                $0.bind(1, batch)
                $0.bind(2, Int64(position))
                $0.bind(3, "\(feed.sources[drop.source].name)#\(drop.index)")
                $0.bind(4, TransactionDate.isoDay(days: TransactionDate.days(ofUnixSeconds: t.unixSeconds)))
                $0.bind(5, feed.vendors.name(of: t.vendor))
                $0.bind(6, Money(minorUnits: t.signedMinor, scale: feed.accounts[Int(t.account)].scale).plainDecimal)
                $0.bind(7, details?.id ?? drop.fingerprint.text)
                $0.bind(8, drop.evidence.map { "pending (\($0))" } ?? (drop.byBankID ? "bank id" : "fingerprint"))
                $0.bind(9, kept)
                $0.bind(10, details?.location)
            }
        }
    }

    /// `2026-11-24T13:40:02Z`.
    static func timestamp(_ seconds: Int64) -> String {
        var t = time_t(seconds)
        var parts = tm()
        gmtime_r(&t, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }
}
