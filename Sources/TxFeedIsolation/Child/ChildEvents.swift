import Dispatch
import Synchronization
import TxFeedModel
import TxFeedPipeline
import TxFeedPluginHost

/// The plugin's callbacks in the child: the collector decodes as it would in txfeed, and what
/// it holds goes up the pipe in chunks (every 20 ms or 64 Ki records, and from the child's
/// ticker when the plugin goes quiet), so neither process holds a second copy of a large run
/// and a crash loses only what was delivered in its last moments. A streamed account still
/// open goes up too, as provisional records txfeed keeps only once the account ends well. A small
/// streamed account is not decoded here at all: its calls go up as the plugin made them
/// (``FrameKind/accounts``), and txfeed decodes it once, as in-process. They are written in that
/// form as they come, without the collector: it gets an account only when it turns out not to
/// be small, meets a call only the collector takes (entries, pieces of a huge envelope) or is
/// left open.
///
/// A chunk is sent when the plugin calls again, not as its call returns: a plugin that hands
/// over a whole file in one call has freed the file by then, so the child does not hold the
/// text, its records and a copy being sent at once.
final class ChildEvents: SourceEvents {
    let collector: SourceCollector
    let writer: FrameWriter
    /// Uptime of the last chunk sent.
    private let lastFlush = Atomic<UInt64>(0)
    /// Taking and sending are one step, so that chunks from the source's thread and from the
    /// ticker arrive in the order they were taken.
    private let sending = Mutex(())
    /// Small accounts ended and not yet sent, encoded; touched only under `sending`. Whatever
    /// the collector holds was committed after all of them (``forward(_:)`` sends it first).
    private let forwarded = Mutex<[UInt8]>([])
    /// The small account the plugin is streaming, in ``ForwardedAccounts``' form so far; only
    /// the source's thread touches it.
    private let open = Mutex(OpenAccount())

    private struct OpenAccount {
        var isOpen = false
        /// Kept between accounts: a million small ones reuse one buffer.
        var bytes: [UInt8] = []
    }

    static let chunkRecords = 1 << 16
    static let chunkNanoseconds: UInt64 = 20_000_000
    /// Forwarded accounts go up once this many bytes wait: a quarter of the pipe, so that
    /// txfeed starts on them while the plugin goes on.
    static let forwardedBytes = 1 << 18

    init(collector: SourceCollector, writer: FrameWriter) {
        self.collector = collector
        self.writer = writer
    }

    /// Sends what the collector holds, then the open account's records so far.
    func flush() {
        sending.withLock { _ in
            lastFlush.store(DispatchTime.now().uptimeNanoseconds, ordering: .relaxed)
            sendCommitted()
            if let part = collector.takeOpenAccountPart() { _ = part.send(to: writer, as: .provisional) }
        }
    }

    /// Sends the accounts forwarded, then what the collector committed since; the caller holds
    /// `sending`.
    private func sendCommitted() {
        sendForwarded()
        let data = collector.take()
        guard !data.isEmpty || data.read > 0 else { return }
        _ = data.send(to: writer)
    }

    /// The caller holds `sending`.
    private func sendForwarded() {
        forwarded.withLock { bytes in
            guard !bytes.isEmpty else { return }
            writer.send(.accounts) { $0.bytes.append(contentsOf: bytes) }
            bytes.removeAll(keepingCapacity: true)
        }
    }

    /// A small account ended: queued after what the collector committed before it. The caller
    /// holds `sending`.
    /// - Parameters:
    ///   - append: writes the account to the bytes queued.
    private func forward(_ append: (inout [UInt8]) -> Void) {
        if collector.holdsDelivered { sendCommitted() }
        let full = forwarded.withLock { bytes in
            append(&bytes)
            return bytes.count >= Self.forwardedBytes
        }
        if full { sendForwarded() }
    }

    /// Writes a call of the open small account, if one is open and stays small with it.
    private func forwarding(_ call: StreamedAccountRecording.PluginCall, adding count: Int = 0) -> Bool {
        open.withLock { open in
            guard open.isOpen, open.bytes.count + count < StreamedAccountRecording.largest else { return false }
            ForwardedAccounts.append(call, to: &open.bytes)
            return true
        }
    }

    /// Gives the open small account, if any, to the collector, as if it had recorded the calls
    /// so far: it is not small after all, meets a call only the collector takes, or is left open.
    private func giveToCollector() {
        let calls = open.withLock { open -> [UInt8]? in
            guard open.isOpen else { return nil }
            open.isOpen = false
            defer { open.bytes.removeAll(keepingCapacity: true) }
            return open.bytes
        }
        if let calls { collector.adoptOpenAccount(calls) }
    }

    /// The source's `run` returned: an account left open is the collector's to fail.
    func runEnded() {
        giveToCollector()
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
        sendDue()
        return collector.document(text: text, origin: origin)
    }

    func document(text: UnsafeBufferPointer<UInt8>, origin: String?, part: TextPart) -> CallbackAnswer {
        sendDue()
        return collector.document(text: text, origin: origin, part: part)
    }

    func transactions(text: UnsafeBufferPointer<UInt8>, part: TextPart) -> CallbackAnswer {
        sendDue()
        giveToCollector()
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
        if collector.isCancelled { return .stop }
        // One still open: the collector fails it, as any begin_account before end_account.
        let unfinished = open.withLock { $0.isOpen }
        if unfinished { giveToCollector() }
        guard !unfinished, text.count < StreamedAccountRecording.largest, !collector.hasOpenAccount else {
            return collector.beginAccount(text: text, originBytes: origin)
        }
        open.withLock { open in
            open.isOpen = true
            if let origin {
                ForwardedAccounts.appendBegin(envelope: text, origin: origin, to: &open.bytes)
            } else {
                ForwardedAccounts.append(.beginAccount(envelope: text, origin: collector.sourceName), to: &open.bytes)
            }
        }
        return .proceed
    }

    func beginAccount(fields: AccountFields, originBytes origin: UnsafeBufferPointer<UInt8>?) -> CallbackAnswer {
        sendDue()
        giveToCollector()
        return collector.beginAccount(fields: fields, originBytes: origin)
    }

    func transactions(text: UnsafeBufferPointer<UInt8>) -> CallbackAnswer {
        sendDue()
        if collector.isCancelled { return .stop }
        if forwarding(.transactions(text), adding: text.count) { return .proceed }
        giveToCollector()
        return collector.transactions(text: text)
    }

    func endAccount(balance: UnsafeBufferPointer<UInt8>?) -> CallbackAnswer {
        sendDue()
        let ended = open.withLock { $0.isOpen }
        return sending.withLock { _ in
            guard ended else {
                return collector.endAccount(
                    balance: balance,
                    sendingRest: { rest, delivery in
                        // What was committed before the account ended goes first, as in txfeed's process.
                        self.sendCommitted()
                        _ = rest.send(to: self.writer, as: delivery)
                    },
                    forwarding: { recording in self.forward { ForwardedAccounts.append(recording, to: &$0) } })
            }
            forward { bytes in
                open.withLock { open in
                    ForwardedAccounts.append(.endAccount(balance: balance), to: &open.bytes)
                    bytes.append(contentsOf: open.bytes)
                    open.bytes.removeAll(keepingCapacity: true)
                    open.isOpen = false
                }
            }
            return collector.isCancelled ? .stop : .proceed
        }
    }

    func entries(_ entries: UnsafeBufferPointer<EntryFields>) -> CallbackAnswer {
        sendDue()
        giveToCollector()
        return collector.entries(entries)
    }

    func reject(location: String, reason: String, raw: [UInt8]) -> CallbackAnswer {
        sendDue()
        if collector.isCancelled { return .stop }
        if forwarding(.reject(location: location, reason: reason, raw: raw)) { return .proceed }
        // Not small after all: the collector takes the account first, or this reject would be
        // the source's own, ahead of the account's earlier ones and kept if the account fails.
        giveToCollector()
        return collector.reject(location: location, reason: reason, raw: raw)
    }

    func failAccount(reason: String) -> CallbackAnswer {
        sendDue()
        if collector.isCancelled { return .stop }
        if forwarding(.failAccount(reason)) { return .proceed }
        giveToCollector()
        return collector.failAccount(reason: reason)
    }

    func log(_ level: PluginLogLevel, _ message: String) {
        collector.log(level, message)
    }
}
