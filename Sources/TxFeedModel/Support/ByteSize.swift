/// Sizes as people write them on a command line: `512M`, `1.5G`, `64k`, `1048576` (powers of
/// 1024; an optional `B`/`iB`). `--plugin-memory` and `--memory` both read them so.
public enum ByteSize {
    /// The number of bytes (a fraction of a byte dropped), or nil for anything else (negative,
    /// not a number, too large).
    public static func parse(_ text: String) -> Int? {
        var digits = Substring(text.trimmingPrefix(while: { $0 == " " }))
        var unit = 1
        let suffixes: [(String, Int)] = [
            ("KIB", 1 << 10), ("MIB", 1 << 20), ("GIB", 1 << 30), ("TIB", 1 << 40),
            ("KB", 1 << 10), ("MB", 1 << 20), ("GB", 1 << 30), ("TB", 1 << 40),
            ("K", 1 << 10), ("M", 1 << 20), ("G", 1 << 30), ("T", 1 << 40), ("B", 1),
        ]
        let upper = digits.uppercased()
        if let (suffix, size) = suffixes.first(where: { upper.hasSuffix($0.0) }) {
            digits = digits.dropLast(suffix.count)
            unit = size
        }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            let value = Double(digits), value.isFinite, value >= 0
        else { return nil }
        let bytes = value * Double(unit)
        return bytes < Double(Int.max / 2) ? Int(bytes) : nil
    }

    /// `512 MiB`, `1 GiB`, `1536 KiB`, `100 bytes`: the largest unit that divides it.
    public static func describe(_ bytes: Int) -> String {
        for (unit, name) in [(1 << 40, "TiB"), (1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")]
        where bytes >= unit && bytes % unit == 0 {
            return "\(bytes / unit) \(name)"
        }
        return "\(bytes) bytes"
    }
}
