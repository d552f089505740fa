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
    /// The group being gathered (only the source's thread adds to it).
    private let gathering = Mutex(Group())
    /// Cleared by ``close()``: a worker's block may outlive the last commit, and must not keep
    /// what the commits reach alive.
    private let commit: Mutex<(@Sendable (SourceData) -> Void)?>
    /// The source's decoder, each account's origin set on a copy of it.
    private let decoder: DocumentDecoder

    private struct Order {
        var issued = 0
        var next = 0
        var done: [Int: SourceData] = [:]
    }

    fileprivate struct Group: Sendable {
        /// Optional so that the worker takes each out, moved rather than copied.
        var accounts: [(StreamedAccountRecording, balance: [UInt8]?)?] = []
        var bytes = 0

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
    ///   - commit: adds a group's data to the source's, in order.
    init(inFlight: Int, decoder: DocumentDecoder, commit: @escaping @Sendable (SourceData) -> Void) {
        room = DispatchSemaphore(value: inFlight)
        self.decoder = decoder
        self.commit = Mutex(commit)
    }

    /// Adds an ended account to the group being gathered, and hands the group to a worker once
    /// it is full (waiting while the line is).
    func submit(_ recording: consuming StreamedAccountRecording, balance: [UInt8]?) {
        let full = gathering.withLock { group -> Group? in
            if group.accounts.capacity == 0 { group = .empty() }
            group.bytes += recording.bytes
            group.accounts.append((recording, balance))
            guard group.accounts.count >= Self.groupAccounts || group.bytes >= Self.groupBytes else { return nil }
            defer { group = Group() }
            return group
        }
        if let full { dispatch(consume full) }
    }

    /// Commits every account submitted, then lets go of the commit (and what it holds): the
    /// line takes no more.
    func close() {
        drain()
        commit.withLock { $0 = nil }
    }

    /// Returns once every account submitted so far is committed.
    func drain() {
        let rest = gathering.withLock { group -> Group in
            defer { group = Group() }
            return group
        }
        if !rest.accounts.isEmpty { dispatch(consume rest) }
        pending.wait()
    }

    private func dispatch(_ group: consuming Group) {
        let handover = Handover(group)
        room.wait()
        pending.enter()
        let number = order.withLock { order in
            defer { order.issued += 1 }
            return order.issued
        }
        queue.async { [self] in
            // The group's accounts one after the other into one data: one per account and an
            // append each cost more than decoding them.
            var data = SourceData()
            // Each recording moved out of the group, first to last (a loop over the array copied
            // each, retaining its texts and origin).
            var accounts = handover.take().accounts
            for n in accounts.indices {
                guard let (recording, balance) = accounts[n].take() else { continue }
                recording.replay(decoder, balance: balance, into: &data)
            }
            order.withLock { order in
                order.done[number] = data
                var committed = 0
                do {
                    let commit = commit.withLock { $0 }
                    while let next = order.done.removeValue(forKey: order.next) {
                        commit?(next)
                        order.next += 1
                        committed += 1
                    }
                }
                // Only once this block holds the commit no more: ``close()`` may follow at once.
                for _ in 0..<committed {
                    room.signal()
                    pending.leave()
                }
            }
        }
    }
}

/// A gathered group on its way to a worker, which takes it whole: the worker then holds the
/// group's only reference and moves each recording out of it.
private final class Handover: Sendable {
    private let group: Mutex<AccountLine.Group>

    init(_ group: consuming AccountLine.Group) {
        self.group = Mutex(group)
    }

    func take() -> AccountLine.Group {
        group.withLock { group in
            var taken = AccountLine.Group()
            swap(&taken, &group)
            return taken
        }
    }
}
