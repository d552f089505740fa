import Dispatch
import Glibc
import Synchronization

extension FixtureState {
    /// Files this large are read in two parts at once: the copy out of the page cache and the
    /// faults of the fresh buffer it fills run on one core at about 1.5 GB/s, and on two cores
    /// in half the time (a 191 MB file took 0.29 s on one thread, 0.14 s on two, before any of
    /// it could be decoded).
    static let partsReadBytes = 8 << 20

    /// ``readWhole(fd:into:origin:)`` for a large regular file: `buffer` filled from offset 0 in
    /// two halves, each by a thread of its own (`pread`). The second half asks for the byte past
    /// the size too, as ``readWhole(fd:into:origin:)`` does: it comes when the file grew; the end
    /// short of the size means it shrank. Either throws `changed`.
    func readInParts(fd: Int32, into buffer: UnsafeMutableRawBufferPointer, changed: FixtureError, origin file: String)
        throws
    {
        let size = buffer.count - 1
        let failure = Mutex<FixtureError?>(nil)
        // An address, so that the threads may share it: each writes its own half, and
        // `concurrentPerform` returns once both are done.
        let start = UInt(bitPattern: buffer.baseAddress!)
        DispatchQueue.concurrentPerform(iterations: 2) { half in
            var at = half == 0 ? 0 : size / 2
            let end = half == 0 ? size / 2 : size + 1
            while at < end {
                let n = pread(fd, UnsafeMutableRawPointer(bitPattern: start)! + at, end - at, off_t(at))
                if n < 0 && errno == EINTR { continue }
                // The second half's end, at the size.
                if n == 0 && at == size { return }
                if n <= 0 {
                    let error = n == 0 ? changed : .system(file)
                    failure.withLock { $0 = $0 ?? error }
                    return
                }
                at += n
            }
            // The first half is whole; the second got the byte past the size.
            if half == 1 { failure.withLock { $0 = $0 ?? changed } }
        }
        if let error = failure.withLock({ $0 }) { throw error }
    }
}
