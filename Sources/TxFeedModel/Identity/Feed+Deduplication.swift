extension Feed {
    /// `--dedupe`: of the records with one identity in one account, the first in source order
    /// stays and the others move to ``duplicates``; but a booked record takes the place of a
    /// pending one it matches, which moves there instead: an older export still lists as pending
    /// what a newer one has booked, and the booked record is the payment.
    ///
    /// Two records match on their bank ids when both have one, and on their fingerprints
    /// otherwise, since a bank id and a fingerprint never match each other (the same account
    /// read as OFX and as CSV). Called in source order, before the newest-first sort.
    ///
    /// - Parameters:
    ///   - history: what earlier runs imported (`--state`): a record found there is dropped as
    ///     seen before anything in this run is compared with it, so every copy of it counts as
    ///     seen. It holds booked records alone: a pending record found there is a stale export's
    ///     copy of a payment an earlier run imported booked, as is one whose remembered pending
    ///     record an earlier run saw booked; others are shown until booked.
    mutating func removeDuplicates(history: ImportHistory? = nil) {
        deduplicated = true
        let accountKeys = accounts.map { IdentityKey.accountKey(of: $0) + "\u{0}" }
        let accountSources = accounts.map(\.source)
        // The first kept record of each fingerprint, as index + 1. Once a fingerprint is in,
        // a later record without a bank id with that fingerprint is always dropped, so "a kept
        // record without a bank id has it" is "the first kept one has no bank id".
        var firstByFingerprint = FingerprintTable(capacity: transactions.count)
        var firstByBankID: [String: Int] = [:]
        var positions = [Int](repeating: 0, count: sources.count)
        // The records kept so far, moved up in place to the front of `transactions` and
        // `fingerprints` (a copy of a million records was 48 MB more to fill).
        var kept = 0
        // Each kept record's position in its source, for `--duplicates` to name it.
        var keptPositions: [Int] = []
        keptPositions.reserveCapacity(transactions.count)
        var keeps = history?.keeps ?? []
        // A state file's records are mostly seen again: room for all of them to drop at once,
        // where doubling copied the drops (and held two copies) as they grew to a million.
        if history != nil { duplicates.reserveCapacity(duplicates.count + transactions.count) }
        // The tables' slots are asked for this many records ahead: a million keys are far
        // larger than the cache, and a probe waiting on memory was a third of the pass.
        let ahead = 16
        for index in transactions.indices {
            let t = transactions[index], fingerprint = fingerprints[index]
            if index + ahead < transactions.count {
                firstByFingerprint.prefetch(fingerprints[index + ahead])
                history?.prefetch(
                    account: Int(transactions[index + ahead].account), fingerprint: fingerprints[index + ahead])
            }
            let source = accountSources[Int(t.account)]
            let position = positions[source]
            positions[source] += 1
            let bankID = details(of: t)?.id
            // The usual record (no earlier batch to ask, no bank id, a fingerprint not seen yet)
            // is kept after one probe of the table, without a duplicate in the making.
            var seen: Int?
            if history == nil, bankID == nil {
                let found = firstByFingerprint.payload(of: fingerprint, storingIfAbsent: UInt32(kept + 1))
                if found == 0 {
                    keep(t, fingerprint, position, at: &kept, &keptPositions)
                    continue
                }
                seen = Int(found) - 1
            }
            var dropped: Duplicate?
            if let history,
                let imported = history.imported(account: Int(t.account), fingerprint: fingerprint, bankID: bankID)
            {
                dropped = Duplicate(
                    transaction: t, fingerprint: fingerprint, source: source, index: position,
                    kept: .batch(imported.batch), keptBankID: imported.byBankID ? bankID : nil,
                    byBankID: imported.byBankID)
                dropped!.byIDAlone =
                    imported.byBankID && !history.remembers(account: Int(t.account), fingerprint: fingerprint)
            } else if let history, t.isPending,
                let batch = history.bookedHold(
                    account: Int(t.account),
                    key: PendingMatcher.identityKey(bankID: bankID, fingerprint: fingerprint))
            {
                dropped = Duplicate(
                    transaction: t, fingerprint: fingerprint, source: source, index: position, kept: .batch(batch),
                    keptBankID: bankID, byBankID: bankID != nil)
            } else {
                let first = seen ?? Int(firstByFingerprint.payload(of: fingerprint)) - 1
                var original: Int?
                if let bankID {
                    original = firstByBankID[accountKeys[Int(t.account)] + bankID]
                    if original == nil && first >= 0 && details(of: transactions[first])?.id == nil { original = first }
                } else if first >= 0 {
                    original = first
                }
                if let original, transactions[original].isPending, !t.isPending {
                    replacePending(
                        at: original, with: t, fingerprint: fingerprint, source: source, position: position,
                        bankID: bankID, sources: accountSources, positions: &keptPositions)
                    if let bankID { firstByBankID[accountKeys[Int(t.account)] + bankID] = original }
                    firstByFingerprint.setIfAbsent(fingerprint, UInt32(original + 1))
                    continue
                }
                // Two booked records: a hold and its booking may differ (a hotel's, a tip) and
                // are one payment.
                if let original, bankID != nil, !t.isPending, !transactions[original].isPending,
                    details(of: transactions[original])?.id != nil, !Self.sameMoney(transactions[original], t)
                {
                    // One id, other money: a bank that gives a card's installments (`Parcela 2/6`)
                    // or a new month's payments the ids it gave before. Dropped, a payment was lost.
                    reusedBankIDs.append(
                        ReusedBankID(account: Int(t.account), id: bankID!, kept: transactions[original], other: t))
                    keep(t, fingerprint, position, at: &kept, &keptPositions)
                    continue
                }
                if let original {
                    let keeper = transactions[original]
                    dropped = Duplicate(
                        transaction: t, fingerprint: fingerprint, source: source, index: position,
                        kept: .source(accountSources[Int(keeper.account)]), keptBankID: details(of: keeper)?.id,
                        byBankID: bankID != nil && details(of: keeper)?.id != nil, keptIndex: keptPositions[original])
                    dropped!.keptLocation = details(of: keeper)?.location
                }
            }
            if let dropped {
                // Said to be real (`state keep`): kept once, instead of dropped; later copies
                // still match the record it would have duplicated.
                if !keeps.isEmpty, let id = keeps.remove(bankID ?? fingerprint.text) {
                    keptAnyway.append(id)
                    keep(t, fingerprint, position, at: &kept, &keptPositions)
                } else {
                    recordDrop(dropped)
                }
                continue
            }
            if let bankID { firstByBankID[accountKeys[Int(t.account)] + bankID] = kept }
            firstByFingerprint.setIfAbsent(fingerprint, UInt32(kept + 1))
            keep(t, fingerprint, position, at: &kept, &keptPositions)
        }
        transactions.removeSubrange(kept...)
        fingerprints.removeSubrange(kept...)
        // For a pending record dropped after the merge, as one its booking replaces: kept only
        // when there is one (a million records' positions are 8 MB).
        if transactions.contains(where: \.isPending) { sourcePositions = keptPositions }
    }

    /// Whether two records with one bank id are one payment by their money: the same signed
    /// amount, booked within ``reusedIDDays`` of each other (a download may date a payment a
    /// day or two otherwise than the one before).
    static func sameMoney(_ a: Transaction, _ b: Transaction) -> Bool {
        a.signedMinor == b.signedMinor
            && abs(
                TransactionDate.days(ofUnixSeconds: a.unixSeconds) - TransactionDate.days(ofUnixSeconds: b.unixSeconds))
                <= reusedIDDays
    }

    static let reusedIDDays: Int64 = 4

    /// Keeps a record: the next of those moved up to the front of the feed's arrays.
    private mutating func keep(
        _ t: Transaction, _ fingerprint: Fingerprint, _ position: Int, at kept: inout Int, _ positions: inout [Int]
    ) {
        transactions[kept] = t
        fingerprints[kept] = fingerprint
        positions.append(position)
        kept += 1
    }

    /// Moves a dropped record to ``duplicates`` and counts it for its source: seen when an
    /// earlier batch kept its original, else a duplicate.
    mutating func recordDrop(_ dropped: Duplicate) {
        duplicates.append(dropped)
        sources[dropped.source].count -= 1
        if case .batch = dropped.kept {
            sources[dropped.source].seen += 1
        } else {
            sources[dropped.source].duplicates += 1
        }
    }

    /// The booked record `t` takes the place of the pending one kept at `original`, which is
    /// dropped as its duplicate (the same identity, the booked one's source and place).
    private mutating func replacePending(
        at original: Int, with t: Transaction, fingerprint: Fingerprint, source: Int, position: Int, bankID: String?,
        sources accountSources: [Int], positions keptPositions: inout [Int]
    ) {
        let pending = transactions[original]
        let pendingSource = accountSources[Int(pending.account)]
        var replaced = Duplicate(
            transaction: pending, fingerprint: fingerprints[original], source: pendingSource,
            index: keptPositions[original], kept: .source(source), keptBankID: bankID,
            byBankID: bankID != nil && details(of: pending)?.id != nil, keptIndex: position)
        replaced.keptLocation = details(of: t)?.location
        recordDrop(replaced)
        transactions[original] = t
        fingerprints[original] = fingerprint
        keptPositions[original] = position
    }
}
