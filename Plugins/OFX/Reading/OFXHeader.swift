import StatementText

/// What an OFX file says of itself before its body: the SGML `OFXHEADER:100` block or the XML
/// `<?OFX OFXHEADER="200" VERSION="220"?>` instruction.
public struct OFXHeader: Sendable, Equatable {
    public var syntax: OFXSyntax
    /// `VERSION` as written: `102`, `220`.
    public var version: String?
    /// `CHARSET` of an SGML header: `1252`, `NONE`, `ISO-8859-1`.
    public var charset: String?
    /// `ENCODING` of an SGML header: `USASCII`, `UTF-8`.
    public var encoding: String?
    /// An OFX 2.x header over a body written as OFX 1.x SGML, its leaves left unclosed
    /// (`<CODE>0<SEVERITY>INFO</STATUS>`): some banks' files (ANZ's cards). Read as SGML.
    public var hasSGMLBody = false

    /// How far into a file the header is looked for.
    public static let headLength = 4096

    /// Reads the header from a file's first bytes; nil when they are not OFX.
    public static func read(_ bytes: some Collection<UInt8>) -> OFXHeader? {
        if let header = bytes.withContiguousStorageIfAvailable({ read($0.span) }) { return header }
        let head = Array(bytes.prefix(headLength))
        return read(head.span)
    }

    /// The same for a file's bytes.
    static func read(_ bytes: Span<UInt8>) -> OFXHeader? {
        // Most files a folder holds are not OFX: those are told without a copy of their head.
        let prefix = bytes.extracting(first: headLength)
        guard mentionsOFX(prefix) else { return nil }
        let head = SpanBytes.string(prefix)
        let start = head.drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        if start.hasPrefix("OFXHEADER:") { return sgml(start) }
        if let instruction = head.firstRange(of: "<?OFX") {
            let rest = head[instruction.upperBound...].prefix { $0 != ">" }
            var header = OFXHeader(syntax: .xml, version: attribute("VERSION", in: rest))
            header.hasSGMLBody = leavesAreUnclosed(head[instruction.upperBound...])
            return header
        }
        if head.contains("<OFX>") {
            var header = OFXHeader(syntax: head.contains("<?xml") ? .xml : .sgml)
            header.hasSGMLBody = header.syntax == .xml && leavesAreUnclosed(head[...])
            return header
        }
        return nil
    }

    /// Whether bytes at or above 0x80 are windows-1252 rather than UTF-8: `CHARSET:1252` or
    /// Latin-1 (`ISO-8859-1`, `8859-1`), unless `ENCODING:UTF-8` says otherwise. Not ISO-8859-15
    /// and its kin, whose `€` (0xA4) was read as Latin-1's `¤`: those are ``otherCharset``.
    public var isWindows1252: Bool {
        guard syntax == .sgml, !isUTF8 else { return false }
        let set = Self.folded(charset ?? "")
        return set == "1252" || set == "WINDOWS1252" || set == "CP1252" || set == "88591" || set == "LATIN1"
    }

    /// The character set of an SGML header that is neither windows-1252, Latin-1, `NONE` nor
    /// UTF-8, as libxml2 (iconv) names it: `ISO-8859-15` (`8859-15`), `windows-1250` (`1250`),
    /// `KOI8-R`. The body is handed to libxml2 in it; nil for the others.
    public var otherCharset: String? {
        guard syntax == .sgml, !isUTF8, !isWindows1252, let charset else { return nil }
        let set = Self.folded(charset)
        if set.isEmpty || set == "NONE" || set == "USASCII" || set == "ASCII" || set == "UTF8" { return nil }
        if set.count == 4, set.hasPrefix("12"), set.allSatisfy(\.isNumber) { return "windows-\(set)" }
        if set.hasPrefix("8859"), set.count > 4 { return "ISO-8859-\(set.dropFirst(4))" }
        return charset
    }

    /// `ENCODING:UTF-8`.
    private var isUTF8: Bool { Self.folded(encoding ?? "") == "UTF8" }

    /// Upper case without `ISO`, `-`, `_` and spaces: `ISO-8859-1` and `8859-1` are `88591`.
    private static func folded(_ name: String) -> String {
        var set = name.uppercased().filter { $0 != "-" && $0 != "_" && $0 != " " }
        if set.hasPrefix("ISO") { set.removeFirst(3) }
        return set
    }

    /// Whether libxml2 is handed the body through the ``SGMLNormalizer``.
    var isReadAsSGML: Bool { syntax == .sgml || hasSGMLBody }

    /// `OFX 1.02 (SGML), CHARSET 1252`: the `format` line of `txfeed sniff`.
    public var summary: String {
        let written = hasSGMLBody ? "XML header, SGML body" : syntax.rawValue
        var text = "OFX " + (version.map(Self.dotted) ?? "(no VERSION)") + " (\(written))"
        if let charset, syntax == .sgml { text += ", CHARSET \(charset)" }
        if let encoding, syntax == .sgml, encoding.uppercased() == "UTF-8" { text += ", ENCODING UTF-8" }
        return text
    }

    // MARK: Parsing

    /// Whether the bytes hold any of the marks looked for below. `identify` asks of every file
    /// of a folder: a byte search for "OFX" (`memchr`) skips a JSON or CSV head in a few
    /// hundred nanoseconds, where a `String` search of 4 KiB cost 0.3 ms.
    static func mentionsOFX(_ bytes: Span<UInt8>) -> Bool {
        var from = 0
        while let i = OFXText.firstOffset(of: ofx, in: bytes, from: from) {
            for mark in ofxMarks where i >= mark.before.count && i + 3 + mark.after.count <= bytes.count {
                if mark.before.indices.allSatisfy({ bytes[i - mark.before.count + $0] == mark.before[$0] })
                    && mark.after.indices.allSatisfy({ bytes[i + 3 + $0] == mark.after[$0] })
                {
                    return true
                }
            }
            from = i + 1
        }
        return false
    }

    private static let ofx = Array("OFX".utf8)

    /// Every mark holds "OFX": the search looks for that, then at what comes before or after it.
    /// Made once, not for every file asked about.
    private static let ofxMarks: [(before: [UInt8], after: [UInt8])] = [
        ([], Array("HEADER".utf8)), (Array("<?".utf8), []), (Array("<".utf8), Array(">".utf8)),
    ]

    private static func sgml(_ text: Substring) -> OFXHeader {
        var header = OFXHeader(syntax: .sgml)
        for line in text.prefix(while: { $0 != "<" }).split(whereSeparator: \.isNewline) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon].trimmingBlanks()
            let value = String(line[line.index(after: colon)...].trimmingBlanks())
            switch key {
            case "VERSION": header.version = value
            case "CHARSET": header.charset = value
            case "ENCODING": header.encoding = value
            default: break
            }
        }
        return header
    }

    /// Whether the first leaf of the body (a start tag followed by text) is followed by
    /// another tag than its own end tag: SGML written under an XML header.
    private static func leavesAreUnclosed(_ text: Substring) -> Bool {
        var rest = text[...]
        while let open = rest.firstIndex(of: "<") {
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: ">") else { return false }
            let tag = rest[afterOpen..<close]
            rest = rest[rest.index(after: close)...]
            guard let first = tag.first, first != "/", first != "?", first != "!", tag.last != "/" else { continue }
            let textEnd = rest.firstIndex(of: "<") ?? rest.endIndex
            guard rest[..<textEnd].contains(where: { !$0.isWhitespace }) else { continue }
            guard textEnd < rest.endIndex else { return false }
            let name = tag.prefix { !$0.isWhitespace }
            return !rest[textEnd...].hasPrefix("</\(name)>")
        }
        return false
    }

    private static func attribute(_ name: String, in text: Substring) -> String? {
        guard let key = text.firstRange(of: name + "=\"") else { return nil }
        return String(text[key.upperBound...].prefix { $0 != "\"" })
    }

    /// `102` → `1.02`, `220` → `2.2`, `160` → `1.6`: the version as OFX documents name it.
    private static func dotted(_ version: String) -> String {
        guard version.count == 3, version.allSatisfy(\.isNumber) else { return version }
        var minor = String(version.dropFirst())
        if minor.hasSuffix("0") { minor.removeLast() }
        return "\(version.prefix(1)).\(minor.isEmpty ? "0" : minor)"
    }
}

extension Substring {
    fileprivate func trimmingBlanks() -> Substring {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return self[first...last]
    }
}
