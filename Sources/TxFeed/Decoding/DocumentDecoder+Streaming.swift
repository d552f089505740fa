import CJansson

/// An account that arrives as a header and then batches of transactions, for sources too
/// large to hand over as one document. Kept apart until ``finish()``: a syntax error in any
/// batch fails the whole account, as it would a document.
public struct StreamedAccount {
    private let decoder: DocumentDecoder
    private var unit = SourceData()
    private var normaliser: TransactionNormaliser?
    private var nextIndex = 0
    private var batches = 0

    /// - Parameters:
    ///   - envelope: the envelope JSON, its `body.transactions` empty or holding a first batch.
    public init(decoder: DocumentDecoder, envelope: UnsafeBufferPointer<UInt8>) {
        self.decoder = decoder
        let decoded = decoder.decode(text: envelope)
        unit = decoded
        if decoded.failures.isEmpty, decoded.accounts.count == 1 {
            normaliser = TransactionNormaliser(origin: decoder.origin, scale: decoded.accounts[0].scale)
            nextIndex = decoded.read
        } else if decoded.failures.isEmpty {
            unit.failures.append("\(decoder.origin): begin_account needs exactly one envelope")
        }
    }

    public var hasFailed: Bool { normaliser == nil }

    /// Adds a batch: JSON text of an array of transactions.
    public mutating func add(batch: UnsafeBufferPointer<UInt8>) {
        guard var normaliser else { return }
        batches += 1
        let scanner = JSONScanner(batch)
        var pending = unit
        do {
            let start = scanner.skipWhitespace(from: 0, to: batch.count)
            guard start < batch.count, batch[start] == UInt8(ascii: "[") else {
                throw JSONSyntaxError(offset: start, reason: "a transaction batch must be a JSON array")
            }
            var index = nextIndex
            let end = try scanner.forEachElement(ofArrayAt: start, limit: batch.count) { element in
                var error = json_error_t()
                let base = batch.baseAddress! + element.lowerBound
                let json = base.withMemoryRebound(to: CChar.self, capacity: element.count) {
                    json_loadb($0, element.count, Int(JSON_DECODE_ANY), &error)  // `42` is a reject, not a syntax error
                }
                guard let json else {
                    if json_error_code(&error) == json_error_numeric_overflow {
                        normaliser.addOutOfRange(UnsafeBufferPointer(start: base, count: element.count), index: index, into: &pending)
                        index += 1
                        return
                    }
                    throw JSONSyntaxError(offset: element.lowerBound + max(Int(error.position) - 1, 0), reason: janssonReason(error))
                }
                normaliser.add(json, index: index, raw: UnsafeBufferPointer(start: base, count: element.count), into: &pending)
                json_decref(json)
                index += 1
            }
            if scanner.skipWhitespace(from: end, to: batch.count) < batch.count {
                throw JSONSyntaxError(offset: end, reason: "unexpected data after the batch")
            }
            nextIndex = index
            unit = pending
            self.normaliser = normaliser
        } catch let error as JSONSyntaxError {
            fail("batch \(batches): " + decoder.message(at: error.offset, in: batch, error.reason).dropFirst(decoder.origin.count + 1))
        } catch {
            fail("batch \(batches): \(error)")
        }
    }

    /// Fails the whole account: none of its records are kept.
    public mutating func fail(_ reason: String) {
        guard normaliser != nil else { return }
        normaliser = nil
        unit = SourceData()
        unit.failures.append("\(decoder.origin): \(reason)")
    }

    /// The account's data, or its failure.
    public func finish() -> SourceData { unit }
}
