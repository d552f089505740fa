/// windows-1252, the code page of most bank files written on Windows (OFX `CHARSET:1252`, QIF,
/// CSV exports), as UTF-8.
///
/// Only 0x80–0x9F differ from Latin-1. The five bytes the code page leaves undefined map to the
/// C1 control of the same value, as browsers do, so no byte is ever lost.
public enum Windows1252 {
    private static let high: [UInt32] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
    ]

    /// The five bytes the code page leaves undefined.
    static let undefined: [UInt8] = [0x81, 0x8D, 0x8F, 0x90, 0x9D]

    /// Appends the UTF-8 form of one byte.
    public static func appendUTF8(of byte: UInt8, to out: inout [UInt8]) {
        guard byte >= 0x80 else { return out.append(byte) }
        let scalar = byte < 0xA0 ? high[Int(byte - 0x80)] : UInt32(byte)
        if scalar < 0x800 {
            out.append(UInt8(0xC0 | (scalar >> 6)))
            out.append(UInt8(0x80 | (scalar & 0x3F)))
        } else {
            out.append(UInt8(0xE0 | (scalar >> 12)))
            out.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (scalar & 0x3F)))
        }
    }

    /// Appends `bytes` as UTF-8.
    public static func decode(_ bytes: UnsafeRawBufferPointer, into out: inout [UInt8]) {
        out.reserveCapacity(out.count + bytes.count + bytes.count / 8)
        for byte in bytes { appendUTF8(of: byte, to: &out) }
    }

    /// The same over a span, its pointer lent.
    public static func decode(_ bytes: Span<UInt8>, into out: inout [UInt8]) {
        bytes.withUnsafeBytes { decode($0, into: &out) }
    }
}
