import Glibc
import TxFeedPluginABI

extension FixtureState {
    /// A pipe on stdin larger than the piece threshold: `text` (read so far) and the rest of
    /// `fd` go to an unlinked file in `$TMPDIR` (or /tmp), which is then read in pieces as a file
    /// is, so that memory stays bounded and one envelope can be read twice. Messages still name
    /// `stdin` and its lines. The spool vanishes with the process, however it ends.
    func spool(_ text: [UInt8], rest fd: Int32, origin: String, _ host: UnsafePointer<txfeed_source_host>)
        throws(FixtureError)
    {
        let folder = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(folder)/txfeed-stdin-XXXXXX".utf8CString)
        let file = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard file >= 0 else {
            throw .failed("\(origin): cannot spool a large stdin in \(folder): \(String(cString: strerror(errno)))")
        }
        defer { close(file) }
        _ = fcntl(file, F_SETFD, FD_CLOEXEC)
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        try write(text, to: file, folder: folder, origin: origin)
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = try nextRead(fd, into: &chunk, origin: origin, host)
            if n == 0 { break }
            try write(chunk[0..<n], to: file, folder: folder, origin: origin)
        }
        guard lseek(file, 0, SEEK_SET) == 0 else { throw .failed("\(origin): \(String(cString: strerror(errno)))") }
        do {
            try emitOpened(fd: file, origin: origin, host)
        } catch let failure as FixtureError {
            throw failure
        } catch {
            throw .failed("\(origin): \(error)")
        }
    }

    private func write(_ bytes: some Collection<UInt8>, to file: Int32, folder: String, origin: String)
        throws(FixtureError)
    {
        let all = Array(bytes)
        var written = 0
        while written < all.count {
            let n = all.withUnsafeBytes { Glibc.write(file, $0.baseAddress! + written, all.count - written) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                throw .failed("\(origin): cannot spool a large stdin in \(folder): \(String(cString: strerror(errno)))")
            }
            written += n
        }
    }
}
