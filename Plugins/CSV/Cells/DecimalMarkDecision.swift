/// What a column's cells say about its decimal mark: a conflict stops the run rather than read some amounts
/// a thousand times too large.
public enum DecimalMarkDecision: Sendable, Equatable {
    /// `evidence` says why, for `sniff`: `"1.234,56" on line 7`, `2 decimals after "," on lines 3, 4`,
    /// or `no cell has decimals` (then `.point`).
    case decided(DecimalMark, evidence: String)
    /// Some cells need `.` and others `,`: the message names both and the `decimal-mark` option.
    case conflicting(String)
}
