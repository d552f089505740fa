/// The decimal mark of a column, decided over all its cells.
///
/// One cell rarely tells: `1,234` is 1234 grouped or 1.234 with three decimals. A cell settles the
/// mark only when one mark alone reads it and it is not that three-digit case (`12,50`, `12.5`,
/// `1.234,56`, `1,000,000`); the rest are weighed only when nothing else settles the column.
public struct DecimalMarkEvidence: Sendable {
    private var point = MarkTally()
    private var comma = MarkTally()
    private var firstUnsettled: CellQuote?

    public init() {}

    /// - Parameters:
    ///   - line: the cell's line in the file, quoted as evidence.
    public mutating func observe(_ cell: UnsafeBufferPointer<UInt8>, line: Int) {
        switch (AmountScan.read(cell, mark: .point), AmountScan.read(cell, mark: .comma)) {
        case (.success(let reading), .failure):
            if reading.settlesMark { point.record(reading, cell, line: line) } else { noteUnsettled(cell, line: line) }
        case (.failure, .success(let reading)):
            if reading.settlesMark { comma.record(reading, cell, line: line) } else { noteUnsettled(cell, line: line) }
        case (.success(let reading), .success):
            // Both read it: no separator at all, or one followed by exactly three digits.
            if reading.grouped || reading.markSeen { noteUnsettled(cell, line: line) }
        case (.failure, .failure):
            break  // not an amount: the column's other rows say what it is
        }
    }

    public var decision: DecimalMarkDecision {
        switch (point.cells > 0, comma.cells > 0) {
        case (true, true):
            return .conflicting(
                "some cells need \",\" (\(comma.evidence(.comma))) and others \".\" (\(point.evidence(.point))): "
                    + "set decimal-mark to . or ,")
        case (false, true):
            return .decided(.comma, evidence: comma.evidence(.comma))
        case (true, false):
            return .decided(.point, evidence: point.evidence(.point))
        case (false, false):
            guard let first = firstUnsettled else {
                return .decided(.point, evidence: "no cell has decimals, so no cell settles it; . assumed")
            }
            return .decided(
                .point,
                evidence: "no cell settles it: every separator has 3 digits after it (\(first)), "
                    + "thousands or decimals alike; . assumed, set decimal-mark to , if they are thousands")
        }
    }

    private mutating func noteUnsettled(_ cell: UnsafeBufferPointer<UInt8>, line: Int) {
        if firstUnsettled == nil { firstUnsettled = CellQuote(cell, line: line) }
    }
}

// MARK: - Tally

/// The cells that settled one mark, kept only as far as a message needs them.
private struct MarkTally: Sendable {
    /// How many cells settled it.
    var cells = 0
    /// The first one with a thousands separator (`1.234,56`, `1,000,000`): the clearest to show.
    var grouped: CellQuote?
    /// The decimals of the first one without, and up to three lines with as many.
    var decimals = -1
    var decimalLines: [Int] = []

    static let linesShown = 3

    mutating func record(_ reading: AmountReading, _ cell: UnsafeBufferPointer<UInt8>, line: Int) {
        cells += 1
        if reading.grouped {
            if grouped == nil { grouped = CellQuote(cell, line: line) }
            return
        }
        if decimals < 0 { decimals = reading.amount.decimals }
        if reading.amount.decimals == decimals && decimalLines.count < Self.linesShown {
            decimalLines.append(line)
        }
    }

    /// `"1.234,56" on line 7; 2 decimals after "," on lines 3, 4, 5`
    func evidence(_ mark: DecimalMark) -> String {
        var parts: [String] = []
        if let grouped { parts.append(grouped.description) }
        if !decimalLines.isEmpty {
            let noun = decimals == 1 ? "decimal" : "decimals"
            parts.append("\(decimals) \(noun) after \"\(mark)\" on \(CellText.lines(decimalLines))")
        }
        return parts.joined(separator: "; ")
    }
}

extension AmountReading {
    /// Whether the one mark that reads the cell is sure: three digits after a lone separator could
    /// still be a thousands group written the other way.
    fileprivate var settlesMark: Bool { amount.decimals != 3 || (grouped && markSeen) }
}
