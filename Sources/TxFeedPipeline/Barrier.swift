import Dispatch

/// Holds the feed back until every source has finished, failed or run out of time:
/// nothing is shown half-rendered.
///
/// Sources ``arrive()`` from their own threads; only the pipeline's thread waits, so the count
/// of arrivals still owed is its own (a value, not shared state).
struct Barrier: Sendable {
    private let arrivals = DispatchSemaphore(value: 0)
    private var owed: Int

    init(parties: Int) {
        owed = parties
    }

    /// A source is done, whatever its outcome. Called from the source's thread.
    func arrive() {
        arrivals.signal()
    }

    /// Waits until everyone has arrived or `seconds` have passed; true when everyone arrived.
    mutating func wait(seconds: Double) -> Bool {
        // A deadline beyond a century is no deadline; DispatchTime would overflow past ~292 years.
        let deadline = DispatchTime.now() + min(max(seconds, 0), 3_153_600_000)
        while owed > 0 {
            guard arrivals.wait(timeout: deadline) == .success else { return false }
            owed -= 1
        }
        return true
    }
}
