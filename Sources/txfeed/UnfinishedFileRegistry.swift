import Glibc
import Synchronization
import TxFeedOutput

/// Every temporary output file still being written, so that a run stopped by a signal leaves
/// its destinations as they were and nothing beside them. One per process.
final class UnfinishedFileRegistry: UnfinishedFiles {
    static let shared = UnfinishedFileRegistry()

    private let paths = Mutex<Set<String>>([])

    func started(_ temporaryPath: String) {
        paths.withLock { _ = $0.insert(temporaryPath) }
    }

    func ended(_ temporaryPath: String) {
        paths.withLock { _ = $0.remove(temporaryPath) }
    }

    /// Removes every file still being written.
    func removeAll() {
        paths.withLock { paths in
            for path in paths { unlink(path) }
            paths.removeAll()
        }
    }
}
