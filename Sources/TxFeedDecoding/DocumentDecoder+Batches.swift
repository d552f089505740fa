import TxFeedModel

extension DocumentDecoder {
    /// The transactions of a batch (`emit_transactions`: a JSON array) into `data`, whose last
    /// account they belong to; returns how many elements it held. On a throw, `data` holds part
    /// of the batch: the caller fails the account.
    /// - Parameters:
    ///   - firstIndex: the first element's place among the account's records (paths number on
    ///     across batches).
    package func decode(
        batch: UnsafeBufferPointer<UInt8>, scale: Int, firstIndex: Int, into data: inout SourceData
    ) throws -> Int {
        let scanner = JSONScanner(batch)
        let start = scanner.skipWhitespace(from: 0, to: batch.count)
        guard start < batch.count, batch[start] == UInt8(ascii: "[") else {
            throw JSONSyntaxError(offset: start, reason: "a transaction batch must be a JSON array")
        }
        let (elements, end) = try scanner.elementRanges(ofArrayAt: start, limit: batch.count)
        let rest = scanner.skipWhitespace(from: end, to: batch.count)
        if rest < batch.count { throw JSONSyntaxError.trailing(at: rest, in: batch, after: "the batch") }
        try decodeElements(elements, firstIndex: firstIndex, in: batch, scale: scale, into: &data)
        return elements.count
    }

    /// A batch's error as a message naming the origin, its line and column (of the whole file's
    /// text when ``part`` says where the batch starts in it).
    package func message(for error: Error, in batch: UnsafeBufferPointer<UInt8>) -> String {
        describe(error, in: batch)
    }
}
