import StatementText

/// How sure the mt940 plugin is that a file is a SWIFT MT940/MT942 statement, from its name and
/// first bytes.
public enum MT940Identity {
    /// 95 for a head starting (after a byte order mark and blanks) with a SWIFT block header
    /// `{1:` or `{4:`, or with a `:20:` field line; 60 for a head with a `:20:` line and a
    /// `:25:` line further on (a bank's own header before them); 20 for a file named `.sta`,
    /// `.mt940` or `.940` alone, so that its error is mt940's; 0 otherwise.
    ///
    /// 95 beats fixture's 90 for JSON naming `body`: a `{1:` file is never JSON.
    public static func confidence(path: String, head: UnsafeBufferPointer<UInt8>) -> Int {
        let i = HeadStart.index(in: head)
        let rest = UnsafeBufferPointer(rebasing: head[i...])
        if rest.starts(with: "{1:".utf8) || rest.starts(with: "{4:".utf8) || rest.starts(with: ":20:".utf8) {
            return 95
        }
        let named =
            FileName.hasSuffix(path, ".sta") || FileName.hasSuffix(path, ".mt940")
            || FileName.hasSuffix(path, ".940") || FileName.hasSuffix(path, ".942")
        // Only a text head is searched: a folder asks this of every file.
        if let first = rest.first, first < 0x80, contains(rest, "\n:20:"), contains(rest, "\n:25:") { return 60 }
        return named ? 20 : 0
    }

    private static func contains(_ head: UnsafeBufferPointer<UInt8>, _ needle: StaticString) -> Bool {
        MT940Text.find(Array(head)[...], needle) != nil
    }
}
