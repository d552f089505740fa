import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Files and folders txfeed makes for the length of its process — copies of streams, links to
/// files whose names are not UTF-8 — removed when it exits (`atexit`) or dies of a stop
/// signal (``removeAll()``, called by the signal's handler). A process killed outright leaves
/// them in the temporary folder, named `txfeed-…-XXXXXX`.
package enum ProcessTemporaries {
    /// Makes a folder `PREFIX-XXXXXX` in `folder` (mkdtemp), removed with everything recorded
    /// in it.
    package static func makeFolder(in folder: String, prefix: String) -> Result<String, SystemError.Code> {
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        var template = Array((base + prefix + "-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { return .failure(SystemError.Code(value: errno)) }
        let path = String(cString: made)
        record(path)
        return .success(path)
    }

    /// Remembers a file, link or folder to remove; a folder after what was recorded in it.
    package static func record(_ path: String) {
        _ = removeAtExit
        paths.withLock { $0.append(path) }
    }

    /// Removes everything recorded, newest first (so a folder is empty when its turn comes).
    package static func removeAll() {
        paths.withLock { paths in
            for path in paths.reversed() where unlink(path) != 0 { rmdir(path) }
            paths.removeAll()
        }
    }

    private static let paths = Mutex<[String]>([])
    private static let removeAtExit: Void = { atexit { ProcessTemporaries.removeAll() } }()
}
