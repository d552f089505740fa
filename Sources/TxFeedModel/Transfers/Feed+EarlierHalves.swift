extension Feed {
    /// With `--state`: the transfers whose other half an earlier batch wrote. A transfer's two
    /// halves post on different days: the money-out half comes in one day's file (written
    /// then, alone), the money-in half in a later one. When downloads overlap, the later run
    /// reads the first half again and drops it as seen; when they do not (each run reads only
    /// new files), the state file remembered it (``RememberedHalf``). Such earlier halves and
    /// the records of this run that the run did not link are matched as any two records are
    /// (``TransferMatcher``: evidence, and one candidate each way), among every record of this
    /// run not linked and every earlier half of the same amounts, so that a seen record whose
    /// own other half is also seen (both written, linked by their batch) makes a new record's
    /// match ambiguous rather than wrong.
    ///
    /// - Parameters:
    ///   - linked: the records of this run already linked.
    ///   - real: each feed account's real account (``accountNumbers(of:)``).
    ///   - remembered: the state file's halves not yet taken; one this run read again is seen.
    ///   - taken: the account key and identity of each record a batch linked: one seen again is
    ///     no earlier half (its other half may simply not be read again).
    /// - Returns: a pair for each record linked to an earlier half, that half as its
    ///   ``FeedTransfers/Pair/earlier``; the sets of records and earlier halves that could not
    ///   be paired; and the accounts of remembered halves the feed lacks.
    func linksToEarlierHalves(
        linked: Set<Int>, real: [Int], numbers: [[String]], currencies: [String], window: Int64,
        remembered: [RememberedHalf], taken: Set<String> = []
    ) -> EarlierLinks {
        struct Key: Hashable {
            var currency: String
            var magnitude: UInt64
        }
        func key(_ currency: String, _ signedMinor: Int64) -> Key? {
            currency.isEmpty ? nil : Key(currency: currency, magnitude: signedMinor.magnitude)
        }
        func key(_ t: Transaction) -> Key? { key(currencies[Int(t.account)], t.signedMinor) }
        guard !duplicates.isEmpty || !remembered.isEmpty else { return EarlierLinks() }
        // Only amounts a record of this run not linked has: a run of a file seen whole looks no further.
        let newKeys = Set(
            transactions.indices.filter { !linked.contains($0) && !transactions[$0].isPending }.compactMap {
                key(transactions[$0])
            })
        guard !newKeys.isEmpty else { return EarlierLinks() }
        // One earlier half per real account and identity: a file read twice drops each twice,
        // and a remembered half read again is seen.
        var earlier: [(candidate: TransferMatcher.Candidate, half: Earlier)] = []
        var identities = Set<String>()
        for duplicate in duplicates {
            // A pending record seen again is a stale copy of one imported booked: no half either
            // (its amount may be the hold's, not the payment's).
            guard case .batch(let batch) = duplicate.kept, !duplicate.transaction.isPending,
                let key = key(duplicate.transaction), newKeys.contains(key)
            else { continue }
            if !taken.isEmpty,
                taken.contains(
                    RememberedHalf.takenKey(
                        accountKey: IdentityKey.accountKey(of: accounts[Int(duplicate.transaction.account)]),
                        identity: duplicate.keptIdentity))
            {
                continue
            }
            let identity = "\(real[Int(duplicate.transaction.account)])\u{0}\(duplicate.keptIdentity)"
            if identities.insert(identity).inserted {
                let t = duplicate.transaction
                earlier.append(
                    (
                        transferCandidate(t, row: 0, real: real, currencies: currencies),
                        .seen(
                            FeedTransfers.EarlierHalf(
                                seen: t, fingerprint: duplicate.fingerprint, identity: duplicate.keptIdentity,
                                batch: batch))
                    ))
            }
        }
        // A remembered half's account is a feed account when this run read another file of it,
        // else an outside one: in the matcher a real account after the feed's.
        var numbers = numbers
        if !remembered.isEmpty {
            var feedAccounts: [String: Int] = [:]
            for (a, account) in accounts.enumerated() {
                let key = IdentityKey.accountKey(of: account)
                if feedAccounts[key] == nil { feedAccounts[key] = a }
            }
            var outside: [String: Int] = [:]
            for half in remembered {
                guard let key = key(half.currency, half.signedMinor), newKeys.contains(key) else { continue }
                let feedAccount = feedAccounts[half.accountKey]
                let realAccount: Int
                if let feedAccount {
                    realAccount = real[feedAccount]
                } else if let known = outside[half.accountKey] {
                    realAccount = known
                } else {
                    realAccount = numbers.count
                    outside[half.accountKey] = realAccount
                    numbers.append(half.accountID.map { [$0] } ?? [])
                }
                guard identities.insert("\(realAccount)\u{0}\(half.identity)").inserted else { continue }
                earlier.append(
                    (
                        TransferMatcher.Candidate(
                            row: 0, account: realAccount, currency: half.currency, signedMinor: half.signedMinor,
                            day: half.day, payee: half.vendor, memo: half.memo),
                        .remembered(half, feedAccount: feedAccount)
                    ))
            }
        }
        guard !earlier.isEmpty else { return EarlierLinks() }
        let earlierKeys = Set(earlier.compactMap { key($0.candidate.currency, $0.candidate.signedMinor) })
        var candidates: [TransferMatcher.Candidate] = []
        for (i, t) in transactions.enumerated() where !linked.contains(i) && !t.isPending {
            if let key = key(t), earlierKeys.contains(key) {
                candidates.append(transferCandidate(t, row: i, real: real, currencies: currencies))
            }
        }
        guard !candidates.isEmpty else { return EarlierLinks() }
        for (n, half) in earlier.enumerated() {
            var candidate = half.candidate
            candidate.row = transactions.count + n
            candidates.append(candidate)
        }
        let result = TransferMatcher.match(candidates, accountNumbers: numbers, window: window)
        var links = EarlierLinks()
        // The half at a matcher's row; an outside account is numbered after the feed's the
        // first time a pair or a set names it.
        var outsideNumbers: [String: UInt32] = [:]
        func half(at row: Int) -> FeedTransfers.EarlierHalf {
            switch earlier[row - transactions.count].half {
            case .seen(let half):
                return half
            case .remembered(let half, let feedAccount?):
                return FeedTransfers.EarlierHalf(remembered: half, account: UInt32(feedAccount))
            case .remembered(let half, nil):
                if let number = outsideNumbers[half.accountKey] {
                    return FeedTransfers.EarlierHalf(remembered: half, account: number)
                }
                let number = UInt32(accounts.count + links.outsideAccounts.count)
                outsideNumbers[half.accountKey] = number
                links.outsideAccounts.append(half.account)
                return FeedTransfers.EarlierHalf(remembered: half, account: number)
            }
        }
        // Listed only when every earlier half is a remembered one, which no batch linked: a seen
        // one may have been its batch's transfer, and a person can do nothing with it.
        for group in result.ambiguous {
            let records = group.filter { $0 < transactions.count }
            let rows = group.filter { $0 >= transactions.count }
            let allRemembered = rows.allSatisfy {
                if case .remembered = earlier[$0 - transactions.count].half { true } else { false }
            }
            if !records.isEmpty && !rows.isEmpty && allRemembered {
                links.ambiguous.append(FeedTransfers.EarlierSet(records: records, earlier: rows.map(half(at:))))
            }
        }
        for link in result.links {
            let debitEarlier = link.debit >= transactions.count
            guard debitEarlier != (link.credit >= transactions.count) else { continue }
            links.pairs.append(
                FeedTransfers.Pair(
                    debit: debitEarlier ? FeedTransfers.earlierPosition : link.debit,
                    credit: debitEarlier ? link.credit : FeedTransfers.earlierPosition, evidence: link.evidence,
                    earlier: half(at: debitEarlier ? link.debit : link.credit)))
        }
        links.pairs.sort { max($0.debit, $0.credit) < max($1.debit, $1.credit) }
        return links
    }

    /// An earlier half before the matcher: seen (read again by this run), or remembered, in a
    /// feed account or not.
    private enum Earlier {
        case seen(FeedTransfers.EarlierHalf)
        case remembered(RememberedHalf, feedAccount: Int?)
    }

    /// What ``linksToEarlierHalves(linked:real:numbers:currencies:window:remembered:taken:)`` found.
    struct EarlierLinks {
        var pairs: [FeedTransfers.Pair] = []
        var ambiguous: [FeedTransfers.EarlierSet] = []
        var outsideAccounts: [Account] = []
    }
}

extension Feed {
    /// The days of the feed's records (days since 1970-01-01), `days` wider each way: where a
    /// transfer's other half may be dated.
    public func dayRange(widenedBy days: Int64) -> ClosedRange<Int64> {
        var first = Int64.max
        var last = Int64.min
        for t in transactions {
            let day = TransactionDate.days(ofUnixSeconds: t.unixSeconds)
            first = min(first, day)
            last = max(last, day)
        }
        return first <= last ? (first - days)...(last + days) : 0...0
    }

    /// The account at `index` of a transfer's other half: a feed account, or past them the
    /// account of a remembered half whose file this run did not read.
    public func transferAccount(_ index: UInt32) -> Account {
        let i = Int(index)
        return i < accounts.count ? accounts[i] : transfers!.outsideAccounts[i - accounts.count]
    }
}
