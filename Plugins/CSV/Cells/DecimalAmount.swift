/// An amount as read from a cell, exactly: `units` / 10^`decimals`, with its sign.
///
/// The digits are kept as written, trailing zeros included (`0.50` stays two decimals): the cell's
/// precision is the bank's statement of it, and the host scales amounts itself.
public struct DecimalAmount: Sendable, Equatable {
    public var negative: Bool
    /// Every digit, as one integer: 1234.56 is 123456 with 2 decimals.
    public var units: UInt64
    public var decimals: Int

    public init(negative: Bool, units: UInt64, decimals: Int) {
        self.negative = negative
        self.units = units
        self.decimals = decimals
    }

    /// Appends the plain signed decimal the host reads (`-1234.56`, `0.50`, `75`): `.` as the
    /// mark, no grouping, a `-` when negative (after `negated` flips it), none for zero.
    ///
    /// `negated` lets a debit column or a `DR` word flip the sign without building another amount.
    public func write(negated: Bool = false, into out: inout [UInt8]) {
        if units != 0 && negative != negated { out.append(UInt8(ascii: "-")) }
        // Digits are produced last first, into a scratch buffer on the stack, then appended at once.
        // At least one digit before the mark: 0.05 is units 5 written as three digits.
        let capacity = max(20, decimals + 1) + 1
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { scratch in
            var index = capacity
            var value = units
            var written = 0
            repeat {
                if written == decimals && decimals > 0 {
                    index -= 1
                    scratch[index] = UInt8(ascii: ".")
                }
                index -= 1
                scratch[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
                value /= 10
                written += 1
            } while value != 0 || written <= decimals
            out.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[index..<capacity]))
        }
    }
}
