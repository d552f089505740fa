import XCTest

@testable import CSVCells

final class ZoneRuleTests: XCTestCase {
    private func offset(_ zone: String, _ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0) throws
        -> Int
    {
        let rule = try XCTUnwrap(ZoneRule(identifier: zone), zone)
        return rule.offsetSeconds(
            atLocal: LocalDateTime(year: year, month: month, day: day, hour: hour, minute: minute, hasTime: true))
    }

    func testBerlinWinterAndSummer() throws {
        XCTAssertEqual(try offset("Europe/Berlin", 2024, 1, 15, 12), 3600)
        XCTAssertEqual(try offset("Europe/Berlin", 2024, 7, 15, 12), 7200)
        XCTAssertEqual(ZoneRule(identifier: "Europe/Berlin")?.identifier, "Europe/Berlin")
    }

    func testLosAngeles() throws {
        XCTAssertEqual(try offset("America/Los_Angeles", 2024, 1, 15, 12), -8 * 3600)
        XCTAssertEqual(try offset("America/Los_Angeles", 2024, 7, 15, 12), -7 * 3600)
    }

    func testTheHoursAroundAChangeOfClocks() throws {
        // Berlin springs forward at 02:00 on 2024-03-31 and falls back at 03:00 on 2024-10-27.
        XCTAssertEqual(try offset("Europe/Berlin", 2024, 3, 31, 1, 59), 3600)
        XCTAssertEqual(try offset("Europe/Berlin", 2024, 3, 31, 2, 30), 3600, "skipped: the offset before")
        XCTAssertEqual(try offset("Europe/Berlin", 2024, 3, 31, 3, 0), 7200)
        XCTAssertEqual(try offset("Europe/Berlin", 2024, 10, 27, 1, 59), 7200)
        XCTAssertEqual(try offset("Europe/Berlin", 2024, 10, 27, 2, 30), 7200, "repeated: the offset before")
        XCTAssertEqual(try offset("Europe/Berlin", 2024, 10, 27, 3, 0), 3600)
        // Los Angeles, west of UTC: forward at 02:00 on 2024-03-10, back at 02:00 on 2024-11-03.
        XCTAssertEqual(try offset("America/Los_Angeles", 2024, 3, 10, 2, 30), -8 * 3600)
        XCTAssertEqual(try offset("America/Los_Angeles", 2024, 3, 10, 3, 0), -7 * 3600)
        XCTAssertEqual(try offset("America/Los_Angeles", 2024, 11, 3, 1, 30), -7 * 3600)
        XCTAssertEqual(try offset("America/Los_Angeles", 2024, 11, 3, 2, 0), -8 * 3600)
    }

    func testUnknownZone() {
        XCTAssertNil(ZoneRule(identifier: "Europe/Berln"))
        XCTAssertNil(ZoneRule(identifier: ""))
    }
}
