extension Feed {
    /// The records `--dedupe` kept that may be one payment, both ways (``nearDuplicates(accountNumbers:)``,
    /// ``accountTwins(accountNumbers:)``), on one numbering of the accounts: none unless the feed
    /// is in memory and of two sources or more.
    /// ``accountTwins(accountNumbers:)`` alone: without `--dedupe`, accounts named two ways
    /// by two exports have every shared payment written twice just the same.
    public func accountTwins() -> [(first: Int, second: Int, shared: Int)] {
        guard spilled == nil, sources.count > 1 else { return [] }
        return accountTwins(accountNumbers: accountNumbers().numbers)
    }

    public func possibleDoubles() -> (
        nearDuplicates: [(Int, Int)], accountTwins: [(first: Int, second: Int, shared: Int)]
    ) {
        guard spilled == nil, sources.count > 1 else { return ([], []) }
        let numbers = accountNumbers().numbers
        return (nearDuplicates(accountNumbers: numbers), accountTwins(accountNumbers: numbers))
    }

    /// Pairs of records that `--dedupe` kept both of but that may be one payment: the same
    /// account, day and signed amount, from two sources, with different vendor texts (the same
    /// payment in two exports, each wording it its own way) or different bank ids (an export
    /// the bank regenerated the ids of). Reported, never dropped: two
    /// shops can take the same amount on one day. Positions in the feed, each pair once, oldest
    /// first.
    func nearDuplicates(accountNumbers: [Int]) -> [(Int, Int)] {
        struct Key: Hashable {
            var account: Int
            var day: Int64
            var signedMinor: Int64
            // One word to hash, not three: a million records hashed each key three times over.
            func hash(into hasher: inout Hasher) {
                hasher.combine(Feed.mix(UInt64(bitPattern: Int64(account)), day, signedMinor))
            }
        }
        var first: [Key: Int] = [:]
        first.reserveCapacity(transactions.count)
        var pairs: [(Int, Int)] = []
        for position in transactions.indices.reversed() {
            let t = transactions[position]
            let key = Key(
                account: accountNumbers[Int(t.account)], day: TransactionDate.days(ofUnixSeconds: t.unixSeconds),
                signedMinor: t.signedMinor)
            guard let earlier = first[key] else {
                first[key] = position
                continue
            }
            let other = transactions[earlier]
            // Other vendors, or the same under two bank ids (an export downloaded again after
            // the bank made its ids anew): records of one vendor without them were one
            // fingerprint, unless a second genuine one.
            guard accounts[Int(other.account)].source != accounts[Int(t.account)].source else { continue }
            if other.vendor != t.vendor || (details(of: other)?.id != nil && details(of: t)?.id != nil) {
                pairs.append((earlier, position))
            }
        }
        return pairs
    }
}

extension Feed {
    /// Two accounts of two sources that `--dedupe` keeps apart (other ids, or other names and no
    /// id) although they hold records of the same day, signed amount and vendor: perhaps one
    /// account read from two exports that name it each their own way (a CSV's file stem, an OFX
    /// `ACCTID`, a camt IBAN), whose shared payments are then all written twice. Reported, never
    /// merged: two cards can pay one shop the same amount on one day. Each pair of accounts
    /// once, as feed accounts (the first record's of each), with how many records they share,
    /// the first source's first, in the order of their first shared record, oldest first.
    func accountTwins(accountNumbers: [Int]) -> [(first: Int, second: Int, shared: Int)] {
        // One account in every source (a folder of one account's statements): no two to be twins,
        // and no record to hash.
        guard let one = accountNumbers.first, accountNumbers.contains(where: { $0 != one }) else { return [] }
        struct Key: Hashable {
            var day: Int64
            var signedMinor: Int64
            var vendor: UInt32
            func hash(into hasher: inout Hasher) {
                hasher.combine(Feed.mix(UInt64(vendor), day, signedMinor))
            }
        }
        struct Pair: Hashable {
            var first: Int
            var second: Int
        }
        // Each key's first account; the records dropped (seen by an earlier run under `--state`,
        // or a copy within one account) count as well: an older download read again is seen.
        // OFX 1.x cuts a payee to 32 characters (`BOOGLE  WALLET  US00`) where a CSV of the
        // same account writes it whole: vendors are compared by their first 32 bytes (not
        // inside a character), blanks at the end dropped. The CSV and QFX of one card, named
        // two ways, shared nothing and were written twice in silence.
        var prefixes = VendorTable()
        let vendorKey: [UInt32] = (0..<vendors.count).map { id in
            vendors.withBytes(of: UInt32(id)) { name in
                var end = min(name.count, 32)
                while end > 0, end < name.count, name[end] & 0xC0 == 0x80 { end -= 1 }
                while end > 0, name[end - 1] == 0x20 { end -= 1 }
                return prefixes.intern(name.extracting(0..<end))
            }
        }
        var first: [Key: Int] = [:]
        first.reserveCapacity(transactions.count + duplicates.count)
        var pairs: [Pair: Int] = [:]
        var order: [(Pair, first: Int, second: Int)] = []
        func visit(_ t: Transaction) {
            let key = Key(
                day: TransactionDate.days(ofUnixSeconds: t.unixSeconds), signedMinor: t.signedMinor,
                vendor: Int(t.vendor) < vendorKey.count ? vendorKey[Int(t.vendor)] : .max - t.vendor)
            guard let earlier = first[key] else {
                first[key] = Int(t.account)
                return
            }
            var a = earlier
            var b = Int(t.account)
            guard accountNumbers[a] != accountNumbers[b], accounts[a].source != accounts[b].source else { return }
            if accounts[a].source > accounts[b].source { swap(&a, &b) }
            let pair = Pair(
                first: min(accountNumbers[a], accountNumbers[b]), second: max(accountNumbers[a], accountNumbers[b]))
            if let count = pairs[pair] {
                pairs[pair] = count + 1
            } else {
                pairs[pair] = 1
                order.append((pair, a, b))
            }
        }
        for duplicate in duplicates { visit(duplicate.transaction) }
        for position in transactions.indices.reversed() { visit(transactions[position]) }
        return order.map { ($0.first, $0.second, pairs[$0.0]!) }
    }
}

extension Feed {
    /// Three values as one word for a dictionary key's hash (equality still compares them all).
    @inline(__always)
    static func mix(_ a: UInt64, _ b: Int64, _ c: Int64) -> UInt64 {
        (a &* 0x9E37_79B9_7F4A_7C15) ^ (UInt64(bitPattern: b) &* 0xC2B2_AE3D_27D4_EB4F)
            ^ (UInt64(bitPattern: c) &* 0x1656_67B1_9E37_79F9)
    }
}
