import Glibc

/// A file's lines one at a time, for readers that look at or read each line on its own (a
/// file mixing UTF-8 and windows-1252 lines).
public enum TextLines {
    /// Each line of `bytes` with its line break, and its number from 1, while `body` returns true.
    /// With `endingAtCR`, a lone CR ends a line too (old Mac files), and CRLF is one break.
    public static func forEach(
        _ bytes: UnsafeRawBufferPointer, endingAtCR: Bool = false, _ body: (UnsafeRawBufferPointer, Int) -> Bool
    ) {
        guard let base = bytes.baseAddress else { return }
        var start = 0
        var number = 1
        while start < bytes.count {
            var end = bytes.count
            if endingAtCR {
                if let index = bytes[start...].firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) {
                    end = index + 1
                    if bytes[index] == 0x0D, end < bytes.count, bytes[end] == 0x0A { end += 1 }
                }
            } else if let newline = memchr(base + start, 0x0A, bytes.count - start) {
                end = base.distance(to: UnsafeRawPointer(newline)) + 1
            }
            guard body(UnsafeRawBufferPointer(start: base + start, count: end - start), number) else { return }
            start = end
            number += 1
        }
    }
}
