/// The open pending records of one account, one direction of money and one payee's first word,
/// by amount: what a booked record of that payee is matched against (``PendingMatcher``).
///
/// A booked record looks at the amounts nearest its own first, outward, and stops past the
/// tolerance or past the nearest match, a day's holds oldest row first; a hold once taken is
/// stepped over for good. Comparing each booking with every open hold of its sign made 20,000
/// holds of one payee beside their bookings take 5 s (80,000 a minute), and 20,000 equal ones 12 s.
struct HoldsByAmount {
    /// The holds' distinct amounts (magnitudes in minor units), ascending.
    private var amounts: [Int64] = []
    /// Each amount's holds (indices into the open records), by day, then row.
    private var holds: [[Int]] = []
    /// Each amount's holds not yet found taken.
    private var holdsLeft: [LiveIndices] = []
    /// The amounts with a hold not yet found taken.
    private var amountsLeft = LiveIndices(count: 0)

    init(_ members: [Int], open: [RememberedPending]) {
        let sorted = members.sorted {
            let (a, b) = (open[$0], open[$1])
            return (abs(a.signedMinor), a.day, a.row, $0) < (abs(b.signedMinor), b.day, b.row, $1)
        }
        for n in sorted {
            let amount = abs(open[n].signedMinor)
            if amounts.last != amount {
                amounts.append(amount)
                holds.append([])
            }
            holds[holds.count - 1].append(n)
        }
        holdsLeft = holds.map { LiveIndices(count: $0.count) }
        amountsLeft = LiveIndices(count: amounts.count)
    }

    /// The hold a booked record of `amount` (a magnitude) on `day` replaces: of those not `taken`,
    /// dated in the window, within `tolerancePercent` and `eligible`, the nearest amount, then
    /// the nearest day, then the oldest row.
    mutating func nearest(
        to amount: Int64, day: Int64, window: Int64, tolerancePercent: Int, open: [RememberedPending],
        taken: [Bool], eligible: (Int) -> Bool
    ) -> Int? {
        var best: (difference: Int64, daysLater: Int64, row: Int64, n: Int)?
        let start = amounts.partitionPoint { $0 >= amount }
        var below = amountsLeft.atOrBelow(start - 1)
        var above = amountsLeft.atOrAbove(start)
        while true {
            // The side whose next amount is nearer; the tolerance ends a side for good, as it
            // only grows stricter moving away from `amount`.
            let k: Int
            let fromBelow: Bool
            switch (below, above) {
            case (let b?, let a?): (k, fromBelow) = amount - amounts[b] <= amounts[a] - amount ? (b, true) : (a, false)
            case (let b?, nil): (k, fromBelow) = (b, true)
            case (nil, let a?): (k, fromBelow) = (a, false)
            case (nil, nil): return best?.n
            }
            let difference = abs(amounts[k] - amount)
            if let best, difference > best.difference { return best.n }
            guard PendingMatcher.within(amount, of: amounts[k], percent: tolerancePercent) else {
                if fromBelow { below = nil } else { above = nil }
                continue
            }
            // Day by day, the latest first, up to `day` and down to the window's start; within a
            // day the oldest row first, so the first hold that may be taken is this amount's best.
            var top = holds[k].partitionPoint { open[$0].day > day } - 1
            days: while let last = holdsLeft[k].atOrBelow(top) {
                let onDay = open[holds[k][last]].day
                let daysLater = day - onDay
                guard daysLater <= window else { break }
                // Every older day loses to a match of this amount already found.
                if let best, best.difference == difference, daysLater > best.daysLater { break }
                let first = holds[k].partitionPoint { open[$0].day >= onDay }
                var next = holdsLeft[k].atOrAbove(first)
                while let at = next, at <= last {
                    let n = holds[k][at]
                    if taken[n] {
                        holdsLeft[k].remove(at)
                        if holdsLeft[k].atOrBelow(holds[k].count - 1) == nil { amountsLeft.remove(k) }
                    } else if eligible(n) {
                        let candidate = (difference, daysLater, open[n].row, n)
                        if best.map({ (candidate.0, candidate.1, candidate.2) < ($0.difference, $0.daysLater, $0.row) })
                            ?? true
                        {
                            best = candidate
                        }
                        break days
                    }
                    next = holdsLeft[k].atOrAbove(at + 1)
                }
                top = first - 1
            }
            if fromBelow { below = amountsLeft.atOrBelow(k - 1) } else { above = amountsLeft.atOrAbove(k + 1) }
        }
    }
}

/// The indices `0..<count` with some removed: the nearest one left at or below an index, or at
/// or above it, in near-constant time (a removed index points past itself, and the paths walked
/// are shortened).
struct LiveIndices {
    /// `down[i] == i` for a live index; else a lower one to look at, -1 for none.
    private var down: [Int]
    /// `up[i] == i` for a live index; else a higher one to look at, `count` for none.
    private var up: [Int]

    init(count: Int) {
        down = Array(0..<count)
        up = down
    }

    mutating func remove(_ i: Int) {
        down[i] = i - 1
        up[i] = i + 1
    }

    /// The greatest live index at most `i`.
    mutating func atOrBelow(_ i: Int) -> Int? {
        let found = Self.find(i, in: &down) { $0 < 0 }
        return found < 0 ? nil : found
    }

    /// The least live index at least `i`.
    mutating func atOrAbove(_ i: Int) -> Int? {
        let end = up.count
        let found = Self.find(i, in: &up) { $0 >= end }
        return found >= end ? nil : found
    }

    private static func find(_ i: Int, in next: inout [Int], outside: (Int) -> Bool) -> Int {
        var root = i
        while !outside(root), next[root] != root { root = next[root] }
        var at = i
        while !outside(at), next[at] != at {
            let following = next[at]
            next[at] = root
            at = following
        }
        return root
    }
}
