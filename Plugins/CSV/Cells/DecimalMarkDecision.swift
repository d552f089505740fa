/// What a column's cells say about its decimal mark: a conflict stops the run rather than read some amounts
/// a thousand times too large.
public enum DecimalMarkDecision: Sendable, Equatable {
    /// `evidence` says why, for `sniff`: `"1.234,56" on line 7`, `2 decimals after "," on lines 3, 4`,
    /// or `no cell has decimals` (then `.point`: no cell reads differently under `,`).
    case decided(DecimalMark, evidence: String)
    /// Some cells need `.` and others `,`, or no cell settles the mark and some read as different amounts
    /// under each (`1.000`, `1,234`): the message quotes them and names the `decimal-mark` option.
    case conflicting(String)
}
