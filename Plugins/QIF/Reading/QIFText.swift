import StatementText

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
        if let bad = UTF8Check.firstInvalid(body) {
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
}
