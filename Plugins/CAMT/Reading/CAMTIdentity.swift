import StatementText

/// How sure the camt plugin is that a file is a camt statement, from its name and first bytes.
public enum CAMTIdentity {
    /// 95 for XML naming a camt.05x namespace or message in its head; 60 for other XML named
    /// `.camt` or `.053`; 0 for anything else (other XML is another plugin's).
    static func confidence(path: String, head: Span<UInt8>) -> Int {
        // A folder asks this of every file: an ASCII byte other than `<` after the byte order
        // mark and blanks is no XML, told without making a String of 4 KiB. A byte past ASCII
        // (another mark, other whitespace) is left to the String below.
        let i = HeadStart.index(in: head)
        if i < head.count, head[i] < 0x80, head[i] != UInt8(ascii: "<") { return 0 }
        // A UTF-16 statement (its byte order mark first) is read by libxml2, but as UTF-8 its
        // head named nothing, and no plugin took the file.
        let text =
            UTF16Text.decode(head, limit: 4096) ?? SpanBytes.string(head, 0..<min(head.count, 4096))
        let start = text.drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        guard start.hasPrefix("<") else { return 0 }
        let messages = ["BkToCstmrStmt", "BkToCstmrAcctRpt", "BkToCstmrDbtCdtNtfctn"]
        if text.contains("urn:iso:std:iso:20022:tech:xsd:camt.05") || messages.contains(where: text.contains) {
            return 95
        }
        return FileName.hasSuffix(path, ".camt") || FileName.hasSuffix(path, ".053") ? 60 : 0
    }
}
