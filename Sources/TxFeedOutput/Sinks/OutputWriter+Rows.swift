import Dispatch
import Synchronization
import TxFeedModel

extension OutputWriter {
    /// Writes every row of `feed` as `render` appends it. A feed in memory of two blocks or more
    /// is rendered a block at a time on `threads` threads and written block after block in its
    /// order: the sink was the one stage left on one core, two thirds of the plain run's time after
    /// the barrier. A spilled feed's rows come from one merge, so they are rendered in turn.
    ///
    /// - Parameters:
    ///   - render: appends each row of the rows it is given, calling the third argument after
    ///     each (``rowDone(_:)``, or nothing for a block, whose size bounds it). It starts
    ///     afresh for every block: a cache it keeps (the day's cell) lives in the call.
    ///   - blockRows: rows a block: some 0.6 MB of CSV, the first block of a wave in the
    ///     writer's own buffer, so that the blocks held add under 1 MB to the run's peak (8,192
    ///     added 2 MB to a million accounts' run, at the same speed).
    public func writeRows(
        of feed: Feed, threads: Int, blockRows: Int = 1 << 12,
        _ render: @Sendable (inout FeedRows, inout [UInt8], (inout [UInt8]) throws -> Void) throws -> Void
    ) throws {
        let count = feed.rowCount
        guard feed.spilled == nil, threads > 1, count >= 2 * blockRows else {
            var rows = feed.rows()
            try withBuffer { buffer in try render(&rows, &buffer) { try self.rowDone(&$0) } }
            return
        }
        let blocks = (count + blockRows - 1) / blockRows
        // What the sink wrote before its rows (a header) leaves first.
        try flush()
        // A buffer a thread, the first the writer's own, kept from wave to wave: a fresh one
        // each block was paged in anew. Taken out to be filled or written, so never shared.
        let slots = Mutex([[UInt8]](repeating: [], count: min(threads, blocks)))
        slots.withLock { swap(&$0[0], &buffer) }
        defer { slots.withLock { swap(&$0[0], &buffer) } }
        @Sendable func take(_ i: Int) -> [UInt8] {
            slots.withLock { slots in
                defer { slots[i] = [] }
                return slots[i]
            }
        }
        @Sendable func give(_ i: Int, _ bytes: [UInt8]) { slots.withLock { $0[i] = bytes } }
        var first = 0
        while first < blocks {
            // A wave of blocks at a time, so that at most `threads` are held.
            let wave = min(threads, blocks - first)
            let failures = Mutex([(any Error)?](repeating: nil, count: wave))
            let start = first
            DispatchQueue.concurrentPerform(iterations: wave) { i in
                let lower = (start + i) * blockRows
                var rows = feed.rows(in: lower..<min(lower + blockRows, count))
                var bytes = take(i)
                do {
                    try render(&rows, &bytes) { _ in }
                } catch {
                    failures.withLock { $0[i] = error }
                }
                give(i, bytes)
            }
            if let failure = failures.withLock({ $0.lazy.compactMap { $0 }.first }) { throw failure }
            for i in 0..<wave {
                var bytes = take(i)
                defer { give(i, bytes) }
                try flush(&bytes)
            }
            first += wave
        }
    }
}
