import StatementText

/// How sure the mt940 plugin is that a file is a SWIFT MT940/MT942 statement, from its name and
/// first bytes.
public enum MT940Identity {
    /// 95 for a head starting (after a byte order mark and blanks) with a SWIFT block header
    /// `{1:` or `{4:`, or with a `:20:` field line (`@@:20:` where `@@` breaks the lines); 60 for a head with a `:20:` line and a
    /// `:25:` line further on (a bank's own header before them); 20 for a file named `.sta`,
    /// `.mt940` or `.940` alone, so that its error is mt940's; 0 otherwise.
    ///
    /// 95 beats fixture's 90 for JSON naming `body`: a `{1:` file is never JSON. `contentStart`
    /// is where the head's content starts (``HeadStart``); the host's pointer is taken in
    /// ``confidence(path:head:)``.
    static func confidence(path: String, head: Span<UInt8>, contentStart: Int) -> Int {
        let rest = head.extracting(contentStart...)
        if MT940TextScan.starts(rest, with: "{1:") || MT940TextScan.starts(rest, with: "{4:")
            || MT940TextScan.starts(rest, with: ":20:") || MT940TextScan.starts(rest, with: "@@:20:")
        {
            return 95
        }
        // Only a text head is searched, each first byte found with memchr, in place: a folder
        // asks this of every file.
        if !rest.isEmpty, rest[0] < 0x80, MT940TextScan.find("\n:20:", in: rest, 0..<rest.count) != nil,
            MT940TextScan.find("\n:25:", in: rest, 0..<rest.count) != nil
        {
            return 60
        }
        let named =
            FileName.hasSuffix(path, ".sta") || FileName.hasSuffix(path, ".mt940")
            || FileName.hasSuffix(path, ".940") || FileName.hasSuffix(path, ".942")
        return named ? 20 : 0
    }
}
