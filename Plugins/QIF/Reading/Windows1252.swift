/// windows-1252, the code page of most QIF files written on Windows, as Unicode scalars.
///
/// Only 0x80–0x9F differ from Latin-1; the five bytes the code page leaves undefined map to the
/// C1 control of the same value, as iconv and browsers do, so no byte is ever lost.
enum Windows1252 {
    private static let high: [UInt32] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
    ]

    /// Appends `bytes` as UTF-8.
    static func decode(_ bytes: UnsafeRawBufferPointer, into out: inout [UInt8]) {
        out.reserveCapacity(out.count + bytes.count + bytes.count / 8)
        for byte in bytes {
            if byte < 0x80 {
                out.append(byte)
                continue
            }
            let scalar = byte < 0xA0 ? high[Int(byte) - 0x80] : UInt32(byte)
            out.append(contentsOf: Unicode.Scalar(scalar)!.utf8)
        }
    }
}
