/// Parses a transaction's `date` straight from its UTF-8 bytes into Unix seconds (UTC).
///
/// Working on bytes with fixed offsets keeps the per-record cost to a few comparisons, with no
/// `DateFormatter` (slow, locale-dependent and lenient: it would roll `Feb 30` over into March).
/// Accepted forms:
/// - `yyyy-MM-dd`, a civil date: a calendar day, the same day in every time zone (see ``read(_:)``);
/// - `yyyy-MM-dd HH:mm:ss`, taken as UTC;
/// - ISO 8601 `yyyy-MM-ddTHH:mm:ss`, optionally followed by a fraction `.d+` (truncated to whole
///   seconds), then `Z`, `±HH:MM` or `±HHMM` (the offset is applied), or nothing (UTC).
public enum TransactionDate {
    /// A date as read: an instant, or a civil date (a day without a time) held as that day's
    /// midnight in UTC.
    public static func read(_ bytes: Span<UInt8>) throws(DateError) -> (
        unixSeconds: Int64, isCivil: Bool
    ) {
        let date = try readWithOffset(bytes)
        return (date.unixSeconds, date.isCivil)
    }

    /// ``read(_:)``, with the offset the text gave in minutes east of UTC (0 for none, `Z` and
    /// a civil date): a record keeps it (``Transaction/offsetMinutes``).
    public static func readWithOffset(_ bytes: Span<UInt8>) throws(DateError) -> (
        unixSeconds: Int64, isCivil: Bool, offsetMinutes: Int16
    ) {
        guard bytes.count == 10 else {
            let (instant, offset) = try instant(bytes)
            return (instant, false, Int16(offset / 60))
        }
        guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let year = number(bytes, 0, 4), let month = number(bytes, 5, 2), let day = number(bytes, 8, 2)
        else { throw DateError(.malformed, bytes) }
        guard (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month) else {
            throw DateError(.notARealDay, bytes)
        }
        return (daysFromCivil(year: Int64(year), month: Int64(month), day: Int64(day)) * 86_400, true, 0)
    }

    /// ``read(_:)`` for a `String`, for tests and configuration.
    public static func read(_ string: String) throws(DateError) -> (unixSeconds: Int64, isCivil: Bool) {
        try read(string.utf8.span)
    }

    /// Unix seconds of a date with a time of day, or a `DateError` saying what is wrong with it.
    public static func parse(_ bytes: Span<UInt8>) throws(DateError) -> Int64 {
        try instant(bytes).unixSeconds
    }

    /// ``parse(_:)``, with the offset the text gave (seconds east of UTC).
    @inline(__always)
    private static func instant(_ bytes: Span<UInt8>) throws(DateError) -> (
        unixSeconds: Int64, offsetSeconds: Int
    ) {
        let n = bytes.count
        guard n >= 19,
            bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            let year = number(bytes, 0, 4), let month = number(bytes, 5, 2), let day = number(bytes, 8, 2),
            let hour = number(bytes, 11, 2), let minute = number(bytes, 14, 2), let second = number(bytes, 17, 2)
        else { throw DateError(.malformed, bytes) }

        var offsetSeconds = 0
        switch bytes[10] {
        case UInt8(ascii: " "):
            guard n == 19 else { throw DateError(.malformed, bytes) }
        case UInt8(ascii: "T"):
            var i = 19
            if i < n && bytes[i] == UInt8(ascii: ".") {
                i += 1
                let fractionStart = i
                while i < n && isDigit(bytes[i]) { i += 1 }
                guard i > fractionStart else { throw DateError(.malformed, bytes) }
            }
            if i < n {
                offsetSeconds = try zoneOffset(bytes, from: i)
            }
        default:
            throw DateError(.malformed, bytes)
        }

        guard (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month) else {
            throw DateError(.notARealDay, bytes)
        }
        guard hour < 24, minute < 60, second < 60 else { throw DateError(.notARealTime, bytes) }
        let days = daysFromCivil(year: Int64(year), month: Int64(month), day: Int64(day))
        let instant = days * 86_400 + Int64(hour * 3600 + minute * 60 + second - offsetSeconds)
        // An offset can carry a four-digit year out of four digits (`9999-12-31T23:00:00-05:00`
        // is in 10000), and no output could write that instant as the date it is.
        guard instantRange.contains(instant) else { throw DateError(.outOfRange, bytes) }
        return (instant, offsetSeconds)
    }

    /// The instants whose UTC year has four digits: 0000-01-01T00:00:00Z to 9999-12-31T23:59:59Z.
    public static let instantRange: ClosedRange<Int64> =
        daysFromCivil(year: 0, month: 1, day: 1) * 86_400...daysFromCivil(year: 9999, month: 12, day: 31) * 86_400
        + 86_399

    /// Convenience for tests and configuration; records go through the byte form.
    public static func parse(_ string: String) throws(DateError) -> Int64 {
        try parse(string.utf8.span)
    }

    /// `Z`, `±HH:MM` or `±HHMM` at `start`, ending the input; returns seconds east of UTC.
    private static func zoneOffset(_ bytes: Span<UInt8>, from start: Int) throws(DateError) -> Int {
        let n = bytes.count
        let sign = bytes[start]
        if sign == UInt8(ascii: "Z") {
            guard n == start + 1 else { throw DateError(.malformed, bytes) }
            return 0
        }
        guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { throw DateError(.malformed, bytes) }
        let minutesAt: Int
        if n == start + 6 && bytes[start + 3] == UInt8(ascii: ":") {
            minutesAt = start + 4
        } else if n == start + 5 {
            minutesAt = start + 3
        } else {
            throw DateError(.badOffset, bytes)
        }
        guard let hours = number(bytes, start + 1, 2), let minutes = number(bytes, minutesAt, 2),
            hours < 24, minutes < 60
        else { throw DateError(.badOffset, bytes) }
        let seconds = hours * 3600 + minutes * 60
        return sign == UInt8(ascii: "-") ? -seconds : seconds
    }

    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    /// The `width` ASCII digits at `start` as a number, or nil if any is not a digit.
    @inline(__always)
    private static func number(_ bytes: Span<UInt8>, _ start: Int, _ width: Int) -> Int? {
        var value = 0
        for i in start..<(start + width) {
            let digit = bytes[i] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }

    /// Days since 1970-01-01 of a second count: floor division, for instants before it too.
    @inlinable
    package static func days(ofUnixSeconds seconds: Int64) -> Int64 {
        seconds >= 0 ? seconds / 86_400 : (seconds + 1) / 86_400 - 1
    }

    package static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    package static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    package static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// `2024-03-01`: the day `days` after 1970-01-01, as the state file's days are shown.
    package static func isoDay(days: Int64) -> String {
        let date = civilFromDays(days)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(date.year)-\(two(date.month))-\(two(date.day))"
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01 (Howard Hinnant's `civil_from_days`).
    package static func civilFromDays(_ days: Int64) -> (year: Int64, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = Int(dayOfYear - (153 * mp + 2) / 5 + 1)
        let month = Int(mp < 10 ? mp + 3 : mp - 9)
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

/// Why a `date` was rejected; `description` quotes the input and says what was expected.
public struct DateError: Error, Equatable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        /// Not one of the accepted shapes (wrong length, non-digits, trailing junk).
        case malformed
        /// The shape is right but the calendar has no such day (month 13, Feb 30, Feb 29 in 2023).
        case notARealDay
        /// Hour 24 or more, minute or second 60 or more.
        case notARealTime
        /// A zone offset that is not `±HH:MM` or `±HHMM` within ±23:59.
        case badOffset
        /// An instant whose UTC year is not 0000 to 9999, once its offset is applied.
        case outOfRange
    }

    public let kind: Kind
    /// The rejected text (at most 64 bytes of it, invalid UTF-8 repaired).
    public let input: String

    public init(_ kind: Kind, input: String) {
        self.kind = kind
        self.input = input
    }

    init(_ kind: Kind, _ bytes: Span<UInt8>) {
        var text = String(decodingUTF8: bytes.extracting(first: 64))
        if bytes.count > 64 { text += "…" }
        self.init(kind, input: text)
    }

    public var description: String {
        let quoted = input.debugDescription  // quotes and escapes control characters
        switch kind {
        case .malformed:
            return
                "date \(quoted): expected yyyy-MM-dd HH:mm:ss or ISO 8601 yyyy-MM-ddTHH:mm:ss[.fraction][Z|±HH:MM], or a day yyyy-MM-dd"
        case .notARealDay:
            return "date \(quoted) is not a real day"
        case .notARealTime:
            return "date \(quoted) is not a real time of day (hours 00-23, minutes and seconds 00-59)"
        case .badOffset:
            return "date \(quoted) has a bad zone offset: expected Z, ±HH:MM or ±HHMM"
        case .outOfRange:
            return "date \(quoted) falls outside the years 0000-9999 in UTC"
        }
    }
}
