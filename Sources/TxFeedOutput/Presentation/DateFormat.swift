import Foundation
import TxFeedModel

/// Writes the day of a transaction as `E, MMM dd` in English (`Wed, Sep 01`), in UTC or in a chosen zone.
///
/// Formatting is done by hand on bytes: `DateFormatter` costs microseconds and a `String` per record,
/// and its output depends on the locale. For a zone other than UTC, the offset of each instant comes
/// from a small cache of spans between the zone's transitions, so Foundation is asked only when a
/// record falls outside every cached span: a handful of times per run, not once per record.
///
/// The cache makes `appendDay` `mutating`; give each thread or stage its own copy.
public struct DayFormat: Sendable {
    /// An interval of Unix seconds, `start..<end`, over which the zone's offset is `offset`.
    private struct Span {
        var start: Int64
        var end: Int64
        var offset: Int64
    }

    private let timeZone: TimeZone?
    private var spans: [Span] = []
    private var lastSpan = 0
    /// How many times Foundation was asked for a span (for tests of the cache).
    private(set) var spanLookups = 0
    /// Enough for a feed spanning several years of DST changes, small enough to scan linearly.
    private static let maximumSpans = 16
    /// The last day written and its text: rows come a day at a time, so the calendar is worked
    /// out once a day, not once a row.
    private var lastDay = Int64.min
    private var lastDayText: [UInt8] = []

    /// `timeZone` nil means UTC.
    public init(timeZone: TimeZone?) {
        // UTC needs no offset lookups at all.
        let isUTC = timeZone.map { ["UTC", "GMT", "Etc/UTC", "Etc/GMT"].contains($0.identifier) } ?? true
        self.timeZone = isUTC ? nil : timeZone
    }

    /// Appends the day of `transaction`: a civil date's own day whatever the zone, an
    /// instant's day in the formatter's zone.
    public mutating func appendDay(of transaction: Transaction, to buffer: inout [UInt8]) {
        appendDay(days: day(of: transaction), to: &buffer)
    }

    /// The day ``appendDay(of:to:)`` writes, as days since 1970-01-01: a sink that shows the
    /// day writes it again only when this changes (rows come a day at a time).
    public mutating func day(of transaction: Transaction) -> Int64 {
        let seconds = transaction.unixSeconds
        return Self.days(transaction.isCivilDate ? seconds : seconds &+ offset(at: seconds))
    }

    /// Appends `Wed, Sep 01` for the day that `unixSeconds` falls on in the formatter's zone.
    public mutating func appendDay(ofUnixSeconds unixSeconds: Int64, to buffer: inout [UInt8]) {
        appendDay(days: Self.days(unixSeconds &+ offset(at: unixSeconds)), to: &buffer)
    }

    /// The day's text, made again only when the day is not the last one's.
    private mutating func appendDay(days: Int64, to buffer: inout [UInt8]) {
        if days != lastDay {
            lastDay = days
            lastDayText.removeAll(keepingCapacity: true)
            Self.formatDay(days, to: &lastDayText)
        }
        buffer.append(contentsOf: lastDayText)
    }

    /// Appends `yyyy-MM-dd`, the day as ``appendDay(of:to:)`` finds it (a journal's date).
    public mutating func appendISODay(of transaction: Transaction, to buffer: inout [UInt8]) {
        let seconds =
            transaction.isCivilDate
            ? transaction.unixSeconds : transaction.unixSeconds &+ offset(at: transaction.unixSeconds)
        ISODate.appendUTC(unixSeconds: Self.days(seconds) * 86_400, to: &buffer)
        buffer.removeLast(10)  // `THH:mm:ssZ`
    }

    /// Days since 1970-01-01 of a (local) second count: floor division.
    static func days(_ seconds: Int64) -> Int64 { TransactionDate.days(ofUnixSeconds: seconds) }

    private static func formatDay(_ days: Int64, to buffer: inout [UInt8]) {
        let weekday = Int(((days % 7) + 11) % 7)  // 1970-01-01 was a Thursday (index 4, Sunday = 0)
        let date = TransactionDate.civilFromDays(days)
        buffer.appendASCII(maximumCount: 11) { out in
            let weekdayName = DayFormat.weekdayNames.utf8Start + weekday * 3
            let monthName = DayFormat.monthNames.utf8Start + (date.month - 1) * 3
            out.update(from: weekdayName, count: 3)
            out[3] = UInt8(ascii: ",")
            out[4] = UInt8(ascii: " ")
            (out + 5).update(from: monthName, count: 3)
            out[8] = UInt8(ascii: " ")
            (out + 9).writeASCIITwoDigits(date.day)
            return 11
        }
    }

    /// Seconds east of UTC at `unixSeconds`, from the cache when a cached span holds it.
    mutating func offset(at unixSeconds: Int64) -> Int64 {
        guard let timeZone else { return 0 }
        if lastSpan < spans.count, spans[lastSpan].start <= unixSeconds, unixSeconds < spans[lastSpan].end {
            return spans[lastSpan].offset
        }
        for (index, span) in spans.enumerated() where span.start <= unixSeconds && unixSeconds < span.end {
            lastSpan = index
            return span.offset
        }
        let span = DayFormat.span(of: timeZone, around: unixSeconds)
        spanLookups += 1
        if spans.count == DayFormat.maximumSpans { spans.removeFirst() }
        spans.append(span)
        lastSpan = spans.count - 1
        return span.offset
    }

    /// The span of constant offset that holds `unixSeconds`: from the last transition at or before it
    /// (searched within the preceding year; with none there, the span starts a year back, which is still
    /// exact) to the next transition after it.
    private static func span(of timeZone: TimeZone, around unixSeconds: Int64) -> Span {
        let instant = Date(timeIntervalSince1970: TimeInterval(unixSeconds))
        let offset = Int64(timeZone.secondsFromGMT(for: instant))
        let end = timeZone.nextDaylightSavingTimeTransition(after: instant).map(seconds) ?? .max
        let yearBack =
            unixSeconds.subtractingReportingOverflow(366 * 86_400).overflow
            ? Int64.min : unixSeconds - 366 * 86_400
        var start = yearBack
        var cursor = Date(timeIntervalSince1970: TimeInterval(yearBack))
        while let transition = timeZone.nextDaylightSavingTimeTransition(after: cursor),
            seconds(transition) <= unixSeconds, seconds(transition) > start
        {
            start = seconds(transition)
            cursor = transition
        }
        return Span(start: start, end: Swift.max(end, unixSeconds &+ 1), offset: offset)
    }

    private static func seconds(_ date: Date) -> Int64 {
        Int64(date.timeIntervalSince1970.rounded(.down))
    }

    /// The zone for a `--tz` value: `UTC` (any case) or an IANA name such as `America/New_York`;
    /// nil when Foundation does not know the name, so that the CLI can reject it as a usage error.
    public static func timeZone(named name: String) -> TimeZone? {
        if name.uppercased() == "UTC" || name == "Z" { return TimeZone(identifier: "UTC") }
        return TimeZone(identifier: name)
    }

    private static let weekdayNames: StaticString = "SunMonTueWedThuFriSat"
    private static let monthNames: StaticString = "JanFebMarAprMayJunJulAugSepOctNovDec"
}

/// Writes instants as ISO 8601 in UTC, `2021-09-01T08:15:00Z`: the form CSV and JSON sinks carry so
/// that any other tool reads them back unambiguously.
public enum ISODate {
    /// Appends the `date` column of `transaction`: `yyyy-MM-dd` for a civil date (a day has no
    /// time to invent), else the instant as `yyyy-MM-ddTHH:mm:ssZ`.
    public static func append(_ transaction: Transaction, to buffer: inout [UInt8]) {
        appendUTC(unixSeconds: transaction.unixSeconds, to: &buffer)
        if transaction.isCivilDate { buffer.removeLast(10) }  // its midnight's `THH:mm:ssZ`
    }

    /// Appends `yyyy-MM-ddTHH:mm:ssZ`; a year outside 0...9999 gets a sign and at least four digits.
    public static func appendUTC(unixSeconds: Int64, to buffer: inout [UInt8]) {
        let days = TransactionDate.days(ofUnixSeconds: unixSeconds)
        let secondOfDay = Int(unixSeconds - days * 86_400)
        let date = TransactionDate.civilFromDays(days)
        buffer.appendASCII(maximumCount: 40) { out in
            var i = 0
            if (0...9999).contains(date.year) {
                (out + 0).writeASCIITwoDigits(Int(date.year / 100))
                (out + 2).writeASCIITwoDigits(Int(date.year % 100))
                i = 4
            } else {
                out[0] = date.year < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
                i = 1 + (out + 1).writeASCIIDecimal(date.year.magnitude, minimumDigits: 4)
            }
            let day = out + i
            day[0] = UInt8(ascii: "-")
            (day + 1).writeASCIITwoDigits(date.month)
            day[3] = UInt8(ascii: "-")
            (day + 4).writeASCIITwoDigits(date.day)
            return i + 6 + writeTime(secondOfDay: secondOfDay, to: day + 6)
        }
    }

    /// Writes `THH:mm:ssZ` (10 bytes).
    @inline(__always)
    static func writeTime(secondOfDay: Int, to time: UnsafeMutablePointer<UInt8>) -> Int {
        time[0] = UInt8(ascii: "T")
        (time + 1).writeASCIITwoDigits(secondOfDay / 3600)
        time[3] = UInt8(ascii: ":")
        (time + 4).writeASCIITwoDigits(secondOfDay / 60 % 60)
        time[6] = UInt8(ascii: ":")
        (time + 7).writeASCIITwoDigits(secondOfDay % 60)
        time[9] = UInt8(ascii: "Z")
        return 10
    }

    /// The `date` column of rows that come a day at a time, as a feed's do (newest first): the
    /// day's `yyyy-MM-dd` is worked out once a day, not once a row.
    public struct Writer {
        private var day = Int64.min
        private var dayText: [UInt8] = []

        public init() {}

        /// ``ISODate/append(_:to:)``.
        public mutating func append(_ transaction: Transaction, to buffer: inout [UInt8]) {
            let seconds = transaction.unixSeconds
            let days = TransactionDate.days(ofUnixSeconds: seconds)
            if days != day {
                day = days
                dayText.removeAll(keepingCapacity: true)
                ISODate.appendUTC(unixSeconds: days * 86_400, to: &dayText)
                dayText.removeLast(10)  // its midnight's `THH:mm:ssZ`
            }
            let secondOfDay = Int(seconds - days * 86_400)
            let isCivil = transaction.isCivilDate
            dayText.withUnsafeBufferPointer { text in
                buffer.appendASCII(maximumCount: 40) { out in
                    out.update(from: text.baseAddress!, count: text.count)
                    return text.count
                        + (isCivil ? 0 : ISODate.writeTime(secondOfDay: secondOfDay, to: out + text.count))
                }
            }
        }
    }
}
