/// Where a file's content starts in its first bytes: past a UTF-8 byte order mark and blanks.
/// `identify` asks it of every file of a folder, so it reads the head in place, never a copy.
public enum HeadStart {
    /// The index of the first byte after a UTF-8 byte order mark and ASCII blanks (space, tab,
    /// line feed, vertical tab, form feed, carriage return); `head.count` when nothing follows.
    public static func index(in head: Span<UInt8>) -> Int {
        var i = head.count >= 3 && head[0] == 0xEF && head[1] == 0xBB && head[2] == 0xBF ? 3 : 0
        while i < head.count, head[i] == 0x20 || (0x09...0x0D).contains(head[i]) { i += 1 }
        return i
    }
}
