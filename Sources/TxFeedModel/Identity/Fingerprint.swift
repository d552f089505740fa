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

    /// Appends ``text``'s bytes; the sinks call it once a row, so it is built on the stack and
    /// appended in one piece, never as a string. Inlinable, so a sink's loop keeps it inline.
    @inlinable
    public func appendText(to out: inout [UInt8]) {
        // "fp:" + 16 hex digits + "-" + at most 10 digits: 30 bytes from byte 5 of 40.
        var text = InlineArray<40, UInt8>(repeating: 0)
        do {
            var span = text.mutableSpan
            var words = span.mutableBytes
            words.storeBytes(
                of: Self.hexDigits(UInt32(truncatingIfNeeded: hash >> 32)), toByteOffset: 8, as: UInt64.self)
            words.storeBytes(of: Self.hexDigits(UInt32(truncatingIfNeeded: hash)), toByteOffset: 16, as: UInt64.self)
        }
        // The prefix ends where the digits begin: "fp:" at 5...7, the hex at 8...23.
        text[5] = UInt8(ascii: "f")
        text[6] = UInt8(ascii: "p")
        text[7] = UInt8(ascii: ":")
        text[24] = UInt8(ascii: "-")
        var digits = 1
        var rest = occurrence / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        rest = occurrence
        for i in stride(from: 24 + digits, to: 24, by: -1) {
            text[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
        // Copied whole: a slice of the bytes was appended through its iterator, a byte at a time
        // (~150 instructions a row).
        out.append(text.span.extracting(5..<(25 + digits)))
    }

    /// The 8 lower-case hex digits of `value`, most significant first in memory, computed in
    /// one word: each nibble spread to its own byte, then `0`...`9` or `a`...`f` added to all.
    @inlinable
    static func hexDigits(_ value: UInt32) -> UInt64 {
        var x = UInt64(value)
        x = (x | x << 16) & 0x0000_FFFF_0000_FFFF
        x = (x | x << 8) & 0x00FF_00FF_00FF_00FF
        x = (x | x << 4) & 0x0F0F_0F0F_0F0F_0F0F
        // Bytes above 9 get 0x27 more, so that 10 lands on "a" (0x61 = 0x30 + 10 + 0x27).
        let letters = ((x &+ 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101
        x = x &+ 0x3030_3030_3030_3030 &+ letters &* 0x27
        // The least significant nibble is in the lowest byte: big-endian order writes it last.
        return x.bigEndian
    }
}
