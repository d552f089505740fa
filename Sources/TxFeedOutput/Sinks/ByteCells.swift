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

    init<S: Sequence>(_ cells: S) where S.Element == [UInt8] {
        for cell in cells {
            bytes += cell
            starts.append(bytes.count)
        }
    }

    var count: Int { starts.count - 1 }

    /// Cell `index`'s bytes.
    subscript(index: Int) -> ArraySlice<UInt8> { bytes[starts[index]..<starts[index + 1]] }

    @inline(__always)
    func append(_ index: Int, to out: inout [UInt8]) {
        let lower = starts[index], upper = starts[index + 1]
        bytes.withUnsafeBufferPointer { out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[lower..<upper])) }
    }
}
