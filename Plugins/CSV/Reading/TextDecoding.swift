import StatementText

/// Turns a file's bytes into UTF-8: BOMs, the `encoding` option, and the guess.
///
/// Bank exports come in UTF-8, UTF-16 with a BOM, a Western 8-bit code page, or (Japanese
/// banks) Shift_JIS; anything that is not valid UTF-8 and declares nothing is Shift_JIS when
/// its bytes say so (``TextEncoding/detected(in:)``), else almost always windows-1252 (the code
/// page Excel and German savings banks write): that is the guess, and the report says so.
enum TextDecoding {
    static func decode(_ bytes: UnsafeRawBufferPointer, declared: TextEncoding?) -> DecodedText {
        endingLinesAtCR(decodeText(bytes, declared: declared))
    }

    /// The text of a file whose lines end in a lone CR (classic Mac OS, and some exports that
    /// copy it) with an LF for each: every later stage ends a line at LF, and such a file was
    /// one line, its rows cells of one record (`15 columns hold amounts`). Only a text with no
    /// LF at all: in one with LF line ends a lone CR is a byte of a cell, kept as it was.
    static func endingLinesAtCR(_ decoded: DecodedText) -> DecodedText {
        let ended: [UInt8]? = decoded.text.withSpan { text in
            var sawCR = false
            for index in text.indices {
                if text[index] == 0x0A { return nil }
                if text[index] == 0x0D { sawCR = true }
            }
            guard sawCR else { return nil }
            var ended = [UInt8](repeating: 0, count: text.count)
            for index in text.indices { ended[index] = text[index] == 0x0D ? 0x0A : text[index] }
            return ended
        }
        guard let ended else { return decoded }
        var lines = decoded
        let buffer = CSVBuffer(copying: ended)
        lines.text = buffer.bytes
        lines.owner = buffer
        return lines
    }

    private static func decodeText(_ bytes: UnsafeRawBufferPointer, declared: TextEncoding?) -> DecodedText {
        let all = bytes.bindMemory(to: UInt8.self)
        let bom = byteOrderMark(all.span)
        let encoding: TextEncoding
        let guessed: Bool
        if let declared {
            encoding = declared
            guessed = false
            // `utf-16` names no byte order, and without a BOM iconv picks one (little-endian here):
            // a big-endian file failed as "an invalid sequence in utf-16 at byte 312". The order its
            // NULs show is the one read; the report still says utf-16, as given.
            if declared == .utf16, bom == nil, let order = unmarkedUTF16(all.span).flatMap(TextEncoding.init(option:)) {
                var decoded = transcode(all, from: order, guessed: false)
                decoded.encoding = declared
                return decoded
            }
        } else if let bomEncoding = bom?.encoding {
            encoding = bomEncoding
            guessed = false
        } else {
            let utf8 = UTF8Check.firstInvalid(all) == nil
            let detected = utf8 ? nil : TextEncoding.detected(in: all.span)
            // No byte order mark here: the mixed look starts at the first byte.
            if !utf8, detected == nil, let mixed = mixed(all, skip: 0) { return mixed }
            encoding = utf8 ? .utf8 : detected ?? .windows1252
            guessed = !utf8
        }
        if guessed, encoding == .windows1252, let line = lineOfLettersInRuns(all.span) {
            let problem =
                "not UTF-8, and its bytes above 0x7F run together (line \(line)) as the letters of Cyrillic, Greek, "
                + "Hebrew, Arabic, Chinese or Korean words do in their code pages, where windows-1252's accents "
                + "stand alone: set encoding (\(TextEncoding.scriptSuggestions))"
            return DecodedText(
                text: CSVBytes(borrowing: UnsafeBufferPointer(start: nil, count: 0)), encoding: encoding,
                guessed: true, problem: problem)
        }
        if encoding == .utf8 {
            let skip = bom?.encoding == .utf8 ? 3 : 0
            let text = UnsafeBufferPointer(rebasing: all[skip...])
            var problem: String?
            let invalid = UTF8Check.firstInvalid(text)
            // A UTF-8 BOM over a few windows-1252 lines: the same mixed file as without one.
            if declared == nil, invalid != nil, let mixed = mixed(all, skip: skip) { return mixed }
            if let offset = invalid {
                problem = "byte \(offset + skip) is not UTF-8: set encoding (windows-1252, \(TextEncoding.suggestions))"
            }
            return DecodedText(
                text: CSVBytes(borrowing: text), encoding: .utf8, guessed: false, problem: problem)
        }
        // iconv's UTF-16 reads the BOM itself and picks the byte order from it; UTF-16LE and
        // UTF-16BE keep it as text (U+FEFF), so the first header read `\u{FEFF}Date` and a
        // saved rules file named that column, which no other export of the bank matches.
        var skip = encoding != .utf16 && bom?.encoding == .utf8 ? 3 : 0
        if bom?.encoding == .utf16, Self.matchesByteOrder(encoding, all.span) { skip = 2 }
        return transcode(UnsafeBufferPointer(rebasing: all[skip...]), from: encoding, guessed: guessed)
    }

    // MARK: - Other scripts

    /// The line of the first run of three bytes above 0x7F, when most such bytes stand in runs:
    /// the letters of a word in windows-1251 (`Статус`), windows-1255, GBK (`收/支`) or Big5,
    /// where windows-1252's accents stand alone between ASCII letters (`Empfänger`, `Libellé`).
    /// Read as windows-1252, such a file's header was no words, and what the words decide went
    /// silently: Alipay's `收/支` side, a `Статус` column's `FAILED`, a Hebrew card statement's
    /// refusal. Nil for a Western text.
    static func lineOfLettersInRuns(_ bytes: Span<UInt8>) -> Int? {
        var high = 0
        var inRuns = 0
        var run = 0
        var firstRun: Int?
        for index in 0...bytes.count {
            if index < bytes.count, bytes[index] >= 0x80 {
                high += 1
                run += 1
                continue
            }
            if run >= 3 {
                inRuns += run
                if firstRun == nil { firstRun = index - run }
            }
            run = 0
        }
        guard let firstRun, inRuns >= 6, inRuns * 2 > high else { return nil }
        return 1 + (0..<firstRun).count { bytes[$0] == 0x0A }
    }

    // MARK: - Mixed files

    /// A file of UTF-8 lines beyond ASCII with a few that are not, each line in its own encoding
    /// (``MixedText``). Nil when no line is UTF-8 beyond ASCII (a windows-1252 file), or a line
    /// that is not UTF-8 holds a byte windows-1252 leaves undefined: the file is in neither, and
    /// fails as such.
    private static func mixed(_ all: UnsafeBufferPointer<UInt8>, skip: Int) -> DecodedText? {
        let bytes = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: all[skip...]))
        guard let mixed = MixedText(bytes, refusingUndefined: true), !mixed.windows1252Lines.isEmpty else {
            return nil
        }
        let buffer = CSVBuffer(copying: mixed.bytes)
        return DecodedText(
            text: buffer.bytes, encoding: .utf8, guessed: true, problem: nil,
            windows1252Lines: mixed.windows1252Lines, owner: buffer)
    }

    // MARK: - Byte order marks

    static func byteOrderMark(_ bytes: Span<UInt8>) -> (encoding: TextEncoding, length: Int)? {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { return (.utf8, 3) }
        if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
            return (.utf16, 2)
        }
        return nil
    }

    /// Whether a declared `utf-16le` or `utf-16be` is the byte order the file's UTF-16 BOM marks.
    private static func matchesByteOrder(_ encoding: TextEncoding, _ bytes: Span<UInt8>) -> Bool {
        let name = encoding.iconvName
        if name == "UTF-16LE" || name == "UNICODELITTLE" { return bytes[0] == 0xFF }
        if name == "UTF-16BE" || name == "UNICODEBIG" { return bytes[0] == 0xFE }
        return false
    }

    /// `utf-16le` or `utf-16be` when bytes without a byte order mark read as UTF-16 text, in the
    /// first 4 KiB: nine in ten bytes on one side of each pair are NUL and none on the other
    /// (Western text: mostly ASCII), or, for text of other scripts (Japanese payees beside ASCII
    /// dates, amounts and separators), at least a third of the pairs are a Latin-1 character
    /// beside a NUL, a line break among them, every such pair a printable character, tab or line
    /// break, and ten times fewer NULs on the other side (`U+3000`'s). Never guessed (a UTF-8 file
    /// may hold NULs): named in the message.
    static func unmarkedUTF16(_ bytes: Span<UInt8>) -> String? {
        guard byteOrderMark(bytes) == nil else { return nil }
        let pairs = min(bytes.count, 4_096) / 2
        guard pairs >= 8 else { return nil }
        var evenNul = 0
        var oddNul = 0
        for pair in 0..<pairs {
            if bytes[2 * pair] == 0 { evenNul += 1 }
            if bytes[2 * pair + 1] == 0 { oddNul += 1 }
        }
        if oddNul * 10 >= pairs * 9, evenNul == 0 { return "utf-16le" }
        if evenNul * 10 >= pairs * 9, oddNul == 0 { return "utf-16be" }
        if oddNul > evenNul, readsAsText(bytes, pairs: pairs, high: 1) { return "utf-16le" }
        if evenNul > oddNul, readsAsText(bytes, pairs: pairs, high: 0) { return "utf-16be" }
        return nil
    }

    /// The second test of ``unmarkedUTF16(_:)``, with the high byte of each pair at `high`.
    private static func readsAsText(_ bytes: Span<UInt8>, pairs: Int, high: Int) -> Bool {
        var ascii = 0
        var otherNul = 0
        var lineBreak = false
        for pair in 0..<pairs {
            let upper = bytes[2 * pair + high]
            let lower = bytes[2 * pair + 1 - high]
            if upper == 0 {
                // U+0020–U+007E, U+00A0–U+00FF (`é` in `Café 東京`), tab and line breaks: text.
                guard (0x20..<0x7F).contains(lower) || lower >= 0xA0 || lower == 0x09 || lower == 0x0A || lower == 0x0D
                else { return false }
                ascii += 1
                if lower == 0x0A { lineBreak = true }
            } else if lower == 0 {
                otherNul += 1
            }
        }
        return lineBreak && ascii * 3 >= pairs && otherNul * 10 <= ascii
    }

    // MARK: - iconv

    private static func transcode(
        _ input: UnsafeBufferPointer<UInt8>, from encoding: TextEncoding, guessed: Bool
    ) -> DecodedText {
        guard let (output, written, consumed, stop) = TextTranscoder.transcode(input, from: encoding) else {
            let problem = "iconv cannot convert \(encoding.rawValue) on this system"
            return DecodedText(
                text: CSVBytes(borrowing: UnsafeBufferPointer(start: nil, count: 0)), encoding: encoding,
                guessed: guessed, problem: problem)
        }
        var problem: String?
        if stop != .done {
            let what = stop == .incomplete ? "an incomplete sequence" : "an invalid sequence"
            let hint =
                guessed
                ? ": the file is neither UTF-8 nor \(encoding.rawValue); set encoding (\(TextEncoding.suggestions))"
                : ""
            problem = "\(what) in \(encoding.rawValue) at byte \(consumed)\(hint)"
        }
        let buffer = CSVBuffer(taking: output, count: written)
        return DecodedText(text: buffer.bytes, encoding: encoding, guessed: guessed, problem: problem, owner: buffer)
    }
}
