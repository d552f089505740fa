/// What a file's name says of its kind, read from its bytes: `identify` asks this of every
/// file of a folder, for every plugin, and a lowercased copy of each path cost more than the
/// rest of the answer.
public enum FileName {
    /// Whether `path` ends with `suffix` (lower-case ASCII, such as `".qif"`), ASCII case ignored.
    public static func hasSuffix(_ path: String, _ suffix: StaticString) -> Bool {
        var path = path
        return path.withUTF8 { name in
            let count = suffix.utf8CodeUnitCount
            guard name.count >= count else { return false }
            let start = name.count - count
            for i in 0..<count {
                let byte = name[start + i]
                if (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) != suffix.utf8Start[i] { return false }
            }
            return true
        }
    }
}
