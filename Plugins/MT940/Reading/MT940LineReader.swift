import Glibc
import StatementText

/// A byte source cut into lines, CRLF or LF, a chunk read at a time into one buffer: a line is
/// lent out in place as a `Span` (``withLine(_:)``), which cannot outlive the call. A file whose
/// first line has `@@` before a field's tag (`@@:20:STARTUMS@@:25:…`: statements some German
/// banks hand over through FinTS, with `@@` where the line breaks are) is cut at each `@@` too.
///
/// One of the few places where the reader touches pointers (with ``MT940Buffer``,
/// ``MT940TextScan`` and the byte sources): the buffer it reads into, and memchr over it.
final class MT940LineReader {
    /// A line longer than this is no MT940 (a field line has at most 65 characters, a block
    /// header a few hundred): the file is not read further, so binary garbage is never held whole.
    static let longestLine = 64 << 10
    static let chunk = 256 << 10

    enum Next {
        case line
        case end
        case failure(String)
    }

    let source: MT940ByteSource
    private var lineStart = 0
    private var lineEnd = 0
    /// The number of the line handed out last, from 1.
    private(set) var number = 0
    /// The first line that is not UTF-8, whose texts are read as windows-1252 (German banks'
    /// umlauts): for the note that says so.
    private(set) var firstWindows1252Line: Int?
    /// Up to where the buffer is known to be UTF-8: the lines read so far are checked a buffer at a
    /// time, not one by one (a call a line cost the reader a few per cent), until one is not.
    private var checked = 0
    private let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk + longestLine, alignment: 16)
    /// The bytes read and not yet handed out.
    private var start = 0
    private var end = 0
    private var atEnd = false
    /// Whether `@@` breaks lines: decided once, on the file's first line (nil until then).
    private(set) var breaksAtAt: Bool?

    /// The line handed out last, without its line break, lent to `body`: its bytes in the buffer,
    /// which ``next()`` alone changes.
    @inline(__always)
    func withLine<Result>(_ body: (Span<UInt8>) -> Result) -> Result {
        body(lineBytes.span)
    }

    /// The line as a pointer, for the code here: `lineStart..<lineEnd` is inside what was read.
    private var lineBytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(
            start: storage.baseAddress!.assumingMemoryBound(to: UInt8.self) + lineStart, count: lineEnd - lineStart)
    }

    init(source: MT940ByteSource) {
        self.source = source
    }

    deinit { storage.deallocate() }

    func next() -> Next {
        while true {
            if breaksAtAt == nil, start < end {
                guard let decided = decideAtAt() else {
                    // Too little of the first line is read yet: read on.
                    if let failure = fill() { return failure }
                    continue
                }
                breaksAtAt = decided
            }
            if start < end, let (stop, length) = lineBreak() {
                take(start..<stop)
                start = stop + length
                return firstLineFailure() ?? .line
            }
            if atEnd {
                guard start < end else { return .end }
                take(start..<end)
                start = end
                return firstLineFailure() ?? .line
            }
            if end - start > Self.longestLine {
                return .failure("line \(number + 1) runs past 64 KiB without a line break: not MT940 text")
            }
            if let failure = fill() { return failure }
        }
    }

    /// What is left of a line moves to the front, and the rest of the buffer is filled; a
    /// failure when the source cannot be read.
    private func fill() -> Next? {
        let base = storage.baseAddress!
        if start > 0 {
            memmove(base, base + start, end - start)
            end -= start
            checked = max(checked - start, 0)
            start = 0
        }
        guard let read = source.read(into: UnsafeMutableRawBufferPointer(rebasing: storage[end...])) else {
            return .failure(source.failure ?? "the file cannot be read")
        }
        if read == 0 { atEnd = true }
        end += read
        return nil
    }

    /// The next line break after `start`: where it is and how many bytes it takes (LF, or `@@`
    /// where `@@` breaks lines); nil when the buffer holds none.
    private func lineBreak() -> (at: Int, length: Int)? {
        let base = storage.baseAddress!
        let newline = memchr(base + start, 0x0A, end - start).map { base.distance(to: UnsafeMutableRawPointer($0)) }
        guard breaksAtAt == true else { return newline.map { ($0, 1) } }
        let bytes = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: end)
        if let found = MT940TextScan.find("@@", in: bytes.span, start..<(newline ?? end)) { return (found, 2) }
        return newline.map { ($0, 1) }
    }

    /// Whether the file's first line (after a byte order mark and blanks) has `@@` right before
    /// a field's tag `:NN`: then `@@` breaks its lines. Nil while the buffer holds less than
    /// that line or its first 256 bytes, and the file goes on.
    private func decideAtAt() -> Bool? {
        let bytes = UnsafeBufferPointer(
            start: storage.baseAddress!.assumingMemoryBound(to: UInt8.self) + start, count: end - start
        ).span
        var from = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { from = 3 }
        while from < bytes.count,
            bytes[from] == 0x20 || bytes[from] == 0x09 || bytes[from] == 0x0D
                || bytes[from] == 0x0A
        {
            from += 1
        }
        let firstLineEnd = MT940TextScan.firstIndex(of: 0x0A, in: bytes, from: from)
        guard firstLineEnd != nil || bytes.count - from >= 256 || atEnd else { return nil }
        let line = bytes.extracting(from..<(firstLineEnd ?? bytes.count))
        var at = 0
        while let found = MT940TextScan.find("@@:", in: line, at..<line.count) {
            if MT940Date.number(line, found + 3, 2) != nil { return true }
            at = found + 1
        }
        return false
    }

    private func firstLineFailure() -> Next? {
        guard number == 1, let name = UTF16Text.markName(UnsafeRawBufferPointer(lineBytes)) else { return nil }
        number = 0  // the reader names the line after the last one read: line 1
        return .failure(
            "the file is \(name) (its byte order mark): MT940 is read as UTF-8 or windows-1252 unless "
                + "encoding= says otherwise; set encoding=utf-16")
    }

    /// Marks the line, without its carriage return, and counts it. The first line loses a UTF-8
    /// byte order mark (Windows editors and some banks' exports write one): `\u{FEFF}:20:` was
    /// no field, and the whole file failed as "no MT940 message".
    private func take(_ range: Range<Int>) {
        number += 1
        var lower = range.lowerBound
        var upper = range.upperBound
        if upper > lower, storage[upper - 1] == 0x0D { upper -= 1 }
        if number == 1, upper - lower >= 3, storage[lower] == 0xEF, storage[lower + 1] == 0xBB,
            storage[lower + 2] == 0xBF
        {
            lower += 3
        }
        lineStart = lower
        lineEnd = upper
        if firstWindows1252Line == nil, range.upperBound > checked {
            checkEncoding(from: lower, lineEnd: range.upperBound)
        }
    }

    /// Checks this line and every whole line after it in the buffer in one pass (a line break is
    /// no part of any UTF-8 sequence), and notes the first that is not UTF-8.
    private func checkEncoding(from lineStart: Int, lineEnd: Int) {
        let base = storage.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let from = max(lineStart, checked)
        var to = end
        while to > lineEnd, base[to - 1] != 0x0A { to -= 1 }
        if to < lineEnd { to = lineEnd }
        checked = to
        guard from < to, let bad = UTF8Check.firstInvalid(UnsafeBufferPointer(start: base + from, count: to - from))
        else { return }
        var line = number
        var offset = lineEnd
        while offset < max(from + bad, lineEnd) {
            if base[offset] == 0x0A {
                line += 1
            } else if breaksAtAt == true, offset + 1 < end, base[offset] == UInt8(ascii: "@"),
                base[offset + 1] == UInt8(ascii: "@")
            {
                line += 1
                offset += 1
            }
            offset += 1
        }
        firstWindows1252Line = line
    }
}
