import TxFeedModel

/// What an account's checks need of the source that streams it.
public struct StreamContext: Sendable {
    /// What is read (a file name or URL, the plugin's `origin`), named in every message.
    public var origin: String
    public var sourceIndex: Int
    /// Threads for a large JSON batch (`--threads`).
    public var threads: Int
    /// Whether each record keeps its place in its file (`--duplicates`).
    public var keepsLocations: Bool
    /// Told every so many records checked: a long run's progress.
    public var onProgress: (@Sendable (Int) -> Void)?

    public init(
        origin: String, sourceIndex: Int, threads: Int, keepsLocations: Bool = false,
        onProgress: (@Sendable (Int) -> Void)? = nil
    ) {
        self.origin = origin
        self.sourceIndex = sourceIndex
        self.threads = threads
        self.keepsLocations = keepsLocations
        self.onProgress = onProgress
    }
}

/// An account that arrives as a header and then batches of records (`begin_account_fields`,
/// `emit_entries`, `end_account`), the typed path every shipped file reader takes. Kept apart
/// until ``finish()``: an account that fails loses all its records, and a long one goes on in
/// parts (``handOver()``). A third-party plugin's JSON envelope and batches reach the same
/// account through `StreamedAccount+JSON.swift`.
///
/// Accounts that end go on in the same data when the next one begins (``next(_:fields:)``):
/// a million small accounts are a few thousand data, not a million, each made, appended and
/// freed. ``takeEarlier()`` takes them apart from the one open when they must go first.
public struct StreamedAccount: Sendable {
    var context: StreamContext
    /// The accounts that ended, then the open one.
    var unit = SourceData()
    /// Where the open account begins in ``unit``: what the accounts before it left there stays.
    var start = SourceData().mark
    /// The open account's decimals; nil once it has failed.
    var scale: Int?
    /// The next record's place among the account's, its path when the plugin names none.
    var nextIndex = 0
    /// How many JSON batches the account has had, for a failure's message.
    var batches = 0
    /// Whether records were handed over before the account ended (``handOver()``).
    public private(set) var handedOver = false
    /// Whether the account failed: ``finish()`` then holds its failure alone.
    var hasFailed: Bool { scale == nil }
    /// Records and rejects decoded and not yet handed over, earlier accounts' included.
    var heldRecords: Int { unit.transactions.count + unit.rejects.count }
    /// Records, rejects and accounts held: what a unit of small accounts is committed by.
    var heldUnits: Int { heldRecords + unit.accounts.count }

    /// - Parameters:
    ///   - fields: the account as plain fields (`begin_account_fields`).
    public init(_ context: StreamContext, fields: AccountFields) {
        self.context = context
        begin(fields: fields)
    }

    /// Begins another account after this one, which has ended, in the same data.
    public mutating func next(_ context: StreamContext, fields: AccountFields) {
        opened(context)
        begin(fields: fields)
    }

    private mutating func begin(fields: AccountFields) {
        guard
            let account = fields.account(
                origin: context.origin, sourceIndex: context.sourceIndex, failures: &unit.failures)
        else { return }
        scale = account.scale
        unit.accounts.append(account)
        unit.documents += 1
    }

    /// A new account's place, after what the unit holds.
    mutating func opened(_ context: StreamContext) {
        precondition(!handedOver, "an account handed over ends its data")
        self.context = context
        start = unit.mark
        scale = nil
        nextIndex = 0
        batches = 0
    }

    /// The accounts that ended before this one, as data of their own, leaving this one alone
    /// (for anything that must come after them: a document, a part handed over); nil with none.
    public mutating func takeEarlier() -> SourceData? {
        let none = SourceData().mark
        guard start != none else { return nil }
        let open = unit.split(at: start)
        let earlier = unit
        unit = open
        start = none
        return earlier
    }

    /// Adds a batch of entries (`emit_entries`): each checked on its own, a wrong one rejected.
    public mutating func add(entries: UnsafeBufferPointer<EntryFields>) {
        guard let scale else { return }
        let checks = EntryChecks(origin: context.origin, scale: scale, keepsLocations: context.keepsLocations)
        let account = UInt32(unit.accounts.count - 1)
        for entry in entries {
            if entry.status == .neverMoved {
                unit.skipped.append(checks.neverMoved(entry, index: nextIndex))
                nextIndex += 1
                continue
            }
            switch checks.normalise(
                entry: entry, index: nextIndex, account: account, vendors: &unit.vendors, details: &unit.details)
            {
            case let .transaction(t): unit.transactions.append(t)
            case let .reject(r): unit.rejects.append(r)
            }
            nextIndex += 1
        }
        context.onProgress?(entries.count)
    }

    /// A record the plugin could not read itself: read, and rejected with the plugin's reason.
    /// - Parameters:
    ///   - raw: the record's own text (a CSV row), written as a JSON string by `--rejects`.
    public mutating func reject(location: String, reason: String, raw: [UInt8]) {
        guard scale != nil else { return }
        unit.rejects.append(Reject(origin: context.origin, path: location, reason: reason, raw: raw, rawIsText: true))
        nextIndex += 1
    }

    /// Fails the whole account: none of its records are kept, nor anything it named (the data
    /// goes back to where the account began), and its failure takes their place.
    public mutating func fail(_ reason: String) {
        drop(failure: "\(context.origin): \(reason)")
    }

    mutating func drop(failure message: String) {
        guard scale != nil else { return }
        scale = nil
        unit.truncate(to: start)
        unit.failures.append(message)
    }

    /// The balance the source states as the account ends (`end_account_with_balance`): it
    /// replaces the envelope's; one that is not a plain decimal of the currency fails the account.
    public mutating func state(balance text: UnsafeBufferPointer<UInt8>) {
        guard let scale else { return }
        do {
            unit.accounts[start.accounts].balance = try Money.parse(signedDecimalText: text.span, scale: scale)
        } catch {
            let shown = String(decoding: text.prefix(40), as: UTF8.self)
            fail("end_account_with_balance: balance \"\(shown)\": \(error)")
        }
    }

    /// What the account holds so far, nil once it has failed: a huge envelope's records kept as
    /// they come (so they can spill), or a long account a plugin host child sends up before it
    /// ends. The first hand-over carries the account, later ones (and ``finish()``) continue it.
    public mutating func handOver() -> SourceData? {
        guard !hasFailed, !unit.transactions.isEmpty || !unit.rejects.isEmpty || !unit.skipped.isEmpty else {
            return nil
        }
        var part = unit
        part.continuesLastAccount = handedOver
        handedOver = true
        // Accounts and vendors stay: the records still to come refer to them.
        unit.transactions = []
        unit.details = []
        unit.rejects = []
        unit.skipped = []
        unit.documents = 0
        return part
    }

    /// The account's data, or its failure, moved out: the account is left empty. (Mutating,
    /// not consuming: consuming an account stored in its caller's state copied it, retaining
    /// each of its arrays, a fifth of a million one-record accounts' cost.)
    public mutating func finish() -> SourceData {
        // Moved out, not copied: a copy of the data retains each of its arrays.
        var data = SourceData()
        swap(&data, &unit)
        data.continuesLastAccount = handedOver && !data.accounts.isEmpty
        return data
    }
}
