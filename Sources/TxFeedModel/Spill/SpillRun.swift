#if canImport(Glibc)
    import Glibc
#endif

/// One sorted run of records in a temporary file: newest first, ties in source order, then
/// input order. The file is unlinked as soon as it is created, so it disappears with its descriptor
/// however the process ends (an error, Ctrl-C, even SIGKILL) and needs no clean-up.
final class SpillRun: Sendable {
    let count: Int
    let bytes: Int
    let descriptor: Int32

    /// Writes `records` (already in run order) to a new file in `directory`.
    init(records: some Sequence<SpillRecord>, count: Int, in directory: String) throws(SpillError) {
        var template = Array((directory.hasSuffix("/") ? directory : directory + "/").utf8CString.dropLast())
        template += Array("txfeed-spill-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            throw SpillError("cannot create a temporary file in \(directory): \(SystemError.current)")
        }
        unlink(template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
        var buffer: [UInt8] = []
        buffer.reserveCapacity(Self.writeSize + 8192)
        var written = 0
        func flush() throws(SpillError) {
            var done = 0
            while done < buffer.count {
                let n = buffer.withUnsafeBytes { write(fd, $0.baseAddress! + done, $0.count - done) }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else {
                    let reason = SystemError.current
                    close(fd)
                    throw SpillError("cannot write a temporary file in \(directory): \(reason)")
                }
                done += n
            }
            written += buffer.count
            buffer.removeAll(keepingCapacity: true)
        }
        for record in records {
            record.append(to: &buffer)
            if buffer.count >= Self.writeSize { try flush() }
        }
        try flush()
        self.count = count
        self.bytes = written
        self.descriptor = fd
    }

    deinit { close(descriptor) }

    static let writeSize = 1 << 20

    /// Reads `count` bytes at `offset` into `buffer`; fewer only at the end of the file.
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(FeedReadError) -> Int {
        switch DescriptorReading.fill(descriptor, buffer, at: offset) {
        case .success(let count): return count
        case .failure(let code):
            throw FeedReadError("cannot read a temporary file of the spilled feed: \(code.description)")
        }
    }
}

/// Writing a run failed: the temporary folder is full, missing or not writable.
public struct SpillError: Error, CustomStringConvertible, Sendable {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
