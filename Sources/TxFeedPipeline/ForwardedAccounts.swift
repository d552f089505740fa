import TxFeedDecoding
import TxFeedModel

/// Small streamed accounts a plugin host child sends on undecoded: each account's calls as the
/// plugin made them, one after the other in one byte string. txfeed's ``AccountLine`` decodes
/// them straight from these bytes, as in-process: the child neither decodes them nor sends
/// their records with every string, and txfeed keeps no recording of each.
///
/// An account is its origin and envelope, then each later call behind a tag, the last one its
/// end; lengths are 32-bit little-endian. Both sides are the same executable.
public struct ForwardedAccounts: Sendable {
    /// The bytes the child sent, shared by every group cut from them.
    let bytes: [UInt8]
    /// This group's accounts in ``bytes``.
    let range: Range<Int>

    private enum Tag: UInt8 {
        case transactions = 1
        case reject = 2
        case failAccount = 3
        case endAccount = 4
        case endAccountWithBalance = 5
    }

    /// Appends `recording` as the child sends it.
    public static func append(_ recording: StreamedAccountRecording, to bytes: inout [UInt8]) {
        recording.forEachCall { append($0, to: &bytes) }
    }

    /// Appends one of an account's calls: a plugin host child writes a small account this way
    /// as the plugin makes its calls, without a recording of it first.
    public static func append(_ call: StreamedAccountRecording.PluginCall, to bytes: inout [UInt8]) {
        func text(_ value: UnsafeBufferPointer<UInt8>) { appendText(value, to: &bytes) }
        func text(_ value: String) {
            var value = value
            value.withUTF8 { text($0) }
        }
        switch call {
        case .beginAccount(let envelope, var origin):
            origin.withUTF8 { appendBegin(envelope: envelope, origin: $0, to: &bytes) }
        case .transactions(let batch):
            bytes.append(Tag.transactions.rawValue)
            text(batch)
        case .reject(let location, let reason, let raw):
            bytes.append(Tag.reject.rawValue)
            text(location)
            text(reason)
            raw.withUnsafeBufferPointer { text($0) }
        case .failAccount(let reason):
            bytes.append(Tag.failAccount.rawValue)
            text(reason)
        case .endAccount(let balance):
            if let balance {
                bytes.append(Tag.endAccountWithBalance.rawValue)
                text(balance)
            } else {
                bytes.append(Tag.endAccount.rawValue)
            }
        }
    }

    /// Appends an account's beginning, its origin as the plugin gave its bytes.
    public static func appendBegin(
        envelope: UnsafeBufferPointer<UInt8>, origin: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]
    ) {
        appendText(origin, to: &bytes)
        appendText(envelope, to: &bytes)
    }

    /// A text as the reader reads it: its length, 32-bit little-endian, then its bytes.
    private static func appendText(_ text: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: UInt32(text.count).littleEndian) { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: text)
    }

    /// The calls of one account written so far (``append(_:to:)-(PluginCall,_)``), not yet ended:
    /// a plugin host child gives an account that turns out not to be small to its collector
    /// (``SourceCollector/adoptOpenAccount(_:)``). False when the bytes are not such an account.
    static func forEachCall(
        ofOpenAccount bytes: [UInt8], _ body: (StreamedAccountRecording.PluginCall) -> Void
    ) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = Reader(buffer)
            return reader.account(calling: true, body) == .open
        }
    }

    /// The accounts in `bytes`, in order, cut into groups of at most `accounts`; nil when the
    /// bytes are cut short or garbled (then none is taken).
    public static func groups(of bytes: [UInt8], accounts: Int) -> [ForwardedAccounts]? {
        bytes.withUnsafeBufferPointer { buffer -> [ForwardedAccounts]? in
            var reader = Reader(buffer)
            var groups: [ForwardedAccounts] = []
            var groupStart = 0
            var count = 0
            while !reader.isAtEnd {
                guard reader.account(calling: false, { _ in }) == .ended else { return nil }
                count += 1
                if count == accounts || reader.isAtEnd {
                    groups.append(ForwardedAccounts(bytes: bytes, range: groupStart..<reader.offset))
                    groupStart = reader.offset
                    count = 0
                }
            }
            return groups
        }
    }

    /// The group's accounts decoded after what `data` holds, each as its calls would have been
    /// decoded as they came (a failed account leaves its failure alone).
    /// - Parameters:
    ///   - decoder: the source's, each account's origin set on a copy of it.
    func decode(_ decoder: DocumentDecoder, into data: inout SourceData) {
        // One copy for the group, each account's origin set on it in turn.
        var decoder = decoder
        bytes.withUnsafeBufferPointer { buffer in
            var reader = Reader(UnsafeBufferPointer(rebasing: buffer[range]))
            var account: StreamedAccount.InPlace?
            while !reader.isAtEnd {
                // Checked whole by ``groups(of:accounts:)``: a fault here cannot happen, and would
                // only end the group early.
                let read = reader.account(calling: true) { call in
                    switch call {
                    case .beginAccount(let envelope, let origin):
                        decoder.origin = origin
                        account = StreamedAccount.InPlace(decoder: decoder, envelope: envelope, into: &data)
                    case .transactions(let batch): account!.add(batch: batch, decoder: decoder, into: &data)
                    case .reject(let location, let reason, let raw):
                        account!.reject(location: location, reason: reason, raw: raw, decoder: decoder, into: &data)
                    case .failAccount(let reason): account!.fail(reason, decoder: decoder, in: &data)
                    case .endAccount(let balance):
                        if let balance { account!.state(balance: balance, decoder: decoder, in: &data) }
                        account = nil
                    }
                }
                guard read == .ended else { break }
            }
        }
    }

    /// Reads accounts from the bytes, never past their end.
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var offset = 0

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        var isAtEnd: Bool { offset == bytes.count }

        private mutating func byte() -> UInt8? {
            guard offset < bytes.count else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }

        private mutating func text() -> UnsafeBufferPointer<UInt8>? {
            guard bytes.count - offset >= 4 else { return nil }
            var length = 0
            for i in 0..<4 { length |= Int(bytes[offset + i]) << (8 * i) }
            offset += 4
            guard bytes.count - offset >= length else { return nil }
            defer { offset += length }
            return UnsafeBufferPointer(rebasing: bytes[offset..<offset + length])
        }

        enum Read {
            /// Up to and with its end.
            case ended
            /// Up to the end of the bytes, which came after a whole call.
            case open
            /// Cut short inside a call, or a call this txfeed does not know.
            case garbled
        }

        /// Reads one account, handing each call to `each` when `calling` (else only checking
        /// it).
        mutating func account(calling: Bool, _ each: (StreamedAccountRecording.PluginCall) -> Void) -> Read {
            func string(_ text: UnsafeBufferPointer<UInt8>) -> String { String(decoding: text, as: UTF8.self) }
            guard let origin = text(), let envelope = text() else { return .garbled }
            if calling { each(.beginAccount(envelope: envelope, origin: string(origin))) }
            while true {
                guard let code = byte() else { return .open }
                guard let tag = Tag(rawValue: code) else { return .garbled }
                switch tag {
                case .transactions:
                    guard let batch = text() else { return .garbled }
                    if calling { each(.transactions(batch)) }
                case .reject:
                    guard let location = text(), let reason = text(), let raw = text() else { return .garbled }
                    if calling { each(.reject(location: string(location), reason: string(reason), raw: Array(raw))) }
                case .failAccount:
                    guard let reason = text() else { return .garbled }
                    if calling { each(.failAccount(string(reason))) }
                case .endAccount:
                    if calling { each(.endAccount(balance: nil)) }
                    return .ended
                case .endAccountWithBalance:
                    guard let balance = text() else { return .garbled }
                    if calling { each(.endAccount(balance: balance)) }
                    return .ended
                }
            }
        }
    }
}
