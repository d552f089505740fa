import CPrefetch

extension Array {
    /// Asks the cache for the element at `index`, which a later step reads: a hint, never a read
    /// (an index just past the end, such as an empty last cell's, asks for nothing harmful).
    /// A table far larger than the cache, probed in an order known a few steps ahead (the
    /// identity pass's tables, a sink's cells for a million accounts), then waits for memory
    /// once for several probes instead of once for each.
    @inlinable @inline(__always)
    public func prefetch(at index: Int) {
        withUnsafeBufferPointer { if let base = $0.baseAddress { txfeed_prefetch(base + index) } }
    }
}
