import StatementText

/// One account at a time handed to the host as a reader finds its records: entries gathered
/// into batches, a reject sent after the entries before it, the account ended or failed whole.
/// For readers that go event by event (a statement begins, a transaction, a statement ends).
public struct AccountStream {
    public let channel: HostChannel
    /// How many entries go to the host in one call: enough to amortise the call, small enough
    /// that the batch's texts stay in cache.
    public let batchSize: Int
    private var batch = EntryBatch()
    /// Whether an account is begun and neither ended nor failed.
    public private(set) var isOpen = false

    public init(channel: HostChannel, batchSize: Int = 4096) {
        self.channel = channel
        self.batchSize = batchSize
    }

    /// Each call answers false once the host wants the source to stop.
    public mutating func begin(name: String, currency: String?, id: String?, balance: String?, origin: String)
        -> Bool
    {
        isOpen = true
        return channel.beginAccount(name: name, currency: currency, id: id, balance: balance, origin: origin)
    }

    public mutating func add(
        date: String, vendor: String, amount: String, id: String?, memo: String?, location: String,
        raw: String? = nil, pending: Bool
    ) -> Bool {
        batch.append(
            date: date, vendor: vendor, amount: amount, id: id, memo: memo, location: location, raw: raw,
            pending: pending)
        return batch.entries.count < batchSize || flush()
    }

    /// Hands over a batch a reader filled itself, after the entries added before it.
    public mutating func emit(_ entries: EntryBatch) -> Bool {
        flush() && channel.emit(entries)
    }

    /// A record the reader could not take; the entries before it go first, so paths keep order.
    public mutating func reject(location: String, reason: String, raw: some Collection<UInt8>) -> Bool {
        flush() && channel.reject(location: location, reason: reason, raw: raw)
    }

    /// Ends the account with what it holds.
    /// - Parameters:
    ///   - balance: the balance at the end, a plain signed decimal, when the statement gives it
    ///     only after its transactions.
    public mutating func end(balance: String? = nil) -> Bool {
        isOpen = false
        return flush() && channel.endAccount(balance: balance) && !channel.isCancelled
    }

    /// Fails the open account whole (balances that do not reconcile, the file cut short): what
    /// it held is dropped with it, and the accounts ended before stay.
    public mutating func fail(_ reason: String) -> Bool {
        guard isOpen else { return true }
        isOpen = false
        batch.removeAll()
        return channel.failAccount(reason) && channel.endAccount()
    }

    private mutating func flush() -> Bool {
        defer { batch.removeAll() }
        return channel.emit(batch)
    }
}
