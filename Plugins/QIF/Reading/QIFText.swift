import StatementText

/// A QIF file's bytes as UTF-8 text: QIF names no encoding, so valid UTF-8 is UTF-8 (its BOM
/// skipped) and anything else is read as windows-1252, which every byte is, and said so. A file
/// of UTF-8 lines beyond ASCII with a few that are not is read a line at a time; a UTF-16 byte
/// order mark means UTF-16. The `encoding` option reads the whole file in the encoding it names.
///
/// The file reader, at the file's edge: its raw buffers (the file's bytes, UTF-16, iconv) stay
/// here; the reading after it works on `bytes`, through spans.
struct QIFText: Sendable {
    var bytes: [UInt8]
    /// `UTF-8`, or `windows-1252 (not valid UTF-8 at line N)` for `sniff` and the notes.
    var encoding: String
    /// What the run's log says of how the file was read: nothing for UTF-8, nor for an encoding
    /// given; for the windows-1252 guess, the option that reads it in another.
    var note: String?
    /// Why the file cannot be read in the encoding given, naming the line; nil when it can.
    var problem: String?

    init(_ raw: UnsafeRawBufferPointer, encoding declared: TextEncoding? = nil) {
        if let declared { self.init(raw, declared: declared) } else { self.init(guessing: raw) }
    }

    private init(guessing raw: UnsafeRawBufferPointer) {
        if let name = UTF16Text.markName(raw), let text = UTF16Text.decode(raw) {
            // Windows PowerShell's Out-File and Notepad's "Unicode" write UTF-16LE with its mark:
            // read as bytes, its NULs hid every header, and the file failed as holding no
            // transaction block.
            bytes = Array(text.utf8)
            encoding = "\(name) (byte order mark)"
            note = "read as \(encoding)"
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
                note = "read as \(encoding)"
                return
            }
            var out: [UInt8] = []
            Windows1252.decode(body, into: &out)
            bytes = out
            encoding = "windows-1252 (not valid UTF-8 at line \(line))"
            note = "read as \(encoding); \(TextEncoding.otherThanWindows1252)"
        } else {
            bytes = Array(body)
            encoding = "UTF-8"
        }
    }

    /// The file whole in the encoding the option names, after any byte order mark
    /// (``TextEncoding/textStart(_:)``); text up to a byte it does not map, and a problem naming
    /// its line.
    private init(_ raw: UnsafeRawBufferPointer, declared: TextEncoding) {
        encoding = "\(declared.rawValue) (given)"
        bytes = []
        let skip: Int
        switch declared.textStart(raw) {
        case .success(let start): skip = start
        case .failure(let mismatch):
            problem = "line 1: \(mismatch)"
            return
        }
        let body = UnsafeRawBufferPointer(rebasing: raw[skip...]).bindMemory(to: UInt8.self)
        guard let (output, written, consumed, stop) = TextTranscoder.transcode(body, from: declared) else {
            problem = "iconv cannot convert \(declared.rawValue) on this system"
            return
        }
        defer { output.deallocate() }
        bytes = Array(output[..<written])
        if stop != .done {
            let line = bytes.withUnsafeBytes { Self.line(of: written, in: $0) }
            let rest = UnsafeBufferPointer(rebasing: body[consumed...])
            problem = "line \(line): \(declared.unreadable(rest, incomplete: stop == .incomplete))"
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
