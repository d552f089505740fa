/// Indices (of runs, of part files) in the order a k-way merge takes their next records, the
/// first on top: a binary heap, so each record costs about log k comparisons, not k.
///
/// The rule is the caller's, handed to each change: it reads the caller's heads, which the
/// heap does not hold.
public struct IndexHeap: Sendable {
    public private(set) var indices: [Int] = []

    public init() {}

    /// The index whose next record goes first; nil once every one has run out.
    public var top: Int? { indices.first }

    /// Adds `index`.
    /// - Parameters:
    ///   - precedes: whether the first index's next record goes before the second's.
    public mutating func push(_ index: Int, by precedes: (Int, Int) -> Bool) {
        indices.append(index)
        var i = indices.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard precedes(indices[i], indices[parent]) else { break }
            indices.swapAt(i, parent)
            i = parent
        }
    }

    /// The top's next record changed (it took one): it moves down to its place.
    public mutating func topChanged(by precedes: (Int, Int) -> Bool) {
        var i = 0
        while true {
            let left = 2 * i + 1, right = left + 1
            var best = i
            if left < indices.count && precedes(indices[left], indices[best]) { best = left }
            if right < indices.count && precedes(indices[right], indices[best]) { best = right }
            guard best != i else { return }
            indices.swapAt(i, best)
            i = best
        }
    }

    /// The top ran out: it leaves the heap.
    public mutating func popTop(by precedes: (Int, Int) -> Bool) {
        let last = indices.removeLast()
        guard !indices.isEmpty else { return }
        indices[0] = last
        topChanged(by: precedes)
    }
}
