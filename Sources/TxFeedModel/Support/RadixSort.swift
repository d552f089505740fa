/// A stable LSD radix sort on the lowest `bits` bits of a key, 11 bits a pass: a million
/// records in a few passes over memory, where a comparison sort took a tenth of a second or
/// more on the main thread (the feed's order, the transfers pass's).
enum RadixSort {
    /// Below this many items the standard library's (stable) sort is quicker than the passes'
    /// fixed cost, and is used instead.
    static let least = 4096

    @inline(__always)
    static func sort<T>(_ items: inout [T], bits: Int, key: (T) -> UInt64) {
        guard items.count >= least else {
            items.sort { key($0) < key($1) }
            return
        }
        let digitBits = 11
        let mask = UInt64(1 << digitBits - 1)
        var scratch = items
        var counts = [Int](repeating: 0, count: 1 << digitBits)
        var shift = 0
        // Through buffers: the array's uniqueness and bounds checked at every step were most of
        // a pass (every digit is below the counts' size, every place below the items' count).
        items.withUnsafeMutableBufferPointer { items in
            scratch.withUnsafeMutableBufferPointer { scratch in
                counts.withUnsafeMutableBufferPointer { counts in
                    var (from, to) = (items, scratch)
                    while shift < bits {
                        counts.update(repeating: 0)
                        for item in from { counts[Int(key(item) >> UInt64(shift) & mask)] += 1 }
                        var start = 0
                        for i in counts.indices { (counts[i], start) = (start, start + counts[i]) }
                        for item in from {
                            let digit = Int(key(item) >> UInt64(shift) & mask)
                            to[counts[digit]] = item
                            counts[digit] += 1
                        }
                        swap(&from, &to)
                        shift += digitBits
                    }
                    // An odd number of passes left the order in the scratch buffer.
                    if from.baseAddress != items.baseAddress { _ = items.update(fromContentsOf: from) }
                }
            }
        }
    }
}
