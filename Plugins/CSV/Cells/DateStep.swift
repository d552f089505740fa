/// One compiled piece of a ``DatePattern``: a field to read or bytes to match.
///
/// A format is compiled once into these, so reading a cell is a loop over a small array with no
/// text handling left to do.
enum DateStep: Sendable, Equatable {
    /// `%Y`: four digits.
    case year
    /// `%y`: two digits, 00–68 in the 2000s and 69–99 in the 1900s (the POSIX pivot).
    case twoDigitYear
    /// `%m` and `%d`: one or two digits, exactly two next to another number (`%Y%m%d`).
    case month(fixedWidth: Bool)
    case day(fixedWidth: Bool)
    /// `%e`: a day that may be padded with a space.
    case spacePaddedDay
    /// `%b`: `Jan`…`Dec`, and `Sept`, any case.
    case monthAbbreviation
    /// `%B`: `January`…`December`, any case.
    case monthName
    /// `%H`: two digits, or one when no number follows directly.
    case hour(fixedWidth: Bool)
    /// `%M` and `%S`: two digits.
    case minute
    case second
    /// `%z`: `Z`, `±HH:MM` or `±HHMM`.
    case offset
    /// A space in the format: one or more spaces in the cell.
    case spaces
    /// Any other byte, matched exactly.
    case literal(UInt8)

    /// Whether the step reads digits, so a neighbouring number must not take its digits.
    var isNumeric: Bool {
        switch self {
        case .year, .twoDigitYear, .month, .day, .spacePaddedDay, .hour, .minute, .second: true
        case .monthAbbreviation, .monthName, .offset, .spaces, .literal: false
        }
    }

    /// The step with day and month exchanged: `%d/%m/%Y` and `%m/%d/%Y` are each other's swap.
    var dayMonthSwapped: DateStep {
        switch self {
        case .day(let fixed): .month(fixedWidth: fixed)
        case .month(let fixed): .day(fixedWidth: fixed)
        default: self
        }
    }

    /// The step with a full month name read as an abbreviation: `May` is both.
    var abbreviated: DateStep { self == .monthName ? .monthAbbreviation : self }
}
