import TxFeedDecoding
import TxFeedModel

/// A small streamed account's calls, kept as the plugin makes them and decoded later on
/// another thread (``AccountLine``): a source of a hundred thousand small accounts is decoded
/// on every core, not on its own thread alone. Replaying the calls in order gives exactly what
/// decoding them as they came would.
///
/// A plugin host child does not decode such an account at all: it sends the calls on as they
/// were made (``forEachCall(_:)``), and txfeed's collector takes them as in-process — the
/// account is read once, not read, sent as records and read again.
public struct StreamedAccountRecording: Sendable {
    /// The account's origin: the source's decoder is the line's, one for all its accounts (a
    /// decoder each was made, moved and copied with every call of a million small accounts).
    let origin: String
    /// The envelope, then each batch, in one buffer: an array each cost more in allocations
    /// than a million small accounts' bytes cost to copy.
    private var texts: [UInt8]
    private let envelopeEnd: Int
    /// The first call when it is a batch, which is all most small accounts make: kept without
    /// an array of calls.
    private var firstBatch: Range<Int>?
    /// The calls after ``firstBatch``, or all of them when the first is not a batch.
    private var calls: [Call] = []
    /// Bytes held: past ``largest`` the account is decoded as it comes instead.
    private(set) var bytes: Int
    /// The balance the source stated as the account ended (`end_account_with_balance`).
    private var balance: [UInt8]?

    /// Beyond this an account is no longer small: its text is decoded as it arrives, so a huge
    /// streamed account never waits whole in memory.
    public static let largest = 1 << 20

    /// Room kept after the envelope for the batches that usually follow.
    private static let batchRoom = 512

    private enum Call: Sendable {
        /// Where the batch is in ``texts``.
        case batch(Range<Int>)
        case reject(location: String, reason: String, raw: [UInt8])
        case fail(String)
    }

    init(origin: String, envelope: UnsafeBufferPointer<UInt8>) {
        self.origin = origin
        texts = []
        texts.reserveCapacity(envelope.count + Self.batchRoom)
        texts.append(contentsOf: envelope)
        envelopeEnd = texts.count
        bytes = envelope.count
    }

    /// One of the plugin's calls for the account, borrowed for ``forEachCall(_:)``.
    public enum PluginCall {
        case beginAccount(envelope: UnsafeBufferPointer<UInt8>, origin: String)
        case transactions(UnsafeBufferPointer<UInt8>)
        case reject(location: String, reason: String, raw: [UInt8])
        case failAccount(String)
        /// With the balance the source stated, if it did.
        case endAccount(balance: UnsafeBufferPointer<UInt8>?)
    }

    /// The account's calls in the order the plugin made them, `begin_account` to `end_account`.
    public func forEachCall(_ body: (PluginCall) -> Void) {
        texts.withUnsafeBufferPointer { texts in
            body(.beginAccount(envelope: UnsafeBufferPointer(rebasing: texts[..<envelopeEnd]), origin: origin))
            if let firstBatch { body(.transactions(UnsafeBufferPointer(rebasing: texts[firstBatch]))) }
            for call in calls {
                switch call {
                case .batch(let range): body(.transactions(UnsafeBufferPointer(rebasing: texts[range])))
                case .reject(let location, let reason, let raw):
                    body(.reject(location: location, reason: reason, raw: raw))
                case .fail(let reason): body(.failAccount(reason))
                }
            }
        }
        if let balance {
            balance.withUnsafeBufferPointer { body(.endAccount(balance: $0)) }
        } else {
            body(.endAccount(balance: nil))
        }
    }

    mutating func add(batch: UnsafeBufferPointer<UInt8>) {
        let start = texts.count
        texts.append(contentsOf: batch)
        if firstBatch == nil && calls.isEmpty {
            firstBatch = start..<texts.count
        } else {
            calls.append(.batch(start..<texts.count))
        }
        bytes += batch.count
    }

    mutating func reject(location: String, reason: String, raw: [UInt8]) {
        calls.append(.reject(location: location, reason: reason, raw: raw))
        bytes += raw.count
    }

    mutating func fail(_ reason: String) {
        calls.append(.fail(reason))
    }

    mutating func state(balance text: UnsafeBufferPointer<UInt8>) {
        balance = Array(text)
    }

    /// The account decoded as if each call had been decoded when it came: an account that is
    /// not small after all, decoded from here on as it comes.
    /// - Parameters:
    ///   - decoder: the source's, whose origin becomes the account's.
    func replay(_ decoder: DocumentDecoder) -> StreamedAccount {
        var decoder = decoder
        decoder.origin = origin
        var account: StreamedAccount?
        forEachCall { call in
            switch call {
            case .beginAccount(let envelope, _): account = StreamedAccount(decoder: decoder, envelope: envelope)
            case .transactions(let batch): account!.add(batch: batch)
            case .reject(let location, let reason, let raw):
                account!.reject(location: location, reason: reason, raw: raw)
            case .failAccount(let reason): account!.fail(reason)
            case .endAccount(let balance): if let balance { account!.state(balance: balance) }
            }
        }
        return account!
    }

    /// The account decoded after what `data` holds, as if each call had been decoded when it
    /// came (``AccountLine``'s workers: a group of accounts into one data).
    /// - Parameters:
    ///   - decoder: the source's, whose origin becomes the account's.
    func decode(_ decoder: DocumentDecoder, into data: inout SourceData) {
        var decoder = decoder
        decoder.origin = origin
        texts.withUnsafeBufferPointer { texts in
            var account = StreamedAccount.InPlace(
                decoder: decoder, envelope: UnsafeBufferPointer(rebasing: texts[..<envelopeEnd]), into: &data)
            if let firstBatch {
                account.add(batch: UnsafeBufferPointer(rebasing: texts[firstBatch]), decoder: decoder, into: &data)
            }
            for call in calls {
                switch call {
                case .batch(let range):
                    account.add(batch: UnsafeBufferPointer(rebasing: texts[range]), decoder: decoder, into: &data)
                case .reject(let location, let reason, let raw):
                    account.reject(location: location, reason: reason, raw: raw, decoder: decoder, into: &data)
                case .fail(let reason): account.fail(reason, decoder: decoder, in: &data)
                }
            }
            if let balance {
                balance.withUnsafeBufferPointer { account.state(balance: $0, decoder: decoder, in: &data) }
            }
        }
    }
}
