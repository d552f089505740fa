/// Reads one run's records in order through a buffer of its own (`pread`, so any number of
/// readers share the run's descriptor). A class over raw memory: the buffer is never copied.
final class SpillRunReader {
    let run: SpillRun
    private let buffer: UnsafeMutableRawBufferPointer
    private var start = 0
    private var end = 0
    private var offset = 0

    private let renumbering: SpillRun.Renumbering?

    init(_ run: SpillRun, bufferSize: Int) {
        self.run = run
        renumbering = run.renumbering.withLock { $0 }
        buffer = .allocate(byteCount: bufferSize, alignment: 16)
    }

    deinit { buffer.deallocate() }

    func next() throws(FeedReadError) -> SpillRecord? {
        while true {
            if var parsed = SpillRecord.read(UnsafeRawBufferPointer(rebasing: buffer[start..<end])) {
                start += parsed.size
                if let renumbering {
                    parsed.record.transaction.account &+= renumbering.accountBase
                    parsed.record.transaction.vendor = renumbering.vendors[Int(parsed.record.transaction.vendor)]
                }
                return parsed.record
            }
            guard offset < run.bytes else {
                if start < end { throw FeedReadError("a temporary file of the spilled feed ends inside a record") }
                return nil
            }
            try refill()
        }
    }

    /// Moves what is left to the front and reads after it.
    private func refill() throws(FeedReadError) {
        let left = end - start
        if left > 0 && start > 0 {
            buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + start, byteCount: left)
        }
        start = 0
        end = left
        let wanted = min(buffer.count - end, run.bytes - offset)
        let n = try run.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[end..<(end + wanted)]), at: offset)
        guard n == wanted, n > 0 else {
            throw FeedReadError("a temporary file of the spilled feed is shorter than written")
        }
        end += n
        offset += n
    }
}
