/// Why a `date-format` cannot be used; `description` names the format and what is wrong with it.
public struct DatePatternError: Error, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
