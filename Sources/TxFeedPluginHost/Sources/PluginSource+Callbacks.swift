import TxFeedPluginABI

/// The C side of the host: plain functions that find their ``SourceRun`` in `host_data`.
extension SourceRun {
    nonisolated(unsafe) static let callbacks: txfeed_source_host = {
        var host = txfeed_source_host()
        host.abi_version = TXFEED_ABI_VERSION
        host.struct_size = UInt32(MemoryLayout<txfeed_source_host>.size)
        host.emit_document = { host, json, length, origin in
            guard let run = SourceRun.from(host) else { return Int32(TXFEED_FAILED) }
            guard let json else { return run.fault("emit_document with a NULL buffer") }
            return run.emitDocument(SourceRun.bytes(json, length), origin: run.origin(origin))
        }
        host.emit_document_json = { host, document, origin in
            guard let run = SourceRun.from(host) else { return Int32(TXFEED_FAILED) }
            guard let document else { return run.fault("emit_document_json with a NULL document") }
            return run.emitDocument(dom: document, origin: run.origin(origin))
        }
        host.begin_account = { host, json, length, origin in
            guard let run = SourceRun.from(host) else { return Int32(TXFEED_FAILED) }
            guard let json else { return run.fault("begin_account with a NULL envelope") }
            return run.beginAccount(SourceRun.bytes(json, length), origin: run.origin(origin))
        }
        host.emit_transactions = { host, json, length in
            guard let run = SourceRun.from(host) else { return Int32(TXFEED_FAILED) }
            guard let json else { return run.fault("emit_transactions with a NULL batch") }
            return run.emitTransactions(SourceRun.bytes(json, length))
        }
        host.end_account = { host in
            SourceRun.from(host)?.endAccount() ?? Int32(TXFEED_FAILED)
        }
        host.is_cancelled = { host in
            guard let run = SourceRun.from(host) else { return 1 }
            return run.cancelled.load(ordering: .relaxed) ? 1 : 0
        }
        host.log = { host, level, message in
            guard let run = SourceRun.from(host), let message else { return }
            run.log(run.configuration.name, level, String(cString: message))
        }
        return host
    }()

    /// The plugin's `char *` and length as the bytes the decoder reads.
    static func bytes(_ text: UnsafePointer<CChar>, _ length: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: length)
    }

    static func from(_ host: UnsafePointer<txfeed_source_host>?) -> SourceRun? {
        guard let data = host?.pointee.host_data else { return nil }
        return Unmanaged<SourceRun>.fromOpaque(data).takeUnretainedValue()
    }

    func origin(_ origin: UnsafePointer<CChar>?) -> String {
        origin.map { String(cString: $0) } ?? configuration.name
    }

    /// A misuse of the ABI: logged, and the plugin told to stop.
    func fault(_ message: String) -> Int32 {
        log(configuration.name, Int32(TXFEED_LOG_ERROR), "plugin error: \(message)")
        return Int32(TXFEED_FAILED)
    }
}
