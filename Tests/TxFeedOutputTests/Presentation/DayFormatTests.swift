import Foundation
import TxFeedDecoding
import TxFeedModel
import TxFeedPipeline
import TxFeedPluginHost
import XCTest

@testable import TxFeedOutput

final class DayFormatTests: XCTestCase {
    private func reference(_ zone: TimeZone) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "E, MMM dd"
        formatter.timeZone = zone
        return formatter
    }

    private func day(_ format: inout DayFormat, _ seconds: Int64) -> String {
        var bytes = Array("|".utf8)
        format.appendDay(ofUnixSeconds: seconds, to: &bytes)
        XCTAssertEqual(bytes.first, UInt8(ascii: "|"), "appends after what is there")
        return String(decoding: bytes.dropFirst(), as: UTF8.self)
    }

    private func assertMatchesDateFormatter(
        _ zoneName: String?, seconds: [Int64],
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let zone = try XCTUnwrap(
            zoneName.map { DayFormat.timeZone(named: $0) } ?? TimeZone(identifier: "UTC"),
            file: file, line: line)
        let formatter = reference(zone)
        var format = DayFormat(timeZone: zoneName == nil ? nil : zone)
        for second in seconds {
            let expected = formatter.string(from: Date(timeIntervalSince1970: TimeInterval(second)))
            XCTAssertEqual(day(&format, second), expected, "\(zoneName ?? "nil") at \(second)", file: file, line: line)
        }
    }

    func testExample() throws {
        var utc = DayFormat(timeZone: nil)
        XCTAssertEqual(day(&utc, try TransactionDate.parse("2021-09-01 08:15:00")), "Wed, Sep 01")
        XCTAssertEqual(day(&utc, try TransactionDate.parse("2021-09-01 23:59:59")), "Wed, Sep 01")
        XCTAssertEqual(day(&utc, try TransactionDate.parse("2021-09-02 00:00:00")), "Thu, Sep 02")
    }

    func testUTCMatchesDateFormatterOverManyDays() throws {
        // Every day from 1950 to 2060 at a varying time, and some instants before 1970.
        let days: [Int64] = stride(from: Int64(-7_305), through: 32_872, by: 1).map { (day: Int64) -> Int64 in
            day * 86_400 + (day * 3_607) % 86_400
        }
        try assertMatchesDateFormatter(nil, seconds: days + [-1, 0, 86_399, 86_400, -86_400, -86_401])
        try assertMatchesDateFormatter("UTC", seconds: Array(days.prefix(400)))
    }

    func testNewYorkAroundDaylightSavingChanges() throws {
        // 2021-03-14 07:00Z (02:00 EST -> 03:00 EDT) and 2021-11-07 06:00Z (02:00 EDT -> 01:00 EST).
        var seconds: [Int64] = []
        for change in [
            try TransactionDate.parse("2021-03-14T07:00:00Z"), try TransactionDate.parse("2021-11-07T06:00:00Z"),
        ] {
            seconds += stride(from: change - 2 * 86_400, through: change + 2 * 86_400, by: 900).map { $0 }
            seconds += [change - 1, change, change + 1]
        }
        try assertMatchesDateFormatter("America/New_York", seconds: seconds)
        // Out of order, crossing the changes back and forth (the span cache must not stick).
        try assertMatchesDateFormatter("America/New_York", seconds: seconds.reversed() + seconds.shuffled())
        // Local midnight on the day clocks spring forward: 2021-03-14 00:00 EST is 05:00Z.
        var newYork = DayFormat(timeZone: DayFormat.timeZone(named: "America/New_York"))
        XCTAssertEqual(day(&newYork, try TransactionDate.parse("2021-03-14T04:59:59Z")), "Sat, Mar 13")
        XCTAssertEqual(day(&newYork, try TransactionDate.parse("2021-03-14T05:00:00Z")), "Sun, Mar 14")
        XCTAssertEqual(day(&newYork, try TransactionDate.parse("2021-09-01T03:59:59Z")), "Tue, Aug 31")
    }

    func testNewYorkOverDecades() throws {
        // Hourly-ish samples spread over 1960...2040, many DST rules, in random order.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let seconds: [Int64] = (0..<20_000).map { _ in
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int64(state % 2_524_608_000) - 315_619_200
        }
        try assertMatchesDateFormatter("America/New_York", seconds: seconds)
        try assertMatchesDateFormatter("Europe/London", seconds: seconds.sorted())
    }

    func testKolkataHalfHourOffset() throws {
        // +05:30 all year: 18:29:59Z is still the same day, 18:30Z is the next one.
        var kolkata = DayFormat(timeZone: DayFormat.timeZone(named: "Asia/Kolkata"))
        XCTAssertEqual(day(&kolkata, try TransactionDate.parse("2021-09-01T18:29:59Z")), "Wed, Sep 01")
        XCTAssertEqual(day(&kolkata, try TransactionDate.parse("2021-09-01T18:30:00Z")), "Thu, Sep 02")
        let seconds = stride(from: Int64(1_600_000_000), to: 1_700_000_000, by: 33_333).map { $0 }
        try assertMatchesDateFormatter("Asia/Kolkata", seconds: seconds)
        try assertMatchesDateFormatter("Pacific/Chatham", seconds: seconds)  // +12:45 / +13:45
    }

    func testOffsetsAreCachedBetweenTransitions() throws {
        var newYork = DayFormat(timeZone: DayFormat.timeZone(named: "America/New_York"))
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16)
        // A year of records every 10 minutes, newest first then oldest first, then interleaved:
        // 2021 has two changes, so three spans cover it all.
        let start = try TransactionDate.parse("2021-01-01T00:00:00Z")
        let instants = stride(from: start, to: start + 365 * 86_400, by: 600).map { $0 }
        for instant in instants.reversed() + instants + zip(instants, instants.reversed()).flatMap({ [$0, $1] }) {
            bytes.removeAll(keepingCapacity: true)
            newYork.appendDay(ofUnixSeconds: instant, to: &bytes)
        }
        XCTAssertLessThanOrEqual(newYork.spanLookups, 4)
        var utc = DayFormat(timeZone: TimeZone(identifier: "UTC"))
        for instant in instants { utc.appendDay(ofUnixSeconds: instant, to: &bytes) }
        XCTAssertEqual(utc.spanLookups, 0, "UTC needs no lookups")
    }

    func testTimeZoneNames() {
        XCTAssertEqual(DayFormat.timeZone(named: "UTC")?.secondsFromGMT(), 0)
        XCTAssertEqual(DayFormat.timeZone(named: "utc")?.secondsFromGMT(), 0)
        XCTAssertEqual(DayFormat.timeZone(named: "Asia/Kolkata")?.secondsFromGMT(), 19_800)
        XCTAssertNotNil(DayFormat.timeZone(named: "America/New_York"))
        XCTAssertNil(DayFormat.timeZone(named: "Not/AZone"))
        XCTAssertNil(DayFormat.timeZone(named: ""))
    }
}
