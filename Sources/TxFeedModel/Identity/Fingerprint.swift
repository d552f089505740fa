/// A transaction's identity when its source gave no bank id: a stable 64-bit hash of what the
/// bank would show twice for the same money movement, and which copy among identical ones it is.
///
/// Two genuine identical coffees on one day in one statement are two fingerprints (`-1`, `-2`),
/// while the same statement read twice, or two overlapping statements, give the same ones again.
/// The hash is ``FingerprintHasher``'s (docs/FEED.md, "Identity").
public struct Fingerprint: Sendable, Hashable {
    /// FNV-1a 64 over the canonical encoding of account, day, signed amount, vendor and memo.
    public var hash: UInt64
    /// 1 for the first identical record of its source, 2 for the second, and so on.
    public var occurrence: UInt32

    public init(hash: UInt64, occurrence: UInt32) {
        self.hash = hash
        self.occurrence = occurrence
    }

    /// `fp:` + 16 lower-case hex digits + `-` + the occurrence: `fp:9f2c04b1d8e3a7e1-2`.
    public var text: String {
        var bytes: [UInt8] = []
        appendText(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends ``text``'s bytes; the sinks call it once a row, so it never allocates a string.
    @inline(__always)
    public func appendText(to out: inout [UInt8]) {
        out.append(UInt8(ascii: "f"))
        out.append(UInt8(ascii: "p"))
        out.append(UInt8(ascii: ":"))
        var shift: UInt64 = 60
        while true {
            let nibble = UInt8(truncatingIfNeeded: (hash >> shift) & 0xF)
            out.append(nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10)
            if shift == 0 { break }
            shift -= 4
        }
        out.append(UInt8(ascii: "-"))
        var divisor: UInt32 = 1
        while occurrence / divisor >= 10 { divisor *= 10 }
        var rest = occurrence
        while true {
            out.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest / divisor))
            rest %= divisor
            if divisor == 1 { break }
            divisor /= 10
        }
    }
}
