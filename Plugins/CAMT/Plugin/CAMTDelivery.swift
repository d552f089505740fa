import CAMTReading
import SourceKit
import StatementText
import TxFeedPluginABI

/// Hands the reader's events to the host: one account per statement, entries in batches, a
/// statement that does not reconcile (or is cut short) failed whole.
struct CAMTDelivery {
    let origin: String
    let account: String?
    let stem: String
    private var stream: AccountStream
    /// Each account's statement ended last: the next one opens where it closed, or one is missing.
    private var gaps = StatementGaps()

    init(channel: HostChannel, origin: String, account: String?, stem: String) {
        stream = AccountStream(channel: channel)
        self.origin = origin
        self.account = account
        self.stem = stem
    }

    /// False when the host said stop.
    /// - Throws: a failure outside any open statement: nothing of the file's remains to fail.
    mutating func take(_ event: CAMTEvent) throws -> Bool {
        switch event {
        case .statement(let statement):
            let closing = statement.closing.map { $0.amount.plain(decimals: statement.decimals) }
            return stream.begin(
                name: account ?? statement.accountName ?? stem, currency: statement.currency,
                id: statement.accountID, balance: closing, origin: origin)
        case .entry(let entry):
            return stream.add(
                date: entry.date, vendor: entry.vendor, amount: entry.amount, id: entry.id, memo: entry.memo,
                location: entry.location, pending: entry.pending)
        case .reject(let reject):
            return stream.reject(location: reject.location, reason: reject.reason, raw: reject.raw)
        case .statementEnd(let end):
            let path = "\(origin): \(end.statement.path)"
            if end.info > 0 {
                stream.channel.log(
                    "\(path): \(end.info) INFO \("entry".plural(end.info, "entries")) skipped (information only)")
            }
            if end.withoutStatus > 0 {
                stream.channel.log(
                    "\(path): \(end.withoutStatus.counted("entry", "entries")) without Sts read as booked (a camt.053 statement is of booked entries)"
                )
            }
            if end.datedByStatement > 0, let day = end.statement.onlyDay {
                stream.channel.log(
                    "\(path): \(end.datedByStatement.counted("entry", "entries")) without BookgDt or ValDt dated \(day), the statement's only day"
                )
            }
            for balance in end.statement.balances where balance.withoutIndicator {
                stream.channel.log("\(path): balance \(balance.code) has no CdtDbtInd: read as a credit")
            }
            let account = end.statement.accountID ?? end.statement.accountName ?? "?"
            if let failure = end.failure {
                gaps.forget(account: account)
                return stream.fail(failure)
            }
            if let opening = end.statement.opening, let closing = end.statement.closing,
                let gap = gaps.follow(
                    account: account, currency: end.statement.currency ?? "", path: end.statement.path,
                    opening: opening.amount, closing: closing.amount, decimals: end.statement.decimals)
            {
                stream.channel.log("\(origin): \(gap)", level: Int32(TXFEED_LOG_WARNING))
            }
            return stream.end()
        case .failure(let failure):
            guard stream.isOpen else { throw PluginFailure("\(failure)") }
            // The host puts the file's name before the reason.
            return stream.fail(failure.withoutOrigin)
        }
    }
}
