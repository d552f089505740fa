import TxFeedPipeline
import TxFeedPluginHost

/// Small streamed accounts as a plugin host child forwards them, undecoded: each account's calls
/// as the plugin made them, in a ``FrameKind/accounts`` frame of many accounts. txfeed makes the
/// same calls on its collector, which decodes them as in-process: a million accounts of one
/// transaction were decoded in the child, sent as records with every string, and read again.
extension StreamedAccountRecording {
    private enum Tag: UInt8 {
        case transactions = 1
        case reject = 2
        case failAccount = 3
        case endAccount = 4
        case endAccountWithBalance = 5
    }

    /// Appends the account: its origin and envelope, then each later call with its tag.
    func encode(into w: inout WireEncoder) {
        forEachCall { call in
            switch call {
            case .beginAccount(let envelope, let origin):
                w.string(origin)
                w.bytes(envelope)
            case .transactions(let batch):
                w.integer(Tag.transactions.rawValue)
                w.bytes(batch)
            case .reject(let location, let reason, let raw):
                w.integer(Tag.reject.rawValue)
                w.string(location)
                w.string(reason)
                w.bytes(raw)
            case .failAccount(let reason):
                w.integer(Tag.failAccount.rawValue)
                w.string(reason)
            case .endAccount(let balance):
                if let balance {
                    w.integer(Tag.endAccountWithBalance.rawValue)
                    w.bytes(balance)
                } else {
                    w.integer(Tag.endAccount.rawValue)
                }
            }
        }
    }

    /// Makes the calls of every account in an ``FrameKind/accounts`` frame on `events`; false
    /// when the frame is garbled (the accounts before the fault were taken).
    static func replay(_ payload: [UInt8], to events: any DeliveredDataEvents) -> Bool {
        payload.withUnsafeBytes { raw in
            var r = WireDecoder(raw)
            var whole = true
            events.takeForwarded { events in
                do {
                    while !r.isAtEnd { try replay(from: &r, to: events) }
                } catch {
                    whole = false
                }
            }
            return whole
        }
    }

    /// Reads one account written by ``encode(into:)`` and makes its calls on `events`. Once a
    /// call answers other than `.proceed` (the run was cancelled or abandoned), the rest of the
    /// account is read but not made, as a plugin would stop calling.
    static func replay(from r: inout WireDecoder, to events: any SourceEvents) throws(WireDecoder.Malformed) {
        let origin = try r.string()
        let envelope = try r.bytesInPlace()
        var going = events.beginAccount(text: envelope, origin: origin) == .proceed
        while true {
            guard let tag = Tag(rawValue: try r.integer(UInt8.self)) else { throw WireDecoder.Malformed() }
            switch tag {
            case .transactions:
                let batch = try r.bytesInPlace()
                if going { going = events.transactions(text: batch) == .proceed }
            case .reject:
                let location = try r.string()
                let reason = try r.string()
                let raw = try r.byteArray()
                if going { going = events.reject(location: location, reason: reason, raw: raw) == .proceed }
            case .failAccount:
                let reason = try r.string()
                if going { going = events.failAccount(reason: reason) == .proceed }
            case .endAccount:
                if going { _ = events.endAccount(balance: nil) }
                return
            case .endAccountWithBalance:
                let balance = try r.bytesInPlace()
                if going { _ = events.endAccount(balance: balance) }
                return
            }
        }
    }
}
