import CAMTReading
import SourceKit

/// Hands the reader's events to the host: one account per statement, entries in batches, a
/// statement that does not reconcile (or is cut short) failed whole.
struct CAMTDelivery {
    let channel: HostChannel
    let origin: String
    let account: String?
    let stem: String
    private var batch = EntryBatch()
    private var open = false

    init(channel: HostChannel, origin: String, account: String?, stem: String) {
        self.channel = channel
        self.origin = origin
        self.account = account
        self.stem = stem
    }

    /// False when the host said stop.
    /// - Throws: a failure outside any open statement: nothing of the file's remains to fail.
    mutating func take(_ event: CAMTEvent) throws -> Bool {
        switch event {
        case .statement(let statement):
            open = true
            let closing = statement.closing.map { $0.amount.plain(decimals: statement.decimals) }
            return channel.beginAccount(
                name: account ?? statement.accountName ?? stem, currency: statement.currency,
                id: statement.accountID, balance: closing, origin: origin)
        case .entry(let entry):
            append(entry)
            return batch.entries.count < CAMTFileSource.batchSize || flush()
        case .reject(let reject):
            return flush() && channel.reject(location: reject.location, reason: reject.reason, raw: reject.raw)
        case .statementEnd(let end):
            guard flush() else { return false }
            open = false
            if end.info > 0 {
                let entries = end.info == 1 ? "entry" : "entries"
                channel.log("\(origin): \(end.statement.path): \(end.info) INFO \(entries) skipped (information only)")
            }
            if let failure = end.failure, !channel.failAccount(failure) { return false }
            return channel.endAccount() && !channel.isCancelled
        case .failure(let failure):
            guard open else { throw PluginFailure("\(failure)") }
            open = false
            // The host puts the file's name before the reason.
            return flush() && channel.failAccount(failure.withoutOrigin) && channel.endAccount()
        }
    }

    private mutating func append(_ entry: CAMTEntry) {
        batch.append(
            date: entry.date, vendor: entry.vendor, amount: entry.amount, id: entry.id, memo: entry.memo,
            location: entry.location, pending: entry.pending)
    }

    private mutating func flush() -> Bool {
        defer { batch.removeAll() }
        return channel.emit(batch)
    }
}
