/// An account a plugin host child sends up while it is still open (a long bank statement) is
/// held until it ends, since one that fails must leave nothing behind. Under a budget its
/// records still leave memory: as runs of the account's own, kept with it, merged only once it
/// ends well (``close(openAccount:runs:into:source:held:accountHeld:)``) and dropped with it
/// otherwise.
extension Spill {
    /// How far past its source's positions an open account numbers its records, and the
    /// source's later records past the account's: more than any count of records.
    static let positionGap: UInt64 = 1 << 40

    /// After a part of source `source`'s open account was added to `account`: counts what the
    /// account holds, and when all sources hold more than the budget and the account a run's
    /// worth of records, writes them as a run of its own and returns it, for the collector to
    /// keep with the account.
    /// - Parameters:
    ///   - committedBase: the source's ``SourceData/positionBase``: the account's records are
    ///     numbered past every position the source may still give records committed meanwhile
    ///     (accounts before it still being decoded), which come before it.
    ///   - held: what the account was last counted as holding, kept by its collector.
    public func collected(openAccount account: inout SourceData, source: Int, committedBase: UInt64, held: inout Int)
        -> SpillRun?
    {
        let now = Self.cost(of: account)
        let sum = total.add(now - held, ordering: .relaxed).newValue
        held = now
        guard sum > budget, error == nil, account.transactions.count >= runRecords else { return nil }
        if account.positionBase == 0 { account.positionBase = committedBase + Self.positionGap }
        guard let run = writeRun(of: &account, source: source) else { return nil }
        total.subtract(held, ordering: .relaxed)
        held = 0
        return run
    }

    /// Source `source`'s open account ended well after some of its records left as `runs`.
    /// The source's records still in memory leave first (they come before the account), the
    /// account's last records join its runs, its accounts, vendors and rejects join the
    /// source's data, and its runs join the merge, read with the ids the source gives the
    /// account. The source's later records are numbered past the account's.
    /// - Parameters:
    ///   - held: what `data` was last counted as holding.
    ///   - accountHeld: what the account was last counted as holding.
    public func close(
        openAccount account: SourceData, runs: [SpillRun], into data: inout SourceData, source: Int,
        held: inout Int, accountHeld: Int
    ) {
        var account = account
        var runs = runs
        pool(&data, source: source, held: &held)
        if !account.transactions.isEmpty, let run = writeRun(of: &account, source: source) { runs.append(run) }
        total.subtract(accountHeld, ordering: .relaxed)
        let spilled = account.spilled
        let next = account.positionBase + Self.positionGap
        account.spilled = 0
        account.positionBase = 0
        let accountBase = UInt32(data.accounts.count)
        data.append(account)
        let vendors = (0..<account.vendors.count).map { id in
            data.vendors.intern(account.vendors.bytes(of: UInt32(id)).span)
        }
        for run in runs {
            run.renumbering.withLock { $0 = SpillRun.Renumbering(accountBase: accountBase, vendors: vendors) }
        }
        state.withLock { $0.runs += runs }
        data.spilled += spilled
        data.positionBase = next
    }

    /// An open account was dropped (it failed, or never ended): what it was counted as
    /// holding is no longer held. Its runs close with it.
    public func release(_ held: Int) {
        total.subtract(held, ordering: .relaxed)
    }
}
