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

    func testHalfHourZones() throws {
        // Lord Howe moves by half an hour; Kolkata never moves.
        XCTAssertEqual(try offset("Australia/Lord_Howe", 2024, 1, 15, 12), 11 * 3600)
        XCTAssertEqual(try offset("Australia/Lord_Howe", 2024, 7, 15, 12), 10 * 3600 + 1800)
        XCTAssertEqual(try offset("Asia/Kolkata", 2024, 7, 15, 12), 5 * 3600 + 1800)
    }

    /// The table must say what the system's zone data says, at random instants and around every change.
    func testTheOffsetTableAgreesWithTheSystem() throws {
        var random = SplitMix(state: 1970)
        let zones = [
            "Europe/Berlin", "America/Los_Angeles", "Australia/Lord_Howe", "Africa/Casablanca", "America/Sao_Paulo",
            "Pacific/Chatham", "Europe/London", "Asia/Tehran", "UTC",
        ]
        for name in zones {
            let rule = try XCTUnwrap(ZoneRule(identifier: name), name)
            var previous = rule.systemOffset(at: 0)
            var instant = 0
            while instant < 4_102_444_800 {
                let next = instant + Int.random(in: 1...400_000, using: &random)
                let expected = rule.systemOffset(at: next)
                XCTAssertEqual(rule.offset(at: next), expected, "\(name) at \(next)")
                if expected != previous {
                    // A change lies between the two samples: the table must follow it to the second.
                    for probe in stride(from: instant, through: next, by: max(1, (next - instant) / 64)) {
                        XCTAssertEqual(rule.offset(at: probe), rule.systemOffset(at: probe), "\(name) at \(probe)")
                    }
                }
                previous = expected
                instant = next
            }
            // Outside the table the system answers.
            XCTAssertEqual(rule.offset(at: -2_000_000_000), rule.systemOffset(at: -2_000_000_000), name)
            XCTAssertEqual(rule.offset(at: 5_000_000_000), rule.systemOffset(at: 5_000_000_000), name)
        }
    }

    func testUnknownZone() {
        XCTAssertNil(ZoneRule(identifier: "Europe/Berln"))
        XCTAssertNil(ZoneRule(identifier: ""))
    }
}
