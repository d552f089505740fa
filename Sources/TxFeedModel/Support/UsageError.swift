/// A mistake in how txfeed was called or configured, found before any source runs.
///
/// The command line turns it into exit status 2; nothing below it decides exit statuses.
public struct UsageError: Error, CustomStringConvertible, Equatable {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
