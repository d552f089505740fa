import TxFeedDecoding
import TxFeedModel

/// A third-party plugin's account as JSON (`begin_account` with an envelope, `emit_transactions`
/// batches): ``DocumentDecoder`` reads it into the same account the typed path fills. A syntax
/// error in any batch fails the whole account, as it would a document.
extension StreamedAccount {
    /// - Parameters:
    ///   - envelope: the envelope JSON, its `body.transactions` empty or holding a first batch.
    public init(_ context: StreamContext, envelope: UnsafeBufferPointer<UInt8>) {
        self.context = context
        begin(envelope: envelope)
    }

    /// ``next(_:fields:)`` for an envelope.
    public mutating func next(_ context: StreamContext, envelope: UnsafeBufferPointer<UInt8>) {
        opened(context)
        begin(envelope: envelope)
    }

    private mutating func begin(envelope: UnsafeBufferPointer<UInt8>) {
        DocumentDecoder(context).decode(text: envelope, into: &unit)
        guard unit.failures.count == start.failures else { return }
        if unit.accounts.count - start.accounts == 1 {
            scale = unit.accounts[start.accounts].scale
            nextIndex = unit.transactions.count - start.transactions + unit.rejects.count - start.rejects
        } else {
            unit.failures.append("\(context.origin): begin_account needs exactly one envelope")
        }
    }

    /// Adds a batch: JSON text of an array of transactions. A syntax error fails the account.
    /// - Parameters:
    ///   - part: where the batch starts in the source's file (`emit_transactions_part`): a
    ///     syntax error then names the file's line and column, as for the whole text.
    public mutating func add(batch: UnsafeBufferPointer<UInt8>, part: TextPart? = nil) {
        guard let scale else { return }
        batches += 1
        var decoder = DocumentDecoder(context)
        do {
            // Straight into the account: a failure discards all of it anyway.
            nextIndex += try decoder.decode(batch: batch, scale: scale, firstIndex: nextIndex, into: &unit)
        } catch {
            if let part {
                // Named as the whole file's text names it: `feed.json:812:5: …`.
                decoder.part = part
                drop(failure: decoder.message(for: error, in: batch))
            } else {
                let message = decoder.message(for: error, in: batch).dropFirst(context.origin.count + 1)
                fail("batch \(batches): " + message)
            }
        }
    }
}

extension DocumentDecoder {
    /// A decoder for what a source streams, named and counted as its records are.
    public init(_ context: StreamContext) {
        self.init(origin: context.origin, sourceIndex: context.sourceIndex, threads: context.threads)
        onProgress = context.onProgress
        keepsLocations = context.keepsLocations
    }
}
