/// 64-bit FNV-1a: a hash that is the same on every machine and run, for what is kept or
/// compared across runs (a fingerprint, a shard's share of the sources, a part's run) and for
/// the vendor table's buckets.
public enum FNV1a {
    public static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    public static let prime: UInt64 = 0x100_0000_01b3

    /// `bytes` hashed on from `state`.
    @inline(__always)
    public static func hash(_ bytes: Span<UInt8>, from state: UInt64 = offsetBasis) -> UInt64 {
        var h = state
        for i in bytes.indices { h = (h ^ UInt64(bytes[i])) &* prime }
        return h
    }

    /// `text`'s UTF-8 hashed on from `state`.
    public static func hash(_ text: String, from state: UInt64 = offsetBasis) -> UInt64 {
        hash(text.utf8.span, from: state)
    }
}
