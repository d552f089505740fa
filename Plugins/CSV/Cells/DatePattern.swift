// API skeleton: the csv-cells helper replaces every body.

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
    public func write(zone: ZoneRule?, into out: inout [UInt8]) {
        fatalError("skeleton")
    }
}

/// A strptime-like format: `%Y %y %m %d %e %b %B %H %M %S %z %%` and literal characters
/// (`%d.%m.%y`, `%m/%d/%Y`, `%d %b %Y` with English month names, any case).
public struct DatePattern: Sendable, Equatable, CustomStringConvertible {
    public init(_ format: String) throws(DatePatternError) {
        fatalError("skeleton")
    }

    /// The format as written (`%d.%m.%y`).
    public var description: String { fatalError("skeleton") }
    public var hasTime: Bool { fatalError("skeleton") }

    /// The cell (blanks around it ignored) read whole, or nil when it does not match or is not
    /// a real day or time (2024-02-30, 25:00).
    public func parse(_ cell: UnsafeBufferPointer<UInt8>) -> LocalDateTime? {
        fatalError("skeleton")
    }

    /// The formats inferred among, most usual first.
    public static var candidates: [DatePattern] { fatalError("skeleton") }

    /// Whether any candidate reads the cell (column scoring).
    public static func looksLikeDate(_ cell: UnsafeBufferPointer<UInt8>) -> Bool {
        fatalError("skeleton")
    }
}

public struct DatePatternError: Error, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// The date format of a column, decided over all its non-blank cells.
public struct DateEvidence: Sendable {
    public init(candidates: [DatePattern] = DatePattern.candidates) {
        fatalError("skeleton")
    }

    public mutating func observe(_ cell: UnsafeBufferPointer<UInt8>, line: Int) {
        fatalError("skeleton")
    }

    public var decision: DateDecision { fatalError("skeleton") }
}

public enum DateDecision: Sendable, Equatable {
    /// `evidence` for `sniff`: `day > 12 on lines 4, 9: %d/%m/%Y`, `only format that reads every cell`.
    case decided(DatePattern, evidence: String)
    /// Several formats read every cell (no day above 12): the message names them and the
    /// `date-format` option that settles it.
    case ambiguous([DatePattern], String)
    /// No candidate reads every cell: the message quotes the first cell none reads, with its line.
    case unreadable(String)
}

/// A time zone for local times without an offset (the source's `tz` option).
public struct ZoneRule: Sendable {
    /// nil for a name the system does not know (`Europe/Berln`).
    public init?(identifier: String) {
        fatalError("skeleton")
    }

    public var identifier: String { fatalError("skeleton") }

    /// The offset east of UTC in force at that local time (a time skipped or repeated by a
    /// change of clocks takes the offset before the change).
    public func offsetSeconds(atLocal time: LocalDateTime) -> Int {
        fatalError("skeleton")
    }
}
