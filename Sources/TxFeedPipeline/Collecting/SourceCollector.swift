import Glibc
import Synchronization
import TxFeedModel
import TxFeedPluginHost

/// Owns what one source delivers, from its first callback until the barrier takes it over.
///
/// The source's thread decodes each unit outside the lock and commits it whole under the lock;
/// once abandoned, the collector keeps what it had and refuses the rest. A plugin host child
/// runs one of its own, and the parent's receives what that one delivered
/// (``delivered(_:as:)``).
public final class SourceCollector: SourceEvents {
    let name: String
    let index: Int
    let threads: Int
    let log: @Sendable (String, PluginLogLevel, String) -> Void
    /// Told every so many transactions decoded (a long run's progress).
    let onProgress: (@Sendable (Int) -> Void)?
    /// The run's memory budget: past it, what this source holds spills to a sorted run.
    let spill: Spill?
    /// The run's rejects: each delivery's go there at once, so that none waits in the source.
    let rejects: RejectStore?
    /// Whether each record keeps its place in its file (`--duplicates`).
    public let keepsLocations: Bool

    private let cancelled = Atomic<Bool>(false)
    /// Time spent decoding in the source's callbacks: txfeed's own work, which never counts
    /// against the source's timeout.
    private let hostNanoseconds = Atomic<Int>(0)
    /// When the host work under way began (uptime nanoseconds), or 0.
    private let hostWorkSince = Atomic<Int>(0)
    /// When txfeed's work for the source last ended (uptime nanoseconds; 0 before any).
    private let hostWorkEnded = Atomic<Int>(0)
    /// Host time a plugin host child reported for this source (its decoding, in its process).
    private let childHostNanoseconds = Atomic<Int>(0)
    private let delivered = Mutex(Delivered())
    /// ``pendingRecords``, kept as the data changes: a plugin host child asks before every
    /// callback.
    private let pending = Atomic<Int>(0)
    /// The account being streamed (`begin_account` … `end_account`). Only the source's thread
    /// touches it, and only during `run`; a Mutex keeps that honest at no real cost.
    let streaming = Mutex<Streaming?>(nil)

    private struct Delivered {
        var data = SourceData()
        var abandoned = false
        /// What the run's memory budget last counted `data` as holding (``Spill``).
        var spillHeld = 0
        /// A plugin host child's account still open, as far as it has come
        /// (``Delivery/provisional``): kept only once it ends well.
        var held: SourceData?
        /// Its records that left memory under the budget, merged only once it ends well.
        var heldRuns: [SpillRun] = []
        /// What the budget last counted ``held`` as holding.
        var heldCost = 0

        /// Takes the open account, its runs and its cost out, leaving none.
        mutating func takeHeld() -> (account: SourceData?, runs: [SpillRun], cost: Int) {
            defer {
                held = nil
                heldRuns = []
                heldCost = 0
            }
            return (held, heldRuns, heldCost)
        }
    }

    /// The accounts streamed (`begin_account` … `end_account`): those that ended wait here,
    /// decoded one after the other into one data, until ``groupedUnits`` or anything that must
    /// come after them (a document, a part handed over, the barrier's take); then the open one.
    struct Streaming: Sendable {
        /// Its context names the open account's origin.
        var account: StreamedAccount
        /// Whether the last account begun is still open.
        var isOpen = true
        /// Whether a plugin host child sent records of it up already (``takeOpenAccountPart()``).
        var sentProvisionally = false
        /// How many of its vendors went up with those parts: each part carries only the new ones.
        var vendorsSent = 0
    }

    public init(
        name: String, index: Int, threads: Int, log: @escaping @Sendable (String, PluginLogLevel, String) -> Void,
        onProgress: (@Sendable (Int) -> Void)?, spill: Spill? = nil, rejects: RejectStore? = nil,
        keepsLocations: Bool = false
    ) {
        self.name = name
        self.index = index
        self.threads = threads
        self.log = log
        self.onProgress = onProgress
        self.spill = spill
        self.rejects = rejects
        self.keepsLocations = keepsLocations
    }

    // MARK: Barrier side

    public func cancel() {
        cancelled.store(true, ordering: .relaxed)
    }

    /// Keeps what was delivered and refuses the rest; the source is told to stop as well.
    public func abandon() {
        commitEnded()
        delivered.withLock { $0.abandoned = true }
        cancel()
    }

    /// A copy of what was delivered so far.
    public func peek() -> SourceData {
        delivered.withLock { $0.data }
    }

    /// Hands the delivered data over; the collector keeps nothing of it. A child's account
    /// still held never ended, and is dropped.
    public func take() -> SourceData {
        commitEnded()
        return delivered.withLock { delivered in
            let data = delivered.data
            delivered.data = SourceData()
            // An account still open never ended: its records and rejects go with it.
            drop(delivered.takeHeld())
            pending.store(0, ordering: .relaxed)
            return data
        }
    }

    /// The source's `run` returned: an account left open fails.
    func runEnded() {
        closeStream(failing: "account ended without end_account")
    }

    /// Takes the stream out (only while an account is open, with `whenOpen`) and commits what
    /// ended in it; an account left open is dropped and fails with `reason`.
    private func closeStream(whenOpen: Bool = false, failing reason: String) {
        let closed = streaming.withLock { !whenOpen || $0?.isOpen == true ? Self.close(&$0) : nil }
        guard let (ended, unfinished) = closed else { return }
        _ = commit { data in
            if let ended { data.append(ended) }
            if let unfinished { data.failures.append("\(unfinished): \(reason)") }
        }
    }

    /// Takes the stream out: the accounts that ended, and the origin of one left open (dropped).
    private static func close(_ streaming: inout Streaming?) -> (ended: SourceData?, unfinished: String?)? {
        guard var stream = streaming.take() else { return nil }
        return stream.isOpen
            ? (stream.account.takeEarlier(), stream.account.context.origin) : (stream.account.finish(), nil)
    }

    /// Commits the accounts that ended and wait in the stream, before anything that follows them.
    func commitEnded() {
        let ended = streaming.withLock { streaming -> SourceData? in
            guard streaming != nil else { return nil }
            return streaming!.isOpen ? streaming!.account.takeEarlier() : Self.close(&streaming)?.ended
        }
        if let ended { _ = add { $0.data.append(ended) } }
    }

    /// Ended accounts and their records that wait in the stream before they are committed.
    static let groupedUnits = 1 << 12

    /// Seconds spent decoding what the source delivered so far, the work under way included.
    var hostSeconds: Double {
        let since = hostWorkSince.load(ordering: .relaxed)
        let current = since == 0 ? 0 : max(0, Self.uptime() - since)
        return Double(
            hostNanoseconds.load(ordering: .relaxed) + childHostNanoseconds.load(ordering: .relaxed) + current) / 1e9
    }

    /// When txfeed's work for the source last ended (uptime nanoseconds; 0 before any): a clock
    /// as of the last callback, for a plugin host child's chunks, without a clock call of its
    /// own before every callback.
    var lastHostWorkEnded: Int { hostWorkEnded.load(ordering: .relaxed) }

    /// Transactions, rejects and failed documents delivered and not yet taken.
    var pendingRecords: Int { pending.load(ordering: .relaxed) }

    // MARK: A plugin host child's data (on the thread following the child)

    /// A chunk the child decoded, whole; `.stop` once the source was abandoned.
    /// - Parameters:
    ///   - delivery: how the chunk stands to the account the plugin has open: the child sends a
    ///     long account's records as they come instead of holding it whole, and they are kept
    ///     only once it ends well.
    func delivered(_ data: SourceData, as delivery: Delivery) -> CallbackAnswer {
        let answer = receive(data, as: delivery)
        if data.transactions.count > 0 { onProgress?(data.transactions.count) }
        return answer
    }

    /// ``delivered(_:as:)`` without counting progress: in txfeed's own process the decoder
    /// counted the records already (``passOpenAccountOn()``).
    private func receive(_ data: SourceData, as delivery: Delivery) -> CallbackAnswer {
        let answer: CallbackAnswer
        switch delivery {
        case .committed:
            answer = commit { $0.append(data) }
        case .provisional:
            let kept = delivered.withLock { delivered -> Bool in
                // A part that does not continue the account held begins another: that one never ended.
                guard data.continuesLastAccount, delivered.held != nil else {
                    drop(delivered.takeHeld())
                    delivered.held = data
                    hold(&delivered)
                    return data.vendorBase == 0
                }
                guard delivered.held!.appendContinuing(data) else { return false }
                hold(&delivered)
                return true
            }
            answer = kept ? (isCancelled ? .stop : .proceed) : outOfOrder()
        case .closing:
            let (held, runs, cost) = delivered.withLock { $0.takeHeld() }
            var account = held
            if account?.appendContinuing(data) == true {
                answer = commitDelivered { delivered in
                    // Its rejects taken while it was open follow what the source committed meanwhile.
                    rejects?.commitPending(source: index)
                    guard let spill, !runs.isEmpty else {
                        spill?.release(cost)
                        return delivered.data.append(account!)
                    }
                    spill.close(
                        openAccount: account!, runs: runs, into: &delivered.data, source: index,
                        held: &delivered.spillHeld, accountHeld: cost)
                }
            } else {
                drop((account, runs, cost))
                answer = outOfOrder()
            }
        case .withdrawing:
            dropHeld()
            answer = commit { $0.append(data) }
        }
        return answer
    }

    /// In txfeed's own process under a budget: a long statement goes on to the held account in
    /// parts, as a plugin host child sends it up (``takeOpenAccountPart()``), so that it spills
    /// while open instead of waiting whole in its decoder until `end_account`.
    func passOpenAccountOn() {
        guard spill != nil,
            streaming.withLock({ $0?.account.heldRecords ?? 0 }) >= Self.passedOnRecords,
            let part = takeOpenAccountPart()
        else { return }
        _ = receive(part, as: .provisional)
    }

    /// Records a long statement's part holds in txfeed's own process.
    static let passedOnRecords = 1 << 16

    /// A part of an open account that does not continue it: a broken child. The account is dropped.
    private func outOfOrder() -> CallbackAnswer {
        dropHeld()
        return commit { $0.failures.append("\(name): the plugin host sent an open account's records out of order") }
    }

    /// Drops the open account held, its records and its rejects.
    private func dropHeld() {
        drop(delivered.withLock { $0.takeHeld() })
    }

    private func drop(_ held: (account: SourceData?, runs: [SpillRun], cost: Int)) {
        spill?.release(held.cost)
        rejects?.withdraw(source: index)
    }

    /// The open account just grew: its rejects leave as pending, and under the budget its
    /// records as runs of its own.
    private func hold(_ delivered: inout Delivered) {
        rejects?.take(from: &delivered.held!, source: index, name: name, pending: true)
        guard let spill else { return }
        if let run = spill.collected(
            openAccount: &delivered.held!, source: index, committedBase: delivered.data.positionBase,
            held: &delivered.heldCost)
        {
            delivered.heldRuns.append(run)
        }
    }

    /// Documents delivered and kept so far: not those of an account still held open.
    var documentsKept: Int { delivered.withLock { $0.data.documents } }

    /// The child's host time for this source so far (it replaces the last report): it counts as
    /// the host's, never against the source's timeout.
    func childHostTime(nanoseconds: Int) {
        childHostNanoseconds.store(nanoseconds, ordering: .relaxed)
    }

    /// Nanoseconds of the coarse monotonic clock, which host time is counted in. It reads in a
    /// few nanoseconds where the fine one took twenty, and a million small accounts read it six
    /// times each (7% of a plugin host child's time). Its ticks (4 ms here) make one call's time
    /// short or long by at most a tick, and right on average over many: a timeout of seconds
    /// never notices.
    static func uptime() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC_COARSE, &now)
        return now.tv_sec * 1_000_000_000 + now.tv_nsec
    }

    // MARK: SourceEvents (the source's thread)

    public var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    public func beginAccount(fields: AccountFields, originBytes: UnsafeBufferPointer<UInt8>?) -> CallbackAnswer {
        begin(
            originBytes, first: { StreamedAccount($0, fields: fields) }, next: { $0.next($1, fields: fields) })
    }

    /// Begins an account: after those that ended, in their data, or in a new stream. One still
    /// open never ends: it is dropped, and a failed document.
    /// - Parameters:
    ///   - first: a stream's first account, in the context given.
    ///   - next: begins the account after those in the stream.
    func begin(
        _ originBytes: UnsafeBufferPointer<UInt8>?, first: (StreamContext) -> StreamedAccount,
        next: (inout StreamedAccount, StreamContext) -> Void
    ) -> CallbackAnswer {
        if isCancelled { return .stop }
        closeStream(whenOpen: true, failing: "begin_account again before end_account")
        let origin = originBytes.map { String(decoding: $0, as: UTF8.self) } ?? name
        hostWork {
            // Changed in place: an account moved in and out retained each of its arrays.
            streaming.withLock { streaming in
                if streaming == nil {
                    streaming = Streaming(account: first(context(origin)))
                } else {
                    next(&streaming!.account, context(origin))
                    streaming!.isOpen = true
                }
            }
        }
        return .proceed
    }

    public func endAccount(balance: UnsafeBufferPointer<UInt8>?) -> CallbackAnswer {
        // An account passed on while open (``passOpenAccountOn()``) ends as a child's does.
        endAccount(balance: balance, sendingRest: { rest, delivery in _ = self.receive(rest, as: delivery) })
    }

    /// `end_account` in a plugin host child. An account whose records went up already
    /// (``takeOpenAccountPart()``) is not committed here: `send` gets the rest of it, once the
    /// accounts before it are committed, as ``Delivery/closing`` or, failed,
    /// ``Delivery/withdrawing``.
    public func endAccount(
        balance: UnsafeBufferPointer<UInt8>?, sendingRest send: (SourceData, Delivery) -> Void
    ) -> CallbackAnswer {
        enum Ended {
            case none, waits
            case full(SourceData)
            case sentUp(SourceData, failed: Bool, vendorsSent: Int)
        }
        return hostWork {
            let ended = streaming.withLock { streaming -> Ended in
                guard streaming?.isOpen == true else { return .none }
                if let balance { streaming!.account.state(balance: balance) }
                if streaming!.sentProvisionally {
                    var open = streaming.take()!
                    return .sentUp(open.account.finish(), failed: open.account.hasFailed, vendorsSent: open.vendorsSent)
                }
                streaming!.isOpen = false
                guard streaming!.account.heldUnits >= Self.groupedUnits else { return .waits }
                return .full(Self.close(&streaming)!.ended!)
            }
            switch ended {
            case .none: return commit { $0.failures.append("\(name): end_account without begin_account") }
            case .waits: return isCancelled ? .stop : .proceed
            case .full(let data): return commit { $0.append(data) }
            case .sentUp(let data, let failed, let vendorsSent):
                send(failed ? data : data.withVendors(from: vendorsSent), failed ? .withdrawing : .closing)
                return isCancelled ? .stop : .proceed
            }
        }
    }

    /// In a plugin host child: the records of the open account so far, to send up as
    /// ``Delivery/provisional``, so that a long account is held by txfeed alone, not by both
    /// processes. Nil with none: no account open, or one handed over as committed pieces (a
    /// huge envelope read in pieces).
    func takeOpenAccountPart() -> SourceData? {
        // The accounts that ended before it go first, committed.
        commitEnded()
        return streaming.withLock { streaming -> SourceData? in
            guard streaming?.isOpen == true, let provisional = streaming?.sentProvisionally,
                provisional || !streaming!.account.handedOver,
                let whole = streaming!.account.handOver()
            else { return nil }
            let part = whole.withVendors(from: streaming!.vendorsSent)
            streaming!.sentProvisionally = true
            streaming!.vendorsSent = whole.vendors.count
            return part
        }
    }

    public func entries(_ entries: UnsafeBufferPointer<EntryFields>) -> CallbackAnswer {
        let answer = hostWork {
            streamed("emit_entries") { $0.account.add(entries: entries) }
        }
        passOpenAccountOn()
        return answer
    }

    public func reject(location: String, reason: String, raw: [UInt8]) -> CallbackAnswer {
        if isCancelled { return .stop }
        // Host work like any record's: it also dates the collector's last work, by which a
        // plugin host child knows to send up a statement of rejected rows as it goes.
        let open = hostWork {
            streaming.withLock { streaming in
                guard streaming?.isOpen == true else { return false }
                streaming!.account.reject(location: location, reason: reason, raw: raw)
                return true
            }
        }
        if open {
            passOpenAccountOn()
            return .proceed
        }
        // Outside an account the record still counts: it belongs to the source.
        return commit {
            $0.rejects.append(Reject(origin: name, path: location, reason: reason, raw: raw, rawIsText: true))
        }
    }

    public func failAccount(reason: String) -> CallbackAnswer {
        streamed("fail_account") { $0.account.fail(reason) }
    }

    public func log(_ level: PluginLogLevel, _ message: String) {
        log(name, level, message)
    }

    // MARK: Helpers

    /// Runs txfeed's own work for the source, adding its time to ``hostSeconds``.
    func hostWork<T>(_ body: () -> T) -> T {
        let start = Self.uptime()
        hostWorkSince.store(start, ordering: .relaxed)
        defer {
            // Added before the mark is cleared, so a reader never misses the work (it may count
            // a sliver twice, which only errs towards the source).
            let end = Self.uptime()
            hostNanoseconds.add(end - start, ordering: .relaxed)
            hostWorkEnded.store(end, ordering: .relaxed)
            hostWorkSince.store(0, ordering: .relaxed)
        }
        return body()
    }

    /// Runs `body` on the account being streamed; `call` without one is a failed document.
    func streamed(_ call: String, _ body: (inout Streaming) -> Void) -> CallbackAnswer {
        if isCancelled { return .stop }
        let open = streaming.withLock { streaming in
            guard streaming?.isOpen == true else { return false }
            body(&streaming!)
            return true
        }
        guard open else { return commit { $0.failures.append("\(name): \(call) without begin_account") } }
        return .proceed
    }

    /// What a document or an account of the source is checked in, named by `origin`.
    func context(_ origin: String?) -> StreamContext {
        StreamContext(
            origin: origin ?? name, sourceIndex: index, threads: threads, keepsLocations: keepsLocations,
            onProgress: onProgress)
    }

    /// Adds a decoded unit, unless the run was abandoned. Returns the callback's answer.
    func commit(_ update: (inout SourceData) -> Void) -> CallbackAnswer {
        commitDelivered { update(&$0.data) }
    }

    /// ``commit(_:)`` with the open account at hand too.
    private func commitDelivered(_ update: (inout Delivered) -> Void) -> CallbackAnswer {
        commitEnded()
        return add(update)
    }

    /// Adds to what was delivered as it stands, unless the run was abandoned.
    private func add(_ update: (inout Delivered) -> Void) -> CallbackAnswer {
        delivered.withLock { delivered in
            guard !delivered.abandoned else { return .stop }
            update(&delivered)
            rejects?.take(from: &delivered.data, source: index, name: name)
            spill?.collected(&delivered.data, source: index, held: &delivered.spillHeld)
            pending.store(
                delivered.data.transactions.count + delivered.data.rejects.count + delivered.data.failures.count,
                ordering: .relaxed)
            return isCancelled ? .stop : .proceed
        }
    }
}
