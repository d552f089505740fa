import StatementText

/// A strptime-like format: `%Y %y %m %d %e %b %B %H %M %S %z %%` and literal characters
/// (`%d.%m.%y`, `%m/%d/%Y`, `%d %b %Y` with English month names, any case).
///
/// Bank exports write dates in a handful of ways, none self-describing; a pattern reads exactly one
/// of them, whole, so that inference can rule a format out by a single cell it cannot read.
public struct DatePattern: Sendable, Equatable, CustomStringConvertible {
    private let format: String
    let steps: [DateStep]
    private let timed: Bool
    /// The calendar its years, months and days count in; the day read is Gregorian.
    public private(set) var calendar = DateCalendar.gregorian

    public init(_ format: String) throws(DatePatternError) {
        var steps: [DateStep] = []
        var bytes = format.utf8.makeIterator()
        while let byte = bytes.next() {
            if byte == UInt8(ascii: " ") {
                steps.append(.spaces)
                continue
            }
            guard byte == UInt8(ascii: "%") else {
                steps.append(.literal(byte))
                continue
            }
            guard let directive = bytes.next() else {
                throw DatePatternError("date format \"\(format)\" ends with a lone %")
            }
            switch directive {
            case UInt8(ascii: "Y"): steps.append(.year)
            case UInt8(ascii: "y"): steps.append(.twoDigitYear)
            case UInt8(ascii: "m"): steps.append(.month(fixedWidth: false))
            case UInt8(ascii: "d"): steps.append(.day(fixedWidth: false))
            case UInt8(ascii: "e"): steps.append(.spacePaddedDay)
            case UInt8(ascii: "b"): steps.append(.monthAbbreviation)
            case UInt8(ascii: "B"): steps.append(.monthName)
            case UInt8(ascii: "H"): steps.append(.hour(fixedWidth: false))
            case UInt8(ascii: "M"): steps.append(.minute)
            case UInt8(ascii: "S"): steps.append(.second)
            case UInt8(ascii: "z"): steps.append(.offset)
            case UInt8(ascii: "%"): steps.append(.literal(UInt8(ascii: "%")))
            default:
                let name = String(decoding: [directive], as: UTF8.self)
                throw DatePatternError(
                    "date format \"\(format)\": unknown directive %\(name) (known: %Y %y %m %d %e %b %B %H %M %S %z %%)"
                )
            }
        }
        try Self.checkFields(steps, format: format)
        self.format = format
        self.steps = Self.fixingWidths(steps)
        self.timed = steps.contains { if case .hour = $0 { true } else { false } }
    }

    /// This format counting in `calendar` (`calendar=persian`).
    public func counting(in calendar: DateCalendar) -> DatePattern {
        var pattern = self
        pattern.calendar = calendar
        return pattern
    }

    /// The format as written (`%d.%m.%y`).
    public var description: String { format }
    public var hasTime: Bool { timed }

    /// The cell (blanks around it ignored) read whole, or nil when it does not match or is not
    /// a real day or time (2024-02-30, 25:00).
    public func parse(_ cell: Span<UInt8>) -> LocalDateTime? {
        let (start, stop) = CellText.trimmed(cell)
        // The trimmed cell alone: `index < end` is then the span's own bound, one check a byte.
        let cell = cell.extracting(start..<stop)
        // `index` starts at 0 and only grows, so `index < end` (the span's count) is a whole bounds
        // check: each read below makes it, then reads unchecked.
        var index = 0
        let end = cell.count
        var year = 0
        var month = 0
        var day = 0
        var hour = 0
        var minute = 0
        var second = 0
        var offset: Int? = nil
        for step in steps {
            switch step {
            case .year:
                year = Self.number(cell, &index, end, minDigits: 4, maxDigits: 4)
                if year < 0 { return nil }
            case .twoDigitYear:
                let short = Self.number(cell, &index, end, minDigits: 2, maxDigits: 2)
                if short < 0 { return nil }
                year = calendar.fullYear(twoDigit: short)
            case .month(let fixed):
                month = Self.number(cell, &index, end, minDigits: fixed ? 2 : 1, maxDigits: 2)
            case .day(let fixed):
                day = Self.number(cell, &index, end, minDigits: fixed ? 2 : 1, maxDigits: 2)
            case .spacePaddedDay:
                while index < end && cell[unchecked: index] == UInt8(ascii: " ") { index += 1 }
                day = Self.number(cell, &index, end, minDigits: 1, maxDigits: 2)
            case .monthAbbreviation:
                month = MonthNames.read(cell, &index, end, full: false)
            case .monthName:
                month = MonthNames.read(cell, &index, end, full: true)
            case .hour(let fixed):
                hour = Self.number(cell, &index, end, minDigits: fixed ? 2 : 1, maxDigits: 2)
                if hour < 0 || hour > 23 { return nil }
            case .minute:
                minute = Self.number(cell, &index, end, minDigits: 2, maxDigits: 2)
                if minute < 0 || minute > 59 { return nil }
            case .second:
                second = Self.number(cell, &index, end, minDigits: 2, maxDigits: 2)
                if second < 0 || second > 59 { return nil }
            case .offset:
                offset = Self.offset(cell, &index, end)
                if offset == nil { return nil }
            case .spaces:
                guard index < end && cell[unchecked: index] == UInt8(ascii: " ") else { return nil }
                repeat { index += 1 } while index < end && cell[unchecked: index] == UInt8(ascii: " ")
            case .literal(let byte):
                guard index < end && cell[unchecked: index] == byte else { return nil }
                index += 1
            }
        }
        guard index == end, month >= 1, day >= 1 else { return nil }
        if calendar != .gregorian {
            guard let civil = calendar.gregorian(year: year, month: month, day: day) else { return nil }
            (year, month, day) = civil
        } else if day > CivilCalendar.daysIn(month: month, year: year) {
            return nil
        }
        return LocalDateTime(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second, hasTime: timed,
            offsetSeconds: offset)
    }

    /// The formats inferred among, most usual first.
    public static var candidates: [DatePattern] { builtIn }

    /// Whether any candidate reads the cell (column scoring).
    public static func looksLikeDate(_ cell: Span<UInt8>) -> Bool {
        builtIn.contains { $0.parse(cell) != nil }
    }

    // MARK: - Relations inference weighs

    /// Whether the two read the same cells the same way but for day and month (`%d/%m/%Y`, `%m/%d/%Y`).
    func isDayMonthSwap(of other: DatePattern) -> Bool {
        self != other && steps.count == other.steps.count
            && zip(steps, other.steps).allSatisfy { $0.dayMonthSwapped == $1 }
    }

    /// Whether this is `other` with `%B` for its `%b`: both read `May` alike, nothing else.
    func isFullNameTwin(of other: DatePattern) -> Bool {
        self != other && steps.contains(.monthName) && steps.count == other.steps.count
            && zip(steps, other.steps).allSatisfy { $0.abbreviated == $1 }
    }

    // MARK: - Compiling

    private static let builtIn: [DatePattern] = [
        "%Y-%m-%d", "%d.%m.%Y", "%d.%m.%y", "%y.%m.%d", "%d/%m/%Y", "%m/%d/%Y", "%d/%m/%y", "%m/%d/%y", "%d-%m-%Y",
        "%m-%d-%Y",
        // Year first with slashes (`24/03/15`, a short form in Japan, Korea and China): without
        // it, `%d/%m/%y` alone read such a file, its dates spread over years out of order.
        "%y/%m/%d",
        // NAB's `13 Aug 25` beside Nationwide's `13 Aug 2025`.
        "%Y/%m/%d", "%Y%m%d", "%d %b %Y", "%d %b %y", "%d-%b-%Y", "%d-%b-%y", "%b %d, %Y", "%d %B %Y", "%B %d, %Y",
        "%Y-%m-%d %H:%M:%S", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%d %H:%M", "%d.%m.%Y %H:%M", "%d.%m.%Y %H:%M:%S",
        "%d/%m/%Y %H:%M", "%m/%d/%Y %H:%M", "%d/%m/%Y %H:%M:%S", "%m/%d/%Y %H:%M:%S", "%Y-%m-%dT%H:%M:%S%z",
        // Monzo's export before 2019 (`2018-02-25 12:34:56 +0000`); Hungarian banks' dates
        // (OTP, K&H: `2019.04.19.`).
        "%Y-%m-%d %H:%M:%S %z", "%Y.%m.%d.",
        // Qonto's export (`28-03-2024 10:15:00`); its month-first twin, so a file of days up to
        // 12 is refused, not read day first unseen.
        "%d-%m-%Y %H:%M:%S", "%m-%d-%Y %H:%M:%S",
    ].compactMap { format in
        // The formats are fixed and the tests read each one, so none is dropped here.
        try? DatePattern(format)
    }

    /// A date needs a year, a month and a day, each once.
    private static func checkFields(_ steps: [DateStep], format: String) throws(DatePatternError) {
        var years = 0
        var months = 0
        var days = 0
        for step in steps {
            switch step {
            case .year, .twoDigitYear: years += 1
            case .month, .monthAbbreviation, .monthName: months += 1
            case .day, .spacePaddedDay: days += 1
            default: break
            }
        }
        let missing = [("year", years), ("month", months), ("day", days)].filter { $0.1 == 0 }.map(\.0)
        if !missing.isEmpty {
            throw DatePatternError(
                "date format \"\(format)\" has no \(missing.joined(separator: ", ")): it needs %Y or %y, %m or %b, %d")
        }
        if years > 1 || months > 1 || days > 1 {
            throw DatePatternError("date format \"\(format)\" gives the year, month or day twice")
        }
    }

    /// Numbers written back to back (`%Y%m%d`) have no separator to end them: each takes exactly two digits.
    private static func fixingWidths(_ steps: [DateStep]) -> [DateStep] {
        steps.indices.map { index in
            let touching =
                (index > 0 && steps[index - 1].isNumeric) || (index + 1 < steps.count && steps[index + 1].isNumeric)
            switch steps[index] {
            case .month: return .month(fixedWidth: touching)
            case .day: return .day(fixedWidth: touching)
            case .hour: return .hour(fixedWidth: touching)
            default: return steps[index]
            }
        }
    }

    // MARK: - Reading fields

    /// The decimal number of `minDigits`...`maxDigits` digits at `index`, or -1. `end` is the
    /// cell's count and `index` at least 0, as in ``parse(_:)``.
    @inline(__always)
    private static func number(
        _ cell: Span<UInt8>, _ index: inout Int, _ end: Int, minDigits: Int, maxDigits: Int
    ) -> Int {
        assert(index >= 0 && end == cell.count)
        var value = 0
        var count = 0
        while count < maxDigits && index < end {
            // 0 <= index < end == cell.count: in bounds.
            let digit = cell[unchecked: index] &- UInt8(ascii: "0")
            if digit >= 10 { break }
            value = value * 10 + Int(digit)
            count += 1
            index += 1
        }
        return count >= minDigits ? value : -1
    }

    /// `Z`, `±HH:MM` or `±HHMM` as seconds east of UTC, or nil. `end` is the cell's count and
    /// `index` at least 0, as in ``parse(_:)``.
    @inline(__always)
    private static func offset(_ cell: Span<UInt8>, _ index: inout Int, _ end: Int) -> Int? {
        assert(index >= 0 && end == cell.count)
        guard index < end else { return nil }
        let sign = cell[unchecked: index]  // 0 <= index < end == cell.count: in bounds.
        index += 1
        if sign == UInt8(ascii: "Z") || sign == UInt8(ascii: "z") { return 0 }
        guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
        let hours = number(cell, &index, end, minDigits: 2, maxDigits: 2)
        if index < end && cell[unchecked: index] == UInt8(ascii: ":") { index += 1 }
        let minutes = number(cell, &index, end, minDigits: 2, maxDigits: 2)
        guard hours >= 0, hours <= 23, minutes >= 0, minutes <= 59 else { return nil }
        let seconds = (hours * 60 + minutes) * 60
        return sign == UInt8(ascii: "-") ? -seconds : seconds
    }
}
