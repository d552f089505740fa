import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One sorted run of records in a ``TemporaryFile``: newest first, ties in source order, then
/// input order.
public final class SpillRun: Sendable {
    let count: Int
    let bytes: Int
    let descriptor: Int32
    /// Set once for the runs of an account that spilled while still open: its records number
    /// accounts and vendors as that account alone did, and are read as its source numbers them.
    let renumbering = Mutex<Renumbering?>(nil)

    /// Where an open account's ids went in its source's data once it ended.
    struct Renumbering {
        /// The account's index among its source's accounts.
        var accountBase: UInt32
        /// Each of the account's vendor ids, as its source's id.
        var vendors: [UInt32]
    }

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
        switch Descriptor.fill(descriptor, buffer, at: offset) {
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
