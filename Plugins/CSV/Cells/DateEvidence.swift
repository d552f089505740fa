/// The date format of a column, decided over all its non-blank cells.
///
/// Every cell is read with every format still in the running, and the first it cannot read puts a
/// format out for good: `03/04/2024` on line 2 tells nothing, `13/04/2024` on line 9 settles it. So the
/// whole column is weighed, never its first row, and the work stays linear in the cells.
public struct DateEvidence: Sendable {
    private var contenders: [DateContender]
    /// Non-blank cells observed.
    private var dates = 0
    /// The cell that put the last format out, once none is left.
    private var lastKiller: CellQuote?

    public init(candidates: [DatePattern] = DatePattern.candidates) {
        contenders = candidates.map { DateContender(pattern: $0) }
    }

    public mutating func observe(_ cell: UnsafeBufferPointer<UInt8>, line: Int) {
        if AmountText.isBlank(cell) { return }
        dates += 1
        var alive = 0
        var killed = false
        for index in contenders.indices where contenders[index].firstFailure == nil {
            if let date = contenders[index].pattern.parse(cell) {
                alive += 1
                if date.day > 12 { contenders[index].noteLateDay(line: line) }
            } else {
                contenders[index].firstFailure = CellQuote(cell, line: line)
                killed = true
            }
        }
        if alive == 0 && killed { lastKiller = CellQuote(cell, line: line) }
    }

    public var decision: DateDecision {
        guard !contenders.isEmpty else { return .unreadable("no date format to try; set date-format") }
        let alive = contenders.filter { $0.firstFailure == nil }
        if alive.isEmpty {
            let killer = lastKiller.map { "line \($0.line): \"\($0.text)\"" } ?? "a cell"
            return .unreadable("\(killer) is not a date in any known format; set date-format")
        }
        if dates == 0 {
            return .ambiguous(alive.map(\.pattern), "no cell holds a date to tell the format: set date-format")
        }
        // `%d %B %Y` reads only what `%d %b %Y` reads the same way (May): the abbreviation stands for both.
        let survivors = alive.filter { survivor in
            !alive.contains { survivor.pattern.isFullNameTwin(of: $0.pattern) }
        }
        if survivors.count == 1 { return .decided(survivors[0].pattern, evidence: evidence(for: survivors[0])) }
        let names = survivors.map(\.pattern.description)
        if survivors.count == 2 && survivors[0].pattern.isDayMonthSwap(of: survivors[1].pattern) {
            let read = dates == 1 ? "the one date" : "all \(dates) dates"
            return .ambiguous(
                survivors.map(\.pattern),
                "every day is 12 or less, so \(names[0]) and \(names[1]) both read \(read): set date-format")
        }
        let listed = names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
        return .ambiguous(survivors.map(\.pattern), "\(listed) all read every cell: set date-format")
    }

    /// Why the one format left won: the days above 12 when its day-month swap was in the running.
    private func evidence(for winner: DateContender) -> String {
        let hadSwap = contenders.contains { winner.pattern.isDayMonthSwap(of: $0.pattern) }
        if hadSwap && !winner.lateDayLines.isEmpty {
            return "day > 12 on \(CellText.lines(winner.lateDayLines)): \(winner.pattern)"
        }
        return "only format that reads every cell: \(winner.pattern)"
    }
}

// MARK: - Contender

/// A format in the running, with what a message about it needs.
private struct DateContender: Sendable {
    let pattern: DatePattern
    /// The first cell it could not read: it is out from there on.
    var firstFailure: CellQuote?
    /// Up to three lines whose day, read this way, is above 12.
    var lateDayLines: [Int] = []

    static let linesShown = 3

    init(pattern: DatePattern) { self.pattern = pattern }

    mutating func noteLateDay(line: Int) {
        if lateDayLines.count < Self.linesShown { lateDayLines.append(line) }
    }
}
