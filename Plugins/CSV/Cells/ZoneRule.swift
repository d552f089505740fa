import Foundation
import StatementText

/// A time zone for local times without an offset (the source's `tz` option).
///
/// Local wall times do not map one to one onto instants: a spring-forward gap skips an hour and an
/// autumn overlap repeats one. Both take the offset in force *before* the change, so a statement's
/// 02:30 on the night clocks go back is read as the first 02:30, and a skipped 02:30 as the old offset
/// (which lands it, as an instant, just after the change). Foundation's zone data is the system's tzdata.
public struct ZoneRule: Sendable {
    private let zone: TimeZone
    private let table: OffsetTable

    /// nil for a name the system does not know (`Europe/Berln`).
    ///
    /// Reads the zone's offsets from 1970 to 2100 into a table once (a few milliseconds), so that
    /// each timed cell costs a binary search rather than questions to the system's zone data.
    public init?(identifier: String) {
        guard let zone = TimeZone(identifier: identifier) else { return nil }
        self.zone = zone
        self.table = OffsetTable { Self.systemOffset(zone, at: $0) }
    }

    public var identifier: String { zone.identifier }

    /// The offset east of UTC in force at that local time (a time skipped or repeated by a
    /// change of clocks takes the offset before the change).
    ///
    /// The offsets a day before and a day after bracket any change (zones change at most twice a
    /// year). When they agree there is no change nearby. Otherwise the earlier offset holds if the local
    /// time read with it falls before the change (this covers the repeated hour), the later one if read
    /// with it the time falls after, and in the skipped hour neither does, so the earlier one holds again.
    /// (Guessing the offset at the wall time read as UTC and checking it once would settle a skipped hour
    /// the same way, but a repeated one by which side of UTC the zone lies: the later offset east of it.)
    public func offsetSeconds(atLocal time: LocalDateTime) -> Int {
        // Wrapping arithmetic: a caller's absurd year gives a wrong offset, never a trap.
        let days = CivilCalendar.daysSinceEpoch(year: time.year, month: time.month, day: time.day)
        let wall = days &* 86_400 &+ time.hour &* 3_600 &+ time.minute &* 60 &+ time.second
        let before = offset(at: wall &- 86_400)
        let after = offset(at: wall &+ 86_400)
        if before == after { return before }
        if offset(at: wall &- before) == before { return before }
        if offset(at: wall &- after) == after { return after }
        return before
    }

    /// The offset at an instant (seconds since 1970, UTC): from the table, or the system outside its span.
    func offset(at secondsSinceEpoch: Int) -> Int {
        table.offset(at: secondsSinceEpoch) ?? Self.systemOffset(zone, at: secondsSinceEpoch)
    }

    /// The offset the system's zone data gives, which the table must agree with.
    func systemOffset(at secondsSinceEpoch: Int) -> Int { Self.systemOffset(zone, at: secondsSinceEpoch) }

    private static func systemOffset(_ zone: TimeZone, at secondsSinceEpoch: Int) -> Int {
        zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(secondsSinceEpoch)))
    }
}
