/// The date format of a column, decided over all its non-blank cells.
///
/// Every cell is read with every format still in the running, and each format counts the cells it
/// cannot read: `03/04/2024` on line 2 tells nothing, `13/04/2024` on line 9 settles it. So the
/// whole column is weighed, never its first row, and the work stays linear in the cells.
///
/// A format that reads every cell wins. When none does, the one that misses fewest wins if its
/// misses are few: at most 2% of the dates (one at least, so a short file may have a typo) and
/// fewer than the cells it reads. Those rows are rejected when the file is read, the others go on.
/// A format that misses more than ``missesKept`` cells and more than 2% of those seen so far is out
/// for good, so a column of a million dates is not read 27 ways.
public struct DateEvidence: Sendable {
    private var contenders: [DateContender]
    /// Non-blank cells observed.
    private var dates = 0

    /// Misses a format may have before the 2% share puts it out while the column is read.
    static let missesKept = 8

    /// Whether an unreadable column may be named another calendar's (the csv source's
    /// `calendar=`; the qif source has no such option).
    private let namesCalendars: Bool

    public init(candidates: [DatePattern] = DatePattern.candidates, namesCalendars: Bool = false) {
        contenders = candidates.map { DateContender(pattern: $0) }
        self.namesCalendars = namesCalendars
    }

    public mutating func observe(_ cell: Span<UInt8>, line: Int) {
        if AmountText.isBlank(cell) { return }
        dates += 1
        for index in contenders.indices where !contenders[index].isOut {
            if let date = contenders[index].pattern.parse(cell) {
                if date.day > 12 { contenders[index].noteLateDay(line: line) }
                contenders[index].noteDay(date.year * 372 + date.month * 31 + date.day)
            } else {
                contenders[index].noteMiss(cell, line: line)
                let misses = contenders[index].misses
                if misses > Self.missesKept && misses * 50 > dates { contenders[index].isOut = true }
            }
        }
    }

    /// The first and last years `pattern`'s readings fell in, nil when it read none.
    public func years(of pattern: DatePattern) -> ClosedRange<Int>? {
        guard let contender = contenders.first(where: { $0.pattern == pattern }),
            contender.earliest <= contender.latest
        else { return nil }
        return (contender.earliest / 372)...(contender.latest / 372)
    }

    /// The misses a winner may have among `dates` cells: 2% of them, one at least.
    static func missesAllowed(of dates: Int) -> Int { max(1, dates / 50) }

    public var decision: DateDecision {
        guard !contenders.isEmpty else { return .unreadable("no date format to try; set date-format") }
        if dates == 0 {
            return .ambiguous(contenders.map(\.pattern), "no cell holds a date to tell the format: set date-format")
        }
        let allowed = Self.missesAllowed(of: dates)
        let fit = contenders.filter { !$0.isOut && $0.misses <= allowed && $0.misses < dates - $0.misses }
        guard let fewest = fit.map(\.misses).min() else {
            // The cell that put the last format out: where the column stopped reading any one way.
            let last = contenders.compactMap(\.firstMiss).max { $0.line < $1.line }
            let killer = last.map { "line \($0.line): \"\($0.text)\"" } ?? "a cell"
            if namesCalendars, let hint = last.flatMap({ DateCalendar.otherCalendarHint($0.text) }) {
                return .unreadable("\(killer) is not a Gregorian date: \(hint)")
            }
            return .unreadable("\(killer) is not a date in any known format; set date-format")
        }
        let alive = fit.filter { $0.misses == fewest }
        // `%d %B %Y` reads only what `%d %b %Y` reads the same way (May): the abbreviation stands for both.
        var survivors = alive.filter { survivor in
            !alive.contains { survivor.pattern.isFullNameTwin(of: $0.pattern) }
        }
        var byOrder: String?
        if survivors.count > 1, let (kept, why) = Self.byOrder(survivors) {
            survivors = kept
            byOrder = why
        }
        if survivors.count == 1 {
            return .decided(survivors[0].pattern, evidence: evidence(for: survivors[0], byOrder: byOrder))
        }
        let names = survivors.map(\.pattern.description)
        let isSwap = survivors.count == 2 && survivors[0].pattern.isDayMonthSwap(of: survivors[1].pattern)
        if isSwap && survivors.allSatisfy({ $0.lateDayLines.isEmpty }) {
            let read =
                fewest > 0
                ? "the same \(dates - fewest) of \(dates) dates"
                : dates == 1 ? "the one date" : "all \(dates) dates"
            return .ambiguous(
                survivors.map(\.pattern),
                "every day is 12 or less, so \(names[0]) and \(names[1]) both read \(read): set date-format")
        }
        let listed = names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
        let read = fewest == 0 ? "all read every cell" : "each read all but \(Self.cells(fewest))"
        return .ambiguous(survivors.map(\.pattern), "\(listed) \(read): set date-format")
    }

    /// Readings that put the year elsewhere (`%d.%m.%y` and `%y.%m.%d` both read `24.01.05`),
    /// told apart by what a statement is: dates in file order over a short time. The reading whose
    /// dates step one way and span least wins over one whose dates jump back and forth, or span
    /// more than a year and ten times as long; a day-month swap of it is left to the days above 12.
    /// Nil when no reading stands out so.
    private static func byOrder(_ survivors: [DateContender]) -> ([DateContender], String)? {
        guard let best = survivors.filter(\.isOrdered).min(by: { $0.span < $1.span }) else { return nil }
        var kept: [DateContender] = []
        var beaten: [String] = []
        for other in survivors {
            if other.pattern == best.pattern || other.pattern.isDayMonthSwap(of: best.pattern) {
                kept.append(other)
            } else if !other.isOrdered {
                beaten.append("\(other.pattern) puts them out of order")
            } else if other.span > 372 && other.span >= 10 * max(best.span, 1) {
                beaten.append("\(other.pattern) spreads them over \(other.span / 372) years")
            } else {
                return nil
            }
        }
        let days = best.span < 372 ? "about \(best.span) days" : "about \(best.span / 372) years"
        return (kept, "dates in file order over \(days) as \(best.pattern); \(beaten.joined(separator: ", "))")
    }

    /// Why the format left won: the days above 12 when its day-month swap was in the running, and
    /// the cells it cannot read, whose rows are rejected.
    private func evidence(for winner: DateContender, byOrder: String?) -> String {
        let hadSwap = contenders.contains { winner.pattern.isDayMonthSwap(of: $0.pattern) }
        var findings: [String] = []
        if hadSwap && !winner.lateDayLines.isEmpty {
            findings.append("day > 12 on \(CellText.lines(winner.lateDayLines))")
        }
        if let byOrder {
            findings.append(byOrder)
        } else if findings.isEmpty, winner.misses == 0 {
            findings.append("only format that reads every cell")
        }
        if winner.misses > 0 {
            let shown = CellText.lines(winner.missLines) + (winner.misses > winner.missLines.count ? ", …" : "")
            let rows = winner.misses == 1 ? "that row is rejected" : "those rows are rejected"
            let verb = winner.misses == 1 ? "reads" : "read"
            findings.append("\(Self.cells(winner.misses)) on \(shown) \(verb) as no date: \(rows)")
        }
        return findings.joined(separator: "; ") + ": \(winner.pattern)"
    }

    private static func cells(_ count: Int) -> String { count == 1 ? "1 cell" : "\(count) cells" }
}

// MARK: - Contender

/// A format in the running, with what a message about it needs.
private struct DateContender: Sendable {
    let pattern: DatePattern
    /// The cells it could not read.
    var misses = 0
    /// The first of them, quoted when the column is unreadable.
    var firstMiss: CellQuote?
    /// Up to three lines it could not read.
    var missLines: [Int] = []
    /// Up to three lines whose day, read this way, is above 12.
    var lateDayLines: [Int] = []
    /// Missed too often to win: no longer read.
    var isOut = false
    /// The dates read, as year·372 + month·31 + day: their order in the file and their span.
    var last: Int?
    var forward = 0
    var backward = 0
    var earliest = Int.max
    var latest = Int.min

    /// The dates step one way only (or not at all).
    var isOrdered: Bool { forward == 0 || backward == 0 }
    var span: Int { latest >= earliest ? latest - earliest : 0 }

    mutating func noteDay(_ day: Int) {
        if let last, day > last { forward += 1 }
        if let last, day < last { backward += 1 }
        last = day
        earliest = min(earliest, day)
        latest = max(latest, day)
    }

    static let linesShown = 3

    init(pattern: DatePattern) { self.pattern = pattern }

    mutating func noteLateDay(line: Int) {
        if lateDayLines.count < Self.linesShown { lateDayLines.append(line) }
    }

    mutating func noteMiss(_ cell: Span<UInt8>, line: Int) {
        misses += 1
        if firstMiss == nil { firstMiss = CellQuote(cell, line: line) }
        if missLines.count < Self.linesShown { missLines.append(line) }
    }
}
