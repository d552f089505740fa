#if canImport(Glibc)
    import Glibc
#endif

/// Reads and writes of a descriptor into and out of byte arrays: the pointer work of plain
/// file and pipe I/O in one place, so its callers handle bytes, not memory.
package enum Descriptor {
    /// Reading until a buffer is full or the file ends, retrying short reads and `EINTR` (a
    /// file's head to route it, a spilled run's next block): fills `buffer` from `descriptor`, from `offset` with `pread` (the file position left
    /// alone) or from the current position with `read`.
    /// - Returns: how many bytes were read (fewer than asked only at the end of the file), or
    ///   the `errno` of the read that failed.
    package static func fill(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer, at offset: Int? = nil)
        -> Result<Int, SystemError.Code>
    {
        guard let base = buffer.baseAddress else { return .success(0) }
        var done = 0
        while done < buffer.count {
            let n =
                if let offset {
                    pread(descriptor, base + done, buffer.count - done, off_t(offset + done))
                } else {
                    read(descriptor, base + done, buffer.count - done)
                }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { return .failure(SystemError.Code(value: errno)) }
            if n == 0 { break }
            done += n
        }
        return .success(done)
    }

    /// One `read(2)` into `buffer` from `start` to its end: the bytes read, 0 at the end of the
    /// file, -1 with `errno` set (`EINTR` included: the caller decides what waits).
    package static func readOnce(_ descriptor: Int32, into buffer: inout [UInt8], from start: Int = 0) -> Int {
        precondition(start <= buffer.count)
        return buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + start, $0.count - start) }
    }

    /// Writes all of `bytes`, retrying short writes and `EINTR`: false at the first other
    /// failure (`errno` says which) or a write that takes nothing.
    package static func writeAll(_ descriptor: Int32, _ bytes: ArraySlice<UInt8>) -> Bool {
        write(descriptor, bytes) == bytes.count
    }

    /// As ``writeAll(_:_:)``, but says how many bytes were written before it stopped.
    package static func write(_ descriptor: Int32, _ bytes: ArraySlice<UInt8>) -> Int {
        bytes.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let n = Glibc.write(descriptor, raw.baseAddress! + done, raw.count - done)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { break }
                done += n
            }
            return done
        }
    }
}
