/// Opening balance + booked entries = closing balance, exactly, when the statement states both
/// balances. Pending and `INFO` entries are not booked, so never counted.
public struct BalanceReconciliation: Equatable, Sendable {
    public var opening: StatementAmount?
    public var booked: StatementAmount
    public var closing: StatementAmount?

    public init(opening: StatementAmount?, booked: StatementAmount, closing: StatementAmount?) {
        self.opening = opening
        self.booked = booked
        self.closing = closing
    }

    /// False only when both balances are stated and the sum misses the closing one.
    public var holds: Bool {
        guard let opening, let closing else { return true }
        return (opening + booked).units == closing.units
    }

    /// Whether there was anything to check.
    public var isStated: Bool { opening != nil && closing != nil }

    /// `balances do not reconcile: opening 2000.00 + entries -1074.44 = 925.56, but the statement
    /// closes at 1925.56`, with `decimals` digits at least; nil when it holds.
    public func failure(decimals: Int) -> String? {
        arithmetic(decimals: decimals).map { "balances do not reconcile: " + $0 }
    }

    /// `opening 2000.00 + entries -1074.44 = 925.56, but the statement closes at 1925.56`; nil
    /// when it holds.
    public func arithmetic(decimals: Int) -> String? {
        guard !holds, let opening, let closing else { return nil }
        let sum = opening + booked
        return "opening \(opening.plain(decimals: decimals)) + entries \(booked.plain(decimals: decimals)) = "
            + "\(sum.plain(decimals: decimals)), but the statement closes at \(closing.plain(decimals: decimals))"
    }
}
