/// Eight bytes read as one word, to look for bytes of interest eight at a time (where a string
/// ends in an envelope, whether a CSV cell needs quoting). Each test sets the high bit of every
/// byte it finds; the lowest bit set is exact (a borrow only marks bytes above one truly found).
///
/// Public, not `package`: as `package` its functions were called, not inlined, in the other
/// modules' loops (6% more instructions for a million small accounts).
public enum ByteWord {
    /// The eight bytes at `offset`, the first lowest.
    @inlinable @inline(__always)
    public static func load(_ base: UnsafeRawPointer, at offset: Int) -> UInt64 {
        UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// The eight bytes at `offset` of `bytes`, the first lowest; past the end traps.
    @inlinable @inline(__always)
    public static func load(_ bytes: RawSpan, at offset: Int) -> UInt64 {
        UInt64(littleEndian: bytes.unsafeLoadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// Whether `a` and `b` hold the same bytes, compared eight at a time.
    @inlinable
    public static func same(_ a: Span<UInt8>, _ b: Span<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        let x = a.bytes, y = b.bytes
        var i = 0
        while i + 8 <= a.count {
            guard load(x, at: i) == load(y, at: i) else { return false }
            i += 8
        }
        while i < a.count {
            guard a[i] == b[i] else { return false }
            i += 1
        }
        return true
    }

    /// The bytes of `word` that are `byte`.
    @inlinable @inline(__always)
    public static func equal(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let x = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        return (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
    }

    /// The bytes of `word` below `bound`, which is at most 0x80.
    @inlinable @inline(__always)
    public static func below(_ word: UInt64, _ bound: UInt8) -> UInt64 {
        (word &- 0x0101_0101_0101_0101 &* UInt64(bound)) & ~word & 0x8080_8080_8080_8080
    }

    /// The bytes of `word` that are not ASCII (a byte of UTF-8).
    @inlinable @inline(__always)
    public static func nonASCII(_ word: UInt64) -> UInt64 { word & 0x8080_8080_8080_8080 }
}
