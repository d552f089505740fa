extension Feed {
    /// Without `--dedupe`: the records `--dedupe` would take for another source's again (two
    /// overlapping downloads of one account, January 1–20 and January 10–31), each written
    /// twice. Pairs of sources, with how many records the later one repeats, most first; none
    /// when the feed is not in memory.
    ///
    /// Two records are one as `--dedupe` matches them: by their bank ids when both have one, else
    /// by their fingerprints (one account, day, signed amount, vendor and memo, and the same
    /// occurrence among identical records of each source). Records without a bank id are looked
    /// at only in accounts whose pieces in two sources share days (``overlappingAccounts(_:)``),
    /// those with one in any account two pieces give: a run of one source, or of sources of
    /// other accounts, costs a numbering of the accounts and a look at each record's day.
    public func copiesAcrossSources() -> [(first: Int, second: Int, copies: Int)] {
        guard spilled == nil, sources.count > 1, fingerprints.count == transactions.count else { return [] }
        let numbers = accountNumbers().numbers
        // A record with a bank id is looked at wherever it is: one id and one fingerprint in two
        // pieces is one payment, however few days they share (a one-day camt statement sent
        // twice, an OFX file whose second month repeats the first's last day).
        let looked = overlappingAccounts(numbers)
        // Accounts given by two pieces or more, whose records with a bank id are compared
        // whatever days the pieces share: a one-day camt.053 and the camt.054 of that day.
        var pieces = [Int](repeating: 0, count: (numbers.max() ?? -1) + 1)
        for number in numbers where number >= 0 { pieces[number] += 1 }
        let shared = numbers.map { $0 >= 0 && pieces[$0] > 1 }
        // A record's first source, as source + 1, by its fingerprint (which holds its account)
        // or by its account and bank id. In the fingerprint table the top bit marks a record
        // with a bank id: one without an id is compared with both kinds (an MT940 file's
        // `NONREF` records beside the camt statement of them, whose entries have ids, as
        // `--dedupe` takes them), two with ids only by their ids.
        let withID: UInt32 = 0x8000_0000
        var byFingerprint = FingerprintTable(capacity: transactions.lazy.filter { looked[Int($0.account)] }.count)
        // By account and bank id, the first record's position: one of other money is no copy.
        var byBankID: [String: Int] = [:]
        var copies: [Int: Int] = [:]
        for (position, (t, fingerprint)) in zip(transactions, fingerprints).enumerated() where shared[Int(t.account)] {
            let source = accounts[Int(t.account)].source
            let first: Int
            let id = details(of: t)?.id
            guard looked[Int(t.account)] || id != nil else { continue }
            if let id {
                let key = String(numbers[Int(t.account)]) + "\u{0}" + id
                if let earlier = byBankID[key] {
                    let original = transactions[earlier]
                    first = Self.sameMoney(original, t) ? accounts[Int(original.account)].source + 1 : 0
                } else {
                    byBankID[key] = position
                    let earlier = looked[Int(t.account)] ? byFingerprint.payload(of: fingerprint) : 0
                    first = earlier & withID == 0 ? Int(earlier) : 0
                    if earlier == 0, looked[Int(t.account)] {
                        byFingerprint.setIfAbsent(fingerprint, UInt32(source + 1) | withID)
                    }
                }
            } else {
                let earlier = byFingerprint.payload(of: fingerprint)
                first = Int(earlier & ~withID)
                if earlier == 0 { byFingerprint.setIfAbsent(fingerprint, UInt32(source + 1)) }
            }
            guard first > 0, first - 1 != source else { continue }
            copies[min(first - 1, source) << 32 | max(first - 1, source), default: 0] += 1
        }
        return copies.map { (first: $0.key >> 32, second: $0.key & 0xFFFF_FFFF, copies: $0.value) }
            .sorted { ($1.copies, $0.first, $0.second) < ($0.copies, $1.first, $1.second) }
    }

    /// Records one source gives twice, in two of its feed accounts of one account that share
    /// days: an NDJSON file joined with itself, or pages of an API that overlap. Each pair of
    /// feed accounts, the later second, with how many of its records the earlier one has too,
    /// most first; none when the feed is not in memory.
    ///
    /// Records are one by their bank ids when they have one, else by their fingerprint's hash
    /// and their occurrence among identical records of their own feed account; those without a
    /// bank id only where the feed accounts share days (``overlappingAccounts(_:)``). `--dedupe` takes
    /// the first kind and keeps the second: it numbers like records across the whole source, as
    /// payments made twice (``SourceData/fingerprints()``). Only records whose hash occurs
    /// twice or more in their source are looked at, so a source that repeats nothing costs a
    /// look at each fingerprint.
    public func copiesWithinSources() -> [RepeatedRecords] {
        guard spilled == nil, fingerprints.count == transactions.count else { return [] }
        var feedAccounts = [Int](repeating: 0, count: sources.count)
        for account in accounts { feedAccounts[account.source] += 1 }
        // The hashes that repeat in a source of two feed accounts or more, and their accounts' keys
        // (by the hash every fingerprint of the account begins with): a record's first copy is
        // of the same account as its second.
        var repeated = Set<UInt64>()
        var keys = Set<UInt64>()
        for (t, fingerprint) in zip(transactions, fingerprints)
        where fingerprint.occurrence > 1 && feedAccounts[accounts[Int(t.account)].source] > 1 {
            repeated.insert(fingerprint.hash)
            keys.insert(FingerprintHasher.accountState(of: accounts[Int(t.account)]))
        }
        guard !repeated.isEmpty else { return [] }
        // The repeated hashes' top 16 bits: most records are passed over without hashing theirs.
        var marks = [UInt64](repeating: 0, count: 1 << 10)
        for hash in repeated { marks[Int(hash >> 54)] |= 1 << (hash >> 48 & 63) }
        func isRepeated(_ hash: UInt64) -> Bool {
            marks[Int(hash >> 54)] & 1 << (hash >> 48 & 63) != 0 && repeated.contains(hash)
        }
        // Every feed account of those accounts, those without a repeat too: a piece of one day
        // between two others keeps them from counting as overlapping, as across sources.
        let involved = accounts.indices.map { a in
            feedAccounts[accounts[a].source] > 1 && keys.contains(FingerprintHasher.accountState(of: accounts[a]))
        }
        // Each account of each source numbered apart, so that days are shared within a source.
        var numbered: [Int: Int] = [:]
        let numbers = accountNumbers(of: involved).numbers.enumerated().map { a, number in
            guard number >= 0 else { return -1 }
            let key = accounts[a].source << 32 | number
            if let known = numbered[key] { return known }
            numbered[key] = numbered.count
            return numbered.count - 1
        }
        // Most repeats are within one feed account (two coffees alike), its account's only piece.
        var pieces = [Int](repeating: 0, count: numbered.count)
        for number in numbers where number >= 0 { pieces[number] += 1 }
        guard pieces.contains(where: { $0 > 1 }) else { return [] }
        // A record with a bank id is looked at wherever it is: one id and one fingerprint in two
        // pieces is one payment, however few days they share (a one-day camt statement sent
        // twice, an OFX file whose second month repeats the first's last day).
        let looked = overlappingAccounts(numbers)
        /// A record within its source's account: by its bank id, else its hash and occurrence
        /// among its feed account's like records.
        struct Key: Hashable {
            var number: Int
            var id: String?
            var hash: UInt64 = 0
            var occurrence = 0
        }
        struct Like: Hashable {
            var account: Int
            var hash: UInt64
        }
        var first: [Key: Int] = [:]
        var occurrences: [Like: Int] = [:]
        var pairs: [Int: RepeatedRecords] = [:]
        // In feed order: like records share a day, and a day's ties are in input order.
        for (t, fingerprint) in zip(transactions, fingerprints) where isRepeated(fingerprint.hash) {
            let a = Int(t.account)
            let id = details(of: t)?.id
            guard looked[a] || id != nil && numbers[a] >= 0 else { continue }
            var key = Key(number: numbers[a], id: id)
            if key.id == nil {
                key.hash = fingerprint.hash
                key.occurrence = occurrences[Like(account: a, hash: fingerprint.hash), default: 0] + 1
                occurrences[Like(account: a, hash: fingerprint.hash)] = key.occurrence
            }
            guard let earlier = first[key] else {
                first[key] = a
                continue
            }
            guard earlier != a else { continue }
            let (one, other) = (min(earlier, a), max(earlier, a))
            pairs[one << 32 | other, default: RepeatedRecords(source: accounts[a].source, first: one, second: other)]
                .add(hasBankID: key.id != nil)
        }
        return pairs.values.sorted { ($1.copies, $0.first, $0.second) < ($0.copies, $1.first, $1.second) }
    }

    /// The feed accounts that share days with another feed account of the same account (its
    /// id, else its name; numbered -1, left out): two days or more, or one when both span more
    /// than it (January 1–20 and 20–31). A statement cut into files within a day (a folder's
    /// pieces of one timeline) shares the day of each cut with a piece of that day alone, and is
    /// not looked at: two payments alike there are as likely two. Groups found by one sweep of
    /// each account's pieces in the order of their first days.
    private func overlappingAccounts(_ numbers: [Int]) -> [Bool] {
        var days = [(first: Int64, last: Int64)](repeating: (.max, .min), count: accounts.count)
        for t in transactions {
            let day = TransactionDate.days(ofUnixSeconds: t.unixSeconds)
            let a = Int(t.account)
            days[a] = (min(days[a].first, day), max(days[a].last, day))
        }
        var pieces = [[Int]](repeating: [], count: (numbers.max() ?? -1) + 1)
        for a in accounts.indices where numbers[a] >= 0 && days[a].first <= days[a].last {
            pieces[numbers[a]].append(a)
        }
        var looked = [Bool](repeating: false, count: accounts.count)
        for var group in pieces where group.count > 1 {
            group.sort { days[$0].first < days[$1].first }
            var start = 0
            // The piece of the group so far that reaches the furthest.
            var furthest = group[0]
            for i in 1...group.count {
                if i < group.count {
                    let (piece, other) = (days[group[i]], days[furthest])
                    let shared = min(other.last, piece.last) - piece.first + 1
                    if shared >= 2 || shared == 1 && piece.last > piece.first && other.last > other.first {
                        if piece.last > other.last { furthest = group[i] }
                        continue
                    }
                }
                if i - start > 1 { for a in group[start..<i] { looked[a] = true } }
                if i < group.count { (start, furthest) = (i, group[i]) }
            }
        }
        return looked
    }
}

/// Records a source gives twice, in two of its feed accounts of one account
/// (``Feed/copiesWithinSources()``).
public struct RepeatedRecords: Sendable {
    public let source: Int
    /// The feed accounts: the one that gave the records first, and the one that repeats them.
    public let first: Int
    public let second: Int
    public private(set) var copies = 0
    /// Those with no bank id: `--dedupe` keeps both copies of each.
    public private(set) var withoutBankID = 0

    mutating func add(hasBankID: Bool) {
        copies += 1
        if !hasBankID { withoutBankID += 1 }
    }
}
