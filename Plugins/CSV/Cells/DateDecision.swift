/// What a column's cells say about its date format: `sniff` shows the evidence, a run stops on the others
/// with a message naming the `date-format` option, since a guess would misdate every row.
public enum DateDecision: Sendable, Equatable {
    /// `evidence` for `sniff`: `day > 12 on lines 4, 9: %d/%m/%Y`, `only format that reads every cell`.
    case decided(DatePattern, evidence: String)
    /// Several formats read every cell (no day above 12): the message names them and the
    /// `date-format` option that settles it.
    case ambiguous([DatePattern], String)
    /// No candidate reads every cell: the message quotes the first cell none reads, with its line.
    case unreadable(String)
}
