import CSVCells
import StatementText

/// SWIFT dates: `YYMMDD` (value dates, balances) and the `MMDD` entry date of a `:61:` line,
/// whose year is the one that puts it nearest its value date (a value date of 31 December may be
/// booked on 2 January).
/// A civil day as the reader holds it until it writes it.
typealias MT940Day = (year: Int, month: Int, day: Int)

enum MT940Date {
    /// `YY` below 80 is 20YY, else 19YY.
    static func year(_ twoDigits: Int) -> Int { twoDigits < 80 ? 2000 + twoDigits : 1900 + twoDigits }

    /// The civil day `YYMMDD` at `at` in `text`, or nil when it is not six digits of a real day.
    static func read(_ text: Span<UInt8>, at: Int) -> MT940Day? {
        guard let yy = number(text, at, 2), let month = number(text, at + 2, 2), let day = number(text, at + 4, 2)
        else { return nil }
        let year = year(yy)
        guard day >= 1, day <= CivilCalendar.daysIn(month: month, year: year) else { return nil }
        return (year, month, day)
    }

    /// The entry date `MMDD` at `at` in the year, of the one before and the one after `value`'s,
    /// that is nearest `value`; nil when it is no day of any of them.
    static func entry(_ text: Span<UInt8>, at: Int, near value: MT940Day) -> MT940Day? {
        guard let month = number(text, at, 2), let day = number(text, at + 2, 2) else { return nil }
        let anchor = CivilCalendar.daysSinceEpoch(year: value.year, month: value.month, day: value.day)
        var best: (year: Int, distance: Int)?
        // The value date's year first, so that it wins a tie; no array of the three is made.
        for offset in 0..<3 {
            let year = value.year + (offset == 0 ? 0 : offset == 1 ? -1 : 1)
            guard day >= 1, day <= CivilCalendar.daysIn(month: month, year: year) else { continue }
            let distance = abs(CivilCalendar.daysSinceEpoch(year: year, month: month, day: day) - anchor)
            if distance < best?.distance ?? .max { best = (year, distance) }
        }
        return best.map { ($0.year, month, day) }
    }

    /// `2024-03-01`: written digit by digit (an interpolation made a String of each part).
    static func text(_ date: (year: Int, month: Int, day: Int)) -> String {
        guard (0...9999).contains(date.year) else { return "\(date.year)-\(date.month)-\(date.day)" }
        let zero = UInt8(ascii: "0"), dash = UInt8(ascii: "-")
        func digit(_ value: Int) -> UInt8 { zero + UInt8(value % 10) }
        let (y, m, d) = date
        let bytes: [UInt8] = [
            digit(y / 1000), digit(y / 100), digit(y / 10), digit(y), dash, digit(m / 10), digit(m), dash,
            digit(d / 10), digit(d),
        ]
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `count` digits at `at` as a number; nil if any is not a digit or the text ends first.
    @inline(__always)
    static func number(_ text: Span<UInt8>, _ at: Int, _ count: Int) -> Int? {
        guard at >= 0, at + count <= text.count else { return nil }
        var value = 0
        for i in at..<(at + count) {
            let digit = text[i] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }
}
