import Foundation
import Glibc
import TxFeedTestSupport
import XCTest

@testable import TxFeedModel

final class TransactionDateTests: XCTestCase {
    private func kind(of text: String) -> DateError.Kind? {
        do {
            _ = try TransactionDate.parse(text)
            return nil
        } catch {
            return error.kind
        }
    }

    func testValidForms() throws {
        let expected = LibcReference.timegmUTC(2021, 9, 1, 8, 15, 0)
        XCTAssertEqual(expected, 1_630_484_100)
        for text in [
            "2021-09-01 08:15:00", "2021-09-01T08:15:00", "2021-09-01T08:15:00Z",
            "2021-09-01T08:15:00.999Z", "2021-09-01T08:15:00.5", "2021-09-01T08:15:00.123456789+00:00",
            "2021-09-01T10:15:00+02:00", "2021-09-01T10:15:00+0200", "2021-09-01T03:15:00-05:00",
            "2021-09-01T13:45:00+05:30", "2021-08-31T23:15:00-0900", "2021-09-01T08:15:00-00:00",
        ] {
            XCTAssertEqual(try TransactionDate.parse(text), expected, text)
        }
        XCTAssertEqual(try TransactionDate.parse("1970-01-01 00:00:00"), 0)
        XCTAssertEqual(try TransactionDate.parse("1969-12-31T23:59:59Z"), -1)
        XCTAssertEqual(
            try TransactionDate.parse("2000-01-01T00:30:00+01:00"), LibcReference.timegmUTC(1999, 12, 31, 23, 30))
    }

    func testByteFormMatchesTimegmOverManyDays() throws {
        // Every day of 1899...2101 at a varying time: covers leap years, centuries and negative seconds.
        var day = LibcReference.timegmUTC(1899, 1, 1) / 86_400
        let last = LibcReference.timegmUTC(2101, 12, 31) / 86_400
        var checked = 0
        while day <= last {
            let seconds = day * 86_400 + (day * 7_919) % 86_400
            var parts = tm()
            var t = time_t(seconds)
            gmtime_r(&t, &parts)
            let text = String(
                format: "%04d-%02d-%02d %02d:%02d:%02d", parts.tm_year + 1900, parts.tm_mon + 1,
                parts.tm_mday, parts.tm_hour, parts.tm_min, parts.tm_sec)
            let parsed = try TransactionDate.parse(Array(text.utf8).span)
            XCTAssertEqual(parsed, seconds, text)
            day += 1
            checked += 1
        }
        XCTAssertGreaterThan(checked, 73_000)
    }

    func testLeapYears() throws {
        XCTAssertEqual(try TransactionDate.parse("2020-02-29 12:00:00"), LibcReference.timegmUTC(2020, 2, 29, 12))
        XCTAssertEqual(try TransactionDate.parse("2000-02-29 12:00:00"), LibcReference.timegmUTC(2000, 2, 29, 12))
        XCTAssertEqual(try TransactionDate.parse("2024-02-29T00:00:00Z"), LibcReference.timegmUTC(2024, 2, 29))
        XCTAssertEqual(kind(of: "1900-02-29 12:00:00"), .notARealDay)
        XCTAssertEqual(kind(of: "2023-02-29 12:00:00"), .notARealDay)
        XCTAssertEqual(kind(of: "2100-02-29T12:00:00Z"), .notARealDay)
    }

    func testImpossibleDatesAndTimes() {
        for text in [
            "2021-00-10 10:00:00", "2021-13-10 10:00:00", "2021-02-30 10:00:00", "2021-04-31 10:00:00",
            "2021-01-32 10:00:00", "2021-01-00 10:00:00", "2021-06-31T10:00:00Z",
        ] {
            XCTAssertEqual(kind(of: text), .notARealDay, text)
        }
        for text in ["2021-01-10 24:00:00", "2021-01-10 10:60:00", "2021-01-10 10:00:60", "2021-01-10T99:00:00Z"] {
            XCTAssertEqual(kind(of: text), .notARealTime, text)
        }
    }

    func testMalformedInput() {
        for text in [
            "", "2021-09-01", "2021-09-01 08:15", "2021-9-01 08:15:00", "2021-09-01 08:15:0",
            "2021/09/01 08:15:00", "2021-09-01X08:15:00", "2021-09-01 08:15:00Z", "2021-09-01 08:15:00 ",
            " 2021-09-01 08:15:00", "2021-09-01T08:15:00.", "2021-09-01T08:15:00.5x", "2021-09-01T08:15:00ZZ",
            "2021-09-01T08:15:00 ", "2021-09-01t08:15:00Z", "２０２１-09-01 08:15:00", "2021-09-0a 08:15:00",
            "+021-09-01 08:15:00", "2021-09-01T08:15:00UTC", "2021-09-01 08:15:00.000",
        ] {
            XCTAssertEqual(kind(of: text), .malformed, text)
        }
        for text in [
            "2021-09-01T08:15:00+2", "2021-09-01T08:15:00+02", "2021-09-01T08:15:00+02:0",
            "2021-09-01T08:15:00+24:00", "2021-09-01T08:15:00+02:60", "2021-09-01T08:15:00+02:00:00",
            "2021-09-01T08:15:00+0a:00", "2021-09-01T08:15:00+02-00",
        ] {
            XCTAssertEqual(kind(of: text), .badOffset, text)
        }
    }

    func testErrorReasonsQuoteTheInput() {
        XCTAssertEqual(
            DateError(.notARealDay, input: "2021-02-30 10:00:00").description,
            "date \"2021-02-30 10:00:00\" is not a real day")
        XCTAssertThrowsError(try TransactionDate.parse("yesterday")) { error in
            let text = String(describing: error)
            XCTAssertTrue(text.hasPrefix("date \"yesterday\""), text)
            XCTAssertTrue(text.contains("expected yyyy-MM-dd HH:mm:ss or ISO 8601"), text)
        }
        XCTAssertThrowsError(try TransactionDate.parse("2021-09-01\n08:15:00")) { error in
            XCTAssertFalse(String(describing: error).contains("\n"), "control characters are escaped")
        }
        let long = String(repeating: "9", count: 1000)
        XCTAssertThrowsError(try TransactionDate.parse(long)) { error in
            XCTAssertLessThan(String(describing: error).count, 200, "long input is cut short")
        }
    }

    /// A day without a time is a civil date: held as its midnight in UTC and flagged, so that
    /// its day never moves with a time zone.
    func testADateWithoutATimeIsACivilDate() throws {
        let day = try TransactionDate.read("2024-03-01")
        XCTAssertTrue(day.isCivil)
        XCTAssertEqual(day.unixSeconds, LibcReference.timegmUTC(2024, 3, 1))
        let instant = try TransactionDate.read("2024-03-01T00:00:00Z")
        XCTAssertFalse(instant.isCivil)
        XCTAssertEqual(instant.unixSeconds, day.unixSeconds)
        XCTAssertEqual(try TransactionDate.read("1969-12-31").unixSeconds, -86_400)
        XCTAssertThrowsError(try TransactionDate.read("2023-02-29")) { error in
            XCTAssertEqual((error as? DateError)?.kind, .notARealDay)
        }
        for malformed in ["2024-3-01x", "2024/03/01", "20240301xx", "2024-03-1 "] {
            XCTAssertThrowsError(try TransactionDate.read(malformed), malformed) { error in
                XCTAssertEqual((error as? DateError)?.kind, .malformed, malformed)
            }
        }
    }

    /// The offset a date gave is kept with its record, and tells when its day in UTC is not
    /// the day the file meant.
    func testTheOffsetGivenIsKeptAndTellsAShiftedDay() throws {
        func record(_ text: String) throws -> Transaction {
            let date = try TransactionDate.readWithOffset(text.utf8.span)
            return Transaction(
                unixSeconds: date.unixSeconds, amountMinor: 1, vendor: 0, account: 0, isDebit: true,
                isCivilDate: date.isCivil, offsetMinutes: date.offsetMinutes)
        }
        let cases: [(String, Int16, Bool)] = [
            ("2024-03-31T23:00:00-05:00", -300, true),  // 1 April in UTC
            ("2024-03-31T12:00:00-05:00", -300, false),
            ("2024-03-31T00:00:00+11:00", 660, true),  // 30 March in UTC
            ("2024-03-31T00:00:00.000+0545", 345, true),
            ("2024-03-31T06:00:00+05:45", 345, false),
            ("1969-12-31T20:00:00-05:00", -300, true),  // before 1970: days count down
            ("1969-12-31T18:00:00-05:00", -300, false),
            ("2024-03-31T23:00:00Z", 0, false), ("2024-03-31 23:00:00", 0, false), ("2024-03-31", 0, false),
        ]
        for (text, minutes, shifted) in cases {
            let t = try record(text)
            XCTAssertEqual(t.offsetMinutes, minutes, text)
            XCTAssertEqual(t.dayDiffersAtOffset, shifted, text)
            XCTAssertEqual(t.unixSeconds, try TransactionDate.read(text).unixSeconds, text)
        }
        // In the padding: a record is still 32 bytes on the wire and in spill runs.
        XCTAssertLessThanOrEqual(MemoryLayout<Transaction>.size, 32)
        XCTAssertEqual(MemoryLayout<Transaction>.stride, 32)
    }
}
