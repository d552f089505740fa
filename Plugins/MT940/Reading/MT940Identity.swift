import Glibc
import StatementText

/// How sure the mt940 plugin is that a file is a SWIFT MT940/MT942 statement, from its name and
/// first bytes.
public enum MT940Identity {
    /// 95 for a head starting (after a byte order mark and blanks) with a SWIFT block header
    /// `{1:` or `{4:`, or with a `:20:` field line (`@@:20:` where `@@` breaks the lines); 60 for a head with a `:20:` line and a
    /// `:25:` line further on (a bank's own header before them); 20 for a file named `.sta`,
    /// `.mt940` or `.940` alone, so that its error is mt940's; 0 otherwise.
    ///
    /// 95 beats fixture's 90 for JSON naming `body`: a `{1:` file is never JSON.
    public static func confidence(path: String, head: UnsafeBufferPointer<UInt8>) -> Int {
        let i = HeadStart.index(in: head)
        let rest = UnsafeBufferPointer(rebasing: head[i...])
        if rest.starts(with: "{1:".utf8) || rest.starts(with: "{4:".utf8) || rest.starts(with: ":20:".utf8)
            || rest.starts(with: "@@:20:".utf8)
        {
            return 95
        }
        // Only a text head is searched: a folder asks this of every file.
        if let first = rest.first, first < 0x80, contains(rest, "\n:20:"), contains(rest, "\n:25:") { return 60 }
        let named =
            FileName.hasSuffix(path, ".sta") || FileName.hasSuffix(path, ".mt940")
            || FileName.hasSuffix(path, ".940") || FileName.hasSuffix(path, ".942")
        return named ? 20 : 0
    }

    /// Searched in place, each first byte found with memchr: no copy of the head.
    private static func contains(_ head: UnsafeBufferPointer<UInt8>, _ needle: StaticString) -> Bool {
        guard let base = head.baseAddress else { return false }
        let count = needle.utf8CodeUnitCount
        var at = 0
        while at + count <= head.count {
            guard let found = memchr(base + at, Int32(needle.utf8Start[0]), head.count - count + 1 - at) else {
                return false
            }
            if memcmp(found, needle.utf8Start, count) == 0 { return true }
            at = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found)) + 1
        }
        return false
    }
}
