import Dispatch
import TxFeedModel
import TxFeedState

/// With `--state`: the run's money keys (``Feed/moneyKeys(accountNumbers:)``) and the new
/// records whose money an earlier batch remembered (`StateFile.moneySeenBefore`), worked out on
/// a thread of their own while the sinks write: on the run's own path, a million new records
/// made it 0.3 s longer.
///
/// `@unchecked Sendable`: the state file is used by this thread alone until ``wait()`` returns
/// (the runner asks it nothing more until then, and no sink uses it), and `result` is written
/// before the semaphore is signalled and read only after it.
final class MoneyCheck: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let feed: Feed
    private let state: StateFile
    private var result: (keys: [Int64], found: Result<MoneySeenBefore, StateError>)?

    init(feed: Feed, state: StateFile) {
        self.feed = feed
        self.state = state
        Threads.start(named: "money-check") { [self] in
            let numbers = self.feed.accountNumbers().numbers
            let keys = self.feed.moneyKeys(accountNumbers: numbers)
            let found = Result { () throws(StateError) in
                try self.state.moneySeenBefore(self.feed, moneyKeys: keys, accountNumbers: numbers)
            }
            result = (keys, found)
            done.signal()
        }
    }

    /// Waits for the keys and what they found.
    func wait() -> (keys: [Int64], found: Result<MoneySeenBefore, StateError>) {
        done.wait()
        done.signal()
        return result!
    }
}
