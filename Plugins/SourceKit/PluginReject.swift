/// A record a reader could not take (a short row, a cell that does not parse), on its way to
/// the host's `reject`.
public struct PluginReject {
    /// Where it is (`line 17`, `record 6 (line 53)`): the reject's path.
    public var location: String
    public var reason: String
    /// Its own text, for `--rejects`.
    public var raw: ArraySlice<UInt8>

    public init(location: String, reason: String, raw: ArraySlice<UInt8>) {
        self.location = location
        self.reason = reason
        self.raw = raw
    }
}
