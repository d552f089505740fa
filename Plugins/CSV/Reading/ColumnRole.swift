/// What a column is for. The raw value is the option that names it; the order of the cases
/// is the order `sniff` reports roles in.
public enum ColumnRole: String, Sendable, CaseIterable {
    case date, vendor, amount, debit, credit, indicator, currency, id, memo, status, balance, fee
}
