import CJansson
import Dispatch
import Synchronization
import TxFeedModel

extension DocumentDecoder {
    /// Parses and normalises transaction elements into `unit` (whose last account they
    /// belong to), in input order.
    ///
    /// Large arrays are split into one contiguous chunk per thread. Each thread writes its
    /// transactions straight into its own region of the result (no second copy); the regions
    /// are then closed up in order, so the result does not depend on the thread count.
    func decodeElements(
        _ elements: [Range<Int>], firstIndex: Int = 0, in text: UnsafeBufferPointer<UInt8>,
        scale: Int, origin: String? = nil, into unit: inout SourceData
    ) throws {
        // A streamed account's envelope, and an account with no transactions.
        if elements.isEmpty { return }
        let account = UInt32(unit.accounts.count - 1)
        let chunks = elements.count >= Self.parallelThreshold ? max(1, min(threads, 64)) : 1
        let size = (elements.count + chunks - 1) / chunks
        let normaliser = self.normaliser(scale: scale, place: origin)
        if chunks == 1 {
            try decodeSerially(elements, firstIndex: firstIndex, in: text, normaliser: normaliser, into: &unit)
            return
        }
        var syntaxError: JSONSyntaxError?
        // The threads share the input text and the output buffer, each its own part of them.
        let input = WorkerShared(text)
        let decoded = [Transaction](unsafeUninitializedCapacity: elements.count) { buffer, count in
            let output = WorkerShared(buffer.baseAddress)
            /// Decodes `elements[lower..<upper]` into `region` from `lower`, and into `result`.
            @Sendable func decode(_ lower: Int, _ upper: Int, into result: inout ChunkResult) {
                let text = input.value, region = output.value
                let progressStep = 1 << 16
                for k in lower..<upper {
                    if (k - lower) & (progressStep - 1) == progressStep - 1 { onProgress?(progressStep) }
                    switch Self.decode(
                        element: elements[k], index: firstIndex + k, in: text, normaliser: normaliser,
                        account: account, vendors: &result.vendors, details: &result.details)
                    {
                    case let .transaction(t):
                        (region! + lower + result.written).initialize(to: t)
                        result.written += 1
                    case let .reject(r):
                        result.rejects.append(r)
                    case let .syntaxError(syntax):
                        result.error = syntax
                        return
                    }
                }
            }
            let results = ChunkResults(count: chunks)
            DispatchQueue.concurrentPerform(iterations: chunks) { n in
                var result = ChunkResult()
                let lower = min(n * size, elements.count)
                decode(lower, min(lower + size, elements.count), into: &result)
                results.store(n, result)
            }

            // Close up the regions in order, renumbering each chunk's vendors and details.
            var out = 0
            for n in 0..<chunks {
                let result = results.take(n)
                let vendorMap = unit.vendors.absorb(result.vendors)
                let detailBase = UInt32(unit.details.count)
                unit.details += result.details
                let lower = n * size
                for k in 0..<result.written {
                    var t = buffer[lower + k]
                    t.vendor = vendorMap[Int(t.vendor)]
                    if t.details != Transaction.noDetails { t.details += detailBase }
                    buffer[out] = t
                    out += 1
                }
                unit.rejects += result.rejects
                if syntaxError == nil || (result.error.map { $0.offset < syntaxError!.offset } ?? false) {
                    syntaxError = result.error ?? syntaxError
                }
            }
            count = out
        }
        if let syntaxError { throw syntaxError }
        if unit.transactions.isEmpty { unit.transactions = decoded } else { unit.transactions += decoded }
    }

    /// One thread: straight into the unit's own arrays and tables, no array of its own to
    /// append and nothing to renumber (a small streamed account's batch is one element). On a
    /// syntax error the unit holds part of the elements: the caller takes the unit back.
    private func decodeSerially(
        _ elements: [Range<Int>], firstIndex: Int, in text: UnsafeBufferPointer<UInt8>,
        normaliser: TransactionNormaliser, into unit: inout SourceData
    ) throws {
        let account = UInt32(unit.accounts.count - 1)
        let progressStep = 1 << 16
        // A folder's small files each grew their array from nothing, eight times for 100. Only
        // into an empty unit: reserving exactly, envelope after envelope of an NDJSON text, copied
        // the whole unit each time (10,000 envelopes of 100 took 13 s, not 0.8).
        if unit.transactions.isEmpty { unit.transactions.reserveCapacity(elements.count) }
        for k in elements.indices {
            if k & (progressStep - 1) == progressStep - 1 { onProgress?(progressStep) }
            switch Self.decode(
                element: elements[k], index: firstIndex + k, in: text, normaliser: normaliser,
                account: account, vendors: &unit.vendors, details: &unit.details)
            {
            case let .transaction(t): unit.transactions.append(t)
            case let .reject(r): unit.rejects.append(r)
            case let .syntaxError(syntax): throw syntax
            }
        }
    }

    /// Elements up to this size are tried on ``EnvelopeHead``'s nodes first.
    static let plainElementBytes = 64 << 10

    /// What one element became.
    private enum ElementOutcome {
        case transaction(Transaction)
        case reject(Reject)
        case syntaxError(JSONSyntaxError)
    }

    /// Reads one element: plain JSON that passes every check from ``EnvelopeHead``'s nodes,
    /// anything else with jansson, whose rules and messages decide it.
    @inline(__always)
    private static func decode(
        element: Range<Int>, index: Int, in text: UnsafeBufferPointer<UInt8>, normaliser: TransactionNormaliser,
        account: UInt32, vendors: inout VendorTable, details: inout [TransactionDetails]
    ) -> ElementOutcome {
        let raw = UnsafeBufferPointer(rebasing: text[element])
        // A record is a few hundred bytes; a huge one (its nodes would take 16 times its size)
        // goes to jansson.
        let scale = normaliser.scale, location = normaliser.jsonLocation(index: index)
        let plain =
            raw.count > Self.plainElementBytes
            ? nil
            : EnvelopeHead.read(raw) { head in
                head?.withRoot {
                    TransactionNormaliser.transaction(
                        plain: $0, scale: scale, location: location, account: account, vendors: &vendors,
                        details: &details)
                }
            }
        if let plain { return .transaction(plain) }
        var error = json_error_t()
        // JSON_DECODE_ANY: an element `42` is a reject, not a syntax error.
        guard let json = janssonLoad(raw, anyValue: true, &error) else {
            // Rare: a value jansson cannot hold (the record is rejected) or not JSON.
            switch failure(error, element: element, in: text) {
            case .unrepresentable: return .reject(normaliser.unrepresentable(raw, index: index, error: error))
            case let .syntaxError(syntax): return .syntaxError(syntax)
            }
        }
        defer { json_decref(json) }
        switch normaliser.normalise(
            json, index: index, raw: raw, account: account, vendors: &vendors, details: &details)
        {
        case let .transaction(t): return .transaction(t)
        case let .reject(r): return .reject(r)
        }
    }

    /// Why jansson would not load an element.
    enum ElementFailure {
        /// Valid JSON holding a value jansson cannot represent: the record is rejected.
        case unrepresentable
        /// Not JSON: the whole text fails.
        case syntaxError(JSONSyntaxError)
    }

    /// Tells a value jansson cannot hold (valid JSON: a reject) from a real syntax error (the
    /// text fails), by ``JSONValidator``, when jansson failed on the element at `range` of `text`.
    static func failure(_ error: json_error_t, element range: Range<Int>, in text: UnsafeBufferPointer<UInt8>)
        -> ElementFailure
    {
        guard let syntax = syntaxError(of: error, in: UnsafeBufferPointer(rebasing: text[range])) else {
            return .unrepresentable
        }
        return .syntaxError(JSONSyntaxError(offset: range.lowerBound + syntax.offset, reason: syntax.reason))
    }

    /// The syntax error behind jansson's failure to load `piece`, at an offset in `piece`; nil
    /// when `piece` is valid JSON and jansson only could not hold a value in it.
    ///
    /// jansson stops at the first such value, so the rest of `piece` is checked here: a number
    /// overflow followed by a real syntax error is a syntax error.
    static func syntaxError(of error: json_error_t, in piece: UnsafeBufferPointer<UInt8>) -> JSONSyntaxError? {
        guard error.isUnrepresentableValue else {
            return JSONSyntaxError(offset: max(Int(error.position) - 1, 0), reason: janssonReason(error))
        }
        return JSONValidator(piece).firstError()
    }

    /// Checks that every element is JSON, keeping nothing: an envelope that fails for its shape
    /// still fails the whole text when a record in it is not JSON.
    func checkSyntax(of elements: [Range<Int>], in text: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) {
        for element in elements {
            var error = json_error_t()
            let json = janssonLoad(UnsafeBufferPointer(rebasing: text[element]), anyValue: true, &error)
            if let json {
                json_decref(json)
            } else if case let .syntaxError(syntax) = Self.failure(error, element: element, in: text) {
                throw syntax
            }
        }
    }
}

/// What one chunk of a parallel decode produced besides its transactions.
private struct ChunkResult: Sendable {
    var vendors = VendorTable()
    var details: [TransactionDetails] = []
    var rejects: [Reject] = []
    var written = 0
    var error: JSONSyntaxError?
}

/// Per-chunk results, each slot written by one thread.
private final class ChunkResults: Sendable {
    private let slots: Mutex<[ChunkResult]>

    init(count: Int) {
        slots = Mutex(Array(repeating: ChunkResult(), count: count))
    }

    func store(_ n: Int, _ result: sending ChunkResult) {
        slots.withLock { $0[n] = result }
    }

    func take(_ n: Int) -> ChunkResult {
        slots.withLock { slots in
            let result = slots[n]
            slots[n] = ChunkResult()
            return result
        }
    }
}
