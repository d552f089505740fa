/// A failure a source plugin reports: `description` is the message the host shows.
public struct PluginFailure: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
