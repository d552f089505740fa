import Glibc
import TxFeedModel

/// Writes to stdout and stderr that never bring the process down.
///
/// `FileHandle.write` traps when the reader has gone (EPIPE, with SIGPIPE ignored), so a
/// `2>&1 | head -1` would turn a run into a crash. A diagnostic nobody reads is dropped.
public enum StandardStreams {
    public static func error(_ text: String) { write(text, to: 2) }
    public static func output(_ text: String) { write(text, to: 1) }

    public static func write(_ text: String, to fd: Int32) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0), to: fd) }
    }

    /// Writes all of `bytes` (an array, `Data`), as ``write(_:to:)-(UnsafeRawBufferPointer,_)`` does.
    public static func write(_ bytes: some Collection<UInt8>, to fd: Int32) {
        if bytes.withContiguousStorageIfAvailable({ write(UnsafeRawBufferPointer($0), to: fd) }) == nil {
            write(Array(bytes), to: fd)
        }
    }

    /// Writes all of `bytes`, retrying short writes and EINTR; gives up quietly on any error.
    public static func write(_ bytes: UnsafeRawBufferPointer, to fd: Int32) {
        guard var base = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            let n = Glibc.write(fd, base, left)
            if n < 0 && SystemError.code == EINTR { continue }
            if n <= 0 { return }
            base += n
            left -= n
        }
    }
}
