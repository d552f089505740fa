/// The stable hash behind a ``Fingerprint``: 64-bit FNV-1a (offset basis 0xcbf29ce484222325,
/// prime 0x100000001b3) over one canonical byte encoding, the same on every machine and run:
///
/// 1. the account key: `i` and the account's `id`, or `n` and its name when it has no id, the
///    text as a 4-byte little-endian length and its UTF-8 bytes;
/// 2. the day: the stored date's Unix seconds divided by 86,400, rounded down (a civil date's own
///    day; an instant's UTC day), as 8 bytes little-endian two's complement;
/// 3. the signed amount in minor units (debits negative), 8 bytes little-endian;
/// 4. the vendor: 4-byte little-endian length and its UTF-8 bytes as they came;
/// 5. the memo: the same, length 0 when there is none.
///
/// Lengths make the encoding unambiguous (`ab` + `c` is not `a` + `bc`). The account's part is
/// hashed once per account and continued from for each of its rows, which FNV allows since its
/// state is the hash itself.
public enum FingerprintHasher {
    public static let offsetBasis = FNV1a.offsetBasis
    static let prime = FNV1a.prime

    /// The state after the account key, the start of every row of that account.
    public static func accountState(of account: Account) -> UInt64 {
        var h = offsetBasis
        // In place, not through an array: a million small accounts made a million of them.
        if account.has(.id) {
            h = byte(UInt8(ascii: "i"), h)
            return account.withBytes(of: .id) { bytes($0, h) }
        }
        h = byte(UInt8(ascii: "n"), h)
        return account.withBytes(of: .name) { bytes($0, h) }
    }

    /// The fingerprint's hash of one row, continuing from its account's ``accountState(of:)``.
    @inline(__always)
    public static func hash(
        accountState: UInt64, unixSeconds: Int64, signedMinor: Int64, vendor: Span<UInt8>,
        memo: Span<UInt8>
    ) -> UInt64 {
        var h = accountState
        h = word(UInt64(bitPattern: day(unixSeconds)), h)
        h = word(UInt64(bitPattern: signedMinor), h)
        h = bytes(vendor, h)
        h = bytes(memo, h)
        return h
    }

    /// The day of the stored date: Unix seconds / 86,400, rounded down (before 1970 too).
    @inline(__always)
    static func day(_ unixSeconds: Int64) -> Int64 {
        unixSeconds >= 0 ? unixSeconds / 86_400 : (unixSeconds - 86_399) / 86_400
    }

    @inline(__always)
    static func byte(_ b: UInt8, _ h: UInt64) -> UInt64 { (h ^ UInt64(b)) &* prime }

    /// The low `bytes` bytes of `value`, least significant first. A plain loop: `stride` is
    /// generic code an unoptimised build runs for every byte of every record (a fifth of a debug
    /// run's time), and the same machine code once optimised.
    @inline(__always)
    static func littleEndian(_ value: UInt64, bytes: Int, _ h: UInt64) -> UInt64 {
        var h = h, value = value, left = bytes
        while left > 0 {
            h = byte(UInt8(truncatingIfNeeded: value), h)
            value >>= 8
            left -= 1
        }
        return h
    }

    @inline(__always)
    static func word(_ value: UInt64, _ h: UInt64) -> UInt64 { littleEndian(value, bytes: 8, h) }

    @inline(__always)
    static func length(_ count: Int, _ h: UInt64) -> UInt64 {
        littleEndian(UInt64(UInt32(truncatingIfNeeded: count)), bytes: 4, h)
    }

    @inline(__always)
    static func bytes(_ text: Span<UInt8>, _ h: UInt64) -> UInt64 {
        FNV1a.hash(text, from: length(text.count, h))
    }
}
