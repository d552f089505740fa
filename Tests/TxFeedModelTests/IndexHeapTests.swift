import TxFeedModel
import XCTest

/// The merges' heap: taking the top and moving it down as its list advances gives the lists'
/// items in one sorted order, ties to the lower index, however many lists and however long.
final class IndexHeapTests: XCTestCase {
    func testAKWayMergeThroughTheHeapIsTheSortedWhole() {
        var random = SystemRandomNumberGenerator()
        for lists in [1, 2, 7, 64, 513] {
            // Each list sorted high to low (newest first), with repeats across lists.
            let items = (0..<lists).map { _ in
                (0..<Int.random(in: 0...40, using: &random)).map { _ in Int.random(in: 0...50, using: &random) }
                    .sorted(by: >)
            }
            var positions = [Int](repeating: 0, count: lists)
            func head(_ k: Int) -> Int? { positions[k] < items[k].count ? items[k][positions[k]] : nil }
            let precedes = { (a: Int, b: Int) -> Bool in head(a)! != head(b)! ? head(a)! > head(b)! : a < b }
            var heap = IndexHeap()
            for k in 0..<lists where head(k) != nil { heap.push(k, by: precedes) }
            var merged: [(value: Int, list: Int)] = []
            while let k = heap.top {
                merged.append((head(k)!, k))
                positions[k] += 1
                if head(k) == nil { heap.popTop(by: precedes) } else { heap.topChanged(by: precedes) }
            }
            // Typed step by step: as one chained expression it took the type checker 15 s.
            let tagged: [(value: Int, list: Int)] = items.enumerated().flatMap {
                (k: Int, list: [Int]) -> [(value: Int, list: Int)] in list.map { (value: $0, list: k) }
            }
            let expected = tagged.sorted { (a, b) -> Bool in a.value != b.value ? a.value > b.value : a.list < b.list }
            XCTAssertEqual(merged.map(\.value), expected.map(\.value), "\(lists) lists")
            XCTAssertEqual(merged.map(\.list), expected.map(\.list), "\(lists) lists: ties to the lower index")
        }
    }
}
