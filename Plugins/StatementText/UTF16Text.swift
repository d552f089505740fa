/// Text that starts with a UTF-16 byte order mark (Notepad's "Unicode", PowerShell's `Out-File`):
/// read as bytes, its NULs hide every field, so the readers that meet it turn it into a String.
public enum UTF16Text {
    /// `UTF-16LE` or `UTF-16BE` when `bytes` start with that byte order mark, else nil.
    public static func markName(_ bytes: UnsafeRawBufferPointer) -> String? {
        guard bytes.count >= 2 else { return nil }
        if bytes[0] == 0xFF, bytes[1] == 0xFE { return "UTF-16LE" }
        if bytes[0] == 0xFE, bytes[1] == 0xFF { return "UTF-16BE" }
        return nil
    }

    /// The text after a UTF-16 byte order mark, in the order it marks, of at most the first
    /// `limit` bytes (an odd last byte left out); nil without a mark.
    public static func decode(_ bytes: UnsafeRawBufferPointer, limit: Int = .max) -> String? {
        guard let name = markName(bytes) else { return nil }
        let little = name == "UTF-16LE"
        let units = stride(from: 2, to: min(bytes.count, limit) - 1, by: 2).map { (at: Int) -> UInt16 in
            let first = UInt16(bytes[at])
            let second = UInt16(bytes[at + 1])
            return little ? first | second << 8 : first << 8 | second
        }
        return String(decoding: units, as: UTF16.self)
    }

    public static func decode(_ bytes: Span<UInt8>, limit: Int = .max) -> String? {
        bytes.withUnsafeBytes { decode($0, limit: limit) }
    }
}
