/// What a column is for. The raw value is the option that names it; the order of the cases
/// is the order `sniff` reports roles in.
public enum ColumnRole: String, Sendable, CaseIterable {
    case date, vendor
    /// The payee of money out and of money in where a layout keeps them apart (DKB: the other
    /// column holds the account holder's own name). Named by options only, never inferred.
    case vendorDebit = "vendor-debit"
    case vendorCredit = "vendor-credit"
    case amount, debit, credit, indicator, currency
    /// The account each row is in, in an export of several (Mint's `Account Name`, C24's
    /// `Kontoname`): one account per name. Taken only where it names two or more.
    case account = "account-column"
    case id, memo, status, balance, fee
}
