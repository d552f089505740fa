/// Runs `body` on the UTF-8 bytes of `text`, as the reader hands a cell over.
func withCell<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
    try withBytes(Array(text.utf8), body)
}

/// Runs `body` on raw bytes, invalid UTF-8 included.
func withBytes<Result>(_ bytes: [UInt8], _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
    try bytes.withUnsafeBufferPointer(body)
}
