import TxFeedModel

/// A test of a record's calendar day: its day of the month (`day = 1`, `[1, 15]`, `"25..31"`)
/// or its weekday (`weekday = "sat"`, `["sat", "sun"]`, `"mon..fri"`), held as the set of days
/// that pass, one bit each, so a record costs a shift and an `and` whatever the list.
///
/// The day is the one the run's output shows the record on (``RuleRecord/date``): a civil date's
/// own day, an instant's day in `--tz`.
struct DayTest: Sendable, Equatable {
    enum Unit: String, Sendable {
        /// 1 to 31.
        case day
        /// Monday (0) to Sunday (6): a week as ISO 8601 and most banks' statements run it, so
        /// that `"mon..fri"` reads as written.
        case weekday
    }

    var unit: Unit
    /// Bit n set: day n (1...31), or weekday n (0 Monday ... 6 Sunday), passes.
    var days: UInt32

    static let weekdayNames = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    private static let fullWeekdayNames = [
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
    ]

    /// Whether the day `date` (days since 1970-01-01) passes.
    func holds(date: Int64) -> Bool {
        days & (1 << value(of: date)) != 0
    }

    /// The day of the month, or the weekday, of `date`.
    func value(of date: Int64) -> Int {
        unit == .day ? TransactionDate.civilFromDays(date).day : Self.weekday(of: date)
    }

    /// The weekday of `date`, 0 Monday ... 6 Sunday.
    static func weekday(of date: Int64) -> Int {
        // 1970-01-01 was a Thursday (3 from Monday); a floor modulo for the days before it.
        Int(((date % 7) + 7 + 3) % 7)
    }

    /// A value's name in messages: `15`, `sat`.
    func name(of value: Int) -> String {
        unit == .day ? String(value) : Self.weekdayNames[value]
    }

    /// One of a condition's values as the file wrote it: a day `15` (or `"15"`), a weekday `"sat"`
    /// (or `"saturday"`, in any case), or a range of either, both ends included. Adds its days;
    /// the error says what is wrong, for the reader to name the file, rule and key.
    mutating func add(_ text: String) throws(DayTestError) {
        let text = text.trimmingSpaces
        if let dots = text.range(of: "..") {
            let low = try parse(String(text[..<dots.lowerBound]).trimmingSpaces)
            let high = try parse(String(text[dots.upperBound...]).trimmingSpaces)
            guard low <= high else {
                throw DayTestError(
                    unit == .day
                        ? "\"\(text)\" runs backwards: write the smaller day first"
                        : "\"\(text)\" runs backwards: weeks run mon to sun here, so list the days instead, such as [\"sat\", \"sun\", \"mon\"]"
                )
            }
            for value in low...high { days |= 1 << value }
        } else {
            days |= 1 << (try parse(text))
        }
    }

    private func parse(_ text: String) throws(DayTestError) -> Int {
        switch unit {
        case .day:
            guard (1...3).contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }), let day = Int(text)
            else {
                throw DayTestError(
                    "'\(text)' is not a day of the month: write a day (1 to 31), a list of them or a range such as \"25..31\""
                )
            }
            guard (1...31).contains(day) else { throw DayTestError("\(day) is not a day of the month (1 to 31)") }
            return day
        case .weekday:
            let lowered = text.lowercased()
            guard let n = Self.weekdayNames.firstIndex(of: lowered) ?? Self.fullWeekdayNames.firstIndex(of: lowered)
            else {
                throw DayTestError(
                    "'\(text)' is not a weekday; weekdays: \(Self.weekdayNames.joined(separator: ", ")) (or the full names)"
                )
            }
            return n
        }
    }

    /// The days that pass, as messages show them: `1, 15`, `25..31`, `sat, sun`, `mon..fri`
    /// (three or more in a row as a range).
    var text: String {
        let values = (0..<32).filter { days & (1 << $0) != 0 }
        var parts: [String] = []
        var i = 0
        while i < values.count {
            var j = i
            while j + 1 < values.count, values[j + 1] == values[j] + 1 { j += 1 }
            if j - i >= 2 {
                parts.append("\(name(of: values[i]))..\(name(of: values[j]))")
            } else {
                parts += values[i...j].map(name(of:))
            }
            i = j + 1
        }
        return parts.joined(separator: ", ")
    }

    /// Whether every day `other` passes, this passes too (`rules check`).
    func contains(_ other: DayTest) -> Bool {
        unit == other.unit && other.days & ~days == 0
    }
}

/// What is wrong with a `day` or `weekday` value.
struct DayTestError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

extension RuleRecord {
    /// `2024-03-01 (fri)` for a day count since 1970-01-01.
    static func dateText(_ date: Int64) -> String {
        let (year, month, day) = TransactionDate.civilFromDays(date)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(year)-\(two(month))-\(two(day)) (\(DayTest.weekdayNames[DayTest.weekday(of: date)]))"
    }

    /// Days since 1970-01-01 of a day written `2024-03-01`; nil for anything else (a time of
    /// day among it: a day as the run shows it needs none).
    public static func date(_ text: String) -> Int64? {
        guard let read = try? TransactionDate.read(text), read.isCivil else { return nil }
        return TransactionDate.days(ofUnixSeconds: read.unixSeconds)
    }
}
