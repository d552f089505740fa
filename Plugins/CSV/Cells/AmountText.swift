// API skeleton: the csv-cells helper replaces every body. The signatures are the contract
// CSVReading codes against; change them only together with it.

/// The character between whole units and decimals.
public enum DecimalMark: UInt8, Sendable, CustomStringConvertible {
    case point = 0x2E
    case comma = 0x2C
    public var description: String { self == .point ? "." : "," }
}

/// An amount as read from a cell, exactly: `units` / 10^`decimals`, with its sign.
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

    /// Appends the plain signed decimal the host reads (`-1234.56`, `0.5`, `75`): `.` as the
    /// mark, no grouping, a `-` when negative (after `negated` flips it), none for zero.
    public func write(negated: Bool = false, into out: inout [UInt8]) {
        fatalError("skeleton")
    }
}

/// Why a cell is not an amount; `description` is the reason a reject shows.
public struct AmountTextError: Error, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Amount cells as banks write them: `1.000,50`, `£1,234.56`, `-€5`, `(75.00)`, `75.00-`.
public enum AmountText {
    /// Reads one cell with `mark` as its decimal mark. Thousands separators (the other mark,
    /// a space, a no-break or thin space, `'`) are validated, never misread: `1,23,4` is an error.
    public static func parse(_ cell: UnsafeBufferPointer<UInt8>, mark: DecimalMark) throws(AmountTextError)
        -> DecimalAmount
    {
        fatalError("skeleton")
    }

    /// Whether the cell holds nothing but blanks (a debit cell on a credit row).
    public static func isBlank(_ cell: UnsafeBufferPointer<UInt8>) -> Bool {
        fatalError("skeleton")
    }

    /// Whether the cell reads as an amount with either mark (column scoring).
    public static func looksLikeAmount(_ cell: UnsafeBufferPointer<UInt8>) -> Bool {
        fatalError("skeleton")
    }
}

/// The decimal mark of a column, decided over all its cells.
public struct DecimalMarkEvidence: Sendable {
    public init() {}

    /// - Parameters:
    ///   - line: the cell's line in the file, quoted as evidence.
    public mutating func observe(_ cell: UnsafeBufferPointer<UInt8>, line: Int) {
        fatalError("skeleton")
    }

    public var decision: DecimalMarkDecision { fatalError("skeleton") }
}

public enum DecimalMarkDecision: Sendable, Equatable {
    /// `evidence` says why, for `sniff`: `"1.234,56" on line 7`, `2 decimals after "," on lines 3, 4`,
    /// or `no cell has decimals` (then `.point`).
    case decided(DecimalMark, evidence: String)
    /// Some cells need `.` and others `,`: the message names both and the `decimal-mark` option.
    case conflicting(String)
}
