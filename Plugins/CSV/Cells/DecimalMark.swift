/// The character between whole units and decimals.
public enum DecimalMark: UInt8, Sendable, CustomStringConvertible {
    case point = 0x2E
    case comma = 0x2C
    public var description: String { self == .point ? "." : "," }

    /// The other mark, which in a number written with this one can only group thousands.
    var other: DecimalMark { self == .point ? .comma : .point }
}
