import Glibc
import TxFeedModel
import TxFeedOutput

/// One transaction of a part file: the keys a merge orders by, and the record's own bytes.
struct PartRecord {
    /// Unix seconds: newest first.
    var time: Int64
    /// The source's index among all the run's sources: ties go to the earlier source.
    var source: Int
    var record: [UInt8]
}

/// Reads a part file written by `txfeed run --shard` (``PartSink``): its header, sources and
/// accounts at once, then its transactions one at a time, so a merge holds one line a part.
final class PartReader {
    let path: String
    let shard: Shard
    /// The whole run's sources; nil in a part of version 1, which does not say.
    let run: PartRun?
    let sources: [(index: Int, object: [UInt8])]
    let accounts: [(index: Int, object: [UInt8])]
    private var lines: LineReader

    init(path: String) throws(UsageError) {
        self.path = path
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw UsageError("\(path): \(SystemError.current)") }
        var lines = LineReader(fd: fd, path: path)
        guard let header = try lines.next(), let parsed = try? Self.header(header) else {
            throw UsageError("\(path):1: not a txfeed part file (write parts with txfeed run --shard I/N -o PART)")
        }
        var sources: [(index: Int, object: [UInt8])] = []
        var accounts: [(index: Int, object: [UInt8])] = []
        for _ in 0..<parsed.sources { sources.append(try Self.keyed(try lines.next(), "source", &lines)) }
        for _ in 0..<parsed.accounts { accounts.append(try Self.keyed(try lines.next(), "account", &lines)) }
        self.shard = parsed.shard
        self.run = parsed.run
        self.sources = sources
        self.accounts = accounts
        self.lines = lines
    }

    /// The next transaction, or nil after the last.
    func next() throws(UsageError) -> PartRecord? {
        guard let bytes = try lines.next() else { return nil }
        // {"t":T,"s":S,"r":{…}}
        var i = 0
        guard Self.expect(#"{"t":"#, in: bytes, at: &i), let time = Self.integer(bytes, at: &i),
            Self.expect(#","s":"#, in: bytes, at: &i), let source = Self.integer(bytes, at: &i),
            Self.expect(#","r":{"#, in: bytes, at: &i), bytes.last == UInt8(ascii: "}")
        else { throw lines.malformed("a transaction") }
        return PartRecord(time: time, source: Int(source), record: Array(bytes[(i - 1)..<(bytes.count - 1)]))
    }

    // MARK: Lines

    /// `{"s":S,"KEY":{…}}`.
    private static func keyed(_ bytes: [UInt8]?, _ key: String, _ lines: inout LineReader) throws(UsageError)
        -> (index: Int, object: [UInt8])
    {
        var i = 0
        guard let bytes, expect(#"{"s":"#, in: bytes, at: &i), let index = integer(bytes, at: &i),
            expect(#","\#(key)":{"#, in: bytes, at: &i), bytes.last == UInt8(ascii: "}")
        else { throw lines.malformed(key == "source" ? "a source" : "an account") }
        return (Int(index), Array(bytes[(i - 1)..<(bytes.count - 1)]))
    }

    /// Version 1's header (before parts named their run) has no run.
    private static func header(_ bytes: [UInt8]) throws -> (
        shard: Shard, sources: Int, accounts: Int, run: PartRun?
    ) {
        var i = 0
        guard expect(#"{"txfeed_part":"#, in: bytes, at: &i), let version = integer(bytes, at: &i),
            version == 1 || version == Int64(PartSink.version), expect(#","shard":""#, in: bytes, at: &i)
        else { throw UsageError("") }
        let end = bytes[i...].firstIndex(of: UInt8(ascii: "\"")) ?? bytes.count
        let shard = try Shard(parsing: String(decoding: bytes[i..<end], as: UTF8.self))
        i = end
        guard expect(#"","sources":"#, in: bytes, at: &i), let sources = integer(bytes, at: &i),
            expect(#","accounts":"#, in: bytes, at: &i), let accounts = integer(bytes, at: &i)
        else { throw UsageError("") }
        var run: PartRun?
        if version > 1 {
            guard expect(#","run_sources":"#, in: bytes, at: &i), let count = integer(bytes, at: &i),
                expect(#","run_names":""#, in: bytes, at: &i), i + 16 <= bytes.count,
                let names = UInt64(String(decoding: bytes[i..<(i + 16)], as: UTF8.self), radix: 16)
            else { throw UsageError("") }
            i += 16
            guard expect("\"", in: bytes, at: &i) else { throw UsageError("") }
            run = PartRun(sources: Int(count), names: names)
        }
        guard expect("}", in: bytes, at: &i), i == bytes.count else { throw UsageError("") }
        return (shard, Int(sources), Int(accounts), run)
    }

    private static func expect(_ text: String, in bytes: [UInt8], at i: inout Int) -> Bool {
        let expected = Array(text.utf8)
        guard bytes.count - i >= expected.count, bytes[i..<(i + expected.count)].elementsEqual(expected) else {
            return false
        }
        i += expected.count
        return true
    }

    private static func integer(_ bytes: [UInt8], at i: inout Int) -> Int64? {
        var negative = false
        if i < bytes.count && bytes[i] == UInt8(ascii: "-") {
            negative = true
            i += 1
        }
        var value: Int64 = 0
        let first = i
        while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9"), i - first < 18 {
            value = value * 10 + Int64(bytes[i] - UInt8(ascii: "0"))
            i += 1
        }
        return i > first ? (negative ? -value : value) : nil
    }
}

/// A file's lines, read in 1 MiB pieces; closes the file when it goes.
private struct LineReader: ~Copyable {
    let fd: Int32
    let path: String
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false
    private(set) var line = 0

    init(fd: Int32, path: String) {
        self.fd = fd
        self.path = path
    }

    deinit { close(fd) }

    func malformed(_ what: String) -> UsageError {
        UsageError("\(path):\(line): expected \(what) of a txfeed part file (was it cut short, or edited?)")
    }

    /// The next line without its LF; nil at the end of the file.
    mutating func next() throws(UsageError) -> [UInt8]? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                let text = Array(buffer[start..<newline])
                start = newline + 1
                line += 1
                return text
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                line += 1
                throw UsageError("\(path):\(line): the last line has no end (was the part cut short?)")
            }
            buffer.removeFirst(start)
            start = 0
            let old = buffer.count
            buffer += [UInt8](repeating: 0, count: 1 << 20)
            let n = Descriptor.readOnce(fd, into: &buffer, from: old)
            if n < 0 {
                buffer.removeLast(1 << 20)
                if errno == EINTR { continue }
                throw UsageError("\(path): \(SystemError.current)")
            }
            buffer.removeLast((1 << 20) - n)
            if n == 0 { atEnd = true }
        }
    }
}
