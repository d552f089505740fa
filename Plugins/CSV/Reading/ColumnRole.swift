/// What a column is for. The raw value is the option that names it.
public enum ColumnRole: String, Sendable, CaseIterable, Comparable {
    case date, vendor, amount, debit, credit, indicator, currency, id, memo, status, balance

    /// The order roles are reported in.
    public static func < (lhs: ColumnRole, rhs: ColumnRole) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
