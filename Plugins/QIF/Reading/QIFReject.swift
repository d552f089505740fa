/// A record that cannot be read: where it is, why, and its lines (a range of its batch's bytes).
public struct QIFReject: Sendable {
    /// `record 7 (line 31)`
    public var location: String
    public var reason: String
    public var raw: Range<Int>
}
