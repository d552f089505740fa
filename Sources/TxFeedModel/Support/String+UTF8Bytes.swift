extension String {
    /// `body` on the string's UTF-8 bytes where they lie; a copy of a string only to call
    /// `withUTF8` retained and released it, once for each of a million accounts' names.
    @inlinable package func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        var string = self
        return string.withUTF8(body)
    }

    /// `bytes` read as UTF-8, invalid sequences repaired as `String(decoding:as:)` repairs them.
    @inlinable package init(decodingUTF8 bytes: Span<UInt8>) {
        self = bytes.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
    }
}
