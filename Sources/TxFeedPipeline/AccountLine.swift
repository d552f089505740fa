import Dispatch
import Synchronization
import TxFeedDecoding
import TxFeedModel

/// Small streamed accounts decoded on worker threads while the plugin goes on, committed in
/// the order they ended. Anything else the source delivers waits until the accounts before it
/// are in (``drain()``), so the source's data keeps its order whatever the thread count.
///
/// Accounts go to the workers in groups (``groupAccounts``, ``groupBytes``): one hand-over per
/// account cost more in thread wake-ups than decoding the account.
final class AccountLine: Sendable {
    static let groupAccounts = 256
    static let groupBytes = 1 << 20

    private let queue = DispatchQueue(label: "txfeed.accounts", attributes: .concurrent)
    /// Groups decoded or being decoded and not yet committed: bounded, so a fast plugin
    /// waits rather than piling texts up.
    private let room: DispatchSemaphore
    private let pending = DispatchGroup()
    private let order = Mutex(Order())
    /// Groups handed to the workers so far: a group's number, taken without the lock a worker
    /// holds while it commits (the source's thread spun on it, 50 ms of a million accounts).
    private let issued = Atomic<Int>(0)
    /// The group being gathered (only the source's thread adds to it).
    private let gathering = Mutex(Group())
    /// The collector the groups are committed to, held strongly (a weak reference gave it a
    /// side table, and every retain of it the slow path) until ``close()``: a worker's block
    /// may outlive the last commit, and must not keep the collector alive.
    private let owner: Mutex<SourceCollector?>
    /// The source's decoder, each account's origin set on a copy of it.
    private let decoder: DocumentDecoder

    private struct Order {
        var next = 0
        var done: [Int: SourceData] = [:]
    }

    private struct Group {
        var accounts: [StreamedAccountRecording] = []
        var bytes = 0
        /// Accounts a plugin host child sent on undecoded, instead of recordings.
        var forwarded: ForwardedAccounts?

        /// Room for a full group at once: grown account by account, it was copied as it grew.
        static func empty() -> Group {
            var group = Group()
            group.accounts.reserveCapacity(AccountLine.groupAccounts)
            return group
        }
    }

    /// - Parameters:
    ///   - inFlight: groups that may be under way at once.
    ///   - decoder: the source's, for every account (each with its own origin).
    ///   - owner: gets each group's data, in order (``SourceCollector/commitFromLine(_:)``).
    init(inFlight: Int, decoder: DocumentDecoder, owner: SourceCollector) {
        room = DispatchSemaphore(value: inFlight)
        self.decoder = decoder
        self.owner = Mutex(owner)
    }

    /// Adds an ended account to the group being gathered, and hands the group to a worker once
    /// it is full (waiting while the line is).
    func submit(_ recording: StreamedAccountRecording) {
        let full = gathering.withLock { group -> Group? in
            if group.accounts.capacity == 0 { group = .empty() }
            group.accounts.append(recording)
            group.bytes += recording.bytes
            guard group.accounts.count >= Self.groupAccounts || group.bytes >= Self.groupBytes else { return nil }
            defer { group = Group() }
            return group
        }
        if let full { dispatch(full) }
    }

    /// Hands a group of accounts a plugin host child sent on to a worker, after the accounts
    /// submitted before it (waiting while the line is full).
    func submit(_ forwarded: ForwardedAccounts) {
        dispatchGathered()
        dispatch(Group(forwarded: forwarded))
    }

    /// Commits every account submitted, then lets go of the collector: the line takes no more.
    func close() {
        drain()
        owner.withLock { $0 = nil }
    }

    /// Returns once every account submitted so far is committed.
    func drain() {
        dispatchGathered()
        pending.wait()
    }

    /// Hands the group being gathered to a worker, however few accounts it holds.
    private func dispatchGathered() {
        let rest = gathering.withLock { group -> Group in
            defer { group = Group() }
            return group
        }
        if !rest.accounts.isEmpty { dispatch(rest) }
    }

    private func dispatch(_ group: Group) {
        room.wait()
        pending.enter()
        let number = issued.add(1, ordering: .relaxed).oldValue
        queue.async { [self] in
            // The group's accounts one after the other into one data: one per account and an
            // append each cost more than decoding them.
            var data = SourceData()
            if let forwarded = group.forwarded {
                forwarded.decode(decoder, into: &data)
            } else {
                // Each recording read where it lies: a copy of each retained its texts and origin.
                group.accounts.withUnsafeBufferPointer { accounts in
                    for k in accounts.indices { accounts[k].decode(decoder, into: &data) }
                }
            }
            order.withLock { order in
                order.done[number] = data
                var committed = 0
                do {
                    let owner = owner.withLock { $0 }
                    while let next = order.done.removeValue(forKey: order.next) {
                        owner?.commitFromLine(next)
                        order.next += 1
                        committed += 1
                    }
                }
                // Only once this block holds the collector no more: ``close()`` may follow at once.
                for _ in 0..<committed {
                    room.signal()
                    pending.leave()
                }
            }
        }
    }
}
