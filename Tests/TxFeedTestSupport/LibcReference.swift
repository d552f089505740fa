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
}
