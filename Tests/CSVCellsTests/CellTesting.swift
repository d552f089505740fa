/// Runs `body` on the UTF-8 bytes of `text`, as the reader hands a cell over.
func withCell<Result>(_ text: String, _ body: (Span<UInt8>) throws -> Result) rethrows -> Result {
    try withBytes(Array(text.utf8), body)
}

/// Runs `body` on raw bytes, invalid UTF-8 included.
func withBytes<Result>(_ bytes: [UInt8], _ body: (Span<UInt8>) throws -> Result) rethrows -> Result {
    try body(bytes.span)
}

/// A small fixed-seed generator (SplitMix64), so a failing random test repeats.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
