import Glibc
import StatementText

/// A byte source cut into lines, CRLF or LF, a chunk read at a time into one buffer: a line is
/// handed out in place as ``line``, valid until the next call.
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
    /// The line handed out last, without its line break: its bytes in the buffer.
    var line: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(
            start: storage.baseAddress!.assumingMemoryBound(to: UInt8.self) + lineStart, count: lineEnd - lineStart)
    }
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

    init(source: MT940ByteSource) {
        self.source = source
    }

    deinit { storage.deallocate() }

    func next() -> Next {
        let base = storage.baseAddress!
        while true {
            if start < end, let newline = memchr(base + start, 0x0A, end - start) {
                let stop = base.distance(to: UnsafeMutableRawPointer(newline))
                take(start..<stop)
                start = stop + 1
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
            // What is left of a line moves to the front, and the rest of the buffer is filled.
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
        }
    }

    private func firstLineFailure() -> Next? {
        guard number == 1, let name = UTF16Text.markName(UnsafeRawBufferPointer(line)) else { return nil }
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
        for offset in lineEnd..<max(from + bad, lineEnd) where base[offset] == 0x0A { line += 1 }
        firstWindows1252Line = line
    }
}
