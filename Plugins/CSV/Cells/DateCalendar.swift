import Foundation
import StatementText

/// The calendar a date column counts in (`calendar=`): Thai banks write Buddhist-era years
/// (`05/03/2566`), Iranian ones Solar Hijri (`1402/05/12`), some Gulf ones Hijri (`1445/05/12`).
///
/// Read as Gregorian, such a year is a silent wrong date, so a year no statement has
/// (``plausibleYears``) is refused naming this option unless it is given.
public enum DateCalendar: String, Sendable, CaseIterable {
    case gregorian
    /// Thailand's: the Gregorian year plus 543.
    case buddhist
    /// Iran's and Afghanistan's Solar Hijri.
    case persian
    /// The Hijri calendar of Umm al-Qura (Saudi Arabia's civil one).
    case islamic

    public init?(option: String) {
        self.init(rawValue: option.trimmingCharacters(in: .whitespaces).lowercased())
    }

    /// The years a bank statement's Gregorian dates fall in when no calendar is given: from 1900
    /// to a year after `today`'s. A Buddhist-era `66` read by `%y` is 2066, past it.
    public static func plausibleYears(today: Int) -> ClosedRange<Int> { 1900...(today + 1) }

    /// This year (UTC), for ``plausibleYears(today:)``.
    /// Worked out once, without Foundation's calendars: loading ICU would cost every document.
    public static let currentYear: Int = {
        let days = Int(time(nil)) / 86_400
        var year = 1970 + days / 366
        while CivilCalendar.daysSinceEpoch(year: year + 1, month: 1, day: 1) <= days { year += 1 }
        return year
    }()

    /// Why `year`, read as Gregorian, is no statement's, and the option that reads it.
    public static func implausible(year: Int, today: Int) -> String {
        let hint: String
        switch year {
        case 2400...2799:
            hint = "a Buddhist-era year? set calendar=buddhist"
        case 1300...1499:
            hint = "a Solar Hijri or Hijri year? set calendar=persian or calendar=islamic"
        case 2069...2099:
            hint = "a Nepali (Bikram Sambat) year? txfeed reads no such calendar: convert the dates"
        case let later where later > today && later <= 2068:
            hint = "a typo, or a two-digit Buddhist-era year (66 for 2566)? set calendar=buddhist"
        default:
            hint = "a typo?"
        }
        return "the year \(year) is no Gregorian year of a statement (1900 to \(today + 1)): \(hint) "
            + "(calendar=gregorian reads it as written)"
    }

    /// Why a cell no Gregorian format reads may be another calendar's day (`1402/02/31`, the 31st
    /// of Ordibehesht), or nil.
    public static func otherCalendarHint(_ cell: String) -> String? {
        let today = currentYear
        for calendar in [DateCalendar.persian, .islamic] {
            // Four-digit years only: `05/03/26` is a Gregorian day whose year is written short.
            let read = Array(cell.utf8).withUnsafeBufferPointer { bytes in
                DatePattern.candidates.lazy.filter { $0.steps.contains(.year) }
                    .compactMap { $0.counting(in: calendar).parse(bytes.span) }.first
            }
            if let read, plausibleYears(today: today).contains(read.year) {
                return "it is a Solar Hijri or Hijri day: set calendar=persian or calendar=islamic"
            }
        }
        return nil
    }

    /// A two-digit year in this calendar: the Gregorian pivot, or this calendar's years of
    /// Gregorian 1969–2068 (`66` is 2566 in the Buddhist era, `02` is 1402 in the Solar Hijri).
    func fullYear(twoDigit short: Int) -> Int {
        switch self {
        case .gregorian: short < 69 ? 2000 + short : 1900 + short
        case .buddhist: short < 12 ? 2600 + short : 2500 + short
        case .persian: short < 47 ? 1400 + short : 1300 + short
        case .islamic: short < 90 ? 1400 + short : 1300 + short
        }
    }

    /// The Gregorian day of this calendar's `year`-`month`-`day`, or nil when it has no such day.
    func gregorian(year: Int, month: Int, day: Int) -> (year: Int, month: Int, day: Int)? {
        switch self {
        case .gregorian:
            return day <= CivilCalendar.daysIn(month: month, year: year) ? (year, month, day) : nil
        case .buddhist:
            return Self.gregorian.gregorian(year: year - 543, month: month, day: day)
        case .persian, .islamic:
            // Foundation's calendars (ICU's tables) are the maintained truth for these; a day
            // the calendar does not have rolls over there, so a round trip must give it back.
            let calendar = self == .persian ? Self.persianCalendar : Self.islamicCalendar
            guard month <= 12, day <= 31,
                let date = calendar.date(from: DateComponents(year: year, month: month, day: day)),
                calendar.dateComponents([.year, .month, .day], from: date)
                    == DateComponents(year: year, month: month, day: day)
            else { return nil }
            let civil = Self.gregorianCalendar.dateComponents([.year, .month, .day], from: date)
            guard let year = civil.year, let month = civil.month, let day = civil.day else { return nil }
            return (year, month, day)
        }
    }

    private static func utc(_ identifier: Calendar.Identifier) -> Calendar {
        var calendar = Calendar(identifier: identifier)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    private static let persianCalendar = utc(.persian)
    private static let islamicCalendar = utc(.islamicUmmAlQura)
    private static let gregorianCalendar = utc(.gregorian)
}
