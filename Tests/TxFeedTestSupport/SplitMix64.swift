/// A small, seeded generator (SplitMix64): the same cases on every machine and every run, whatever
/// the standard library's random algorithms become.
public struct SplitMix64 {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`.
    public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }

    public mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next()) }

    public mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }
}
