/// Why the qif source's options cannot be used; `description` names the option and the fix.
public struct QIFSettingsError: Error, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
