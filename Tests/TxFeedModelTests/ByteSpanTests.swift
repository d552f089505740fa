import XCTest

@testable import TxFeedModel

/// The byte helpers the vendor table and the fingerprints read spans with: a wrong word load
/// or tail would intern two names as one, or change every fingerprint.
final class ByteSpanTests: XCTestCase {
    func testSameFindsADifferenceAtEveryPlaceOfEveryLength() {
        for length in 0...20 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: 0x41 + $0) }
            XCTAssertTrue(ByteWord.same(bytes.span, Array(bytes).span), "length \(length)")
            for place in 0..<length {
                var other = bytes
                other[place] ^= 0x20
                XCTAssertFalse(ByteWord.same(bytes.span, other.span), "length \(length), byte \(place)")
            }
            XCTAssertFalse(ByteWord.same(bytes.span, (bytes + [0]).span), "length \(length) against one more")
        }
    }

    func testSameReadsAPartOfALargerBufferOnly() {
        let buffer = Array("Rent Coffee Rent".utf8)
        let span = buffer.span
        XCTAssertTrue(ByteWord.same(span.extracting(0..<4), span.extracting(12..<16)))
        XCTAssertFalse(ByteWord.same(span.extracting(0..<5), span.extracting(11..<16)))
    }

    /// FNV-1a 64's published test vectors, and the same hash of a span cut from a larger buffer.
    func testFNV1aMatchesItsReferenceVectors() {
        XCTAssertEqual(FNV1a.hash(""), 0xcbf2_9ce4_8422_2325)
        XCTAssertEqual(FNV1a.hash("a"), 0xaf63_dc4c_8601_ec8c)
        XCTAssertEqual(FNV1a.hash("foobar"), 0x8594_4171_f739_67e8)
        let buffer = Array("xxfoobarxx".utf8)
        XCTAssertEqual(FNV1a.hash(buffer.span.extracting(2..<8)), 0x8594_4171_f739_67e8)
        XCTAssertEqual(FNV1a.hash("bar", from: FNV1a.hash("foo")), FNV1a.hash("foobar"))
    }

    /// The array's appends write into its spare capacity: every length onto arrays whose spare
    /// room is none, some and plenty (so that some appends grow it), bytes after and before kept.
    func testSpanAndASCIIAppendsKeepEveryByte() {
        let source = (0..<40).map { UInt8(truncatingIfNeeded: 0x30 + $0) }
        for start in [0, 1, 7, 16] {
            for length in 0...source.count {
                var out = Array(source.prefix(start))
                out.reserveCapacity(start + length / 2)
                out.append(Array(source.prefix(length)).span)
                XCTAssertEqual(
                    out, Array(source.prefix(start)) + source.prefix(length), "span \(length) after \(start)")
                out.appendASCII(maximumCount: length + 3) { free in
                    for i in 0..<length { free[i] = source[i] }
                    return length
                }
                XCTAssertEqual(out.count, start + 2 * length, "ASCII \(length) after \(start)")
                XCTAssertEqual(
                    Array(out.suffix(length)), Array(source.prefix(length)), "ASCII \(length) after \(start)")
                out.append(#""key":"#)
                out.append("")
                XCTAssertEqual(Array(out.suffix(6)), Array(#""key":"#.utf8), "a literal after \(start)")
            }
        }
    }
}
