#if canImport(Glibc)
    import Glibc
#endif

/// A file in `--temp-dir` unlinked as soon as it is made: it disappears with its descriptor
/// however the process ends (an error, Ctrl-C, even SIGKILL) and needs no clean-up. Spilled
/// runs of records and rejects waiting for `--rejects` go to such files.
enum TemporaryFile {
    /// Makes the file and returns its open descriptor.
    static func create(in directory: String) throws(SpillError) -> Int32 {
        let folder = directory.hasSuffix("/") ? directory : directory + "/"
        guard let (fd, path) = Paths.makeTemporaryFile(template: folder + "txfeed-spill-XXXXXX") else {
            throw SpillError("cannot create a temporary file in \(directory): \(SystemError.current)")
        }
        unlink(path)
        return fd
    }

    /// Writes all of `bytes` at the descriptor's position, retrying short writes.
    /// - Parameters:
    ///   - directory: where the file is, for the message when the folder is full.
    static func write(_ fd: Int32, _ bytes: [UInt8], in directory: String) throws(SpillError) {
        let written = bytes.withUnsafeBytes { bytes in
            var done = 0
            while done < bytes.count {
                let n = Glibc.write(fd, bytes.baseAddress! + done, bytes.count - done)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                done += n
            }
            return true
        }
        guard written else {
            throw SpillError("cannot write a temporary file in \(directory): \(SystemError.current)")
        }
    }
}
