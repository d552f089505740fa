import Synchronization
import TxFeedModel
import TxFeedPluginHost

/// The plugin's callbacks in the child: the collector decodes as it would in txfeed, and what
/// it holds goes up the pipe in chunks (every 20 ms or 64 Ki records, and from the child's
/// ticker when the plugin goes quiet), so neither process holds a second copy of a large run
/// and a crash loses only what was delivered in its last moments. A streamed account still
/// open goes up too, as provisional records txfeed keeps only once the account ends well.
///
/// A chunk is sent when the plugin calls again, not as its call returns: a plugin that hands
/// over a whole file in one call has freed the file by then, so the child does not hold the
/// text, its records and a copy being sent at once. A large NDJSON text is the exception: its
/// runs of lines go up as they are decoded, so txfeed reads the first while the child decodes
/// the rest, and neither holds all of its records in one chunk.
final class ChildEvents: SourceEvents {
    let collector: SourceCollector
    let writer: FrameWriter
    /// Uptime of the last chunk sent.
    private let lastFlush = Atomic<UInt64>(0)
    /// Taking and sending are one step, so that chunks from the source's thread and from the
    /// ticker arrive in the order they were taken.
    private let sending = Mutex(())

    static let chunkRecords = 1 << 16
    static let chunkNanoseconds: UInt64 = 20_000_000

    init(collector: SourceCollector, writer: FrameWriter) {
        self.collector = collector
        self.writer = writer
    }

    /// Sends what the collector holds, then the open account's records so far, each with the
    /// host time; `withTime`, an empty chunk for the time when nothing was committed.
    func flush(withTime: Bool = false) {
        sending.withLock { _ in
            lastFlush.store(UInt64(SourceCollector.uptime()), ordering: .relaxed)
            sendCommitted(withTime: withTime)
            if let part = collector.takeOpenAccountPart() {
                _ = part.send(to: writer, as: .provisional, hostTime: hostTime)
            }
        }
    }

    /// Sends what the collector committed, or with `withTime` at least the host time; the
    /// caller holds `sending`.
    private func sendCommitted(withTime: Bool = false) {
        let data = collector.take()
        guard !data.isEmpty || data.read > 0 || withTime else { return }
        _ = data.send(to: writer, hostTime: hostTime)
    }

    /// The host time so far, in nanoseconds.
    private var hostTime: UInt64 { UInt64(max(0, collector.hostSeconds) * 1e9) }

    /// The source's `run` returned: an account left open is the collector's to fail.
    func runEnded() {
        collector.runEnded()
    }

    /// Sends what earlier calls delivered, when it is time or enough. The time is the end of the
    /// collector's last work, not a clock read of its own: a million small accounts' three
    /// callbacks each read the clock for it. It is late by the plugin's time since its last
    /// call at most, and a plugin gone quiet is flushed by the ticker.
    private func sendDue() {
        let now = UInt64(max(0, collector.lastHostWorkEnded))
        // The ticker may have flushed after `now` was read: that last flush is not in the past.
        let last = lastFlush.load(ordering: .relaxed)
        if (now > last && now - last >= Self.chunkNanoseconds) || collector.pendingRecords >= Self.chunkRecords {
            flush()
        }
    }

    // MARK: SourceEvents

    var isCancelled: Bool { collector.isCancelled }

    func document(text: UnsafeBufferPointer<UInt8>, origin: String?) -> CallbackAnswer {
        document(text: text, origin: origin, part: .whole)
    }

    func document(text: UnsafeBufferPointer<UInt8>, origin: String?, part: TextPart) -> CallbackAnswer {
        sendDue()
        return collector.document(text: text, origin: origin, part: part, committed: { [self] in sendDue() })
    }

    func transactions(text: UnsafeBufferPointer<UInt8>, part: TextPart) -> CallbackAnswer {
        sendDue()
        return collector.transactions(text: text, part: part)
    }

    func document(janssonValue: UnsafeMutableRawPointer, origin: String?) -> CallbackAnswer {
        sendDue()
        return collector.document(janssonValue: janssonValue, origin: origin)
    }

    func beginAccount(text: UnsafeBufferPointer<UInt8>, originBytes origin: UnsafeBufferPointer<UInt8>?)
        -> CallbackAnswer
    {
        sendDue()
        return collector.beginAccount(text: text, originBytes: origin)
    }

    func beginAccount(fields: AccountFields, originBytes origin: UnsafeBufferPointer<UInt8>?) -> CallbackAnswer {
        sendDue()
        return collector.beginAccount(fields: fields, originBytes: origin)
    }

    func transactions(text: UnsafeBufferPointer<UInt8>) -> CallbackAnswer {
        sendDue()
        return collector.transactions(text: text)
    }

    func endAccount(balance: UnsafeBufferPointer<UInt8>?) -> CallbackAnswer {
        sendDue()
        return sending.withLock { _ in
            collector.endAccount(
                balance: balance,
                sendingRest: { rest, delivery in
                    // What was committed before the account ended goes first, as in txfeed's process.
                    self.sendCommitted()
                    _ = rest.send(to: self.writer, as: delivery, hostTime: self.hostTime)
                })
        }
    }

    func entries(_ entries: UnsafeBufferPointer<EntryFields>) -> CallbackAnswer {
        sendDue()
        return collector.entries(entries)
    }

    func reject(location: String, reason: String, raw: [UInt8]) -> CallbackAnswer {
        sendDue()
        return collector.reject(location: location, reason: reason, raw: raw)
    }

    func failAccount(reason: String) -> CallbackAnswer {
        sendDue()
        return collector.failAccount(reason: reason)
    }

    func log(_ level: PluginLogLevel, _ message: String) {
        collector.log(level, message)
    }
}
