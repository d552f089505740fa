import TxFeedModel

/// A 24-bit colour, written as `#rrggbb` in the CSV, JSON and text views.
public struct RGB: Hashable, Sendable {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }

    /// Appends `#rrggbb` in lowercase hex.
    public func appendHex(to buffer: inout [UInt8]) {
        let (r, g, b) = (r, g, b)
        buffer.appendASCII(maximumCount: 7) { out in
            let digits = RGB.hexDigits.utf8Start
            out[0] = UInt8(ascii: "#")
            out[1] = digits[Int(r >> 4)]
            out[2] = digits[Int(r & 0xF)]
            out[3] = digits[Int(g >> 4)]
            out[4] = digits[Int(g & 0xF)]
            out[5] = digits[Int(b >> 4)]
            out[6] = digits[Int(b & 0xF)]
            return 7
        }
    }

    /// `#rrggbb` as a `String`, for tests and diagnostics.
    public var hex: String {
        var bytes: [UInt8] = []
        appendHex(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let hexDigits: StaticString = "0123456789abcdef"
}

/// How a vendor's name becomes its colour.
///
/// - `legacy` reproduces the reference app exactly (see `colour(forVendorUTF8:)`); it gives anagrams,
///   and any names with the same sum of code points, the same colour.
/// - `hashed(seed:)` spreads names evenly: FNV-1a over the UTF-8 bytes, started from the FNV offset
///   basis XOR splitmix64(seed), then the splitmix64 finaliser; from that 64-bit hash, bits 40...63
///   give the hue (0..<360°), bits 0...15 the saturation (55–80 %) and bits 16...31 the lightness
///   (45–60 %), a band that stays readable on dark and light terminals; HSL is converted to RGB with
///   plain IEEE double arithmetic (no transcendental functions), so it is the same on every machine.
public enum Palette: Equatable, Sendable, CustomStringConvertible {
    case legacy
    case hashed(seed: UInt64)

    /// A `--palette` value that is not one of the valid forms.
    public struct ParseError: Error, CustomStringConvertible {
        public let spec: String
        public var description: String {
            "unknown palette \(spec.debugDescription); valid forms: legacy, hashed, hashed:seed=N "
                + "(N an integer 0...\(UInt64.max))"
        }
    }

    /// Parses `legacy`, `hashed` (seed 0) or `hashed:seed=N`.
    public init(parsing spec: String) throws {
        if spec == "legacy" {
            self = .legacy
        } else if spec == "hashed" {
            self = .hashed(seed: 0)
        } else if spec.hasPrefix("hashed:seed="), let seed = UInt64(spec.dropFirst("hashed:seed=".count)) {
            self = .hashed(seed: seed)
        } else {
            throw ParseError(spec: spec)
        }
    }

    /// The form `init(parsing:)` reads back.
    public var description: String {
        switch self {
        case .legacy: return "legacy"
        case .hashed(let seed): return "hashed:seed=\(seed)"
        }
    }

    /// The colour of the vendor whose name is the UTF-8 `bytes`.
    ///
    /// `legacy`: `total` = sum of the Unicode scalar values; r, g and b are the first `drand48()` after
    /// `srand48(total*200)`, `srand48(total)` and `srand48(total/200)`, each rounded half away from zero
    /// from `c*255`. Invalid UTF-8 is read as Swift's `String(decoding:)` repairs it.
    public func colour(forVendorUTF8 bytes: Span<UInt8>) -> RGB {
        switch self {
        case .legacy:
            let total = Palette.scalarSum(bytes)
            return RGB(
                r: Palette.legacyChannel(seed: total &* 200),
                g: Palette.legacyChannel(seed: total),
                b: Palette.legacyChannel(seed: total / 200))
        case .hashed(let seed):
            return Palette.hslColour(hash: Palette.hash(bytes, seed: seed))
        }
    }

    /// Every vendor's colour, in vendor-id order: computed once per distinct vendor, never per row.
    public func colours(of vendors: VendorTable) -> [RGB] {
        (0..<vendors.count).map { id in
            colour(forVendorUTF8: vendors.bytes(of: UInt32(id)).span)
        }
    }

    private static func legacyChannel(seed: Int) -> UInt8 {
        var generator = Drand48(seed: seed)
        return UInt8((generator.next() * 255).rounded())  // C round(): half away from zero
    }

    /// Sum of the Unicode scalar values, decoding UTF-8 by hand; falls back to the standard library's
    /// decoder (with its U+FFFD repairs) only when the bytes are not valid UTF-8.
    static func scalarSum(_ bytes: Span<UInt8>) -> Int {
        var total = 0
        var i = 0
        let n = bytes.count
        while i < n {
            let b0 = bytes[i]
            if b0 < 0x80 {
                total &+= Int(b0)
                i += 1
                continue
            }
            // Each case checks the ranges of RFC 3629 (no overlongs, surrogates or values > U+10FFFF).
            if b0 >= 0xC2 && b0 <= 0xDF, i + 1 < n, isContinuation(bytes[i + 1]) {
                total &+= Int(b0 & 0x1F) << 6 | Int(bytes[i + 1] & 0x3F)
                i += 2
            } else if b0 >= 0xE0 && b0 <= 0xEF, i + 2 < n,
                (b0 == 0xE0 ? 0xA0...0xBF : b0 == 0xED ? 0x80...0x9F : 0x80...0xBF).contains(bytes[i + 1]),
                isContinuation(bytes[i + 2])
            {
                total &+= Int(b0 & 0x0F) << 12 | Int(bytes[i + 1] & 0x3F) << 6 | Int(bytes[i + 2] & 0x3F)
                i += 3
            } else if b0 >= 0xF0 && b0 <= 0xF4, i + 3 < n,
                (b0 == 0xF0 ? 0x90...0xBF : b0 == 0xF4 ? 0x80...0x8F : 0x80...0xBF).contains(bytes[i + 1]),
                isContinuation(bytes[i + 2]), isContinuation(bytes[i + 3])
            {
                total &+=
                    Int(b0 & 0x07) << 18 | Int(bytes[i + 1] & 0x3F) << 12
                    | Int(bytes[i + 2] & 0x3F) << 6 | Int(bytes[i + 3] & 0x3F)
                i += 4
            } else {
                return String(decodingUTF8: bytes).unicodeScalars.reduce(0) { $0 &+ Int($1.value) }
            }
        }
        return total
    }

    @inline(__always)
    private static func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }

    static func hash(_ bytes: Span<UInt8>, seed: UInt64) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325 ^ splitmix64(seed)
        for i in bytes.indices { h = (h ^ UInt64(bytes[i])) &* 0x0000_0100_0000_01B3 }
        return splitmix64(h)
    }

    private static func splitmix64(_ x: UInt64) -> UInt64 {
        var z = x &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private static func hslColour(hash: UInt64) -> RGB {
        let hue = Double((hash >> 40) % 360)
        let saturation = 0.55 + 0.25 * Double(hash & 0xFFFF) / 65535
        let lightness = 0.45 + 0.15 * Double((hash >> 16) & 0xFFFF) / 65535
        let chroma = (1 - abs(2 * lightness - 1)) * saturation
        let sector = hue / 60
        let x = chroma * (1 - abs(sector.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double)
        switch Int(sector) {
        case 0: (r, g, b) = (chroma, x, 0)
        case 1: (r, g, b) = (x, chroma, 0)
        case 2: (r, g, b) = (0, chroma, x)
        case 3: (r, g, b) = (0, x, chroma)
        case 4: (r, g, b) = (x, 0, chroma)
        default: (r, g, b) = (chroma, 0, x)
        }
        let m = lightness - chroma / 2
        func channel(_ value: Double) -> UInt8 { UInt8(((value + m) * 255).rounded()) }
        return RGB(r: channel(r), g: channel(g), b: channel(b))
    }
}
