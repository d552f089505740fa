import Glibc
import TxFeedModel
import TxFeedPluginABI

/// The C side of the host: plain functions that find their ``CallbackContext`` in `host_data`
/// and turn each call into a ``SourceEvents`` call. A NULL argument or an unknown host is a
/// misuse of the ABI: logged, and answered `TXFEED_FAILED`; a call after `run` returned is
/// answered `TXFEED_STOP`.
extension PluginSource {
    /// `nonisolated(unsafe)`: a C struct of function pointers, made once and never written; each
    /// run copies it into its own context.
    nonisolated(unsafe) static let callbacks: txfeed_source_host = {
        var host = txfeed_source_host()
        host.abi_version = TXFEED_ABI_VERSION
        host.struct_size = UInt32(MemoryLayout<txfeed_source_host>.size)
        host.host_data = nil
        host.highest_entry_status = Int32(TXFEED_NEVER_MOVED)
        host.emit_document = { host, json, length, origin in
            call(host) { events in
                guard let json else { return fault(events, "emit_document with a NULL buffer") }
                guard length >= 0 else { return fault(events, tooLong("emit_document", length)) }
                return events.document(text: bytes(json, length), origin: text(origin))
            }
        }
        host.emit_document_part = { host, json, length, origin, part in
            call(host) { events in
                guard let json, let part = textPart(part) else {
                    return fault(events, "emit_document_part with a NULL buffer or part")
                }
                guard length >= 0 else { return fault(events, tooLong("emit_document_part", length)) }
                return events.document(text: bytes(json, length), origin: text(origin), part: part)
            }
        }
        host.emit_transactions_part = { host, json, length, part in
            call(host) { events in
                guard let json, let part = textPart(part) else {
                    return fault(events, "emit_transactions_part with a NULL batch or part")
                }
                guard length >= 0 else { return fault(events, tooLong("emit_transactions_part", length)) }
                return events.transactions(text: bytes(json, length), part: part)
            }
        }
        host.emit_document_json = { host, document, origin in
            call(host) { events in
                guard let document else { return fault(events, "emit_document_json with a NULL document") }
                return events.document(janssonValue: document, origin: text(origin))
            }
        }
        host.begin_account = { host, json, length, origin in
            call(host) { events in
                guard let json else { return fault(events, "begin_account with a NULL envelope") }
                guard length >= 0 else { return fault(events, tooLong("begin_account", length)) }
                return events.beginAccount(text: bytes(json, length), originBytes: origin.map { bytes($0, strlen($0)) })
            }
        }
        host.begin_account_fields = { host, account, origin in
            call(host) { events in
                guard let account, Int(account.pointee.struct_size) >= MemoryLayout<txfeed_account>.size else {
                    return fault(
                        events,
                        "begin_account_fields with a NULL account or a struct_size below txfeed_account's \(MemoryLayout<txfeed_account>.size)"
                    )
                }
                let a = account.pointee
                let fields = AccountFields(
                    name: bytes(a.name), id: bytes(a.id), currency: bytes(a.currency), balance: bytes(a.balance),
                    profileID: bytes(a.profile_id), firstName: bytes(a.first_name), lastName: bytes(a.last_name))
                return events.beginAccount(fields: fields, originBytes: origin.map { bytes($0, strlen($0)) })
            }
        }
        host.emit_transactions = { host, json, length in
            call(host) { events in
                guard let json else { return fault(events, "emit_transactions with a NULL batch") }
                guard length >= 0 else { return fault(events, tooLong("emit_transactions", length)) }
                return events.transactions(text: bytes(json, length))
            }
        }
        host.end_account = { host in
            call(host) { $0.endAccount(balance: nil) }
        }
        host.end_account_with_balance = { host, balance, length in
            call(host) { events in
                guard let balance else { return fault(events, "end_account_with_balance with a NULL balance") }
                guard length >= 0 else { return fault(events, tooLong("end_account_with_balance", length)) }
                return events.endAccount(balance: bytes(balance, length))
            }
        }
        host.emit_entries = { host, entries, count, entrySize in
            call(host) { events in
                guard let entries else {
                    return count == 0 ? .proceed : fault(events, "emit_entries with NULL entries")
                }
                guard count >= 0 else {
                    return fault(
                        events,
                        "emit_entries with a count of \(UInt(bitPattern: count)), more than any buffer holds (a negative number cast to size_t?): nothing was read"
                    )
                }
                guard entrySize >= MemoryLayout<txfeed_entry>.size else {
                    return fault(
                        events,
                        "emit_entries with entry_size \(entrySize), less than txfeed_entry's \(MemoryLayout<txfeed_entry>.size)"
                    )
                }
                return withEntryFields(entries, count: count, stride: entrySize) { events.entries($0) }
            }
        }
        host.reject = { host, location, reason, raw, rawLength in
            call(host) { events in
                guard let location, let reason else { return fault(events, "reject without where or reason") }
                let rawBytes = raw.map { Array(bytes($0, rawLength)) } ?? []
                return events.reject(
                    location: String(cString: location), reason: String(cString: reason), raw: rawBytes)
            }
        }
        host.fail_account = { host, reason in
            call(host) { events in
                guard let reason else { return fault(events, "fail_account without a reason") }
                return events.failAccount(reason: String(cString: reason))
            }
        }
        host.is_cancelled = { host in
            guard let context = context(host) else { return 1 }
            return context.events?.isCancelled ?? true ? 1 : 0
        }
        host.log = { host, level, message in
            guard let message, let events = context(host)?.events else { return }
            events.log(PluginLogLevel(rawValue: level), String(cString: message))
        }
        return host
    }()

    private static func context(_ host: UnsafePointer<txfeed_source_host>?) -> CallbackContext? {
        guard let data = host?.pointee.host_data else { return nil }
        return Unmanaged<CallbackContext>.fromOpaque(data).takeUnretainedValue()
    }

    /// Runs `body` with the run's events and returns its answer as a result code.
    private static func call(
        _ host: UnsafePointer<txfeed_source_host>?, _ body: (any SourceEvents) -> CallbackAnswer
    ) -> Int32 {
        guard let context = context(host) else { return Int32(TXFEED_FAILED) }
        guard let events = context.events else { return Int32(TXFEED_STOP) }
        // Only `run`'s own thread may deliver: a thread the plugin started would race the
        // barrier, so what it sends is refused, never merged.
        guard pthread_equal(pthread_self(), context.runThread) != 0 else {
            events.log(.error, "plugin error: a callback from a thread other than run's was refused")
            return Int32(TXFEED_STOP)
        }
        switch body(events) {
        case .proceed: return Int32(TXFEED_OK)
        case .stop: return Int32(TXFEED_STOP)
        case .failed: return Int32(TXFEED_FAILED)
        }
    }

    private static func fault(_ events: any SourceEvents, _ message: String) -> CallbackAnswer {
        events.log(.error, "plugin error: \(message)")
        return .failed
    }

    /// A `size_t` length past what any buffer holds (it reaches Swift negative): most often a
    /// negative number cast to `size_t`, such as `(size_t)-1` for "unknown".
    private static func tooLong(_ call: String, _ length: Int) -> String {
        "\(call) with a length of \(UInt(bitPattern: length)) bytes, more than any buffer holds (a negative number cast to size_t?): nothing was read"
    }

    /// The plugin's `char *` and length as the bytes the decoder reads.
    private static func bytes(_ text: UnsafePointer<CChar>, _ length: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: length)
    }

    /// A `txfeed_text` as bytes; nil when absent.
    private static func bytes(_ text: txfeed_text) -> UnsafeBufferPointer<UInt8>? {
        guard let data = text.data else { return nil }
        return bytes(data, text.length)
    }

    /// The plugin's entries as ``EntryFields``, stepping by the plugin's `entry_size` so that an
    /// entry from a newer header (with fields appended) is read as far as this host knows it.
    private static func withEntryFields(
        _ entries: UnsafePointer<txfeed_entry>, count: Int, stride: Int,
        _ body: (UnsafeBufferPointer<EntryFields>) -> CallbackAnswer
    ) -> CallbackAnswer {
        let base = UnsafeRawPointer(entries)
        // A temporary buffer, on the stack when small: an array made and freed a call was a
        // fifth of a call's work for a million accounts of one entry each.
        return withUnsafeTemporaryAllocation(of: EntryFields.self, capacity: count) { fields in
            for n in 0..<count {
                let entry = base.advanced(by: n * stride).assumingMemoryBound(to: txfeed_entry.self).pointee
                fields.initializeElement(
                    at: n,
                    to: EntryFields(
                        date: bytes(entry.date), vendor: bytes(entry.vendor), amount: bytes(entry.amount),
                        id: bytes(entry.id), memo: bytes(entry.memo), location: bytes(entry.where),
                        raw: bytes(entry.raw),
                        status: status(entry.status)))
            }
            defer { fields.deinitialize() }
            return body(UnsafeBufferPointer(fields))
        }
    }

    private static func status(_ value: Int32) -> EntryFields.Status {
        switch value {
        case Int32(TXFEED_BOOKED): .booked
        case Int32(TXFEED_PENDING): .pending
        case Int32(TXFEED_NEVER_MOVED): .neverMoved
        default: .unknown(value)
        }
    }

    /// The plugin's `txfeed_text_part`, read as far as its `struct_size` reaches (the first
    /// version is all this host knows).
    private static func textPart(_ part: UnsafePointer<txfeed_text_part>?) -> TextPart? {
        guard let part, Int(part.pointee.struct_size) >= MemoryLayout<txfeed_text_part>.size else { return nil }
        let p = part.pointee
        return TextPart(
            offset: Int(clamping: p.offset), line: Int(clamping: p.line), column: Int(clamping: p.column),
            linesAreDocuments: p.flags & UInt32(TXFEED_PART_NDJSON_LINES) != 0)
    }

    private static func text(_ origin: UnsafePointer<CChar>?) -> String? {
        origin.map { String(cString: $0) }
    }
}
