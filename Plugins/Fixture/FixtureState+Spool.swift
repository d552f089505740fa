import Glibc
import TxFeedPluginABI

extension FixtureState {
    /// A pipe on stdin larger than the piece threshold: `text` (read so far) and the rest of
    /// `fd` go to an unlinked file in `$TMPDIR` (or /tmp), which is then read in pieces as a file
    /// is, so that memory stays bounded and one envelope can be read twice. Messages still name
    /// `stdin` and its lines. The spool vanishes with the process, however it ends.
    func spool(
        _ text: UnsafeRawBufferPointer, rest fd: Int32, origin: String, _ host: UnsafePointer<txfeed_source_host>
    )
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
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.streamRead, alignment: 1)
        defer { chunk.deallocate() }
        while true {
            let n = try nextRead(fd, into: chunk.baseAddress!, count: chunk.count, origin: origin, host)
            if n == 0 { break }
            try write(UnsafeRawBufferPointer(rebasing: chunk[..<n]), to: file, folder: folder, origin: origin)
        }
        guard lseek(file, 0, SEEK_SET) == 0 else { throw .system(origin) }
        do {
            try emitOpened(fd: file, origin: origin, host)
        } catch let failure as FixtureError {
            throw failure
        } catch {
            throw .failed("\(origin): \(error)")
        }
    }

    private func write(_ bytes: UnsafeRawBufferPointer, to file: Int32, folder: String, origin: String)
        throws(FixtureError)
    {
        var written = 0
        while written < bytes.count {
            let n = Glibc.write(file, bytes.baseAddress! + written, bytes.count - written)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                throw .failed("\(origin): cannot spool a large stdin in \(folder): \(String(cString: strerror(errno)))")
            }
            written += n
        }
    }
}
