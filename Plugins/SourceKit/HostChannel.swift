import Glibc
import StatementText
import TxFeedPluginABI

/// The host, as a running source plugin talks to it: accounts, entries, rejects, failures,
/// each call answering false once the host wants the source to stop.
public struct HostChannel {
    public let host: UnsafePointer<txfeed_source_host>

    /// - Throws: when the host predates `begin_account_fields` (and with it `emit_entries`,
    ///   `fail_account` and `end_account_with_balance`).
    public init(_ host: UnsafePointer<txfeed_source_host>, plugin: String) throws(PluginFailure) {
        guard
            Int(host.pointee.struct_size) > MemoryLayout<txfeed_source_host>.offset(of: \.begin_account_fields)!
        else {
            throw PluginFailure("this txfeed is too old for the \(plugin) plugin (no begin_account_fields)")
        }
        self.host = host
    }

    public var isCancelled: Bool { host.pointee.is_cancelled(host) != 0 }

    public func log(_ message: String, level: Int32 = Int32(TXFEED_LOG_INFO)) {
        host.pointee.log(host, level, message)
    }

    /// Opens an account whose entries follow.
    /// - Parameters:
    ///   - balance: the account's balance as a plain decimal (`1925.56`), when the file states one.
    public func beginAccount(name: String, currency: String?, id: String?, balance: String? = nil, origin: String)
        -> Bool
    {
        var batch = EntryBatch()
        let texts = [name, id, currency, balance].map { $0.map { batch.append($0) } }
        return batch.bytes.withUnsafeBufferPointer { bytes in
            func text(_ range: Range<Int>?) -> txfeed_text { Self.text(range, in: bytes) }
            var account = txfeed_account()
            account.struct_size = UInt32(MemoryLayout<txfeed_account>.size)
            account.name = text(texts[0])
            account.id = text(texts[1])
            account.currency = text(texts[2])
            account.balance = text(texts[3])
            return host.pointee.begin_account_fields(host, &account, origin) != Int32(TXFEED_STOP)
        }
    }

    /// `range` of `bytes` as the ABI's text; absent for nil.
    private static func text(_ range: Range<Int>?, in bytes: UnsafeBufferPointer<UInt8>) -> txfeed_text {
        guard let range else { return txfeed_text(data: nil, length: 0) }
        let base = UnsafeRawPointer(bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!)
        return txfeed_text(data: base.assumingMemoryBound(to: CChar.self) + range.lowerBound, length: range.count)
    }

    /// Hands a batch to the account begun last.
    public func emit(_ batch: EntryBatch) -> Bool {
        guard !batch.entries.isEmpty else { return true }
        return batch.bytes.withUnsafeBufferPointer { bytes in
            func text(_ range: Range<Int>?) -> txfeed_text { Self.text(range, in: bytes) }
            let entries = batch.entries.map { entry in
                txfeed_entry(
                    date: text(entry.date), vendor: text(entry.vendor), amount: text(entry.amount), id: text(entry.id),
                    memo: text(entry.memo), where: text(entry.location), raw: text(entry.raw),
                    status: entry.status.rawValue)
            }
            return host.pointee.emit_entries(host, entries, entries.count, MemoryLayout<txfeed_entry>.stride)
                != Int32(TXFEED_STOP)
        }
    }

    /// Begins an account, lets `body` hand its records over (returning false to stop), and ends
    /// it. Returns false when the host said stop.
    public func account(
        name: String, currency: String?, id: String?, balance: String? = nil, origin: String, _ body: () -> Bool
    ) -> Bool {
        beginAccount(name: name, currency: currency, id: id, balance: balance, origin: origin) && body()
            && endAccount()
    }

    /// Hands a batch over with the records the reader could not take and those whose money
    /// never moved, then says whether to go on (false once the host said stop or the run was
    /// cancelled).
    public func deliver(
        _ batch: EntryBatch, rejects: some Sequence<PluginReject>, neverMoved: some Sequence<PluginReject> = []
    ) -> Bool {
        guard emit(batch) else { return false }
        for reject in rejects {
            guard self.reject(location: reject.location, reason: reject.reason, raw: reject.raw) else { return false }
        }
        for record in neverMoved {
            guard self.neverMoved(location: record.location, why: record.reason, raw: record.raw) else { return false }
        }
        return !isCancelled
    }

    /// A record the file lists whose money never moved (a declined card payment): not imported
    /// and not a reject; the host counts it as skipped and writes it with `--skipped`. `why` is
    /// the status as the file writes it. Every host with `begin_account_fields`, which
    /// ``init(_:plugin:)`` requires, reads `TXFEED_NEVER_MOVED`: it came before.
    public func neverMoved(location: String, why: String, raw: some Collection<UInt8>) -> Bool {
        var batch = EntryBatch()
        let empty = batch.append("")
        let location = batch.append(location)
        let why = batch.append(why)
        let raw = batch.append(raw)
        batch.entries.append(
            EntryRanges(
                date: empty, vendor: empty, amount: empty, memo: why, location: location, raw: raw, status: .neverMoved)
        )
        return emit(batch)
    }

    /// A record the plugin could not read: counted and rejected with its place and reason.
    public func reject(location: String, reason: String, raw: some Collection<UInt8>) -> Bool {
        let bytes = Array(raw)
        return bytes.withUnsafeBufferPointer { raw in
            raw.withMemoryRebound(to: CChar.self) {
                host.pointee.reject(host, location, reason, $0.baseAddress, $0.count)
            }
        } != Int32(TXFEED_STOP)
    }

    /// The account begun last fails whole (balances that do not reconcile, a file cut short).
    public func failAccount(_ reason: String) -> Bool {
        host.pointee.fail_account(host, reason) != Int32(TXFEED_STOP)
    }

    /// Ends the account begun last; with `balance` (a plain signed decimal) it states the
    /// balance as it stands at the end.
    public func endAccount(balance: String? = nil) -> Bool {
        if let balance {
            var text = balance
            return text.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) {
                    host.pointee.end_account_with_balance(host, $0.baseAddress, $0.count)
                }
            } != Int32(TXFEED_STOP)
        }
        return host.pointee.end_account(host) != Int32(TXFEED_STOP)
    }
}
