import TxFeedDecoding
import TxFeedModel
import TxFeedPluginHost

/// The JSON callbacks (`emit_document`, `emit_document_json`, `begin_account` with an envelope,
/// `emit_transactions`): the one place a source's JSON reaches the collector, each text read by
/// ``DocumentDecoder`` and committed as the typed path's data is. The shipped file readers never
/// come here; the fixture and http plugins and third-party plugins built for JSON do.
extension SourceCollector {
    public func document(text: UnsafeBufferPointer<UInt8>, origin: String?) -> CallbackAnswer {
        document(text: text, origin: origin, part: .whole)
    }

    public func document(text: UnsafeBufferPointer<UInt8>, origin: String?, part: TextPart) -> CallbackAnswer {
        document(text: text, origin: origin, part: part, committed: {})
    }

    /// A JSON text committed in the pieces ``DocumentDecoder`` hands over (a large NDJSON text a
    /// run of lines at a time), `committed` called after each: a plugin host child sends them
    /// while the rest is decoded.
    func document(
        text: UnsafeBufferPointer<UInt8>, origin: String?, part: TextPart, committed: @escaping @Sendable () -> Void
    ) -> CallbackAnswer {
        if isCancelled { return .stop }
        guard text.count <= TextLimits.document else {
            return commit {
                $0.failures.append(
                    "\(origin ?? name): \(TextLimits.over("the document", text.count, TextLimits.document))")
            }
        }
        return hostWork {
            var decoder = decoder(origin)
            decoder.part = part
            decoder.decode(text: text) { [self] piece in
                _ = commit { $0.append(piece) }
                committed()
            }
            // What each commit answered: an abandoned run is cancelled too.
            return isCancelled ? .stop : .proceed
        }
    }

    public func document(janssonValue: UnsafeMutableRawPointer, origin: String?) -> CallbackAnswer {
        if isCancelled { return .stop }
        return hostWork {
            let data = decoder(origin).decode(janssonValue: janssonValue)
            return commit { $0.append(data) }
        }
    }

    public func beginAccount(
        text: UnsafeBufferPointer<UInt8>, originBytes: UnsafeBufferPointer<UInt8>?
    ) -> CallbackAnswer {
        begin(
            originBytes, first: { StreamedAccount($0, envelope: text) }, next: { $0.next($1, envelope: text) })
    }

    public func transactions(text: UnsafeBufferPointer<UInt8>) -> CallbackAnswer {
        let answer = hostWork {
            streamed("emit_transactions") { $0.account.add(batch: text) }
        }
        passOpenAccountOn()
        return answer
    }

    /// A batch of one huge envelope read in pieces. Its records are kept as they come, so that
    /// they can spill under a memory budget and a plugin host child sends them on instead of
    /// holding the account: a syntax error in a later batch fails the account from there on.
    public func transactions(text: UnsafeBufferPointer<UInt8>, part: TextPart) -> CallbackAnswer {
        hostWork {
            var earlier, handed: SourceData?
            let answer = streamed("emit_transactions_part") { open in
                // Already going up as provisional records, it goes on that way.
                let committedPieces = !open.sentProvisionally
                open.account.add(batch: text, part: part)
                if committedPieces {
                    earlier = open.account.takeEarlier()
                    handed = open.account.handOver()
                }
            }
            guard answer == .proceed, earlier != nil || handed != nil else { return answer }
            return commit { data in
                if let earlier { data.append(earlier) }
                if let handed { data.append(handed) }
            }
        }
    }

    private func decoder(_ origin: String?) -> DocumentDecoder {
        DocumentDecoder(context(origin))
    }

}
