/// The windows-1252 code page as UTF-8: what OFX 1.x files declaring `CHARSET:1252` hold.
enum Windows1252 {
    /// The characters of bytes 0x80...0x9F; the five bytes the code page leaves undefined
    /// become U+FFFD, so a misdeclared file shows where it was misread.
    private static let high: [UInt32] = [
        0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0xFFFD, 0x017D, 0xFFFD,
        0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0xFFFD, 0x017E, 0x0178,
    ]

    /// Appends the UTF-8 form of one windows-1252 byte at or above 0x80.
    static func appendUTF8(of byte: UInt8, to out: inout [UInt8]) {
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
}
