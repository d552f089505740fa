import Glibc
import TxFeedModel

/// Why output could not be written.
public enum OutputError: Error, CustomStringConvertible {
    /// The reader went away (`| head`): the run ends quietly.
    case brokenPipe
    case failed(path: String, reason: String)

    public var description: String {
        switch self {
        case .brokenPipe: return "output closed by the reader"
        case let .failed(path, reason): return "\(path): \(reason)"
        }
    }
}

/// A large reusable byte buffer in front of a file descriptor: sinks format rows straight
/// into ``buffer`` and the writer flushes it in big writes.
public final class OutputWriter {
    public let fd: Int32
    /// For messages: "stdout" or the destination path.
    public let name: String
    public var buffer: [UInt8] = []
    /// Whether ``withBuffer(_:)`` has lent the buffer out: writing to the writer meanwhile would
    /// put bytes before the rows being built.
    private var lent = false
    /// When capturing (no descriptor), everything flushed so far.
    public private(set) var captured: [UInt8] = []
    private let threshold = 1 << 20

    public init(fd: Int32, name: String) {
        self.fd = fd
        self.name = name
        buffer.reserveCapacity(threshold + 4096)
    }

    /// A writer that keeps its output in ``captured`` (a watch view redrawn later).
    public static func capturing(name: String) -> OutputWriter {
        OutputWriter(fd: -1, name: name)
    }

    @inline(__always)
    public func write(_ bytes: some Collection<UInt8>) {
        assert(!lent, "written while the buffer is lent out")
        buffer.append(contentsOf: bytes)
    }

    @inline(__always)
    public func write(_ text: StaticString) {
        assert(!lent, "written while the buffer is lent out")
        buffer.append(text)
    }

    public func write(_ text: String) {
        assert(!lent, "written while the buffer is lent out")
        buffer.append(contentsOf: text.utf8)
    }

    /// Flushes when the buffer is large; call once per row.
    @inline(__always)
    public func rowDone() throws(OutputError) {
        if buffer.count >= threshold { try flush() }
    }

    /// `body` with the buffer as a local array, ``rowDone(_:)`` after each row: a class's
    /// property is checked for exclusive access at run time on every append (seven times a CSV
    /// row, a sixth of the sink's instructions), a local only when compiled. Nothing may be
    /// written to the writer itself meanwhile.
    public func withBuffer<R>(_ body: (inout [UInt8]) throws -> R) rethrows -> R {
        var rows: [UInt8] = []
        swap(&rows, &buffer)
        lent = true
        defer {
            lent = false
            swap(&rows, &buffer)
        }
        return try body(&rows)
    }

    /// Flushes `rows` (the buffer, in ``withBuffer(_:)``) when it is large; call once per row.
    @inline(__always)
    public func rowDone(_ rows: inout [UInt8]) throws(OutputError) {
        if rows.count >= threshold { try flush(&rows) }
    }

    public func flush() throws(OutputError) {
        try flush(&buffer)
    }

    /// Writes `bytes` (after the buffer, when they are not the buffer lent out) and empties them.
    func flush(_ bytes: inout [UInt8]) throws(OutputError) {
        if fd < 0 {
            captured += bytes
            bytes.removeAll(keepingCapacity: true)
            return
        }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                let code = SystemError.code
                if code == EINTR { continue }
                if code == EPIPE { throw .brokenPipe }
                throw .failed(path: name, reason: SystemError.current)
            }
            offset += n
        }
        bytes.removeAll(keepingCapacity: true)
    }
}

extension OutputWriter {
    /// Whether `fd` is a pipe or socket whose reader has gone (`| head` that had enough): what
    /// a sink plugin writing stdout itself met when it failed or died of SIGPIPE.
    public static func readerGone(_ fd: Int32) -> Bool {
        var watched = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        return poll(&watched, 1, 0) == 1 && watched.revents & Int16(POLLERR | POLLHUP) != 0
    }
}
