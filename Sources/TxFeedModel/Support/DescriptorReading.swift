#if canImport(Glibc)
    import Glibc
#endif

/// Reading a descriptor until a buffer is full or the file ends, retrying short reads and
/// `EINTR`: a file's head to route it, a spilled run's next block.
package enum DescriptorReading {
    /// Fills `buffer` from `descriptor`, from `offset` with `pread` (the file position left
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
}
