import Dispatch
import Synchronization

/// Holds the feed back until every source has finished, failed or run out of time:
/// nothing is shown half-rendered.
///
/// Sources ``arrive()`` from their own threads; only the pipeline's thread waits, and it is
/// woken once, by the last arrival: a folder of ten thousand statements is not ten thousand
/// wake-ups of a thread that has nothing to do until the end.
final class Barrier: Sendable {
    private let allArrived = DispatchSemaphore(value: 0)
    private let owed: Atomic<Int>

    init(parties: Int) {
        owed = Atomic(parties)
        if parties == 0 { allArrived.signal() }
    }

    /// A source is done, whatever its outcome. Called from the source's thread.
    func arrive() {
        if owed.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 { allArrived.signal() }
    }

    /// Waits until everyone has arrived or `seconds` have passed; true when everyone arrived.
    func wait(seconds: Double) -> Bool {
        // The last arrival signals once: a wait after the one that took it finds the count.
        if owed.load(ordering: .acquiring) <= 0 { return true }
        // A deadline beyond a century is no deadline; DispatchTime would overflow past ~292 years.
        let deadline = DispatchTime.now() + min(max(seconds, 0), 3_153_600_000)
        return allArrived.wait(timeout: deadline) == .success
    }
}
