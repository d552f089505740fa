/// Why a cell is not an amount; `description` is the reason a reject shows.
public struct AmountTextError: Error, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
