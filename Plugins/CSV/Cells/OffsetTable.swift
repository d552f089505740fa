/// A zone's offsets over a span of years, as the instants where they change.
///
/// Asking the system's zone data costs about 50 ns a question, and a timed column asks two to
/// four per cell; a table built once answers with a binary search over a few hundred instants, and it
/// is a plain value, shared by threads without a lock.
struct OffsetTable: Sendable {
    /// The instants covered, in seconds since 1970 (UTC): 1970 to 2100, where bank statements live.
    static let span = 0..<4_102_444_800
    /// Changes of clocks are at least this far apart (in practice months), so sampling at this step
    /// finds each one. Two changes within a day that return to the same offset would be missed.
    static let step = 86_400

    /// The offset in force from ``span``'s start until the first change.
    private let firstOffset: Int
    /// The instants where the offset changes, ascending, and the offset from each on.
    private let changes: [Int]
    private let offsets: [Int]

    /// Samples `offset` across ``span`` and pins each change to the second by bisection.
    init(offset: (Int) -> Int) {
        var changes: [Int] = []
        var offsets: [Int] = []
        var time = Self.span.lowerBound
        var current = offset(time)
        firstOffset = current
        while time < Self.span.upperBound {
            let next = min(time + Self.step, Self.span.upperBound - 1)
            if next <= time { break }
            let nextOffset = offset(next)
            if nextOffset == current {
                time = next
                continue
            }
            // offset(low) == current and offset(high) != current: a change lies in (low, high].
            var low = time
            var high = next
            while high - low > 1 {
                let middle = low + (high - low) / 2
                if offset(middle) == current { low = middle } else { high = middle }
            }
            current = offset(high)
            changes.append(high)
            offsets.append(current)
            time = high
        }
        self.changes = changes
        self.offsets = offsets
    }

    /// The offset at `time` (seconds since 1970, UTC), or nil outside ``span``.
    @inline(__always)
    func offset(at time: Int) -> Int? {
        guard Self.span.contains(time) else { return nil }
        // The number of changes at or before `time`.
        var low = 0
        var high = changes.count
        while low < high {
            let middle = (low + high) / 2
            if changes[middle] <= time { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? firstOffset : offsets[low - 1]
    }
}
