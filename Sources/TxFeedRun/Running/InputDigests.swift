import Dispatch
import Glibc
import Synchronization
import TxFeedModel
import TxFeedState

/// The SHA-256 of every source's input file, for the state file's batch: computed on a thread
/// of its own while the sources run, so a run with `--state` does not wait for it.
final class InputDigests: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let files = Mutex<[BatchFile?]>([])

    /// - Parameters:
    ///   - paths: each source's input file in source order, nil for a source without one
    ///     (stdin, HTTP); a path that is not a regular file is skipped.
    init(paths: [String?]) {
        Threads.start(named: "input-digests") { [self] in
            var buffer: [UInt8] = []
            let digests = paths.map { path -> BatchFile? in
                guard let path, path != "-", Self.isRegularFile(path), let digest = SHA256.file(path, buffer: &buffer)
                else {
                    return nil
                }
                return BatchFile(path: Paths.absolute(path), sha256: digest.hex, bytes: digest.bytes)
            }
            files.withLock { $0 = digests }
            done.signal()
        }
    }

    /// Waits for the digests (read by then, in the usual case).
    func wait() -> [BatchFile?] {
        done.wait()
        done.signal()
        return files.withLock { $0 }
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}
