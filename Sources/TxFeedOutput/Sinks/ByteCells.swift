import TxFeedModel

/// Cells rendered once (a vendor's CSV cell, an account's JSON string) and kept end to end in one
/// buffer, appended to a row by index.
///
/// An array of arrays costs a retain and a release of the inner array on every row, and with
/// a hundred thousand accounts each of those is a cache miss; one buffer and its offsets cost
/// neither.
struct ByteCells {
    private var bytes: [UInt8] = []
    /// `starts[i]..<starts[i + 1]` is cell `i`.
    private var starts: [Int] = [0]

    init() {}

    init<S: Sequence>(_ cells: S) where S.Element == [UInt8] {
        for cell in cells {
            bytes += cell
            starts.append(bytes.count)
        }
    }

    var count: Int { starts.count - 1 }

    /// Room for `cells` more cells of `bytes` bytes together, allocated once: a million
    /// accounts' names grew the buffer by doubling, each new one copied and its pages touched.
    mutating func reserve(cells: Int, bytes: Int) {
        self.bytes.reserveCapacity(self.bytes.count + bytes)
        starts.reserveCapacity(starts.count + cells)
    }

    /// Cell `index`'s bytes.
    subscript(index: Int) -> ArraySlice<UInt8> { bytes[starts[index]..<starts[index + 1]] }

    /// Adds a cell that `write` appends straight to the buffer: no array of its own per cell,
    /// which for a million accounts was two allocations each.
    mutating func add(_ write: (inout [UInt8]) -> Void) {
        write(&bytes)
        starts.append(bytes.count)
    }

    /// Where cell `index` lies in the buffer, for a caller that keeps it beside other per-row
    /// facts (one read a row instead of one per table).
    func range(of index: Int) -> Range<Int> { starts[index]..<starts[index + 1] }

    /// Asks the cache for the bytes at `range`, which a row further on will append.
    @inline(__always)
    func prefetch(range: Range<Int>) {
        bytes.prefetch(at: range.lowerBound)
    }

    @inline(__always)
    func append(_ index: Int, to out: inout [UInt8]) {
        append(range: starts[index]..<starts[index + 1], to: &out)
    }

    @inline(__always)
    func append(range: Range<Int>, to out: inout [UInt8]) {
        out.append(bytes.span.extracting(range))
    }
}
