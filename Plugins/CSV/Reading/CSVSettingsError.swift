/// An option value the csv source cannot use; `description` names the option and what it takes.
public struct CSVSettingsError: Error, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
