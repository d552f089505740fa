import CJansson
import Foundation
import Synchronization
import TxFeedModel

/// Turns what a source emits — JSON text or a jansson DOM — into ``SourceData``.
///
/// A JSON text may hold one envelope, an array of envelopes, or NDJSON (one envelope a line).
/// The unit that fails on a syntax error is the JSON text (each NDJSON line is its own), and
/// none of its records are kept. Large envelopes are never built as one DOM: the scanner finds
/// each element of `body.transactions` and jansson parses it on its own.
public struct DocumentDecoder: Sendable {
    /// File name or URL, named in every message.
    public var origin: String
    /// Index of the source, stored in each account.
    public var sourceIndex: Int
    /// Threads for the transactions of one large envelope (`--threads`).
    public var threads: Int
    /// Told every so many transactions, from the decoding threads: a long run's progress.
    public var onProgress: (@Sendable (Int) -> Void)?

    public init(origin: String, sourceIndex: Int, threads: Int = DocumentDecoder.defaultThreads) {
        self.origin = origin
        self.sourceIndex = sourceIndex
        self.threads = threads
    }

    /// Below this many elements one thread is quicker than handing out work.
    static let parallelThreshold = 2048

    /// One per core.
    public static var defaultThreads: Int { ProcessInfo.processInfo.activeProcessorCount }

    // MARK: - JSON text

    /// Decodes one emitted JSON text.
    public func decode(text: UnsafeBufferPointer<UInt8>) -> SourceData {
        var result = SourceData()
        let start = Self.byteOrderMarkLength(text)
        let scanner = JSONScanner(text)
        let positions = TextPositions(text)
        let end = text.count
        let i = scanner.skipWhitespace(from: start, to: end)
        guard i < end else {
            result.failures.append(message(at: i, in: text, "empty document (no JSON value)"))
            return result
        }
        switch text[i] {
        case UInt8(ascii: "["):
            // One JSON text: an array of envelopes fails or succeeds as a whole.
            do {
                let (elements, arrayEnd) = try scanner.elementRanges(ofArrayAt: i, limit: end)
                let rest = scanner.skipWhitespace(from: arrayEnd, to: end)
                if rest < end {
                    throw JSONSyntaxError(offset: rest, reason: "unexpected data after the array of envelopes")
                }
                let runs = decodeEnvelopes(elements, in: text, independent: false)
                if let first = runs.compactMap(\.error).min(by: { $0.offset < $1.offset }) {
                    result.failures.append(first.message)
                } else {
                    for run in runs { result.append(run.data) }
                }
            } catch {
                result.failures.append(describe(error, in: text, positions: positions))
            }
        case UInt8(ascii: "{"):
            // NDJSON: every line its own document, so one bad line loses only itself.
            for run in decodeEnvelopes(ndjsonLines(in: text, from: i) ?? [i..<end], in: text, independent: true) {
                result.append(run.data)
            }
        default:
            result.failures.append(
                message(
                    at: i, in: text,
                    "expected an envelope object or an array of envelopes, found \(describeStart(text[i]))"))
        }
        return result
    }

    /// Decodes the envelope object starting at `start`: its skeleton with jansson, its
    /// transactions element by element (on several threads when there are many).
    /// Returns the envelope's end. One pass finds `body.transactions` and its elements.
    ///
    /// - Parameters:
    ///   - positions: the text's line counter, shared by its envelopes so each byte is counted once.
    func decodeEnvelope(
        at start: Int, limit: Int, in text: UnsafeBufferPointer<UInt8>, positions: TextPositions,
        into data: inout SourceData
    ) throws -> Int {
        let scanner = JSONScanner(text)
        guard text[start] == UInt8(ascii: "{") else {
            throw JSONSyntaxError(
                offset: start, reason: "expected an envelope object, found \(describeStart(text[start]))")
        }
        var transactions: (range: Range<Int>, elements: [Range<Int>])?
        let end = try scanner.forEachMember(ofObjectAt: start, limit: limit) { key, value in
            guard scanner.bytesEqual(key, "body"), text[value] == UInt8(ascii: "{") else { return nil }
            return try scanner.forEachMember(ofObjectAt: value, limit: limit) { key, value in
                guard scanner.bytesEqual(key, "transactions"), text[value] == UInt8(ascii: "[") else { return nil }
                let (elements, arrayEnd) = try scanner.elementRanges(ofArrayAt: value, limit: limit)
                transactions = (value..<arrayEnd, elements)
                return arrayEnd
            }
        }
        let range = start..<end

        var skeleton: [UInt8]
        if let t = transactions?.range {
            skeleton = Array(text[range.lowerBound..<t.lowerBound])
            skeleton.append(contentsOf: [UInt8(ascii: "["), UInt8(ascii: "]")])
            skeleton.append(contentsOf: text[t.upperBound..<range.upperBound])
        } else {
            skeleton = Array(text[range])
        }
        var error = json_error_t()
        let root = skeleton.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { json_loadb($0.baseAddress, $0.count, 0, &error) }
        }
        guard let root else {
            // Map the skeleton offset back to the text.
            var offset = Int(error.position) - 1
            if let t = transactions?.range {
                let prefix = t.lowerBound - range.lowerBound
                if offset >= prefix + 2 {
                    offset = t.upperBound + (offset - prefix - 2)
                } else if offset >= prefix {
                    offset = t.lowerBound
                } else {
                    offset += range.lowerBound
                }
            } else {
                offset += range.lowerBound
            }
            throw JSONSyntaxError(offset: max(offset, range.lowerBound), reason: janssonReason(error))
        }
        defer { json_decref(root) }

        let (line, column) = positions.of(range.lowerBound)
        let place = "\(origin):\(line):\(column)"
        let envelope = EnvelopeReader(place: place, sourceIndex: sourceIndex, origin: origin)
        guard var account = envelope.readAccount(root, failures: &data.failures) else { return end }

        // Rejects name the envelope too when the text holds more than one (NDJSON, arrays).
        let rejectOrigin = range.lowerBound <= 3 + leadingWhitespace(text) ? origin : place

        // Parse every element before keeping any: a syntax error fails the whole text.
        var unit = SourceData()
        account.source = sourceIndex
        unit.accounts.append(account)
        unit.documents = 1
        if let elements = transactions?.elements {
            try decodeElements(elements, in: text, scale: account.scale, origin: rejectOrigin, into: &unit)
        } else {
            addTransactions(of: root, scale: account.scale, origin: rejectOrigin, into: &unit)
        }
        data.append(unit)
        return end
    }

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
        let account = UInt32(unit.accounts.count - 1)
        let chunks = elements.count >= Self.parallelThreshold ? max(1, min(threads, 64)) : 1
        let size = (elements.count + chunks - 1) / chunks
        let normaliser = TransactionNormaliser(origin: origin ?? self.origin, scale: scale)
        let results = ChunkResults(count: chunks)
        var syntaxError: JSONSyntaxError?
        // The threads share the input text and the output buffer, each its own part of them.
        let input = UnsafeShared(text)
        let decoded = [Transaction](unsafeUninitializedCapacity: elements.count) { buffer, count in
            let output = UnsafeShared(buffer.baseAddress)
            let work: @Sendable (Int) -> Void = { n in
                let text = input.value, region = output.value
                let lower = min(n * size, elements.count), upper = min(lower + size, elements.count)
                var result = ChunkResult()
                let progressStep = 1 << 16
                for k in lower..<upper {
                    if (k - lower) & (progressStep - 1) == progressStep - 1 { onProgress?(progressStep) }
                    let element = elements[k]
                    var error = json_error_t()
                    let start = text.baseAddress! + element.lowerBound
                    // JSON_DECODE_ANY: an element `42` is a reject, not a syntax error.
                    let json = start.withMemoryRebound(to: CChar.self, capacity: element.count) {
                        json_loadb($0, element.count, Int(JSON_DECODE_ANY), &error)
                    }
                    guard let json else {
                        if json_error_code(&error) == json_error_numeric_overflow {
                            // Valid JSON with a number jansson cannot hold: that record is rejected.
                            result.rejects.append(
                                normaliser.outOfRange(
                                    UnsafeBufferPointer(start: start, count: element.count), index: firstIndex + k))
                            continue
                        }
                        result.error = JSONSyntaxError(
                            offset: element.lowerBound + max(Int(error.position) - 1, 0),
                            reason: janssonReason(error))
                        break
                    }
                    switch normaliser.normalise(
                        json, index: firstIndex + k, raw: UnsafeBufferPointer(start: start, count: element.count),
                        account: account, vendors: &result.vendors, details: &result.details)
                    {
                    case let .transaction(t):
                        (region! + lower + result.written).initialize(to: t)
                        result.written += 1
                    case let .reject(r):
                        result.rejects.append(r)
                    }
                    json_decref(json)
                }
                results.store(n, result)
            }
            if chunks == 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: chunks, execute: work) }

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

    // MARK: - DOM

    /// Decodes a document a plugin built with jansson (a `json_t *`): an envelope or an array of them.
    public func decode(janssonValue: UnsafeMutableRawPointer) -> SourceData {
        decode(dom: janssonValue.assumingMemoryBound(to: json_t.self))
    }

    func decode(dom root: UnsafeMutablePointer<json_t>) -> SourceData {
        var result = SourceData()
        let envelopes: [UnsafeMutablePointer<json_t>]
        switch root.pointee.type {
        case JSON_OBJECT: envelopes = [root]
        case JSON_ARRAY: envelopes = (0..<json_array_size(root)).map { json_array_get(root, $0) }
        default:
            result.failures.append("\(origin): expected an envelope object or an array of envelopes")
            return result
        }
        for (n, root) in envelopes.enumerated() {
            let place = envelopes.count == 1 ? origin : "\(origin)[\(n)]"
            let envelope = EnvelopeReader(place: place, sourceIndex: sourceIndex, origin: origin)
            guard let account = envelope.readAccount(root, failures: &result.failures) else { continue }
            var unit = SourceData()
            unit.accounts.append(account)
            unit.documents = 1
            addTransactions(of: root, scale: account.scale, origin: place, into: &unit)
            result.append(unit)
        }
        return result
    }

    /// The transactions of an envelope DOM whose shape ``EnvelopeReader`` has checked.
    private func addTransactions(
        of root: UnsafeMutablePointer<json_t>, scale: Int, origin: String, into unit: inout SourceData
    ) {
        var normaliser = TransactionNormaliser(origin: origin, scale: scale)
        let list = json_object_get(json_object_get(root, "body"), "transactions")!
        for index in 0..<json_array_size(list) {
            normaliser.add(json_array_get(list, index), index: index, raw: nil, into: &unit)
        }
    }

    // MARK: - Messages

    /// Bytes of whitespace (after a BOM) before the first value: the first envelope's offset.
    private func leadingWhitespace(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        let start = Self.byteOrderMarkLength(text)
        return JSONScanner(text).skipWhitespace(from: start, to: text.count) - start
    }

    /// 3 when the text starts with a UTF-8 byte order mark (accepted and skipped), else 0.
    private static func byteOrderMarkLength(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        text.count >= 3 && text[0] == 0xEF && text[1] == 0xBB && text[2] == 0xBF ? 3 : 0
    }

    func describe(_ error: Error, in text: UnsafeBufferPointer<UInt8>, positions: TextPositions? = nil) -> String {
        if let syntax = error as? JSONSyntaxError {
            return message(at: syntax.offset, in: text, syntax.reason, positions: positions)
        }
        return "\(origin): \(error)"
    }

    func message(
        at offset: Int, in text: UnsafeBufferPointer<UInt8>, _ reason: String, positions: TextPositions? = nil
    ) -> String {
        let (line, column) = (positions ?? TextPositions(text)).of(offset)
        return "\(origin):\(line):\(column): \(reason)"
    }

    /// The non-blank lines of `text` when it is NDJSON: its first line is a complete
    /// `{...}` and more follows. A pretty-printed envelope's first line never ends in `}`.
    private func ndjsonLines(in text: UnsafeBufferPointer<UInt8>, from start: Int) -> [Range<Int>]? {
        var lines: [Range<Int>] = []
        var lineStart = start
        var i = start
        func close(_ end: Int) {
            var a = lineStart, b = end
            while a < b, [0x20, 0x09, 0x0D].contains(text[a]) { a += 1 }
            while b > a, [0x20, 0x09, 0x0D].contains(text[b - 1]) { b -= 1 }
            if a < b { lines.append(a..<b) }
        }
        while i < text.count {
            if text[i] == 0x0A {
                close(i)
                if lines.count == 1 && text[lines[0].upperBound - 1] != UInt8(ascii: "}") { return nil }
                lineStart = i + 1
            }
            i += 1
        }
        close(text.count)
        return lines.count > 1 && text[lines[0].upperBound - 1] == UInt8(ascii: "}") ? lines : nil
    }

    private func describeStart(_ byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: "\""): return "a string"
        case UInt8(ascii: "["): return "an array"
        case UInt8(ascii: "{"): return "an object"
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"): return "a number"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return "a boolean (or invalid text)"
        case UInt8(ascii: "n"): return "null (or invalid text)"
        default: return "invalid text"
        }
    }
}

/// jansson's message without its own position (txfeed adds file, line and column).
package func janssonReason(_ error: json_error_t) -> String {
    var error = error
    let text = withUnsafeBytes(of: &error.text) { raw in
        String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
    }
    return text.isEmpty ? "invalid JSON" : text
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

/// A pointer handed to worker threads that each touch a disjoint part of what it points to.
/// `@unchecked Sendable` because it is a raw pointer: the disjoint regions make it safe.
private struct UnsafeShared<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
