#if canImport(Glibc)
    import Glibc
#endif

/// One sorted run of records in a ``TemporaryFile``: newest first, ties in source order, then
/// input order.
final class SpillRun: Sendable {
    let count: Int
    let bytes: Int
    let descriptor: Int32

    /// Writes `records` (already in run order) to a new file in `directory`.
    init(records: some Sequence<SpillRecord>, count: Int, in directory: String) throws(SpillError) {
        let fd = try TemporaryFile.create(in: directory)
        var buffer: [UInt8] = []
        buffer.reserveCapacity(Self.writeSize + 8192)
        var written = 0
        func flush() throws(SpillError) {
            do {
                try TemporaryFile.write(fd, buffer, in: directory)
            } catch {
                close(fd)
                throw error
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
