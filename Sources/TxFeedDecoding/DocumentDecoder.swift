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
    /// Where the text starts in its file: a piece of a larger text names the file's lines.
    public var part = TextPart.whole
    /// Whether each record keeps its place in its file (`--duplicates` names a dropped copy by it).
    public var keepsLocations = false
    /// A large NDJSON text handed over as it is decoded goes in runs of about this many bytes
    /// (``decode(text:handingOver:)``): 4 MiB, some 20,000 one-record lines.
    var handOverBytes = 4 << 20

    public init(origin: String, sourceIndex: Int, threads: Int = DocumentDecoder.defaultThreads) {
        self.origin = origin
        self.sourceIndex = sourceIndex
        self.threads = threads
    }

    /// The checks of an account's records, named by `place`: the envelope's
    /// (`feed.json:9:1`) when it is not its text's first, else this decoder's origin.
    func normaliser(scale: Int, place: String? = nil) -> TransactionNormaliser {
        TransactionNormaliser(
            origin: place ?? origin, scale: scale, keepsLocations: keepsLocations,
            envelopePlace: place == origin ? nil : place)
    }

    /// Below this many elements one thread is quicker than handing out work.
    static let parallelThreshold = 2048

    /// One per core.
    public static var defaultThreads: Int { ProcessInfo.processInfo.activeProcessorCount }

    // MARK: - JSON text

    /// Decodes one emitted JSON text.
    public func decode(text: UnsafeBufferPointer<UInt8>) -> SourceData {
        var result = SourceData()
        decode(text: text, into: &result)
        return result
    }

    /// Decodes one emitted JSON text after what `result` holds, exactly as appending
    /// ``decode(text:)``'s data would, without a data of its own to append: a streamed account's
    /// envelope goes straight into its group's data.
    public func decode(text: UnsafeBufferPointer<UInt8>, into result: inout SourceData) {
        decode(text: text, into: &result, handOver: nil)
    }

    /// Decodes one emitted JSON text and hands its data over in pieces, in order, the pieces
    /// together what ``decode(text:)`` returns: a large NDJSON text a run of lines at a time, as
    /// soon as the run and those before it are decoded (from the decoding threads, one call at a
    /// time), so that what comes first can go on while the rest is decoded; an array of envelopes
    /// once every element passed (it fails as a whole), a run at a time; any other text whole.
    public func decode(text: UnsafeBufferPointer<UInt8>, handingOver handOver: @escaping @Sendable (SourceData) -> Void)
    {
        var rest = SourceData()
        decode(text: text, into: &rest, handOver: handOver)
        if !rest.isEmpty { handOver(rest) }
    }

    private func decode(
        text: UnsafeBufferPointer<UInt8>, into result: inout SourceData,
        handOver: (@Sendable (SourceData) -> Void)?
    ) {
        // A byte order mark only starts a text, never a piece of one.
        let start = part.isStart ? Self.byteOrderMarkLength(text) : 0
        let scanner = JSONScanner(text)
        let end = text.count
        let i = scanner.skipWhitespace(from: start, to: end)
        guard i < end else {
            result.failures.append(message(at: i, in: text, "empty document (no JSON value)"))
            return
        }
        if part.linesAreDocuments {
            let lines = nonBlankLines(in: text, from: i)
            for run in decodeEnvelopes(lines, in: text, independent: true, handOver: handOver) {
                result.append(run.data)
            }
            return
        }
        switch text[i] {
        case UInt8(ascii: "["):
            // One JSON text: an array of envelopes fails or succeeds as a whole.
            do {
                let (elements, arrayEnd) = try scanner.elementRanges(ofArrayAt: i, limit: end)
                let rest = scanner.skipWhitespace(from: arrayEnd, to: end)
                if rest < end {
                    throw JSONSyntaxError.trailing(at: rest, in: text, after: "the array of envelopes")
                }
                let runs = decodeEnvelopes(elements, in: text, independent: false)
                if let first = runs.compactMap(\.error).min(by: { $0.offset < $1.offset }) {
                    result.failures.append(first.message)
                } else {
                    for run in runs {
                        if let handOver { handOver(run.data) } else { result.append(run.data) }
                    }
                }
            } catch {
                result.failures.append(describe(error, in: text))
            }
        case UInt8(ascii: "{"):
            // NDJSON: every line its own document, so one bad line loses only itself.
            if let lines = ndjsonLines(in: text, from: i) {
                for run in decodeEnvelopes(lines, in: text, independent: true, handOver: handOver) {
                    result.append(run.data)
                }
            } else if let failure = decodeEnvelope(
                // One envelope (a streamed account's, an API's answer): no runs to hand out, and
                // no line counter until a message needs one.
                i..<end, in: text, positions: nil, scanner: scanner, alone: true, into: &result)
            {
                result.failures.append(failure.message)
            }
        default:
            result.failures.append(
                message(
                    at: i, in: text,
                    "expected an envelope object or an array of envelopes, found \(describeStart(text[i]))"))
        }
    }

    /// Decodes the envelope object starting at `start` into `data`: its skeleton with jansson,
    /// its transactions element by element (on several threads when there are many).
    /// Returns the envelope's end. One pass finds `body.transactions` and its elements. On a
    /// throw, `data` holds part of the envelope: the caller truncates it.
    ///
    /// - Parameters:
    ///   - positions: the text's line counter, shared by its envelopes so each byte is counted
    ///     once; nil for a text of one envelope, which counts lines only for a message.
    func decodeEnvelope(
        at start: Int, limit: Int, in text: UnsafeBufferPointer<UInt8>, positions: TextPositions?,
        into data: inout SourceData
    ) throws -> Int {
        let scanner = JSONScanner(text)
        guard text[start] == UInt8(ascii: "{") else {
            throw JSONSyntaxError(
                offset: start, reason: "expected an envelope object, found \(describeStart(text[start]))")
        }
        // Locals, not `self`: a closure over `self` copied the whole decoder for every envelope.
        let origin = origin, part = part
        func position(of offset: Int) -> (line: Int, column: Int) {
            (positions ?? TextPositions(text, part: part)).of(offset)
        }
        func place() -> String {
            let (line, column) = position(of: start)
            return "\(origin):\(line):\(column)"
        }
        let envelope = EnvelopeReader(sourceIndex: sourceIndex, origin: origin)
        var failures: [String] = []
        var read: Account?
        // The last `body` and its last `transactions`, however their keys are spelled: jansson
        // keeps the last of duplicate keys, and the scanner must read the members it reads.
        var transactions: (range: Range<Int>, elements: [Range<Int>])?
        let end =
            try scanner.forEachMember(ofObjectAt: start, limit: limit) { key, value in
                guard scanner.keyEquals(key, "body") else { return nil }
                transactions = nil
                guard text[value] == UInt8(ascii: "{") else { return nil }
                return try scanner.forEachMember(ofObjectAt: value, limit: limit) { key, value in
                    guard scanner.keyEquals(key, "transactions") else { return nil }
                    transactions = nil
                    guard text[value] == UInt8(ascii: "[") else { return nil }
                    let (elements, arrayEnd) = try scanner.elementRanges(ofArrayAt: value, limit: limit)
                    transactions = (value..<arrayEnd, elements)
                    return arrayEnd
                }
            }
        let range = start..<end

        // The records cut out, as `[]`; an envelope without any in its text (a streamed
        // account's) is parsed where it lies, not copied.
        let cut = transactions.flatMap { $0.elements.isEmpty ? nil : $0.range }
        var skeleton: [UInt8] = []
        if let t = cut {
            skeleton = Array(text[range.lowerBound..<t.lowerBound])
            skeleton.append(contentsOf: [UInt8(ascii: "["), UInt8(ascii: "]")])
            skeleton.append(contentsOf: text[t.upperBound..<range.upperBound])
        }
        // Maps an offset in the skeleton back to the text.
        func textOffset(_ offset: Int) -> Int {
            guard let t = cut else { return offset + range.lowerBound }
            let prefix = t.lowerBound - range.lowerBound
            if offset >= prefix + 2 { return t.upperBound + (offset - prefix - 2) }
            return offset >= prefix ? t.lowerBound : offset + range.lowerBound
        }
        func withSkeleton<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
            cut == nil ? body(UnsafeBufferPointer(rebasing: text[range])) : skeleton.withUnsafeBufferPointer(body)
        }
        // The DOM, when jansson read the skeleton: the records come from it when the scanner
        // found none in the text.
        var root: UnsafeMutablePointer<json_t>?
        defer { if let root { json_decref(root) } }
        if transactions != nil,
            let head = withSkeleton({ skeleton in
                EnvelopeHead.read(skeleton) { head in
                    head.map { head in
                        head.withRoot { envelope.readAccount($0, place: place(), failures: &failures) }
                    }
                }
            })
        {
            // Plain JSON, read without jansson (``EnvelopeHead``).
            read = head
        } else {
            var error = json_error_t()
            root = withSkeleton { janssonLoad($0, &error) }
            guard let root else {
                let syntax = withSkeleton { Self.syntaxError(of: error, in: $0) }
                if let syntax {
                    throw JSONSyntaxError(
                        offset: max(textOffset(syntax.offset), range.lowerBound), reason: syntax.reason)
                }
                // Valid JSON that jansson cannot hold outside the records (a balance of 1e400, a
                // name with \u0000): the envelope fails, as for a shape it cannot read; its
                // records must still be JSON.
                try checkSyntax(of: transactions?.elements ?? [], in: text)
                let (line, column) = position(of: textOffset(max(Int(error.position) - 1, 0)))
                data.failures.append(
                    "\(origin):\(line):\(column): envelope holds a value txfeed cannot read: "
                        + error.unrepresentableReason(member: nil))
                return end
            }
            read = envelope.readAccount(JanssonValue(pointer: root), place: place(), failures: &failures)
        }
        // Moved into `data`, not copied (a copy retained its texts).
        guard let account = read.take() else {
            // The envelope fails for its shape, but its text must be JSON all the same.
            try checkSyntax(of: transactions?.elements ?? [], in: text)
            data.failures += failures
            return end
        }

        // Rejects name the envelope too when the text holds more than one (NDJSON, arrays).
        let rejectOrigin = part.isStart && range.lowerBound <= firstEnvelopeStart(text) ? origin : place()

        // Straight into `data`: a syntax error in an element throws, and the caller takes back
        // everything this envelope added (``decodeEnvelope(_:in:positions:scanner:alone:into:)``).
        let scale = account.scale
        data.accounts.append(consume account)
        data.documents += 1
        if let elements = transactions?.elements {
            try decodeElements(elements, in: text, scale: scale, origin: rejectOrigin, into: &data)
        } else if let root {
            addTransactions(of: root, scale: scale, origin: rejectOrigin, into: &data)
        }
        return end
    }

    // MARK: - DOM

    /// Decodes a document a plugin built with jansson (a `json_t *`): an envelope or an array of them.
    public func decode(janssonValue: UnsafeMutableRawPointer) -> SourceData {
        let root = janssonValue.assumingMemoryBound(to: json_t.self)
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
            let envelope = EnvelopeReader(sourceIndex: sourceIndex, origin: origin)
            guard
                let account = envelope.readAccount(
                    JanssonValue(pointer: root), place: place, failures: &result.failures)
            else { continue }
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
        let normaliser = self.normaliser(scale: scale, place: origin)
        let list = json_object_get(json_object_get(root, "body"), "transactions")!
        for index in 0..<json_array_size(list) {
            // Account 0: the unit's one account.
            switch normaliser.normalise(
                json_array_get(list, index), index: index, raw: nil, account: 0, vendors: &unit.vendors,
                details: &unit.details)
            {
            case let .transaction(t): unit.transactions.append(t)
            case let .reject(r): unit.rejects.append(r)
            }
        }
    }

    // MARK: - Messages

    /// Where the text's first envelope starts: after a byte order mark and whitespace, and after
    /// an array's `[` and the whitespace after it (`[\n  {…`, as arrays are pretty-printed).
    private func firstEnvelopeStart(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        let scanner = JSONScanner(text)
        let first = scanner.skipWhitespace(from: Self.byteOrderMarkLength(text), to: text.count)
        guard first < text.count, text[first] == UInt8(ascii: "[") else { return first }
        return scanner.skipWhitespace(from: first + 1, to: text.count)
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
        let (line, column) = (positions ?? TextPositions(text, part: part)).of(offset)
        return "\(origin):\(line):\(column): \(reason)"
    }

    /// The non-blank lines of `text` when it is NDJSON: its first non-blank line is a complete
    /// object (its brackets, outside strings, close exactly at the line's end) and more non-blank
    /// lines follow. A pretty-printed envelope's first line never closes it — not even one that
    /// ends in `}` (`{"body": {"profile": {}`), which a test of the last byte took for NDJSON.
    private func ndjsonLines(in text: UnsafeBufferPointer<UInt8>, from start: Int) -> [Range<Int>]? {
        let first = line(in: text, from: start)
        // One line, or one line and blanks, is one envelope: no need to look further.
        if JSONScanner(text).skipWhitespace(from: first.next, to: text.count) == text.count { return nil }
        guard JSONScanner(text).endOfBrackets(at: start, limit: first.trimmed.upperBound) == first.trimmed.upperBound
        else { return nil }
        let lines = nonBlankLines(in: text, from: start)
        return lines.count > 1 ? lines : nil
    }

    /// The non-blank lines of `text` from `start`, without blanks around them.
    private func nonBlankLines(in text: UnsafeBufferPointer<UInt8>, from start: Int) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var next = start
        while next < text.count {
            let (trimmed, after) = line(in: text, from: next)
            if !trimmed.isEmpty { lines.append(trimmed) }
            next = after
        }
        return lines
    }

    /// The line from `lineStart`, without blanks around it, and where the next one starts.
    private func line(in text: UnsafeBufferPointer<UInt8>, from lineStart: Int) -> (trimmed: Range<Int>, next: Int) {
        let base = text.baseAddress!
        let newline = memchr(base + lineStart, 0x0A, text.count - lineStart).map {
            base.distance(to: $0.assumingMemoryBound(to: UInt8.self))
        }
        var a = lineStart, b = newline ?? text.count
        while a < b, Self.isLineBlank(text[a]) { a += 1 }
        while b > a, Self.isLineBlank(text[b - 1]) { b -= 1 }
        return (a..<b, newline.map { $0 + 1 } ?? text.count)
    }

    /// Blanks around an NDJSON line: space, tab and the CR of a CRLF.
    private static func isLineBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D
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
