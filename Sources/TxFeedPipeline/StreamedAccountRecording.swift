import TxFeedDecoding
import TxFeedModel

/// A small streamed account's calls, kept as the plugin makes them and decoded later on
/// another thread (``AccountLine``): a source of a hundred thousand small accounts is decoded
/// on every core, not on its own thread alone. Replaying the calls in order gives exactly what
/// decoding them as they came would.
struct StreamedAccountRecording: Sendable {
    let decoder: DocumentDecoder
    private let envelope: [UInt8]
    private var calls: [Call] = []
    /// Bytes held: past ``largest`` the account is decoded as it comes instead.
    private(set) var bytes: Int

    /// Beyond this an account is no longer small: its text is decoded as it arrives, so a huge
    /// streamed account never waits whole in memory.
    static let largest = 1 << 20

    private enum Call: Sendable {
        case batch([UInt8])
        case reject(location: String, reason: String, raw: [UInt8])
        case fail(String)
    }

    init(decoder: DocumentDecoder, envelope: UnsafeBufferPointer<UInt8>) {
        self.decoder = decoder
        self.envelope = Array(envelope)
        bytes = envelope.count
    }

    mutating func add(batch: UnsafeBufferPointer<UInt8>) {
        calls.append(.batch(Array(batch)))
        bytes += batch.count
    }

    mutating func reject(location: String, reason: String, raw: [UInt8]) {
        calls.append(.reject(location: location, reason: reason, raw: raw))
        bytes += raw.count
    }

    mutating func fail(_ reason: String) {
        calls.append(.fail(reason))
    }

    /// The account decoded as if each call had been decoded when it came.
    func replay() -> StreamedAccount {
        var none = SourceData()
        return replay(after: &none)
    }

    /// The account decoded after `earlier` (``StreamedAccount/init(decoder:envelope:after:)``),
    /// which moves into it and is left empty.
    func replay(after earlier: inout SourceData) -> StreamedAccount {
        var account = envelope.withUnsafeBufferPointer { envelope in
            var taken = SourceData()
            swap(&taken, &earlier)
            return StreamedAccount(decoder: decoder, envelope: envelope, after: consume taken)
        }
        for call in calls {
            switch call {
            case .batch(let text): text.withUnsafeBufferPointer { account.add(batch: $0) }
            case .reject(let location, let reason, let raw):
                account.reject(location: location, reason: reason, raw: raw)
            case .fail(let reason): account.fail(reason)
            }
        }
        return account
    }
}
