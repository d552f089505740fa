/// Each account's statement ended last, to say a statement missing between two: each
/// reconciles on its own, and a journal's opening, worked back from the last closing, was off
/// by the missing one's entries (exit 0, every program content). MT940's pages and camt's
/// statements alike.
public struct StatementGaps: Sendable {
    private struct Ended: Sendable {
        var path: String
        var opening: StatementAmount
        var closing: StatementAmount
    }

    /// By account and currency.
    private var last: [String: Ended] = [:]
    /// Each account's statements by their balances: one again (a file joined with itself) is a
    /// repeat, said as such elsewhere, not a gap.
    private var seen: Set<Seen> = []

    private struct Seen: Hashable, Sendable {
        var key: String
        var opening: StatementAmount
        var closing: StatementAmount
    }

    public init() {}

    /// The warning for a statement that opens where the one before it of its account did not
    /// close, nor closes where that one opened (a file newest first); nil otherwise. Remembers
    /// it as the account's last.
    public mutating func follow(
        account: String, currency: String, path: String, opening: StatementAmount, closing: StatementAmount,
        decimals: Int
    ) -> String? {
        let key = account + "\u{0}" + currency
        defer { last[key] = Ended(path: path, opening: opening, closing: closing) }
        let repeated = !seen.insert(Seen(key: key, opening: opening, closing: closing)).inserted
        guard !repeated, let before = last[key], before.closing != opening, before.opening != closing else {
            return nil
        }
        return "\(path) opens at \(opening.plain(decimals: decimals)) \(currency) where \(before.path), the one before "
            + "it of account \(account), closes at \(before.closing.plain(decimals: decimals)): a statement missing "
            + "between them? Its entries are in no feed, and a journal's opening, worked back from the last closing, "
            + "is off by them"
    }

    /// Forgets the account: a statement of it failed, which is said already, and the one after
    /// it opens no gap.
    public mutating func forget(account: String) {
        last = last.filter { !$0.key.hasPrefix(account + "\u{0}") }
    }
}
