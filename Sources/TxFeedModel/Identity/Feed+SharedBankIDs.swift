extension Feed {
    /// A bank id `--dedupe` met on two records of other money (another amount, or days apart):
    /// two payments, both kept.
    public struct ReusedBankID: Sendable {
        /// The feed account of the later record.
        public var account: Int
        public var id: String
        /// The record kept first, and the other.
        public var kept: Transaction
        public var other: Transaction
    }

    /// Bank ids two records of one status in one statement share, which therefore identify neither.
    public struct SharedBankIDs: Sendable, Equatable {
        /// The feed account (one statement as its source gave it).
        public var account: Int
        /// Its records whose id was forgotten, pending ones with such an id among them.
        public var records: Int
        /// The ids, the first few in feed order.
        public var ids: [String]
    }

    /// Forgets the bank ids two records of one status (booked, or pending) in one statement share, before `--dedupe` and
    /// `--state` compare records: a bank id names one payment of its account, so an id given
    /// twice in one statement is a reference that is not one (MT940's `NONREF`, a CSV
    /// `Reference` column of payment texts, a QIF check-number column of `ATM`), and matching on
    /// it dropped distinct payments as duplicates, or as seen by an earlier run. Those records
    /// are told apart by their fingerprints, as records without an id are. A pending record
    /// and the booked one with its id are one payment and keep it (the booked one replaces the
    /// pending one), and so do a pending record and the booked record of its id and amount when
    /// they are the only such pair of the id. Two pending records with one id are two holds.
    ///
    /// - Returns: per statement with such ids, what was forgotten, for the run to say.
    mutating func forgetSharedBankIDs() -> [SharedBankIDs] {
        // (account, id) as one 64-bit key: the id's FNV hash, the account mixed in.
        func key(_ t: Transaction, _ id: String) -> UInt64 {
            UInt64(bitPattern: IdentityKey.of(bankID: id)) ^ (UInt64(t.account) &* 0x9E37_79B9_7F4A_7C15)
        }
        // Per key, how many booked and how many pending records have it.
        var counts: [UInt64: (booked: Int, pending: Int)] = [:]
        for t in transactions {
            guard let id = details(of: t)?.id else { continue }
            let k = key(t, id)
            var count = counts[k] ?? (0, 0)
            if t.isPending { count.pending += 1 } else { count.booked += 1 }
            counts[k] = count
        }
        // Two records of one status with one id: the id names neither.
        let shared = Set(counts.compactMap { $0.value.booked > 1 || $0.value.pending > 1 ? $0.key : nil })
        guard !shared.isEmpty else { return [] }
        // A pending record and the booked record of its id and amount are one payment still
        // (a hotel's hold and its booking, beside the tax booked under the same id): when they
        // are the only such pair of the id, they keep it, so that the booking replaces the hold.
        // Two pairs of one id would share it again, and keep nothing: the holds stay in sight.
        var byKey: [UInt64: [Int]] = [:]
        for (i, t) in transactions.enumerated() {
            guard let id = details(of: t)?.id, case let k = key(t, id), shared.contains(k) else { continue }
            byKey[k, default: []].append(i)
        }
        var keeps = Set<Int>()
        for records in byKey.values {
            var pairs: [(Int, Int)] = []
            var taken = Set<Int>()
            for p in records where transactions[p].isPending {
                let same = records.filter {
                    !transactions[$0].isPending && !taken.contains($0)
                        && transactions[$0].signedMinor == transactions[p].signedMinor
                }
                if same.count == 1 {
                    pairs.append((p, same[0]))
                    taken.insert(same[0])
                }
            }
            if pairs.count == 1 { keeps.formUnion([pairs[0].0, pairs[0].1]) }
        }
        var forgotten: [Int: SharedBankIDs] = [:]
        // The records of the shared ids, found above, in feed order: the ids named are the first met.
        for i in byKey.values.joined().sorted() where !keeps.contains(i) {
            let t = transactions[i]
            let id = details[Int(t.details)].id!
            details[Int(t.details)].id = nil
            let account = Int(t.account)
            var report = forgotten[account] ?? SharedBankIDs(account: account, records: 0, ids: [])
            report.records += 1
            if report.ids.count < 3 && !report.ids.contains(id) { report.ids.append(id) }
            forgotten[account] = report
        }
        return forgotten.values.sorted { $0.account < $1.account }
    }
}
