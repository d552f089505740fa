import Foundation
import TxFeedModel
import TxFeedTestSupport
import XCTest

@testable import TxFeedOutput

/// ISO 8601 in UTC as the CSV and JSON sinks write it, read back by the decoder's date parser.
final class ISODateTests: XCTestCase {
    func testISODateRoundTrip() throws {
        var state: UInt64 = 88_172_645_463_325_252
        for _ in 0..<20_000 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            // Anywhere in years 0001...9998.
            let seconds = Int64(state % 315_000_000_000) - 62_000_000_000
            var bytes: [UInt8] = []
            ISODate.appendUTC(unixSeconds: seconds, to: &bytes)
            XCTAssertEqual(bytes.count, 20)
            let back = try TransactionDate.parse(bytes.span)
            XCTAssertEqual(back, seconds, String(decoding: bytes, as: UTF8.self))
        }
    }

    func testISODateText() {
        func iso(_ seconds: Int64) -> String {
            var bytes: [UInt8] = []
            ISODate.appendUTC(unixSeconds: seconds, to: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
        XCTAssertEqual(iso(LibcReference.timegmUTC(2021, 9, 1, 8, 15, 0)), "2021-09-01T08:15:00Z")
        XCTAssertEqual(iso(0), "1970-01-01T00:00:00Z")
        XCTAssertEqual(iso(-1), "1969-12-31T23:59:59Z")
        XCTAssertEqual(iso(LibcReference.timegmUTC(2000, 2, 29, 23, 59, 59)), "2000-02-29T23:59:59Z")
        XCTAssertEqual(iso(LibcReference.timegmUTC(1, 1, 1) - 1), "0000-12-31T23:59:59Z")  // year 0 exists in ISO 8601
        XCTAssertEqual(iso(LibcReference.timegmUTC(0, 1, 1) - 1), "-0001-12-31T23:59:59Z")
        XCTAssertEqual(iso(LibcReference.timegmUTC(10000, 1, 1)), "+10000-01-01T00:00:00Z")
    }

    /// The writer that keeps the last day writes what ``ISODate/append(_:to:)`` writes, row
    /// after row, whether the day repeats, changes or comes back, and for civil dates.
    func testTheWriterOfRowsWritesEachRowsDate() {
        var state: UInt64 = 0x1534_5A7E
        var seconds: Int64 = 1_735_689_600
        var writer = ISODate.Writer()
        for n in 0..<5_000 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            // Mostly a few minutes back, now and then a jump to another year and back.
            seconds -= Int64(state % 900)
            let when = n % 97 == 0 ? seconds - 400_000_000 : seconds
            let civil = state % 5 == 0
            let t = Transaction(
                unixSeconds: civil ? when - when % 86_400 : when, amountMinor: 1, vendor: 0, account: 0,
                isDebit: false, isCivilDate: civil)
            var expected: [UInt8] = []
            ISODate.append(t, to: &expected)
            var written: [UInt8] = [UInt8(ascii: "x")]
            writer.append(t, to: &written)
            XCTAssertEqual(String(decoding: written, as: UTF8.self), "x" + String(decoding: expected, as: UTF8.self))
        }
    }
}
