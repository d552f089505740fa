import StatementText

/// A QIF file's bytes as UTF-8 text: QIF names no encoding, so valid UTF-8 is UTF-8 (its BOM
/// skipped) and anything else is read as windows-1252, which every byte is, and said so. A file
/// of UTF-8 lines beyond ASCII with a few that are not is read a line at a time; a UTF-16 byte
/// order mark means UTF-16.
struct QIFText: Sendable {
    var bytes: [UInt8]
    /// `UTF-8`, or `windows-1252 (not valid UTF-8 at line N)` for `sniff` and the notes.
    var encoding: String
    var isTranscoded: Bool

    init(_ raw: UnsafeRawBufferPointer) {
        if let name = UTF16Text.markName(raw), let text = UTF16Text.decode(raw) {
            // Windows PowerShell's Out-File and Notepad's "Unicode" write UTF-16LE with its mark:
            // read as bytes, its NULs hid every header, and the file failed as holding no
            // transaction block.
            bytes = Array(text.utf8)
            encoding = "\(name) (byte order mark)"
            isTranscoded = true
            return
        }
        var body = raw
        if raw.count >= 3 && raw[0] == 0xEF && raw[1] == 0xBB && raw[2] == 0xBF {
            body = UnsafeRawBufferPointer(rebasing: raw[3...])
        }
        if let bad = UTF8Check.firstInvalid(body) {
            let line = Self.line(of: bad, in: body)
            // QIF lines end at a lone CR too (old Mac files), as QIFLine splits them.
            if let mixed = MixedText(body, endingAtCR: true) {
                bytes = mixed.bytes
                let lines = mixed.windows1252Lines.count
                encoding =
                    "UTF-8, but windows-1252 on \(lines.counted("line")) not valid UTF-8 (the first: line \(line))"
                isTranscoded = true
                return
            }
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

    /// The line `offset` is on as QIFLine counts them (and every message names them): LF, CRLF
    /// and a lone CR (old Mac files) each end one.
    private static func line(of offset: Int, in body: UnsafeRawBufferPointer) -> Int {
        var line = 1
        for i in 0..<offset where body[i] == 0x0D || (body[i] == 0x0A && (i == 0 || body[i - 1] != 0x0D)) {
            line += 1
        }
        return line
    }
}
