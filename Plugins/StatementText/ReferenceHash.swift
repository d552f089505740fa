/// 64-bit FNV-1a of a reference's bytes, for finding the ids a statement repeats (MT940's
/// references, OFX's `FITID`s). The readers' twin of the core's `FNV1a`, which a plugin cannot
/// import.
public enum ReferenceHash {
    @inlinable
    public static func of(_ bytes: Span<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for i in bytes.indices { hash = (hash ^ UInt64(bytes[i])) &* 0x100_0000_01b3 }
        return hash
    }
}
