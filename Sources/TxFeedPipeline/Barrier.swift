import Foundation

/// Holds the feed back until every source has finished, failed or run out of time:
/// nothing is shown half-rendered.
final class Barrier: @unchecked Sendable {
    private let condition = NSCondition()
    private var remaining: Int

    init(parties: Int) {
        remaining = parties
    }

    /// A source is done (whatever its outcome).
    func arrive() {
        condition.lock()
        remaining -= 1
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until everyone has arrived or `deadline` passes; true when everyone arrived.
    func wait(until deadline: Date) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while remaining > 0 {
            if !condition.wait(until: deadline) { return remaining == 0 }
        }
        return true
    }
}
