import Glibc
import TxFeedDecoding
import TxFeedModel
import TxFeedPipeline
import TxFeedPluginHost
import XCTest

@testable import TxFeedOutput

/// Compares the pure generator with glibc's global `srand48`/`drand48` (fine here: tests in this
/// class run serially and nothing else in the test process uses drand48).
final class Drand48Tests: XCTestCase {
    private let seeds: [Int] = [
        0, 1, 2, 200, 0x330E, 65_535, 65_536, 1_000_003, Int(Int32.max), 1 << 31, (1 << 32) - 1, 1 << 32,
        (1 << 32) + 5, -1, -200, Int(Int32.min), Int.min, Int.max, 1_234_567 * 200, 9_999_999_999 * 200,
        0x7FFF_FFFF_FFFF_FFFF / 3, 83_886_080_000, 4_294_967_296 * 200 + 17,
    ]

    func testMatchesGlibcBitForBit() {
        var seeds = self.seeds
        var state: UInt64 = 0xDEAD_BEEF
        for _ in 0..<500 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            seeds.append(Int(truncatingIfNeeded: state))
        }
        for seed in seeds {
            srand48(seed)
            var generator = Drand48(seed: seed)
            for step in 0..<20 {
                let expected = drand48()
                let actual = generator.next()
                XCTAssertEqual(actual.bitPattern, expected.bitPattern, "seed \(seed), step \(step)")
            }
        }
    }

    func testOnlyTheLowThirtyTwoBitsOfTheSeedCount() {
        XCTAssertEqual(Drand48(seed: 5).state, Drand48(seed: (1 << 32) + 5).state)
        XCTAssertEqual(Drand48(seed: -1).state, Drand48(seed: 0xFFFF_FFFF).state)
        XCTAssertNotEqual(Drand48(seed: 5).state, Drand48(seed: 6).state)
        XCTAssertEqual(Drand48(seed: 0x1234_5678).state, 0x1234_5678_330E)
    }

    func testValuesStayInUnitInterval() {
        var generator = Drand48(seed: 42)
        for _ in 0..<100_000 {
            let value = generator.next()
            XCTAssertTrue(value >= 0 && value < 1)
        }
    }

    func testCopiesAreIndependent() {
        var first = Drand48(seed: 7)
        _ = first.next()
        var copy = first
        XCTAssertEqual(first.next(), copy.next())
        _ = first.next()
        XCTAssertNotEqual(first.state, copy.state)
    }
}
