/// The decimal mark of a column, decided over all its cells.
///
/// One cell rarely tells: `1,234` is 1234 grouped or 1.234 with three decimals. A cell settles the
/// mark when one mark alone reads it (`12,50`, `12.5`, `1.234,56`, `1,000,000`, `0.125`). A cell
/// both marks read with different amounts (one `.` or `,` followed by exactly three digits:
/// `1.000`, `2.500`, `1,234`) settles nothing: it is read by whichever mark the settling cells
/// decide, and when no cell settles the column it is a conflict rather than a guess. A column whose
/// cells read the same under both marks (integers, `1 234`) has nothing to misread and is `.point`.
public struct DecimalMarkEvidence: Sendable {
    private var point = MarkTally()
    private var comma = MarkTally()
    /// The first cells both marks read with different amounts, as many as a message quotes.
    private var ambiguous: [AmbiguousCell] = []
    /// Those cells' lone separators: `,` in `1,234` and `.` in `1.000`.
    private var ambiguousCommas = 0
    private var ambiguousPoints = 0

    public init() {}

    /// - Parameters:
    ///   - line: the cell's line in the file, quoted as evidence.
    public mutating func observe(_ cell: Span<UInt8>, line: Int) {
        switch (AmountScan.read(cell, mark: .point), AmountScan.read(cell, mark: .comma)) {
        case (.success(let reading), .failure):
            point.record(reading, cell, line: line)
        case (.failure, .success(let reading)):
            comma.record(reading, cell, line: line)
        case (.success(let byPoint), .success(let byComma)):
            // Both read it: the same amount when it has no separator or only spaces or apostrophes
            // between groups, a different one when a lone separator has exactly three digits after it.
            guard byPoint.amount != byComma.amount else { break }
            // Read with `.`, a `,` is a thousands separator: it has fewer decimals that way.
            if byPoint.amount.decimals < byComma.amount.decimals { ambiguousCommas += 1 } else { ambiguousPoints += 1 }
            if ambiguous.count < AmbiguousCell.shown {
                let quote = CellQuote(cell, line: line)
                ambiguous.append(AmbiguousCell(quote, point: byPoint.amount, comma: byComma.amount))
            }
        case (.failure, .failure):
            break  // not an amount: the column's other rows say what it is
        }
    }

    /// The decision for amounts of a currency without minor units (JPY, KRW): a lone separator
    /// before three digits is then a thousands separator, so `40,000` is 40000, not 40.000. Only
    /// where no cell settles the mark and the ambiguous cells all have the same separator.
    public func decision(currencyWithoutDecimals code: String) -> DecimalMarkDecision {
        guard point.cells == 0, comma.cells == 0, !ambiguous.isEmpty,
            ambiguousCommas == 0 || ambiguousPoints == 0
        else { return decision }
        let grouping = ambiguousCommas > 0 ? "," : "."
        return .decided(
            ambiguousCommas > 0 ? .point : .comma,
            evidence: "\(code) has no decimals, so \"\(grouping)\" groups thousands in \(ambiguous[0].quote)")
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
            guard !ambiguous.isEmpty else {
                return .decided(.point, evidence: "no cell has decimals, so no cell settles it; . assumed")
            }
            return .conflicting(
                ambiguous.map(\.description).joined(separator: "; ") + "; set decimal-mark to . or ,")
        }
    }
}

// MARK: - Ambiguous cells

/// A cell both marks read, with the two amounts a conflict message shows.
private struct AmbiguousCell: Sendable, CustomStringConvertible {
    var quote: CellQuote
    var point: DecimalAmount
    var comma: DecimalAmount

    static let shown = 3

    init(_ quote: CellQuote, point: DecimalAmount, comma: DecimalAmount) {
        self.quote = quote
        self.point = point
        self.comma = comma
    }

    /// `"1.000" on line 4 is 1000 with , as the decimal mark and 1.000 with .`
    var description: String {
        "\(quote) is \(Self.plain(comma)) with , as the decimal mark and \(Self.plain(point)) with ."
    }

    private static func plain(_ amount: DecimalAmount) -> String {
        var out: [UInt8] = []
        amount.write(into: &out)
        return String(decoding: out, as: UTF8.self)
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

    mutating func record(_ reading: AmountReading, _ cell: Span<UInt8>, line: Int) {
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
