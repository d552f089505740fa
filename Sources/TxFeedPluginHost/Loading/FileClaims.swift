import Glibc
import TxFeedModel

/// What the source plugins said of one file `txfeed run FILE` routes: each one's confidence, or
/// why the file could not be read at all.
///
/// The file's head is read where the plugins are loaded (in a plugin host child, or here), so
/// a folder's heads never cross a pipe: ten thousand files were 40 MB through it.
public enum FileClaims: Sendable, Equatable {
    /// One confidence per plugin asked, in the order asked, each 0 … 100.
    case confidences([Int])
    /// The file cannot be opened or read: the reason, as the system says it.
    case unreadable(String)

    /// How many of a file's first bytes `identify` sees.
    public static let headLength = 4096

    /// Reads each file's head and asks every plugin about it, in this process.
    public static func ask(_ plugins: [LoadedPlugin], paths: [String]) -> [FileClaims] {
        var buffer: [UInt8] = []
        return paths.map { path in
            claims(of: path, buffer: &buffer) { head in plugins.map { $0.identify(path: path, head: head) } }
        }
    }

    /// Reads the head of the file at `path` into `buffer` (reused from file to file) and hands
    /// it to `confidences`, or says why it cannot be read.
    public static func claims(
        of path: String, buffer: inout [UInt8], _ confidences: (UnsafeBufferPointer<UInt8>) -> [Int]
    ) -> FileClaims {
        if buffer.count < headLength { buffer = [UInt8](repeating: 0, count: headLength) }
        return buffer.withUnsafeMutableBufferPointer { buffer in
            switch readHead(path, into: UnsafeMutableBufferPointer(rebasing: buffer[..<headLength])) {
            case .failure(let reason): return .unreadable(reason.description)
            case .success(let count): return .confidences(confidences(UnsafeBufferPointer(rebasing: buffer[..<count])))
            }
        }
    }

    /// Why a head could not be read.
    public struct ReadFailure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Reads up to `buffer.count` of the file's first bytes into `buffer`; returns how many.
    public static func readHead(_ path: String, into buffer: UnsafeMutableBufferPointer<UInt8>)
        -> Result<Int, ReadFailure>
    {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(ReadFailure(description: SystemError.current)) }
        defer { close(fd) }
        return DescriptorReading.fill(fd, UnsafeMutableRawBufferPointer(buffer)).mapError {
            ReadFailure(description: $0.description)
        }
    }
}
