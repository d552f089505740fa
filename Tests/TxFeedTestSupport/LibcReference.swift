import Foundation

/// The reference app's colour, word for word, on libc's own (global, not thread-safe)
/// `srand48`/`drand48`: what txfeed's pure implementation must match bit for bit.
public enum LibcReference {
    public static func legacyHex(_ name: String) -> String {
        let total = name.unicodeScalars.reduce(0) { $0 + Int($1.value) }
        srand48(total * 200)
        let r = drand48()
        srand48(total)
        let g = drand48()
        srand48(total / 200)
        let b = drand48()
        return String(
            format: "#%02x%02x%02x", Int(Foundation.round(r * 255)), Int(Foundation.round(g * 255)),
            Int(Foundation.round(b * 255)))
    }

    /// Unix seconds of broken-down UTC fields, by libc's `timegm`.
    public static func timegmUTC(_ y: Int, _ mo: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0, _ s: Int = 0) -> Int64 {
        var parts = tm()
        parts.tm_year = Int32(y - 1900)
        parts.tm_mon = Int32(mo - 1)
        parts.tm_mday = Int32(d)
        parts.tm_hour = Int32(h)
        parts.tm_min = Int32(mi)
        parts.tm_sec = Int32(s)
        return Int64(timegm(&parts))
    }
}
