import Foundation

/// Another process changing a file while txfeed reads it, at the same moment every time:
/// `Tests/Fixtures/preload/change_while_read.c`, preloaded into txfeed, changes the file just
/// before the first read(2) or pread(2) of it larger than 4096 bytes (the host's look at a
/// file's head is let through), or just after it is mapped. A thread changing the file over and
/// over could miss a read of a few milliseconds on a busy machine; this cannot.
public enum FileChange {
    /// Cut to `bytes`.
    case truncate(Int)
    /// `bytes` spaces added at the end.
    case append(Int)

    /// Builds the preloaded library into `folder` (once) and returns the environment that makes
    /// txfeed's reading of `file` meet this change.
    public func environment(for file: String, in folder: TemporaryFolder) throws -> [String: String] {
        let library = folder.path + "/libchange-while-read.so"
        if !FileManager.default.fileExists(atPath: library) {
            try CPlugin.build(
                BuiltProducts.fixtures + "/preload/change_while_read.c", name: "change-while-read", into: folder.path)
        }
        let how: String
        switch self {
        case .truncate(let bytes): how = "truncate:\(bytes)"
        case .append(let bytes): how = "append:\(bytes)"
        }
        return ["LD_PRELOAD": library, "TXFEED_TEST_CHANGE_PATH": file, "TXFEED_TEST_CHANGE": how]
    }
}
