/// A date (and maybe time) as a cell holds it, before any zone is applied.
public struct LocalDateTime: Sendable, Equatable {
    public var year: Int, month: Int, day: Int
    public var hour: Int, minute: Int, second: Int
    /// False for a date alone: a civil date, written `2024-03-01`.
    public var hasTime: Bool
    /// The offset the cell itself gave (`%z`), in seconds east of UTC.
    public var offsetSeconds: Int?

    public init(
        year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, hasTime: Bool = false,
        offsetSeconds: Int? = nil
    ) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.hasTime = hasTime
        self.offsetSeconds = offsetSeconds
    }

    /// Appends one of the host's date forms: `2024-03-01` for a date alone;
    /// `2024-03-01T08:15:00+01:00` with the cell's own offset, else `zone`'s offset for that
    /// local time, else `2024-03-01T08:15:00` (UTC).
    ///
    /// A zero offset is written `Z`, whether the cell or the zone gave it. An offset with seconds
    /// (local mean time before 1900) is rounded to the minute: the host reads `±HH:MM` only.
    /// A date alone gets no zone: a statement's booking day is a civil day, not an instant.
    public func write(zone: ZoneRule?, into out: inout [UInt8]) {
        Self.append(year, width: 4, to: &out)
        out.append(UInt8(ascii: "-"))
        Self.append(month, width: 2, to: &out)
        out.append(UInt8(ascii: "-"))
        Self.append(day, width: 2, to: &out)
        guard hasTime else { return }
        out.append(UInt8(ascii: "T"))
        Self.append(hour, width: 2, to: &out)
        out.append(UInt8(ascii: ":"))
        Self.append(minute, width: 2, to: &out)
        out.append(UInt8(ascii: ":"))
        Self.append(second, width: 2, to: &out)
        guard let offset = offsetSeconds ?? zone?.offsetSeconds(atLocal: self) else { return }
        let minutes = (abs(offset) + 30) / 60
        if minutes == 0 {
            out.append(UInt8(ascii: "Z"))
            return
        }
        out.append(offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
        Self.append(minutes / 60, width: 2, to: &out)
        out.append(UInt8(ascii: ":"))
        Self.append(minutes % 60, width: 2, to: &out)
    }

    /// Appends `value` zero-padded to `width` digits (2 or 4), or as many as it has when wider.
    @inline(__always)
    private static func append(_ value: Int, width: Int, to out: inout [UInt8]) {
        guard value >= 0 && value < (width == 2 ? 100 : 10_000) else {
            out.append(contentsOf: String(value).utf8)  // a year no cell gives (a caller's own value)
            return
        }
        if width == 4 {
            out.append(digit(value / 1000))
            out.append(digit(value / 100 % 10))
        }
        out.append(digit(value / 10 % 10))
        out.append(digit(value % 10))
    }

    @inline(__always)
    private static func digit(_ value: Int) -> UInt8 { UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value) }
}
