/// The POSIX 48-bit linear congruential generator (`srand48` / `drand48`) as a value, bit-exact with glibc.
///
/// The legacy vendor colour is defined by libc's `srand48`/`drand48`, but those share one hidden
/// process-wide state, which sources running on several threads would race on. A value type gives
/// every caller its own state and the very same numbers.
public struct Drand48: Sendable {
    /// The 48-bit state `X`.
    public private(set) var state: UInt64

    private static let multiplier: UInt64 = 0x5_DEEC_E66D
    private static let increment: UInt64 = 0xB
    private static let mask: UInt64 = (1 << 48) - 1

    /// Seeds like `srand48(seed)`: only the low 32 bits of `seed` count (glibc masks them, as the
    /// standard asks), and `X = seed << 16 | 0x330E`.
    public init(seed: Int) {
        state = (UInt64(truncatingIfNeeded: seed) & 0xFFFF_FFFF) << 16 | 0x330E
    }

    /// Advances `X = (a·X + c) mod 2^48` and returns `X / 2^48` in `[0, 1)`, like `drand48()`.
    public mutating func next() -> Double {
        state = (Drand48.multiplier &* state &+ Drand48.increment) & Drand48.mask
        // glibc's erand48_r: the 48 bits become the top of the mantissa of a double in [1, 2),
        // then 1.0 is subtracted (exactly X / 2^48).
        return Double(bitPattern: 0x3FF0_0000_0000_0000 | state << 4) - 1.0
    }
}
