/// What an XML statement's declaration (`<?xml version="1.0" encoding="ISO-8859-1"?>`) says of
/// its encoding, and libxml2's word when the bytes say otherwise. Banks declare Latin-1 over
/// UTF-8 text (read as declared, `Société` came out `SociÃ©tÃ©` with exit 0), and write
/// windows-1252 under a declaration of UTF-8, or none, which means UTF-8 (libxml2 stops there).
public enum XMLDeclaration {
    /// The `encoding` of the declaration at the start of `head` (after a UTF-8 byte order mark
    /// and blanks), as written; nil without a declaration or an encoding in it.
    public static func encoding(_ head: UnsafeRawBufferPointer) -> String? {
        var at = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while at < head.count, [0x20, 0x09, 0x0A, 0x0D].contains(head[at]) { at += 1 }
        guard head[at...].starts(with: Array("<?xml".utf8)) else { return nil }
        let declaration = head[at...].prefix { $0 != UInt8(ascii: ">") }
        guard let key = find(Array("encoding".utf8), in: Array(declaration)) else { return nil }
        var rest = Array(declaration)[(key + 8)...].drop { $0 == 0x20 || $0 == 0x09 }
        guard rest.first == UInt8(ascii: "=") else { return nil }
        rest = rest.dropFirst().drop { $0 == 0x20 || $0 == 0x09 }
        guard let quote = rest.first, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return nil }
        let name = rest.dropFirst().prefix { $0 != quote }
        guard name.count < rest.count - 1, !name.isEmpty else { return nil }
        return String(decoding: name, as: UTF8.self)
    }

    public static func encoding(_ head: Span<UInt8>) -> String? {
        head.withUnsafeBytes { encoding($0) }
    }

    /// Whether `name` is Latin-1 or windows-1252 (or Latin-9) by any of their names
    /// (`ISO-8859-1`, `latin1`, `cp1252`, `windows-1252`, `ISO_8859-15`): the one-byte code pages
    /// banks declare, whose text is practically never valid UTF-8 beyond ASCII.
    public static func isWestern(_ name: String) -> Bool {
        let folded = name.uppercased().filter { $0.isLetter || $0.isNumber }
        return [
            "ISO88591", "ISO885915", "88591", "LATIN1", "LATIN9", "L1", "CP819", "IBM819", "CP1252", "WINDOWS1252",
            "1252",
        ].contains(folded)
    }

    /// The bytes libxml2 quotes when it stops at text that is not UTF-8 (`0xE9 0x74 0xE9 0x20`),
    /// empty when it quotes none; nil for its other errors.
    public static func notUTF8Bytes(libxml2Message message: String) -> String? {
        guard message.hasPrefix("Input is not proper UTF-8") else { return nil }
        guard let bytes = message.firstRange(of: "Bytes: ") else { return "" }
        return String(message[bytes.upperBound...].prefix { $0 != "\n" })
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        return (0...(haystack.count - needle.count)).first { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}
