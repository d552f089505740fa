extension Feed {
    /// Bank ids two booked records of one statement share, which therefore identify neither.
    public struct SharedBankIDs: Sendable, Equatable {
        /// The feed account (one statement as its source gave it).
        public var account: Int
        /// Its records whose id was forgotten, pending ones with such an id among them.
        public var records: Int
        /// The ids, the first few in feed order.
        public var ids: [String]
    }

    /// Forgets the bank ids two booked records of one statement share, before `--dedupe` and
    /// `--state` compare records: a bank id names one payment of its account, so an id given
    /// twice in one statement is a reference that is not one (MT940's `NONREF`, a CSV
    /// `Reference` column of payment texts, a QIF check-number column of `ATM`), and matching on
    /// it dropped distinct payments as duplicates, or as seen by an earlier run. Those records
    /// are told apart by their fingerprints, as records without an id are. A pending record
    /// and the booked one with its id are one payment and keep it (the booked one replaces the
    /// pending one), and so do a pending record and the one booked record of its id and amount.
    ///
    /// - Returns: per statement with such ids, what was forgotten, for the run to say.
    mutating func forgetSharedBankIDs() -> [SharedBankIDs] {
        // (account, id) as one 64-bit key: the id's FNV hash, the account mixed in.
        func key(_ t: Transaction, _ id: String) -> UInt64 {
            UInt64(bitPattern: IdentityKey.of(bankID: id)) ^ (UInt64(t.account) &* 0x9E37_79B9_7F4A_7C15)
        }
        var booked: [UInt64: Bool] = [:]  // false: seen once; true: seen again
        var shared = false
        for t in transactions where !t.isPending {
            guard let id = details(of: t)?.id else { continue }
            let k = key(t, id)
            if let seen = booked[k] {
                if !seen {
                    booked[k] = true
                    shared = true
                }
            } else {
                booked[k] = false
            }
        }
        guard shared else { return [] }
        // A pending record and the one booked record of its id and amount are one payment still
        // (a hotel's hold and its booking, beside the tax booked under the same id): they keep
        // the id, so that the booked one replaces the pending one.
        var bookedAt: [UInt64: [Int]] = [:]
        for (i, t) in transactions.enumerated() where !t.isPending {
            guard let id = details(of: t)?.id, case let k = key(t, id), booked[k] == true else { continue }
            bookedAt[k, default: []].append(i)
        }
        var keeps = Set<Int>()
        for (i, t) in transactions.enumerated() where t.isPending {
            guard let id = details(of: t)?.id, let candidates = bookedAt[key(t, id)] else { continue }
            let same = candidates.filter { transactions[$0].signedMinor == t.signedMinor && !keeps.contains($0) }
            if same.count == 1 { keeps.formUnion([i, same[0]]) }
        }
        var forgotten: [Int: SharedBankIDs] = [:]
        for (i, t) in transactions.enumerated() where !keeps.contains(i) {
            guard let id = details(of: t)?.id, booked[key(t, id)] == true else { continue }
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
