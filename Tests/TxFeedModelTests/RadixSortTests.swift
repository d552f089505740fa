import XCTest

@testable import TxFeedModel

/// The radix sort against the standard library's stable sort, for every number of passes (one
/// to six, the last pass's result in either buffer) and keys that tie, and below
/// ``RadixSort/least``, where it is that sort.
final class RadixSortTests: XCTestCase {
    func testEveryPassCountSortsAsAStableSortDoes() {
        var generator = SystemRandomNumberGenerator()
        for count in [0, 100, RadixSort.least + 7] {
            for bits in [1, 5, 11, 12, 22, 23, 33, 40, 64] {
                let keyMask: UInt64 = bits == 64 ? .max : 1 << UInt64(bits) - 1
                // Few distinct keys for the short ones, so that ties keep their order.
                var items = (0..<count).map {
                    (key: UInt64.random(in: 0...UInt64.max, using: &generator) & keyMask, place: $0)
                }
                let expected = items.sorted { $0.key < $1.key }
                RadixSort.sort(&items, bits: bits) { $0.key }
                XCTAssertEqual(items.map(\.key), expected.map(\.key), "\(count) items, \(bits) bits")
                XCTAssertEqual(items.map(\.place), expected.map(\.place), "\(count), \(bits) bits: ties out of order")
            }
        }
    }
}
