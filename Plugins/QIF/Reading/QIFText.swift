/// A QIF file's bytes as UTF-8 text: QIF names no encoding, so valid UTF-8 is UTF-8 (its BOM
/// skipped) and anything else is read as windows-1252, which every byte is, and said so.
struct QIFText: Sendable {
    var bytes: [UInt8]
    /// `UTF-8`, or `windows-1252 (not valid UTF-8 at line N)` for `sniff` and the notes.
    var encoding: String
    var isTranscoded: Bool

    init(_ raw: UnsafeRawBufferPointer) {
        var body = raw
        if raw.count >= 3 && raw[0] == 0xEF && raw[1] == 0xBB && raw[2] == 0xBF {
            body = UnsafeRawBufferPointer(rebasing: raw[3...])
        }
        if let bad = Self.firstInvalidUTF8(body) {
            let line = 1 + body[..<bad].reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
            var out: [UInt8] = []
            Windows1252.decode(body, into: &out)
            bytes = out
            encoding = "windows-1252 (not valid UTF-8 at line \(line))"
            isTranscoded = true
        } else {
            bytes = Array(body)
            encoding = "UTF-8"
            isTranscoded = false
        }
    }

    /// The offset of the first byte that starts no valid UTF-8 sequence, or nil.
    private static func firstInvalidUTF8(_ bytes: UnsafeRawBufferPointer) -> Int? {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let width: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: width = 2
            case 0xE0:
                width = 3
                low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: width = 3
            case 0xED:
                width = 3
                high = 0x9F
            case 0xF0:
                width = 4
                low = 0x90
            case 0xF1...0xF3: width = 4
            case 0xF4:
                width = 4
                high = 0x8F
            default: return index
            }
            guard index + width <= count else { return index }
            let second = bytes[index + 1]
            guard second >= low && second <= high else { return index }
            for offset in 2..<max(width, 2) where bytes[index + offset] & 0xC0 != 0x80 { return index }
            index += width
        }
        return nil
    }
}
